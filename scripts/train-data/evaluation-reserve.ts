import {
  type Cut,
  checkCut,
  cutOf,
  isReserved,
  reserveGroup,
  SHARED_CORPORA,
} from '../shared/evaluation-reserve';
import type { ConvertedUnit } from './unit';

/** A converter's group: a document's path, or `path:b<n>` for the n-th block of a file. */
const BLOCK = /^(.+):b(\d+)$/u;

/**
 * For each unit of a source read from `repo`, whether its document or block is reserved for the
 * external evaluation (`scripts/shared/evaluation-reserve.ts`, the rule the evaluation build
 * draws by): such a unit never goes into the training data. Throws where the rule cannot be
 * applied: a unit of such a repository without a group, or blocks whose size is not the
 * reserve's (the two builds would then number blocks apart).
 *
 * @example
 * reservedUnits('dbamman/litbank', [{ text: 'Anne.', spans: [], group: 'coref/brat/105_persuasion_brat.txt' }]);
 * // [true] or [false]: the same answer as the evaluation build's for that novel
 */
export function reservedUnits(repo: string, units: readonly ConvertedUnit[]): boolean[] {
  if (!SHARED_CORPORA.some((c) => c.repo === repo)) return units.map(() => false);
  const blockSizes = new Map<string, Map<number, number>>(); // file → block → units
  const reserved = units.map((unit, i) => {
    if (unit.group === undefined)
      throw new Error(`${repo}: unit ${i} has no group; the evaluation reserve needs one`);
    const block = BLOCK.exec(unit.group);
    const file = block ? block[1]! : unit.group;
    const n = block ? Number(block[2]) : undefined;
    const group = reserveGroup(repo, file, n);
    if (!group) return false;
    if (n !== undefined) {
      const sizes = blockSizes.get(file) ?? new Map<number, number>();
      sizes.set(n, (sizes.get(n) ?? 0) + 1);
      blockSizes.set(file, sizes);
    }
    return isReserved(group);
  });
  for (const [file, sizes] of blockSizes) {
    const size = reserveGroup(repo, file, 0)!.corpus.blockSize;
    const last = Math.max(...sizes.keys());
    for (let b = 0; b <= last; b++) {
      const count = sizes.get(b) ?? 0;
      if (b < last ? count !== size : count < 1 || count > size!)
        throw new Error(
          `${repo}:${file}: block ${b} holds ${count} units; the reserve's hold ${size}`,
        );
    }
  }
  return reserved;
}

/**
 * How each block file of a shared corpus was cut into units by the training converter.
 *
 * @example
 * blockCuts('EuropeanaNewspapers/ner-corpora', units).get('enp_FR.bnf.bio/enp_FR.bnf.bio');
 * // { units: 11327, fingerprint: '…' }
 */
export function blockCuts(repo: string, units: readonly ConvertedUnit[]): Map<string, Cut> {
  const texts = new Map<string, string[]>();
  for (const unit of units) {
    const block = unit.group === undefined ? null : BLOCK.exec(unit.group);
    if (!block || reserveGroup(repo, block[1]!, 0) === undefined) continue;
    const list = texts.get(block[1]!) ?? [];
    list.push(unit.text);
    texts.set(block[1]!, list);
  }
  return new Map([...texts].map(([file, list]) => [file, cutOf(list)]));
}

/** Throws unless every block file of a shared corpus is cut as the evaluation build cuts it. */
export function checkBlockCuts(repo: string, units: readonly ConvertedUnit[], build: string): void {
  for (const [file, cut] of blockCuts(repo, units))
    checkCut(reserveGroup(repo, file, 0)!.corpus, cut, build);
}
