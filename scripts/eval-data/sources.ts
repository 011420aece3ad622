import type { Genre, Lang } from './unit';

/** How a source's files are read. */
export type SourceFormat =
  | {
      kind: 'columns';
      token: number;
      tag: number;
      comments?: boolean;
      rawTextComment?: string;
      maxTokens?: number;
      outsideTokens?: readonly string[];
      genreOf?: (comments: Readonly<Record<string, string>>) => Genre;
    }
  | { kind: 'brat'; layout: 'lines' | 'sentences'; namedOnly?: boolean }
  | { kind: 'presidio' };

/**
 * One file (or, for brat, one folder of `.ann`/`.txt` pairs) and the split it feeds. `hash`: the
 * source has no official dev/test split; units go to dev or test by a hash of their group.
 * `second-half`: only the second half of the file's sentences (the BTC's recommended dev set).
 */
export interface SourceFile {
  path: string;
  split: 'dev' | 'test' | 'hash';
  part?: 'second-half';
}

export interface Source {
  id: string;
  repo: string;
  commit: string;
  lang: Lang;
  genre: Genre;
  licence: string;
  /** Who wrote the text and who labelled it. */
  authors: string;
  /** What to keep in mind when reading its figures. */
  notes: string;
  /** Labels its annotators marked: predictions of other labels on its text are not scored. */
  labels: readonly string[];
  /** Source entity type (upper case) → our label; other types are dropped. */
  labelMap: Readonly<Record<string, string>>;
  format: SourceFormat;
  files: readonly SourceFile[];
  /** Group size for hash splits of sources without documents (blocks of consecutive units). */
  groupSize?: number;
  /** Units drawn for each split (fewer where the source has fewer). */
  sample: { dev: number; test: number };
}

const NER = { PER: 'PERSON', LOC: 'LOCATION', ORG: 'ORGANIZATION', MISC: 'MISC' } as const;
const NER_LABELS = ['PERSON', 'LOCATION', 'ORGANIZATION', 'MISC'] as const;
const WIKINEURAL = {
  repo: 'Babelscape/wikineural',
  commit: 'd2e28c770cba2b285e742529ae18ed849e336c65',
  genre: 'wiki',
  licence: 'CC BY-NC-SA 4.0 (README and LICENSE of the repository)',
  authors:
    'Wikipedia authors; labels by Babelscape (Tedeschi et al., Findings of EMNLP 2021), made automatically from Wikipedia links and BabelNet with neural filtering',
  notes: 'Silver standard: labels were not checked by people; official val (dev) and test splits.',
  labels: NER_LABELS,
  labelMap: NER,
  format: { kind: 'columns', token: 1, tag: 2 },
} as const;
const wikineural = (lang: Lang, dev: number, test: number): Source => ({
  ...WIKINEURAL,
  id: `wikineural-${lang}`,
  lang,
  files: [
    { path: `data/wikineural/${lang}/val.conllu`, split: 'dev' },
    { path: `data/wikineural/${lang}/test.conllu`, split: 'test' },
  ],
  sample: { dev, test },
});
const EUROPEANA = {
  repo: 'EuropeanaNewspapers/ner-corpora',
  commit: '6bf838d23112c255fd81431b1187ab30ef6c2d90',
  genre: 'news',
  licence: 'CC0 1.0 (README and LICENSE.md of the repository)',
  authors:
    'Historic newspapers (19th–20th c.) digitised by national libraries; labels by the Europeana Newspapers project (Neudecker, LREC 2016)',
  notes:
    'OCR text with OCR errors and no sentence breaks (cut here after sentence ends, at most 40 tokens, never inside an entity); no official split: the blocks of 20 units reserved for the evaluation (scripts/shared/evaluation-reserve.ts; the others are training data) are split by hash.',
  labels: ['PERSON', 'LOCATION', 'ORGANIZATION'],
  labelMap: NER,
  format: { kind: 'columns', token: 0, tag: 1, maxTokens: 40 },
  groupSize: 20,
} as const;
const KIND = {
  repo: 'dhfbk/KIND',
  commit: 'a2ad139171ef7fde0dff0f8ea94d18356340ada9',
  lang: 'it',
  licence: 'CC BY-NC 4.0 (README of the repository, for the Wikinews, fiction and Moro parts)',
  labels: ['PERSON', 'LOCATION', 'ORGANIZATION'],
  labelMap: NER,
  format: { kind: 'columns', token: 0, tag: 1 },
} as const;

