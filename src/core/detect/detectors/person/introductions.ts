// Phrases after which a name comes, per language (`my name is`, `je m'appelle`, `under the
// name`, `a nombre de`): a name right after one, even of no list and alone, is a name. Those by
// which people introduce themselves also announce a name written in lower case, as people type
// in chats (`i'm bertram jørgensen`), when it starts with a given name of the lists.
import type { CueLanguage } from './titles';

export interface IntroductionRow {
  lang: CueLanguage;
  /** Lower case, one phrase per line or separated by `|`; no regex syntax. */
  phrases: readonly string[];
  /** A self-introduction: a lower-case given name of the lists after it is a name too. */
  lowerCaseNames: boolean;
  /**
   * `any-name`: any capitalised word after it that is no stop word is a name; `listed-name`: only
   * a given or family name of the lists (German capitalises its nouns: `ich bin Arzt`, `eine
   * Option namens Netlink`).
   */
  support: 'any-name' | 'listed-name';
}

/** The score of a name after an introduction or a phrase that names. */
export const INTRO_WEIGHT = 0.9;
/** A lower-case name after a self-introduction: the lists only say it is a given name. */
export const LOWER_CASE_NAME_WEIGHT = 0.85;

export const INTRODUCTIONS: readonly IntroductionRow[] = [
  {
    lang: 'en',
    phrases: ['my name is', "my name's", 'call me', 'i am', "i'm", 'i’m', 'this is'],
    lowerCaseNames: true,
    support: 'any-name',
  },
  {
    lang: 'en',
    phrases: ['under the name', 'under the name of', 'in the name of', 'the name is', "the name's"],
    lowerCaseNames: false,
    support: 'any-name',
  },
  {
    lang: 'fr',
    phrases: [
      "je m'appelle",
      'je m’appelle',
      'je me nomme',
      'mon nom est',
      "moi c'est",
      'moi c’est',
      'je suis',
    ],
    lowerCaseNames: true,
    support: 'any-name',
  },
  {
    lang: 'fr',
    phrases: ['au nom de', 'prénommé', 'prénommée', 'dénommé', 'dénommée'],
    lowerCaseNames: false,
    support: 'any-name',
  },
  // `connu sous le nom de Maison rouge`: things have names too.
  {
    lang: 'fr',
    phrases: ['sous le nom de'],
    lowerCaseNames: false,
    support: 'listed-name',
  },
  {
    lang: 'de',
    phrases: ['ich heiße', 'ich heisse', 'mein name ist'],
    lowerCaseNames: true,
    support: 'any-name',
  },
  // `ich bin Arzt`, `ich bin Student`: a noun, not a name, unless it is a name of the lists.
  {
    lang: 'de',
    phrases: ['ich bin'],
    lowerCaseNames: true,
    support: 'listed-name',
  },
  // `eine Option namens Netlink`, `unter dem Namen Patch-Name`: German nouns are capitalised.
  {
    lang: 'de',
    phrases: ['unter dem namen', 'auf den namen', 'mit dem namen', 'namens'],
    lowerCaseNames: false,
    support: 'listed-name',
  },
  {
    lang: 'es',
    phrases: ['me llamo', 'mi nombre es', 'soy'],
    lowerCaseNames: true,
    support: 'any-name',
  },
  {
    lang: 'es',
    phrases: ['a nombre de', 'bajo el nombre de', 'de nombre'],
    lowerCaseNames: false,
    support: 'any-name',
  },
  {
    lang: 'it',
    phrases: ['mi chiamo', 'il mio nome è', 'sono'],
    lowerCaseNames: true,
    support: 'any-name',
  },
  {
    lang: 'it',
    phrases: ['a nome di', 'sotto il nome di', 'di nome', 'intestato a', 'intestata a'],
    lowerCaseNames: false,
    support: 'any-name',
  },
];

/**
 * Words that may follow a lower-case name of no list in the same sentence (`i'm bertram
 * jørgensen and…`, `… from support`): a word of no list read as the family name must be
 * followed by one of these, by punctuation or by the end of the line; `ich bin jonas aus
 * berlin` is Jonas from Berlin, not Jonas Aus.
 */
export const AFTER_LOWER_CASE_NAME: readonly string[] = `and or but from of here speaking et ou
  mais de du ici und oder aber von aus hier y o pero desde aquí e ma da di qui`
  .split(/\s+/)
  .filter(Boolean);

/**
 * Words after which a run of two capitalised words or more, none a stop word, is a name
 * (`avec Valaane Montier`, `signed by Norwyn Wesford`): prepositions and verbs that take a person.
 * A single word after them is not enough (`von Hand`). `listed-name`: only a run with a name of
 * the lists. `de` and `di` are none of them: they come before places and title-case menus
 * (`República de Costa de Marfil`, `Tabla de Exportación de Direcciones`).
 */
export const WEAK_INTRODUCTIONS: readonly {
  lang: CueLanguage;
  phrases: readonly string[];
  support: 'any-name' | 'listed-name';
}[] = [
  {
    lang: 'en',
    phrases: 'from by with and to cc attn contact call ask tell meet met signed'.split(' '),
    support: 'any-name',
  },
  {
    lang: 'fr',
    phrases: [
      ...'avec par pour et chez contacter contactez appelle appelez rappeler signé'.split(' '),
      'de la part de',
      'demande à',
      'demandez à',
    ],
    support: 'any-name',
  },
  { lang: 'de', phrases: ['mit', 'und'], support: 'any-name' },
  { lang: 'es', phrases: ['con', 'y'], support: 'any-name' },
  { lang: 'it', phrases: ['con', 'e'], support: 'any-name' },
  // Before places and teams too (`à Port Sunlight`, `para Queensland Reds`, `per Sannicandro di
  // Bari`); German capitalises its nouns (`für Umleitungen von Dateien`).
  { lang: 'fr', phrases: ['à'], support: 'listed-name' },
  { lang: 'de', phrases: ['von', 'für'], support: 'listed-name' },
  { lang: 'es', phrases: ['para'], support: 'listed-name' },
  { lang: 'it', phrases: ['per'], support: 'listed-name' },
];

/** The score of a name after a weak introduction. */
export const WEAK_INTRO_WEIGHT = 0.75;

/**
 * Words after which an initial and a capitalised word are a name, whatever the lists say
 * (`firmata da G. Iacovino`, `reenvíelo a V. Anguiano`, `von S. Sack`): on top of the weak
 * introductions, the prepositions that come before places and things too, since an initial
 * before a word is seldom a place (`Section B. Results` has no preposition before it).
 */
export const BEFORE_INITIALS: readonly string[] = 'a à de di da von van para per'.split(' ');
