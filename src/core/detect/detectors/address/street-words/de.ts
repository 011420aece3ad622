import type { StreetWordTable } from './types';

// German street words (Germany, Austria, Switzerland): most end one compound word
// (`Hauptstraße`, `Lindenweg`), some stand alone after an adjective or a name (`Berliner
// Straße`, `Am Alten Markt`) or open it (`Straße des 17. Juni`, `Platz der Republik`); the
// number always comes after the name.
export const DE_STREET_WORDS: StreetWordTable = {
  lang: 'de',
  countries: ['DE', 'CH'],
  rows: [
    { word: 'strasse', short: ['str.', 'str'], position: ['suffix', 'tail-after', 'lead'] },
    { word: 'gasse', position: ['suffix', 'tail-after'] },
    { word: 'weg', position: ['suffix', 'tail-after'] },
    { word: 'allee', position: ['suffix', 'tail-after', 'lead'] },
    { word: 'damm', position: ['suffix', 'tail-after'] },
    { word: 'ufer', position: ['suffix', 'tail-after'] },
    { word: 'chaussee', position: ['suffix', 'tail-after'] },
    { word: 'steig', position: ['suffix'] },
    { word: 'stieg', position: ['suffix'] },
    { word: 'pfad', position: ['suffix'] },
    { word: 'zeile', position: ['suffix'] },
    { word: 'promenade', position: ['suffix', 'tail-after'] },
    { word: 'gurtel', short: ['guertel'], position: ['suffix'] },
    { word: 'kai', position: ['suffix', 'tail-after'] },
    // Swiss German: `Limmatquai`, `Utoquai`.
    { word: 'quai', position: ['suffix'] },
    { word: 'platz', short: ['pl.'], position: ['suffix', 'tail-after', 'lead'], weak: true },
    { word: 'ring', position: ['suffix', 'tail-after'], weak: true },
    { word: 'markt', position: ['suffix', 'tail-after'], weak: true },
    { word: 'graben', position: ['suffix', 'tail-after'], weak: true },
    { word: 'wall', position: ['suffix'], weak: true },
    { word: 'hof', position: ['suffix'], weak: true },
    { word: 'berg', position: ['suffix'], weak: true },
    { word: 'feld', position: ['suffix'], weak: true },
    { word: 'garten', position: ['suffix'], weak: true },
    { word: 'tor', position: ['suffix'], weak: true },
  ],
};
