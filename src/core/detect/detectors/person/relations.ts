// Relatives and colleagues, per language: a possessive, a noun, and optionally a verb that names
// (`my husband Frank`, `ma collègue Inès`, `my partner is Nora`, `mi marido se llama Anselmo`).
// A capitalised word of no list right after one is a name (0.75). Verbs that also take a
// profession or a nationality (`ist` in `mein Partner ist Arzt`) are left out; nationalities
// and places are stop words.
import type { CueLanguage } from './titles';

export interface RelationRow {
  lang: CueLanguage;
  /** Possessives before the noun, lower case, separated by spaces. */
  possessives: string;
  /** The nouns, lower case, separated by spaces. */
  nouns: string;
  /** Verbs between the noun and the name (`is`, `s'appelle`), one per entry; the last word of
   * each is what the scan looks for right before a name. */
  verbs: readonly string[];
}

/** The score of a name after a relative, or in a list after a name. */
export const RELATION_WEIGHT = 0.75;

export const RELATIONS: readonly RelationRow[] = [
  {
    lang: 'en',
    possessives: 'my our his her their',
    nouns: `father mother dad mum mom wife husband son daughter brother sister aunt uncle cousin
      niece nephew grandma grandpa grandmother grandfather granny boyfriend girlfriend fiance
      fiancee fiancé fiancée partner spouse colleague coworker manager boss friend neighbour
      neighbor lawyer doctor intern assistant`,
    verbs: ['is', "'s name is", '’s name is', 'is called', 'is named'],
  },
  {
    lang: 'fr',
    possessives: 'mon ma notre son sa leur',
    nouns: `père pere mère mere femme mari conjoint conjointe époux epoux épouse epouse compagnon
      compagne copain copine fils fille frère frere sœur soeur tante oncle cousin cousine neveu
      nièce niece mamie papy fiancé fiancée collègue collegue ami amie voisin voisine avocat
      avocate médecin medecin conseiller conseillère conseillere chef stagiaire assistant
      assistante partenaire associé associée`,
    verbs: ['est', "s'appelle", 's’appelle', 'se nomme', 'se prénomme'],
  },
  {
    lang: 'de',
    possessives: 'mein meine unser unsere',
    nouns: `vater mutter frau mann bruder schwester tante onkel kollege kollegin freund freundin
      partner partnerin ehemann ehefrau sohn tochter chef chefin nachbar nachbarin`,
    verbs: ['heißt', 'heisst'],
  },
  {
    lang: 'es',
    possessives: 'mi mis nuestro nuestra',
    nouns: `padre madre hermano hermana tío tio tía tia primo prima amigo amiga pareja esposo
      esposa marido novio novia compañero compañera jefe jefa vecino vecina hijo hija abuelo
      abuela socio socia`,
    verbs: ['es', 'se llama'],
  },
  {
    lang: 'it',
    possessives: 'mio mia nostro nostra',
    nouns: `padre madre fratello sorella zio zia amico amica collega compagno compagna marito
      moglie figlio figlia fidanzato fidanzata capo vicino vicina socio socia nonno nonna`,
    verbs: ['è', 'e’', "e'", 'si chiama'],
  },
];

const words = (list: string) => list.split(/\s+/).filter(Boolean);

/** Every noun of the table. */
export const RELATION_NOUNS: readonly string[] = [
  ...new Set(RELATIONS.flatMap((row) => words(row.nouns))),
];
/** Every possessive of the table. */
export const RELATION_POSSESSIVES: readonly string[] = [
  ...new Set(RELATIONS.flatMap((row) => words(row.possessives))),
];
/** Every verb of the table. */
export const RELATION_VERBS: readonly string[] = [...new Set(RELATIONS.flatMap((r) => r.verbs))];
