// Titles and honorifics before a name, per language: what the person detector strips from the
// span (`Dr. Emily Chen` → `Emily Chen`) and reads as the strongest sign that a name follows.
// The rows are the data; `titleCueOf` and the key sets below are all the scan reads of them.
import { nameKey } from '../person-names/name-key';

/**
 * How a title may be written (its case and its dot):
 * - `any`: any case, with or without its dot (`dott.`, `Dott`, `DOTT`, `dott Rossi`): no word of
 *   the five languages is written so;
 * - `dot-if-lower`: in lower case only with its dot (`prof. Rossi`, `sr. García`), else with or
 *   without it;
 * - `not-lower`: never in lower case (`Ms`, `MS.`, `Col`): `ms.` is milliseconds, `gen.` the end
 *   of a word cut at a line break, `col` an Italian word;
 * - `capitalised`: a capital then lower case only (`Me`, `Pr`): `me` is a pronoun, `PR` an
 *   acronym;
 * - `lower`: lower case only (`don`): `Don` is a given name, read with the name it starts;
 * - `capital-dot`: not in lower case, and with the dot (`M.`, `Fr.`, `Arch.`): `M` and `Fr` alone
 *   are letters, units, weekdays; `arch.` and `Dir` abbreviate things.
 */
export type TitleCase =
  | 'any'
  | 'dot-if-lower'
  | 'not-lower'
  | 'capitalised'
  | 'lower'
  | 'capital-dot';

/**
 * What a title needs after it: `any-name`, any capitalised word that is no stop word;
 * `listed-name`, a given or family name of the lists, a known name or a particle (`Sr. de la
 * Fuente`): titles that are also words (`don`, an English verb; `Fr.`, Friday; `Me`, a pronoun)
 * are alone no sign of a name; `not-a-role`, any name but a role (`Sr. Echoez`, not `Sr. Data
 * Scientist`: `Sr.` is also the English senior).
 */
export type TitleSupport = 'any-name' | 'listed-name' | 'not-a-role';

export type CueLanguage = 'en' | 'fr' | 'de' | 'es' | 'it' | 'nl' | 'pt';

/** One row of the table: titles of one language that are written and read alike. */
export interface TitleRow {
  lang: CueLanguage;
  /**
   * The forms, in lower case, separated by spaces. A dot inside a form is written (`sig.ra`,
   * `dott.ssa`, `dr.in`); the dot at the end of an abbreviation is not (see `case`). A form of a
   * vowel may follow an elision: `l'avv.`, `dell'ing.`, `l'abbé`.
   */
  forms: string;
  case: TitleCase;
  support: TitleSupport;
  /** The score of a name after it. */
  weight: number;
  /**
   * Whole words (`Herr`, `Madame`, `Signora`), not abbreviations: in capitals without a dot
   * (`HERR ROTSTÄTTER`) they are titles still; an abbreviation so written may be an acronym.
   */
  words?: true;
}

const STRONG = 0.95;
const WEAK = 0.9;

