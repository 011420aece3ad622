import type { StreetWordTable } from './types';

// Spanish street words (with the Catalan and Galician ones people write in Spain) and their
// usual abbreviations (`C/`, `Avda.`, `Pº`, `Ctra.`); the number comes after the name, often
// after a comma (`Calle de Alcalá, 48`).
export const ES_STREET_WORDS: StreetWordTable = {
  lang: 'es',
  countries: ['ES'],
  rows: [
    { word: 'calle', short: ['c/', 'cl.', 'c.', 'cll.'], position: ['lead'] },
    { word: 'avenida', short: ['avda', 'avd', 'av', 'avd.a'], position: ['lead'] },
    { word: 'plaza', short: ['pza', 'plza', 'pl.'], position: ['lead'] },
    { word: 'paseo', short: ['pº', 'p.º', 'pso.'], position: ['lead'] },
    { word: 'carretera', short: ['ctra', 'crta'], position: ['lead'] },
    { word: 'travesia', short: ['trva.', 'trav.'], position: ['lead'] },
    { word: 'glorieta', short: ['gta.'], position: ['lead'] },
    { word: 'rambla', short: ['rbla.'], position: ['lead'] },
    { word: 'callejon', short: ['cjon.'], position: ['lead'] },
    { word: 'pasaje', short: ['pje.', 'psje.'], position: ['lead'] },
    { word: 'urbanizacion', short: ['urb.'], position: ['lead'] },
    { word: 'bulevar', short: ['blvr.'], position: ['lead'] },
    { word: 'alameda', position: ['lead'] },
    { word: 'cuesta', position: ['lead'] },
    { word: 'carrer', position: ['lead'] },
    { word: 'avinguda', short: ['avgda.'], position: ['lead'] },
    { word: 'passeig', short: ['pg.'], position: ['lead'] },
    { word: 'placa', position: ['lead'] },
    { word: 'rua', position: ['lead'] },
    { word: 'camino', short: ['cno.', 'cº'], position: ['lead'], weak: true },
    { word: 'ronda', short: ['rda.'], position: ['lead'], weak: true },
    { word: 'via', position: ['lead'], weak: true },
    { word: 'barrio', short: ['bº'], position: ['lead'], weak: true },
  ],
};
