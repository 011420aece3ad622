// Name particles, per language: the short words between or before the parts of a name
// (`Charles de Gaulle`, `Giuseppe Lo Russo`, `María de los Ríos`, `Pieter van der Berg`). A
// particle joins a name only before a capitalised word (two particles at most: `van den`, `de
// la`), is never a family name by itself, and one that is also an article (`Le`, `La`, `Lo`,
// `El`: a stop word) needs a family name of the lists or another sign of a name after it
// (`Le Gall`, not `Le Monde`).
import type { CueLanguage } from './titles';

export interface ParticleRow {
  lang: CueLanguage | 'ar';
  /** The particles, lower case, separated by spaces. */
  particles: string;
  /**
   * `any-name`: between any two capitalised words (`Charles de Gaulle`, `Van den Berg`);
   * `after-given-name`: only after a given name of the lists or a title (`Giuseppe Lo Russo`,
   * `Heinrich zur Lippe`, `Sra. de los Santos`), since between other capitalised words they are
   * words (`Antrag zur Prüfung`, `Museo de los Niños`, `NICHT zur Verwendung`).
   */
  joins: 'any-name' | 'after-given-name';
  /** Whether a family name may open with it (`de la Fuente`); `y` only joins two (`Ortega y Gasset`). */
  opens?: false;
}

export const NAME_PARTICLES: readonly ParticleRow[] = [
  { lang: 'fr', particles: 'de du des la le', joins: 'any-name' },
  { lang: 'es', particles: 'de del la', joins: 'any-name' },
  { lang: 'es', particles: 'y', joins: 'any-name', opens: false },
  { lang: 'es', particles: 'las los', joins: 'after-given-name' },
  { lang: 'it', particles: 'di da de del della', joins: 'any-name' },
  { lang: 'it', particles: 'dal dalla degli delle lo', joins: 'after-given-name' },
  { lang: 'pt', particles: 'da das dos de', joins: 'any-name' },
  { lang: 'de', particles: 'von zu der den', joins: 'any-name' },
  { lang: 'de', particles: 'vom zum zur', joins: 'after-given-name' },
  { lang: 'nl', particles: 'van der den de ten ter', joins: 'any-name' },
  { lang: 'nl', particles: 'te', joins: 'after-given-name' },
  { lang: 'en', particles: 'af dit', joins: 'any-name' },
  { lang: 'ar', particles: 'al el bin ben ibn', joins: 'any-name' },
];

const particlesOf = (rows: readonly ParticleRow[]) => [
  ...new Set(rows.flatMap((row) => row.particles.split(' '))),
];

/** Every particle of the table. */
export const PARTICLES: readonly string[] = particlesOf(NAME_PARTICLES);

/** The particles no family name opens with (`Sir y Fflint` is a place). */
export const PARTICLES_NOT_OPENING: readonly string[] = particlesOf(
  NAME_PARTICLES.filter((row) => row.opens === false),
);

/** The particles that join a name only after a given name or a title. */
export const PARTICLES_AFTER_GIVEN_NAME: readonly string[] = particlesOf(
  NAME_PARTICLES.filter((row) => row.joins === 'after-given-name'),
).filter(
  (p) =>
    !NAME_PARTICLES.some((row) => row.joins === 'any-name' && row.particles.split(' ').includes(p)),
);

/**
 * Elided particles written before a name with an apostrophe and no blank (`d'Arcy`,
 * `d’Ormesson`): the tokenizer leaves the elision out of the word, the scan joins it to the
 * name when a given name or a title comes before it.
 */
export const ELIDED_PARTICLES: readonly string[] = ['d'];

const ELIDED_CODES = new Set(
  ELIDED_PARTICLES.flatMap((p) => [p.charCodeAt(0), p.toUpperCase().charCodeAt(0)]),
);

/** Whether the code unit is an elided particle of `ELIDED_PARTICLES` (either case). */
export function isElidedParticle(code: number): boolean {
  return ELIDED_CODES.has(code);
}
