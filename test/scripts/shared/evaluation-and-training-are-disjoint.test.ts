import { describe, expect, it } from 'vitest';
import { load } from '../../../scripts/eval-data/build';
import type { PinnedRepo } from '../../../scripts/eval-data/git-source';
import { SOURCES } from '../../../scripts/eval-data/sources';
import {
  checkCut,
  cutOf,
  isReserved,
  reserveGroup,
  SHARED_CORPORA,
  sharedCorpusOf,
} from '../../../scripts/shared/evaluation-reserve';
import { blockCuts, reservedUnits } from '../../../scripts/train-data/evaluation-reserve';
import { TRAINING_SOURCES } from '../../../scripts/train-data/sources';
import { unitHash } from '../../../scripts/train-data/unit-hash';

/** A repository of synthetic files, read as the evaluation build reads a pinned commit. */
const repoOf = (files: ReadonlyMap<string, string>): PinnedRepo => ({
  read: (path) => {
    const content = files.get(path);
    if (content === undefined) throw new Error(`no ${path}`);
    return content;
  },
  list: (dir) => [...files.keys()].filter((p) => p.startsWith(`${dir}/`)).sort(),
});

/**
 * Both builds on one synthetic corpus: the units the evaluation may draw (before sampling), and
 * the training units with whether each is reserved.
 */
function bothSides(id: string, files: ReadonlyMap<string, string>) {
  const evaluation = SOURCES.find((s) => s.id === id)!;
  const training = TRAINING_SOURCES.find((s) => s.id === id)!;
  const loaded = load(evaluation, repoOf(files));
  const converted = training.convert(
    [...files].map(([path, content]) => ({ path, content })),
    { lang: training.lang, labelMap: training.labelMap, notes: new Map() },
  );
  const reserved = reservedUnits(training.repo, converted);
  const hashes = (texts: string[]) => new Set(texts.map(unitHash));
  return {
    loaded,
    evaluation: hashes(loaded.units.map((u) => u.text)),
    kept: hashes(converted.filter((_, i) => !reserved[i]).map((u) => u.text)),
    dropped: hashes(converted.filter((_, i) => reserved[i]).map((u) => u.text)),
    all: converted.length,
    cuts: { evaluation: loaded.reserve?.cuts, training: blockCuts(training.repo, converted) },
  };
}

const intersection = (a: Set<string>, b: Set<string>) => [...a].filter((x) => b.has(x));

// 60 blocks of 20 units, one six-token sentence each, every text unique: OCR-like columns
// without sentence breaks, as the Europeana files are, with their OCR tokens that start with
// `#` (`#ne`) now and then.
const EUROPEANA_FR = 'enp_FR.bnf.bio/enp_FR.bnf.bio';
const europeanaLines: string[] = [];
for (let u = 0; u < 1200; u++) {
  const w = u.toString(36);
  const second = u % 97 === 5 ? `#ne${w}` : `mot${w}b`;
  europeanaLines.push(`Mot${w}a O`, `${second} O`, `vu O`, `par O`, `Nom${w} B-PER`, `. O`);
}

// 40 novels of three tokenized lines with a proper-name mention each.
const litbankFiles = new Map<string, string>();
for (let d = 0; d < 40; d++) {
  const lines: string[] = [];
  const ann: string[] = [];
  let offset = 0;
  for (let l = 0; l < 3; l++) {
    const name = `Name${d}x${l}`;
    const line = `Then ${name} came home .`;
    ann.push(`T${l + 1}\tPROP_PER ${offset + 5} ${offset + 5 + name.length}\t${name}`);
    lines.push(line);
    offset += line.length + 1;
  }
  litbankFiles.set(`coref/brat/${d}_novel_brat.txt`, `${lines.join('\n')}\n`);
  litbankFiles.set(`coref/brat/${d}_novel_brat.ann`, `${ann.join('\n')}\n`);
}

