/**
 * Where the external evaluation of the national identifiers reads its values: the test files of
 * four projects that validate these numbers, each at a pinned commit, with what each file holds
 * for which of our labels. The values and sentences are their authors'; so are the names that
 * introduce a number (Presidio's context words, python-stdnum's names of each number).
 */
import { NATIONAL_ID_LABELS, type NationalIdLabel } from '../../test/fixtures/national-ids/values';
import type { Verdict } from './identifier-readers';

/** The identifiers of issue 17 (the test fixtures' list) and FR_NIR, which came before them. */
export type IdentifierLabel = NationalIdLabel | 'FR_NIR';

export const IDENTIFIER_LABELS: readonly IdentifierLabel[] = [...NATIONAL_ID_LABELS, 'FR_NIR'];

export interface IdentifierRepo {
  repo: string;
  commit: string;
  licence: string;
  authors: string;
}

export const IDENTIFIER_REPOS = {
  presidio: {
    repo: 'microsoft/presidio',
    commit: '0aa9f8e44275cb52c00fbbebe19168e934e1f076',
    licence: 'MIT',
    authors: "Presidio's contributors (Microsoft): recognizer unit tests and context words",
  },
  stdnum: {
    repo: 'arthurdejong/python-stdnum',
    commit: '006192e59be8ed6e08fd680256868a6c31eb2ba9',
    licence: 'LGPL-2.1-or-later',
    authors:
      'Arthur de Jong and contributors: doctests of each number module (the Italian list: codes "found online")',
  },
  stdnumJs: {
    repo: 'koblas/stdnum-js',
    commit: '7238bba4dffe5f823721e23fd5e05c6edc4b6fc5',
    licence: 'MIT',
    authors: 'David Koblas and contributors: Jest specs of a TypeScript port of python-stdnum',
  },
  validator: {
    repo: 'validatorjs/validator.js',
    commit: 'cdb7dafc281d14125b924969bf3ee5bc482ec169',
    licence: 'MIT',
    authors: "Chris O'Hara and contributors: the isTaxID and isIdentityCard test tables",
  },
} as const satisfies Record<string, IdentifierRepo>;

export type IdentifierRepoId = keyof typeof IDENTIFIER_REPOS;

/** One file and what it holds for one label. */
export interface IdentifierFile {
  repo: IdentifierRepoId;
  path: string;
  label: IdentifierLabel;
  read:
    | { kind: 'pytest' }
    | { kind: 'doctest' }
    | { kind: 'jest' }
    | { kind: 'validator'; validator: 'isTaxID' | 'isIdentityCard'; locale: string };
  /**
   * Which of the file's verdicts concern the label, when the file also holds other numbers (a
   * company code, a UK tax reference). Invalid values stay in as negatives unless excluded.
   */
  keep?: (v: Verdict & { kinds?: string[] }) => boolean;
}

/** Files whose names for a number introduce it in the "after its name" frame. */
export interface NameFile {
  repo: IdentifierRepoId;
  path: string;
  label: IdentifierLabel;
  read: 'presidio-context' | 'stdnum-names';
}

const PRESIDIO_TESTS = 'presidio-analyzer/tests';
const PRESIDIO_RECOGNIZERS =
  'presidio-analyzer/presidio_analyzer/predefined_recognizers/country_specific';

/**
 * python-stdnum's `check()` lists the kinds a Spanish number is valid as: a company's CIF is not
 * ours; DNI, NIE and the personal NIFs (K, L, M: `['nif']` alone) are.
 */
const personalSpanish = (v: { valid: boolean; kinds?: string[] }) =>
  !v.valid || !v.kinds?.includes('cif');

/** A company's codice fiscale is eleven digits, which the modules mark `# company number`. */
const notCompany = (v: { comment?: string }) => !/company/i.test(v.comment ?? '');

/** validator.js's en-GB tax ids mix UTRs (ten digits) and NINOs (two letters, six digits). */
const ninoShaped = (v: { valid: boolean; value: string }) => !v.valid || /^[a-z]{2}/i.test(v.value);

