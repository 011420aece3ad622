import { FIRST_NAMES } from './first-names';
import { AMBIGUOUS_FIRST_NAMES, ORGANISATION_WORDS, PLACE_WORDS, STOP_WORDS } from './stop-words';
import { SURNAMES_LIST } from './surnames';

const MARKS = /\p{M}/gu;
const APOSTROPHES = /[’‘]/g;

/**
 * Lookup key of a word: lower case, without accents, with a straight apostrophe. `Hélène`,
 * `HELENE` and `helene` share one key.
 *
 * @example
 * nameKey('Hélène'); // 'helene'
 */
export function nameKey(word: string): string {
  return word.normalize('NFD').replace(MARKS, '').replace(APOSTROPHES, "'").toLowerCase();
}

function keys(words: readonly string[]): ReadonlySet<string> {
  return new Set(words.map(nameKey));
}

/** Given names (keys). */
export const FIRST_NAME_KEYS = keys(FIRST_NAMES);
/** Family names (keys). */
export const SURNAME_KEYS = keys(SURNAMES_LIST);
/** Words never a name by themselves (keys). */
export const STOP_KEYS = keys(STOP_WORDS);
/** Organisation and street words (keys). */
export const ORGANISATION_KEYS = keys(ORGANISATION_WORDS);
/** Places (keys). */
export const PLACE_KEYS = keys(PLACE_WORDS);
/** Given names that are also common words or places (keys). */
export const AMBIGUOUS_KEYS = keys(AMBIGUOUS_FIRST_NAMES);

/** Titles and honorifics, stripped from the span (`Dr. Emily Chen` → `Emily Chen`). */
export const TITLE_KEYS = keys(
  `mr mrs ms miss mx dr prof professor sir dame lord lady madame mme mmes mademoiselle mlle monsieur
  m mm maitre docteur pr herr frau fraulein senor senora senorita sr sra srta signor
  signore signora signorina sig dott dottore dottoressa ing avv rev reverend father pere sister soeur
  capt captain col gen general lt sgt officer judge juge hon mgr dres dir`
    .split(/\s/)
    .filter(Boolean),
);

/** Words that, right before a capitalised word, announce a name (greetings, thanks). */
export const GREETING_KEYS = keys(
  `hi hello hey dear dearest thanks thx cheers morning evening bonjour bonsoir salut coucou merci cher
  chere chers bienvenue felicitations bravo hallo servus moin liebe lieber danke hola gracias querido
  querida estimado estimada ciao buongiorno buonasera salve grazie caro cara gentile gentilissimo
  gentilissima welcome congrats congratulations bye ok okay yo`
    .split(/\s/)
    .filter(Boolean),
);

/** Name particles written in lower case between two capitalised parts. */
export const PARTICLE_KEYS = keys(
  'de du des la le van von der den di da del della dos das ten ter zu bin ben ibn al el y af dit'.split(
    ' ',
  ),
);

/** Words before a capitalised word that make it a street, a school or a saint, not a person. */
export const PLACE_PREFIX_KEYS = keys(
  `rue avenue av bd boulevard place pl allee impasse quai chemin route square parc cours passage
  lycee college ecole universite hopital clinique gare station metro stade pont porte residence
  saint sainte st ste san santa sao sankt street st road rd lane drive via viale piazza corso calle
  plaza paseo avenida strasse platz prix prize award fondation foundation institut institute musee
  museum centre center hotel restaurant cafe`
    .split(/\s/)
    .filter(Boolean),
);
