import { createHash } from 'node:crypto';
import { unitHash } from '../eval-data/unit';

/**
 * A corpus without official splits that feeds both the external evaluation
 * (`scripts/eval-data`) and the tagger's training data (`scripts/train-data`). Its documents or
 * blocks are cut in two by a hash: a fixed share is reserved for the evaluation, which draws its
 * dev and test units from those only; the training build keeps exactly the others.
 */
export interface SharedCorpus {
  repo: string;
  /** The folder of its documents (`document`), or its one file (`block`), in the repository. */
  path: string;
  /**
   * `document`: one file of the folder (a brat `.txt` with its `.ann`) is one group;
   * `block`: runs of `blockSize` consecutive units of the file (no documents in the source).
   */
  by: 'document' | 'block';
  blockSize?: number;
  /** Share of the groups reserved for the evaluation: those whose hash falls below it. */
  share: number;
  /** Why this share. */
  why: string;
  /**
   * A block file as both builds must cut it (see `cutOf`): blocks are counted in units, so a
   * build that cut one unit more would shift every later block across the reserve's boundary.
   */
  cut?: Cut;
}

/** How a file was cut into units: their number and a SHA-256 of their hashes, in order. */
export interface Cut {
  units: number;
  fingerprint: string;
}

/**
 * The shared corpora and their reserved shares. Each share is a round one whose reserved groups
 * still give the evaluation the sample it drew before the reserve existed (`sample` in
 * `scripts/eval-data/sources.ts`: dev and test alike), with room for the duplicates it skips and
 * for a few more documents than the least that would do; where the corpus is too small for that
 * and a training share, `why` says what was chosen.
 */
export const SHARED_CORPORA: readonly SharedCorpus[] = [
  {
    repo: 'dbamman/litbank',
    path: 'coref/brat',
    by: 'document',
    share: 0.2,
    why: '26 of the 100 novels: 693 dev and 1,421 test lines for a sample of 450 each (0.15 gives 20 novels and 584 dev lines, 0.12 too few)',
  },
  {
    repo: 'EuropeanaNewspapers/ner-corpora',
    path: 'enp_FR.bnf.bio/enp_FR.bnf.bio',
    by: 'block',
    blockSize: 20,
    cut: {
      units: 11327,
      fingerprint: 'cf490cf7044ae2bccb3b6f875807225230bcecf317179c88b14bef1688f4230b',
    },
    share: 0.2,
    why: '101 of 567 blocks: 1,139 dev and 880 test units for a sample of 600 each (0.15 leaves 620 test units)',
  },
  {
    repo: 'EuropeanaNewspapers/ner-corpora',
    path: 'enp_DE.lft.bio/enp_DE.lft.bio',
    by: 'block',
    blockSize: 20,
    cut: {
      units: 2011,
      fingerprint: 'cbd8d636ee6a74d824f55397d448b71cce45e50cf25a55373de56e57b657215c',
    },
    share: 0.5,
    why: '52 of 101 blocks: 500 dev and 531 test units for a sample of 400 each (0.4 leaves 351 test units)',
  },
  {
    repo: 'EuropeanaNewspapers/ner-corpora',
    path: 'enp_DE.onb.bio/enp_DE.onb.bio',
    by: 'block',
    blockSize: 20,
    cut: {
      units: 706,
      fingerprint: '8a6c783175397098a00d04369d9f347aade88b663949f674fc2dbc94e0895e75',
    },
    share: 0.5,
    why: 'too small for both (36 blocks, 706 units; a sample of 300 each needs nine tenths of it): half, 21 blocks, whose 200 dev and 220 test units the evaluation draws whole',
  },
];

/** One group (document or block) of a shared corpus, named alike by both builds. */
export interface ReserveGroup {
  corpus: SharedCorpus;
  /** `repo:path` of the document without its extension, or `repo:file#b<block>`. */
  key: string;
}

/** The shared corpus a file of `repo` belongs to, if any. */
export function sharedCorpusOf(repo: string, file: string): SharedCorpus | undefined {
  return SHARED_CORPORA.find(
    (c) => c.repo === repo && (c.by === 'block' ? file === c.path : file.startsWith(`${c.path}/`)),
  );
}

/**
 * The group of a unit of `file` (for a block corpus, the unit's block: its index in the file
 * divided by the block size), or `undefined` when the file is in no shared corpus.
 *
 * @example
 * reserveGroup('dbamman/litbank', 'coref/brat/105_persuasion_brat.ann')?.key;
 * // 'dbamman/litbank:coref/brat/105_persuasion_brat' (the same for its .txt)
 * reserveGroup('EuropeanaNewspapers/ner-corpora', 'enp_FR.bnf.bio/enp_FR.bnf.bio', 3)?.key;
 * // 'EuropeanaNewspapers/ner-corpora:enp_FR.bnf.bio/enp_FR.bnf.bio#b3'
 */
export function reserveGroup(repo: string, file: string, block?: number): ReserveGroup | undefined {
  const corpus = sharedCorpusOf(repo, file);
  if (!corpus) return undefined;
  if (corpus.by === 'document') {
    // `.txt` and `.ann` of one document name one group.
    return { corpus, key: `${repo}:${file.replace(/\.[^./]*$/u, '')}` };
  }
  if (block === undefined || !Number.isInteger(block) || block < 0)
    throw new Error(`${repo}:${file}: a unit of a block corpus needs its block number`);
  return { corpus, key: `${repo}:${file}#b${block}` };
}

/**
 * Whether a group is reserved for the evaluation: the first 32 bits of SHA-256 of
 * `reserve:<key>`, as a fraction of 2³², fall below the corpus's share. The one rule both builds
 * read: the evaluation draws only from reserved groups, the training build drops them.
 *
 * @example
 * const group = reserveGroup('dbamman/litbank', 'coref/brat/105_persuasion_brat.txt')!;
 * isReserved(group); // the same answer on every run and in both builds
 */
export function isReserved(group: ReserveGroup): boolean {
  const n = createHash('sha256').update(`reserve:${group.key}`).digest().readUInt32BE(0);
  return n / 2 ** 32 < group.corpus.share;
}

/**
 * The cut of a file into units, from their texts in order (normalised as `eval-units.sha256`
 * is): both builds compare theirs with the reserve's before they use its blocks.
 *
 * @example
 * cutOf(['Jean vient.', 'Il part.']).units; // 2
 */
export function cutOf(texts: readonly string[]): Cut {
  const digest = createHash('sha256');
  for (const text of texts) digest.update(`${unitHash(text)}\n`);
  return { units: texts.length, fingerprint: digest.digest('hex') };
}

/**
 * Throws unless `cut` is the reserve's cut of the corpus's file: two builds that cut it apart
 * would number its blocks apart, and the evaluation's blocks would leak into training.
 *
 * @example
 * checkCut(corpus, cutOf(texts), 'training build'); // throws on a mismatch
 */
export function checkCut(corpus: SharedCorpus, cut: Cut, build: string): void {
  const want = corpus.cut;
  if (!want) throw new Error(`${corpus.repo}:${corpus.path}: no cut recorded for its blocks`);
  if (want.units === cut.units && want.fingerprint === cut.fingerprint) return;
  throw new Error(
    `${build}: ${corpus.repo}:${corpus.path} cut into ${cut.units} units (${cut.fingerprint.slice(0, 12)}), the evaluation reserve's cut has ${want.units} (${want.fingerprint.slice(0, 12)}): both builds must cut this file alike (same reader, same segmentation) or their blocks differ; change the cut in scripts/shared/evaluation-reserve.ts only with both builds agreeing`,
  );
}