export const IDENTIFIER_FILES: readonly IdentifierFile[] = [
  {
    repo: 'presidio',
    path: `${PRESIDIO_TESTS}/test_de_tax_id_recognizer.py`,
    label: 'DE_TAX_ID',
    read: { kind: 'pytest' },
  },
  {
    repo: 'presidio',
    path: `${PRESIDIO_TESTS}/test_es_nif_recognizer.py`,
    label: 'ES_NIF',
    read: { kind: 'pytest' },
  },
  {
    repo: 'presidio',
    path: `${PRESIDIO_TESTS}/test_es_nie_recognizer.py`,
    label: 'ES_NIF',
    read: { kind: 'pytest' },
  },
  {
    repo: 'presidio',
    path: `${PRESIDIO_TESTS}/test_it_fiscal_code_recognizer.py`,
    label: 'IT_FISCAL_CODE',
    read: { kind: 'pytest' },
  },
  {
    repo: 'presidio',
    path: `${PRESIDIO_TESTS}/test_uk_nino_recognizer.py`,
    label: 'UK_NINO',
    read: { kind: 'pytest' },
  },

  { repo: 'stdnum', path: 'stdnum/de/idnr.py', label: 'DE_TAX_ID', read: { kind: 'doctest' } },
  {
    repo: 'stdnum',
    path: 'tests/test_de_idnr.doctest',
    label: 'DE_TAX_ID',
    read: { kind: 'doctest' },
  },
  { repo: 'stdnum', path: 'stdnum/es/dni.py', label: 'ES_NIF', read: { kind: 'doctest' } },
  { repo: 'stdnum', path: 'stdnum/es/nie.py', label: 'ES_NIF', read: { kind: 'doctest' } },
  {
    repo: 'stdnum',
    path: 'tests/test_es_nif.doctest',
    label: 'ES_NIF',
    read: { kind: 'doctest' },
    keep: personalSpanish,
  },
  {
    repo: 'stdnum',
    path: 'stdnum/it/codicefiscale.py',
    label: 'IT_FISCAL_CODE',
    read: { kind: 'doctest' },
    keep: notCompany,
  },
  {
    repo: 'stdnum',
    path: 'tests/test_it_codicefiscale.doctest',
    label: 'IT_FISCAL_CODE',
    read: { kind: 'doctest' },
    keep: notCompany,
  },
  { repo: 'stdnum', path: 'stdnum/nl/bsn.py', label: 'NL_BSN', read: { kind: 'doctest' } },
  {
    repo: 'stdnum',
    path: 'stdnum/be/nn.py',
    label: 'BE_NATIONAL_NUMBER',
    read: { kind: 'doctest' },
  },
  {
    repo: 'stdnum',
    path: 'tests/test_be_nn.doctest',
    label: 'BE_NATIONAL_NUMBER',
    read: { kind: 'doctest' },
  },
  { repo: 'stdnum', path: 'stdnum/ch/ssn.py', label: 'CH_AHV', read: { kind: 'doctest' } },
  { repo: 'stdnum', path: 'tests/test_ch_ssn.doctest', label: 'CH_AHV', read: { kind: 'doctest' } },
  { repo: 'stdnum', path: 'stdnum/fr/nir.py', label: 'FR_NIR', read: { kind: 'doctest' } },

  { repo: 'stdnumJs', path: 'src/de/idnr.spec.ts', label: 'DE_TAX_ID', read: { kind: 'jest' } },
  { repo: 'stdnumJs', path: 'src/es/dni.spec.ts', label: 'ES_NIF', read: { kind: 'jest' } },
  { repo: 'stdnumJs', path: 'src/es/nie.spec.ts', label: 'ES_NIF', read: { kind: 'jest' } },
  {
    repo: 'stdnumJs',
    path: 'src/it/codicefiscale.spec.ts',
    label: 'IT_FISCAL_CODE',
    read: { kind: 'jest' },
  },
  { repo: 'stdnumJs', path: 'src/gb/nino.spec.ts', label: 'UK_NINO', read: { kind: 'jest' } },
  { repo: 'stdnumJs', path: 'src/nl/bsn.spec.ts', label: 'NL_BSN', read: { kind: 'jest' } },
  {
    repo: 'stdnumJs',
    path: 'src/be/nn.spec.ts',
    label: 'BE_NATIONAL_NUMBER',
    read: { kind: 'jest' },
  },
  { repo: 'stdnumJs', path: 'src/ch/ssn.spec.ts', label: 'CH_AHV', read: { kind: 'jest' } },
  { repo: 'stdnumJs', path: 'src/fr/nir.spec.ts', label: 'FR_NIR', read: { kind: 'jest' } },

  {
    repo: 'validator',
    path: 'test/validators.test.js',
    label: 'DE_TAX_ID',
    read: { kind: 'validator', validator: 'isTaxID', locale: 'de-DE' },
  },
  {
    repo: 'validator',
    path: 'test/validators.test.js',
    label: 'UK_NINO',
    read: { kind: 'validator', validator: 'isTaxID', locale: 'en-GB' },
    keep: ninoShaped,
  },
  {
    repo: 'validator',
    path: 'test/validators.test.js',
    label: 'ES_NIF',
    read: { kind: 'validator', validator: 'isTaxID', locale: 'es-ES' },
  },
  {
    repo: 'validator',
    path: 'test/validators.test.js',
    label: 'ES_NIF',
    read: { kind: 'validator', validator: 'isIdentityCard', locale: 'ES' },
  },
  {
    repo: 'validator',
    path: 'test/validators.test.js',
    label: 'IT_FISCAL_CODE',
    read: { kind: 'validator', validator: 'isTaxID', locale: 'it-IT' },
  },
  {
    repo: 'validator',
    path: 'test/validators.test.js',
    label: 'NL_BSN',
    read: { kind: 'validator', validator: 'isTaxID', locale: 'nl-NL' },
  },
  {
    repo: 'validator',
    path: 'test/validators.test.js',
    label: 'BE_NATIONAL_NUMBER',
    read: { kind: 'validator', validator: 'isTaxID', locale: 'fr-BE' },
  },
  {
    repo: 'validator',
    path: 'test/validators.test.js',
    label: 'BE_NATIONAL_NUMBER',
    read: { kind: 'validator', validator: 'isTaxID', locale: 'nl-BE' },
  },
];