/** Titles and honorifics of EN, FR, DE, ES and IT, with their abbreviations. */
export const TITLE_CUES: readonly TitleRow[] = [
  // English.
  { lang: 'en', forms: 'mr mrs dr', case: 'any', support: 'any-name', weight: STRONG },
  { lang: 'en', forms: 'prof', case: 'dot-if-lower', support: 'any-name', weight: STRONG },
  {
    lang: 'en',
    forms: 'ms mx miss sir dame lord lady rev capt col gen lt sgt hon mgr det insp',
    case: 'not-lower',
    support: 'any-name',
    weight: STRONG,
  },
  {
    lang: 'en',
    // In lower case these are nouns (`the general manager`, `director general de Medio Ambiente`).
    forms: 'professor reverend father sister captain general officer judge doctor',
    case: 'not-lower',
    words: true,
    support: 'any-name',
    weight: STRONG,
  },
  // `Fr.`: Father, and Frau below.
  { lang: 'en', forms: 'fr', case: 'capital-dot', support: 'listed-name', weight: WEAK },
  // French.
  { lang: 'fr', forms: 'm mm', case: 'capital-dot', support: 'any-name', weight: STRONG },
  { lang: 'fr', forms: 'mme mmes mlle mlles', case: 'any', support: 'any-name', weight: STRONG },
  // `Me` (maître) and `Pr` (professeur): `me` is a pronoun, `PR` an acronym. `Me` is also the
  // English pronoun of title-case song titles (`Love Me Harder`): a name of the lists only.
  { lang: 'fr', forms: 'pr', case: 'capitalised', support: 'any-name', weight: STRONG },
  { lang: 'fr', forms: 'me', case: 'capitalised', support: 'listed-name', weight: WEAK },
  {
    lang: 'fr',
    forms: 'madame monsieur mademoiselle maître docteur professeur juge abbé',
    case: 'any',
    words: true,
    support: 'any-name',
    weight: STRONG,
  },
  // `le père Noël`, `le père Lumière`: in lower case, a nickname.
  {
    lang: 'fr',
    forms: 'père sœur soeur',
    case: 'not-lower',
    support: 'any-name',
    weight: STRONG,
    words: true,
  },
  // German. `Fr.` is also Friday (`Mo. bis Fr.`), and francs.
  {
    lang: 'de',
    forms: 'hr frl dir mag dres',
    case: 'capital-dot',
    support: 'any-name',
    weight: STRONG,
  },
  {
    lang: 'de',
    forms: 'herr frau',
    case: 'not-lower',
    support: 'any-name',
    weight: STRONG,
    words: true,
  },
  {
    lang: 'de',
    forms: 'fräulein dr.in dr.ⁱⁿ mag.a mag.ª',
    case: 'any',
    support: 'any-name',
    weight: STRONG,
  },
  // Spanish. `Sr.` is also the English senior (`Sr. Data Scientist`), and `Sr` strontium.
  { lang: 'es', forms: 'sr', case: 'dot-if-lower', support: 'not-a-role', weight: WEAK },
  {
    lang: 'es',
    forms: 'sra srta sres sr.ª dra dª lic ldo lda profa',
    case: 'any',
    support: 'any-name',
    weight: STRONG,
  },
  { lang: 'es', forms: 'dña', case: 'capitalised', support: 'any-name', weight: STRONG },
  {
    lang: 'es',
    forms: 'señor señora señorita doña',
    case: 'any',
    words: true,
    support: 'any-name',
    weight: STRONG,
  },
  // `don García`, `don Camillo`; `don` is an English verb (`don the suit`).
  { lang: 'es', forms: 'don', case: 'lower', support: 'listed-name', weight: WEAK },
  // Italian.
  {
    lang: 'it',
    forms: 'sig sig.ra sig.na sigg dott dott.ssa prof.ssa avv ing geom cav mons',
    case: 'any',
    support: 'any-name',
    weight: STRONG,
  },
  { lang: 'it', forms: 'arch rag comm', case: 'capital-dot', support: 'any-name', weight: STRONG },
  {
    lang: 'it',
    forms: `signor signore signora signorina dottore dottoressa avvocato avvocatessa ingegnere
      architetto professore professoressa`,
    case: 'any',
    words: true,
    support: 'any-name',
    weight: STRONG,
  },
  { lang: 'it', forms: 'don', case: 'lower', support: 'listed-name', weight: WEAK },
];

// Elisions before a title that starts with a vowel: `l'avv. Ferraro`, `dell'ing. Galli`.
const ELISIONS = ['l', 'dell', 'all', 'dall', 'nell', 'sull', 'coll', 'd'];

/**
 * Words of job titles, which follow `Sr.` (senior) in English: `Sr. Software Engineer`,
 * `Sr. Vice President`, `Sr. Data Scientist`. Lower case.
 */
export const ROLE_WORDS: readonly string[] = `engineer engineers developer developers analyst
  consultant scientist designer architect associate specialist officer executive editor counsel
  advisor adviser accountant technician coordinator recruiter producer researcher lead principal
  vice president partner administrator assistant intern director manager product software data
  account sales marketing program project staff systems system network security research
  technical customer business financial finance operations frontend backend fullstack devops
  qa ux ui cloud platform solutions support machine learning ml ai java python web mobile ios
  android site reliability quality test hardware design content legal`
  .split(/\s+/)
  .filter(Boolean);