/**
 * The public labelled corpora of the external evaluation, pinned. None of their text is
 * committed: `build.ts` reads them at these commits and writes `.data/external/`. Names in them
 * never go into the detectors' name lists or rules.
 */
export const SOURCES: readonly Source[] = [
  wikineural('en', 500, 500),
  wikineural('fr', 800, 800),
  wikineural('de', 600, 600),
  wikineural('es', 1000, 1000),
  wikineural('it', 800, 800),
  {
    id: 'litbank',
    repo: 'dbamman/litbank',
    commit: '3e50db0ffc033d7ccbb94f4d88f6b99210328ed8',
    lang: 'en',
    genre: 'novel',
    licence: 'CC BY 4.0 (README of the repository)',
    authors:
      'English novels of the Project Gutenberg (1719–1922); labels by Bamman, Popat and Shen (NAACL 2019)',
    notes:
      'Proper-name mentions (PROP_*) of the coreference layer; titles are inside names (`Sir Walter Elliot`); no official split: the novels reserved for the evaluation (scripts/shared/evaluation-reserve.ts; the others are training data) are split by hash.',
    labels: ['PERSON', 'LOCATION', 'ORGANIZATION'],
    labelMap: {
      PROP_PER: 'PERSON',
      PROP_LOC: 'LOCATION',
      PROP_GPE: 'LOCATION',
      PROP_FAC: 'LOCATION',
      PROP_ORG: 'ORGANIZATION',
    },
    format: { kind: 'brat', layout: 'lines' },
    files: [{ path: 'coref/brat', split: 'hash' }],
    sample: { dev: 450, test: 450 },
  },
  {
    id: 'uner-en-ewt',
    repo: 'UniversalNER/UNER_English-EWT',
    commit: '8ed072de2fd24022cc62458997fe96a8fe191ea4',
    lang: 'en',
    genre: 'web',
    licence: 'CC BY-SA 4.0 (LICENSE.txt of the repository)',
    authors:
      'English Web Treebank: Yahoo! Answers, e-mails, reviews, blogs and newsgroups; labels by Universal NER (Mayhew et al., NAACL 2024)',
    notes: 'Raw text of each sentence kept; official dev and test splits.',
    labels: ['PERSON', 'LOCATION', 'ORGANIZATION'],
    labelMap: { PER: 'PERSON', LOC: 'LOCATION', ORG: 'ORGANIZATION' },
    format: { kind: 'columns', token: 1, tag: 2, comments: true, rawTextComment: 'text' },
    files: [
      { path: 'en_ewt-ud-dev.iob2', split: 'dev' },
      { path: 'en_ewt-ud-test.iob2', split: 'test' },
    ],
    sample: { dev: 350, test: 350 },
  },
  {
    id: 'wnut17',
    repo: 'leondz/emerging_entities_17',
    commit: 'e52a2d2a71ac1a051ca2d532eef28653c5c02603',
    lang: 'en',
    genre: 'social',
    licence: 'CC BY 4.0 (README of the repository)',
    authors:
      'Tweets, Reddit, YouTube and StackExchange comments; labels by crowd workers, adjudicated by Derczynski et al. (W-NUT 2017)',
    notes: 'Chosen to hold rare, emerging entities; official dev and test splits.',
    labels: ['PERSON', 'LOCATION', 'ORGANIZATION'],
    labelMap: {
      PERSON: 'PERSON',
      LOCATION: 'LOCATION',
      CORPORATION: 'ORGANIZATION',
      GROUP: 'ORGANIZATION',
      'CREATIVE-WORK': 'MISC',
      PRODUCT: 'MISC',
    },
    format: { kind: 'columns', token: 0, tag: 1, outsideTokens: ['@'] },
    files: [
      { path: 'emerging.dev.conll', split: 'dev' },
      { path: 'emerging.test.annotated', split: 'test' },
    ],
    sample: { dev: 250, test: 250 },
  },
  {
    id: 'btc',
    repo: 'GateNLP/broad_twitter_corpus',
    commit: '0c45ef7b1924a6b8115bceab388781590b1b553a',
    lang: 'en',
    genre: 'social',
    licence: 'CC BY 4.0 (LICENSE of the repository)',
    authors:
      'Tweets (2009–2014); labels by experts and crowd workers (Derczynski, Bontcheva and Roberts, COLING 2016)',
    notes:
      "User names after `@` are labelled as people where they name one (the `@` is left out here); the corpus's recommended split: section F is test, the second half of section H dev.",
    labels: ['PERSON', 'LOCATION', 'ORGANIZATION'],
    labelMap: { PER: 'PERSON', LOC: 'LOCATION', ORG: 'ORGANIZATION' },
    format: { kind: 'columns', token: 0, tag: 1, outsideTokens: ['@'] },
    files: [
      { path: 'h.conll', split: 'dev', part: 'second-half' },
      { path: 'f.conll', split: 'test' },
    ],
    sample: { dev: 250, test: 250 },
  },
  {
    id: 'presidio-synth',
    repo: 'microsoft/presidio-research',
    commit: '7622dec1e5f7d25dc60b57c28c39f4c4af197018',
    lang: 'en',
    genre: 'synthetic',
    licence: 'MIT (LICENSE of the repository)',
    authors:
      'Microsoft Presidio team: sentences generated from templates filled with fake values (Faker)',
    notes:
      'Synthetic PII sentences (data/synth_dataset_v2.json): the only source here with PHONE, EMAIL, CREDIT_CARD, IBAN, IP_ADDRESS and US_SSN labels; US formats mostly; no official split: templates are split by hash.',
    labels: [
      'PERSON',
      'PHONE',
      'EMAIL',
      'CREDIT_CARD',
      'IBAN',
      'IP_ADDRESS',
      'US_SSN',
      'ADDRESS',
      'LOCATION',
      'ORGANIZATION',
    ],
    labelMap: {
      PERSON: 'PERSON',
      PHONE_NUMBER: 'PHONE',
      EMAIL_ADDRESS: 'EMAIL',
      CREDIT_CARD: 'CREDIT_CARD',
      IBAN_CODE: 'IBAN',
      IP_ADDRESS: 'IP_ADDRESS',
      US_SSN: 'US_SSN',
      STREET_ADDRESS: 'ADDRESS',
      GPE: 'LOCATION',
      ORGANIZATION: 'ORGANIZATION',
      DATE_TIME: 'MISC',
      AGE: 'MISC',
      NRP: 'MISC',
      TITLE: 'MISC',
      ZIP_CODE: 'MISC',
      DOMAIN_NAME: 'MISC',
      US_DRIVER_LICENSE: 'MISC',
    },
    format: { kind: 'presidio' },
    files: [{ path: 'data/synth_dataset_v2.json', split: 'hash' }],
    sample: { dev: 750, test: 750 },
  },
  {
    id: 'fr-litbank',
    repo: 'lattice-8094/fr-litbank',
    commit: '4b197890473b89726243585dd53f5641d8afb1f1',
    lang: 'fr',
    genre: 'novel',
    licence: 'CC BY-SA (README: “Attribution-ShareAlike 2.0 France”, linked to CC BY-SA 4.0)',
    authors:
      'French novels and stories (1830–1937) from the Democrat corpus; labels by the Lattice laboratory (CNRS, ENS), LitBank guidelines',
    notes:
      'The source marks no proper/common distinction: only mentions whose words are capitalised (after determiners and titles) are kept (`M. de Kerlon`, not `la femme`); no official split: texts are split by hash.',
    labels: ['PERSON', 'LOCATION', 'ORGANIZATION'],
    labelMap: {
      PER: 'PERSON',
      GPE: 'LOCATION',
      LOC: 'LOCATION',
      FAC: 'LOCATION',
      ORG: 'ORGANIZATION',
    },
    format: { kind: 'brat', layout: 'sentences', namedOnly: true },
    files: [{ path: 'brat/entities', split: 'hash' }],
    sample: { dev: 600, test: 600 },
  },
  {
    ...EUROPEANA,
    id: 'europeana-fr',
    lang: 'fr',
    files: [{ path: 'enp_FR.bnf.bio/enp_FR.bnf.bio', split: 'hash' }],
    sample: { dev: 600, test: 600 },
  },
  {
    ...EUROPEANA,
    id: 'europeana-de-lft',
    lang: 'de',
    files: [{ path: 'enp_DE.lft.bio/enp_DE.lft.bio', split: 'hash' }],
    sample: { dev: 400, test: 400 },
  },
  {
    ...EUROPEANA,
    id: 'europeana-de-onb',
    lang: 'de',
    files: [{ path: 'enp_DE.onb.bio/enp_DE.onb.bio', split: 'hash' }],
    sample: { dev: 300, test: 300 },
  },
  {
    id: 'germeval2014',
    repo: 'viniciusrpb/cloud_image_classification',
    commit: '48fd5685a974f4e6fb457e178ebceb2862605545',
    lang: 'de',
    genre: 'news',
    licence:
      "CC BY 4.0 (the organisers' dataset card, GermanEval/germeval_14); the GitHub copy used here (an unrelated repository, GPL-3.0 for its own code) states no licence for the data",
    authors:
      'Sentences from German Wikipedia and news sites; labels by the NoSta-D project for GermEval 2014 (Benikova et al., LREC 2014)',
    notes:
      "Outer entity layer; derived and partial names (`PERderiv`: `Merkelsche`, `PERpart`: `Kohl-Ära`) are not counted as names; each sentence's genre from its source URL (Wikipedia or news); official dev and test splits.",
    labels: ['PERSON', 'LOCATION', 'ORGANIZATION', 'MISC'],
    labelMap: { PER: 'PERSON', LOC: 'LOCATION', ORG: 'ORGANIZATION', OTH: 'MISC' },
    format: {
      kind: 'columns',
      token: 1,
      tag: 2,
      comments: true,
      genreOf: (comments) => (/wikipedia\.org/.test(comments['#'] ?? '') ? 'wiki' : 'news'),
    },
    files: [
      { path: 'NER-de-dev.tsv', split: 'dev' },
      { path: 'NER-de-test.tsv', split: 'test' },
    ],
    sample: { dev: 800, test: 800 },
  },
  {
    id: 'conll2002-es',
    repo: 'Babelscape/wikineural',
    commit: WIKINEURAL.commit,
    lang: 'es',
    genre: 'news',
    licence:
      'No licence file for this copy (data/conll/es of Babelscape/wikineural); the CoNLL-2002 shared task gave the EFE texts for research use',
    authors:
      'EFE news agency wires (May 2000); labels by TALP (UPC) for the CoNLL-2002 shared task (Tjong Kim Sang, 2002)',
    notes: 'Official testa (dev) and testb (test) splits, as copied by WikiNEuRal (val, test).',
    labels: NER_LABELS,
    labelMap: NER,
    format: { kind: 'columns', token: 1, tag: 2 },
    files: [
      { path: 'data/conll/es/val.conllu', split: 'dev' },
      { path: 'data/conll/es/test.conllu', split: 'test' },
    ],
    sample: { dev: 1000, test: 1000 },
  },
  {
    ...KIND,
    id: 'kind-wikinews',
    genre: 'news',
    authors:
      'Italian Wikinews articles (CC BY 2.5); labels by FBK (Paccosi and Palmero Aprosio, LREC 2022)',
    notes: 'The EVALITA 2023 NERMuD split (evalita-2023/WN_dev, WN_test).',
    files: [
      { path: 'evalita-2023/WN_dev.tsv', split: 'dev' },
      { path: 'evalita-2023/WN_test.tsv', split: 'test' },
    ],
    sample: { dev: 700, test: 700 },
  },
  {
    ...KIND,
    id: 'kind-fiction',
    genre: 'novel',
    authors:
      'Chapters of ten Italian novels and essays in the public domain (Liber Liber); labels by FBK (Paccosi and Palmero Aprosio, LREC 2022)',
    notes: 'The EVALITA 2023 NERMuD split (evalita-2023/FIC_dev, FIC_test).',
    files: [
      { path: 'evalita-2023/FIC_dev.tsv', split: 'dev' },
      { path: 'evalita-2023/FIC_test.tsv', split: 'test' },
    ],
    sample: { dev: 500, test: 500 },
  },
];