export const NAME_FILES: readonly NameFile[] = [
  {
    repo: 'presidio',
    path: `${PRESIDIO_RECOGNIZERS}/germany/de_tax_id_recognizer.py`,
    label: 'DE_TAX_ID',
    read: 'presidio-context',
  },
  {
    repo: 'presidio',
    path: `${PRESIDIO_RECOGNIZERS}/spain/es_nif_recognizer.py`,
    label: 'ES_NIF',
    read: 'presidio-context',
  },
  {
    repo: 'presidio',
    path: `${PRESIDIO_RECOGNIZERS}/spain/es_nie_recognizer.py`,
    label: 'ES_NIF',
    read: 'presidio-context',
  },
  {
    repo: 'presidio',
    path: `${PRESIDIO_RECOGNIZERS}/italy/it_fiscal_code_recognizer.py`,
    label: 'IT_FISCAL_CODE',
    read: 'presidio-context',
  },
  {
    repo: 'presidio',
    path: `${PRESIDIO_RECOGNIZERS}/uk/uk_nino_recognizer.py`,
    label: 'UK_NINO',
    read: 'presidio-context',
  },
  { repo: 'stdnum', path: 'stdnum/de/idnr.py', label: 'DE_TAX_ID', read: 'stdnum-names' },
  { repo: 'stdnum', path: 'stdnum/es/dni.py', label: 'ES_NIF', read: 'stdnum-names' },
  { repo: 'stdnum', path: 'stdnum/es/nie.py', label: 'ES_NIF', read: 'stdnum-names' },
  {
    repo: 'stdnum',
    path: 'stdnum/it/codicefiscale.py',
    label: 'IT_FISCAL_CODE',
    read: 'stdnum-names',
  },
  { repo: 'stdnum', path: 'stdnum/nl/bsn.py', label: 'NL_BSN', read: 'stdnum-names' },
  { repo: 'stdnum', path: 'stdnum/be/nn.py', label: 'BE_NATIONAL_NUMBER', read: 'stdnum-names' },
  { repo: 'stdnum', path: 'stdnum/ch/ssn.py', label: 'CH_AHV', read: 'stdnum-names' },
  { repo: 'stdnum', path: 'stdnum/fr/nir.py', label: 'FR_NIR', read: 'stdnum-names' },
];

/**
 * Where this project's definition of a label deliberately differs from python-stdnum's, the
 * referee of the evaluation. Such values are left out of the "agreed" figures, both ways.
 */
export interface DefinitionDifference {
  label: IdentifierLabel;
  /** The values, as the sources spell them, that the difference concerns. */
  concerns: (value: string) => boolean;
  what: string;
  why: string;
}

export const DEFINITION_DIFFERENCES: readonly DefinitionDifference[] = [
  {
    label: 'BE_NATIONAL_NUMBER',
    concerns: (v) => v === '00400100184',
    what: '00400100184',
    why: 'a BIS number (month + 40), which python-stdnum keeps apart (stdnum.be.bis) and BE_NATIONAL_NUMBER covers, as it identifies a person all the same',
  },
  {
    label: 'DE_TAX_ID',
    concerns: (v) => {
      const ten = v.replace(/\D/g, '').slice(0, 10);
      const run = /(\d)\1\1/.exec(ten)?.[1];
      return run !== undefined && ten.split(run).length - 1 === 3;
    },
    what: 'a Steuer-ID whose first ten digits hold one digit three times in a row',
    why: "the BZSt's rule since 2016 allows a digit three times, but not in three places side by side; DE_TAX_ID applies it, python-stdnum does not",
  },
  {
    label: 'ES_NIF',
    concerns: (v) => /^\d{5,7}[- ]?[a-z]$/i.test(v.trim()),
    what: 'a DNI of five to seven digits and its letter',
    why: "a DNI written without its leading zeros, which python-stdnum rejects and ES_NIF reads after a word naming it (as Presidio's recognizer and validator.js's isTaxID accept it)",
  },
];