/** What a form of the table says of the title written so. */
export interface TitleCue {
  readonly lang: CueLanguage;
  readonly case: TitleCase;
  readonly support: TitleSupport;
  readonly weight: number;
  /**
   * The same title in capitals without its dot (`DOTT ROSSI`, `CAV PROBES`): capitals are full
   * of acronyms, so it needs a name of the lists.
   */
  readonly inCapitals: TitleCue;
}

// A form's key is the `nameKey` of each of its words: superscript letters (`ⁱⁿ`, `ª`) stay as
// they are, so that `Dª` is not read as the particle `da`.
const formKey = nameKey;

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** The cue of a row, and its variant in capitals without a dot. */
function titleCue(row: TitleRow): TitleCue {
  const base = { lang: row.lang, case: row.case, weight: row.weight };
  const cue = { ...base, support: row.support } as Writable<TitleCue>;
  if (row.words) {
    // Whole words stay titles in capitals.
    cue.inCapitals = cue;
  } else {
    const capitals = { ...base, support: 'listed-name' } as Writable<TitleCue>;
    capitals.inCapitals = capitals;
    cue.inCapitals = capitals;
  }
  return cue;
}

const CUES = new Map<string, TitleCue>();
/** Keys of the words that start a title (`sig` of `sig.ra`), elided forms included (`l'avv`). */
export const TITLE_HEAD_KEYS = new Set<string>();
/** Keys of the words that end a title after a dot (`ra` of `sig.ra`, `ssa`, `in`). */
export const TITLE_TAIL_KEYS = new Set<string>();

for (const row of TITLE_CUES) {
  const cue = titleCue(row);
  for (const form of row.forms.split(/\s+/).filter(Boolean)) {
    const key = formKey(form);
    const same = CUES.get(key);
    // A form read two ways would make the table say two things.
    if (same && (same.case !== cue.case || same.support !== cue.support)) {
      throw new Error(`the title "${form}" is in two rows that read it differently`);
    }
    CUES.set(key, same ?? cue);
    const [head = key, tail] = key.split('.');
    TITLE_HEAD_KEYS.add(head);
    if (tail) TITLE_TAIL_KEYS.add(tail);
    if (/^[aeiou]/.test(head)) for (const e of ELISIONS) TITLE_HEAD_KEYS.add(`${e}'${head}`);
  }
}

/**
 * The cue of a title written `form` (any case, without the dot at its end, with an elision
 * before it or not: `Dott`, `sig.ra`, `l'avv`, `Dr.ⁱⁿ`), or `undefined`.
 *
 * @example
 * titleCueOf('dott.ssa')?.support; // 'any-name'
 * titleCueOf('maybe'); // undefined
 */
export function titleCueOf(form: string): TitleCue | undefined {
  const key = formKey(form);
  const cue = CUES.get(key);
  if (cue) return cue;
  const apostrophe = key.indexOf("'");
  return apostrophe > 0 && ELISIONS.includes(key.slice(0, apostrophe))
    ? CUES.get(key.slice(apostrophe + 1))
    : undefined;
}

/**
 * Whether a title written `word` (its letters, after an elision or not: `Dott`, `l'avv`), with
 * its dot after it or not, is written as `rule` allows (see `TitleCase`).
 *
 * @example
 * writtenAs('capitalised', 'Me', false); // true: `Me Lacroix`
 * writtenAs('capitalised', 'me', false); // false: a pronoun
 * writtenAs('not-lower', 'col', true); // false: `col` is an Italian word
 */
export function writtenAs(rule: TitleCase, word: string, dot: boolean): boolean {
  const apostrophe = Math.max(word.lastIndexOf("'"), word.lastIndexOf('’'));
  const letters = apostrophe >= 0 ? word.slice(apostrophe + 1) : word;
  const lower = letters === letters.toLowerCase();
  const capitalised = !lower && letters.slice(1) === letters.slice(1).toLowerCase();
  // `sR`, `dR`: a word in mixed case is no title.
  if (!lower && !capitalised && letters !== letters.toUpperCase()) return false;
  switch (rule) {
    case 'any':
      return true;
    case 'dot-if-lower':
      return !lower || dot;
    case 'not-lower':
      return !lower;
    case 'capitalised':
      return capitalised;
    case 'lower':
      return lower;
    case 'capital-dot':
      return !lower && dot;
  }
}
