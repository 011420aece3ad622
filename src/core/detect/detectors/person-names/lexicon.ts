import { PARTICLES } from '../person/particles';
import { TITLE_HEAD_KEYS } from '../person/titles';
import { FIRST_NAMES } from './first-names';
import { EXTENDED_FIRST_NAMES } from './first-names-extended';
import { nameKey } from './name-key';
import {
  AMBIGUOUS_FIRST_NAMES,
  NATIONALITIES,
  ORGANISATION_WORDS,
  PLACE_WORDS,
  STOP_WORDS,
} from './stop-words';
import { SURNAMES_LIST } from './surnames';

export { nameKey };

function keys(words: readonly string[]): ReadonlySet<string> {
  return new Set(words.map(nameKey));
}

/** Given names (keys), of the curated list. */
export const FIRST_NAME_KEYS = keys(FIRST_NAMES);

/**
 * Given names of two MIT-licensed lists that are no common word, family name or word the other
 * lists classify (`first-names-extended.ts`), keys. They start a name of two words or more
 * (`Thaddeus Whitmore`), or one after a title, a greeting or an introduction, but are never a
 * name by themselves, nor make a run of all-caps words one: such lists hold places, brands and
 * words too (`Django`, `Lucca`, `Athena`).
 */
export const EXTENDED_FIRST_NAME_KEYS = keys(EXTENDED_FIRST_NAMES);

/** Words never a name by themselves (keys). */
export const STOP_KEYS = keys(STOP_WORDS);
/** Organisation and street words (keys). */
export const ORGANISATION_KEYS = keys(ORGANISATION_WORDS);
/** Places (keys). */
export const PLACE_KEYS = keys(PLACE_WORDS);
/** Nationalities (keys): no name after `my partner is`. */
export const NATIONALITY_KEYS = keys(NATIONALITIES);
/** Given names that are also common words or places (keys). */
export const AMBIGUOUS_KEYS = keys(AMBIGUOUS_FIRST_NAMES);

/**
 * Words that start a title (`Dr`, `Mme`, `sig` of `sig.ra`, `l'avv`), stripped from the span
 * (`Dr. Emily Chen` → `Emily Chen`): the table and how each is written are in `../person/titles`.
 */
export const TITLE_KEYS: ReadonlySet<string> = TITLE_HEAD_KEYS;

/** Words that, right before a capitalised word, announce a name (greetings, thanks). */
export const GREETING_KEYS = keys(
  `hi hello hey dear dearest thanks thx cheers morning evening bonjour bonsoir salut coucou merci cher
  chere chers bienvenue felicitations bravo hallo servus moin liebe lieber danke hola gracias querido
  querida estimado estimada ciao buongiorno buonasera salve grazie caro cara gentile gentilissimo
  gentilissima welcome congrats congratulations bye ok okay yo`
    .split(/\s/)
    .filter(Boolean),
);

/** Name particles between or before the parts of a name (`../person/particles`). */
export const PARTICLE_KEYS = keys(PARTICLES);

/**
 * Family names (keys): the words of the listed names but their particles (`De Santis` gives
 * `santis`; `de` is a particle, read as such, not a family name).
 */
export const SURNAME_KEYS: ReadonlySet<string> = new Set(
  SURNAMES_LIST.flatMap((name) => name.split(' '))
    .map(nameKey)
    .filter((key) => !PARTICLE_KEYS.has(key)),
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

/** Bits of `KEY_FLAGS`: the lists a key belongs to. */
export const IN_FIRST_NAMES = 1;
export const IN_AMBIGUOUS = 2;
export const IN_SURNAMES = 4;
export const IN_STOP_WORDS = 8;
export const IN_TITLES = 16;
export const IN_GREETINGS = 32;
export const IN_PARTICLES = 64;
export const IN_PLACE_PREFIXES = 128;
export const IN_ORGANISATIONS = 256;
export const IN_PLACES = 512;
/** Past the bits `person/keys.ts` adds to these (1 << 10 to 1 << 23). */
export const IN_EXTENDED_NAMES = 1 << 24;
export const IN_NATIONALITIES = 1 << 25;

/** Every key of the lists above, with the lists it belongs to (one lookup instead of ten). */
export const KEY_FLAGS: ReadonlyMap<string, number> = (() => {
  const flags = new Map<string, number>();
  const add = (set: ReadonlySet<string>, bit: number) => {
    for (const key of set) flags.set(key, (flags.get(key) ?? 0) | bit);
  };
  add(FIRST_NAME_KEYS, IN_FIRST_NAMES);
  add(AMBIGUOUS_KEYS, IN_AMBIGUOUS);
  add(EXTENDED_FIRST_NAME_KEYS, IN_EXTENDED_NAMES);
  add(SURNAME_KEYS, IN_SURNAMES);
  add(STOP_KEYS, IN_STOP_WORDS);
  add(TITLE_KEYS, IN_TITLES);
  add(GREETING_KEYS, IN_GREETINGS);
  add(PARTICLE_KEYS, IN_PARTICLES);
  add(PLACE_PREFIX_KEYS, IN_PLACE_PREFIXES);
  add(ORGANISATION_KEYS, IN_ORGANISATIONS);
  add(PLACE_KEYS, IN_PLACES);
  add(NATIONALITY_KEYS, IN_NATIONALITIES);
  return flags;
})();
