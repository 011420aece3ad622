import type { StreetWordTable } from './types';

// Dutch street words (Netherlands, Flanders): they end one compound word (`Kerkstraat`,
// `Prinsengracht`, `Wetstraat`); the number comes after it.
export const NL_STREET_WORDS: StreetWordTable = {
  lang: 'nl',
  countries: ['NL', 'BE'],
  rows: [
    { word: 'straat', short: ['str.'], position: ['suffix'] },
    { word: 'laan', position: ['suffix'] },
    { word: 'weg', position: ['suffix'] },
    { word: 'plein', position: ['suffix'] },
    { word: 'gracht', position: ['suffix'] },
    { word: 'kade', position: ['suffix'] },
    { word: 'singel', position: ['suffix'] },
    { word: 'dijk', position: ['suffix'] },
    { word: 'steeg', position: ['suffix'] },
    { word: 'dreef', position: ['suffix'] },
    { word: 'steenweg', position: ['suffix'] },
    { word: 'burgwal', position: ['suffix'] },
    { word: 'plantsoen', position: ['suffix'] },
    { word: 'kaai', position: ['suffix'] },
    { word: 'baan', position: ['suffix'], weak: true },
    { word: 'lei', position: ['suffix'], weak: true },
    { word: 'pad', position: ['suffix'], weak: true },
    { word: 'markt', position: ['suffix'], weak: true },
    { word: 'wal', position: ['suffix'], weak: true },
    { word: 'hof', position: ['suffix'], weak: true },
    { word: 'haven', position: ['suffix'], weak: true },
  ],
};