describe('the evaluation reserve', () => {
  it('gives the evaluation exactly the Europeana blocks the training build drops', () => {
    const side = bothSides('europeana-fr', new Map([[EUROPEANA_FR, europeanaLines.join('\n')]]));
    expect(side.all).toBe(1200);
    expect(side.evaluation.size + side.kept.size).toBe(1200);
    expect(intersection(side.evaluation, side.kept)).toEqual([]);
    expect([...side.dropped].sort()).toEqual([...side.evaluation].sort());
    // Both sides hold something: the share is neither none nor all of the blocks.
    expect(side.evaluation.size).toBeGreaterThan(0);
    expect(side.kept.size).toBeGreaterThan(0);
    expect(side.evaluation.size % 20).toBe(0);
    const reserve = side.loaded.reserve!;
    expect(reserve.groups.size).toBe(60);
    expect([...reserve.groups.values()].filter(Boolean).length * 20).toBe(side.evaluation.size);
    // Both builds cut the file into the same units, so that their block n is the same block.
    expect(side.cuts.training.get(EUROPEANA_FR)).toEqual(side.cuts.evaluation!.get(EUROPEANA_FR));
    expect(side.cuts.training.get(EUROPEANA_FR)!.units).toBe(1200);
  });

  it('refuses a block file cut otherwise than the reserve records', () => {
    const corpus = SHARED_CORPORA.find((c) => c.path === EUROPEANA_FR)!;
    expect(() => checkCut(corpus, corpus.cut!, 'build')).not.toThrow();
    const oneMore = cutOf(['x']);
    expect(() => checkCut(corpus, oneMore, 'training build')).toThrow(
      /training build: .*enp_FR.* cut into 1 units .* has 11327/,
    );
    // Same number of units, other texts: caught by the fingerprint.
    expect(() =>
      checkCut(corpus, { ...corpus.cut!, fingerprint: oneMore.fingerprint }, 'b'),
    ).toThrow(/cut into 11327 units/);
  });

  it('gives the evaluation exactly the LitBank novels the training build drops', () => {
    const side = bothSides('litbank', litbankFiles);
    expect(side.all).toBe(120);
    expect(intersection(side.evaluation, side.kept)).toEqual([]);
    expect([...side.dropped].sort()).toEqual([...side.evaluation].sort());
    expect(side.evaluation.size + side.kept.size).toBe(120);
    expect(side.evaluation.size).toBeGreaterThan(0);
    expect(side.kept.size).toBeGreaterThan(0);
    // Units on the evaluation side are dev and test by novel, from the reserved novels only.
    const novels = new Set(side.loaded.units.map((u) => u.id.split(':')[1]));
    expect(novels.size * 3).toBe(side.evaluation.size);
    const reserved = [...side.loaded.reserve!.groups].filter(([, r]) => r).map(([key]) => key);
    expect(reserved.map((k) => k.replace(/^.*\/(\d+_novel)_brat$/u, '$1')).sort()).toEqual(
      [...novels].sort(),
    );
  });

  it('names a document alike from its .txt and its .ann, and leaves other files alone', () => {
    const txt = reserveGroup('dbamman/litbank', 'coref/brat/105_persuasion_brat.txt')!;
    const ann = reserveGroup('dbamman/litbank', 'coref/brat/105_persuasion_brat.ann')!;
    expect(txt.key).toBe(ann.key);
    expect(isReserved(txt)).toBe(isReserved(ann));
    // The SBB file is in no evaluation source: all of it is training data.
    expect(sharedCorpusOf('EuropeanaNewspapers/ner-corpora', 'enp_DE.sbb.bio/enp_DE.sbb.bio')).toBe(
      undefined,
    );
    expect(reservedUnits('leondz/emerging_entities_17', [{ text: 'x', spans: [] }])).toEqual([
      false,
    ]);
  });

  it('reserves about its share of many groups', () => {
    for (const corpus of SHARED_CORPORA) {
      const n = 4000;
      let reserved = 0;
      for (let i = 0; i < n; i++) {
        const file = corpus.by === 'block' ? corpus.path : `${corpus.path}/doc${i}.txt`;
        if (isReserved(reserveGroup(corpus.repo, file, corpus.by === 'block' ? i : undefined)!))
          reserved++;
      }
      expect(Math.abs(reserved / n - corpus.share)).toBeLessThan(0.03);
    }
  });

  it('refuses training units it cannot place: no group, or blocks of another size', () => {
    const repo = 'EuropeanaNewspapers/ner-corpora';
    expect(() => reservedUnits(repo, [{ text: 'x', spans: [] }])).toThrow(/no group/);
    const blocksOf10 = Array.from({ length: 30 }, (_, i) => ({
      text: `u${i}`,
      spans: [],
      group: `${EUROPEANA_FR}:b${Math.floor(i / 10)}`,
    }));
    expect(() => reservedUnits(repo, blocksOf10)).toThrow(/block 0 holds 10 units/);
    const blocksOf20 = blocksOf10.map((u, i) => ({
      ...u,
      group: `${EUROPEANA_FR}:b${Math.floor(i / 20)}`,
    }));
    expect(reservedUnits(repo, blocksOf20)).toHaveLength(30);
  });
});
