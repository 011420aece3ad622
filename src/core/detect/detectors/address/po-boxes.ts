// Post-office boxes, as each language writes them: `PO Box 123`, `P.O. Box 123`, `BP 45`,
// `B.P. 45`, `Boîte postale 45`, `Postfach 10 12 34`, `Apartado de Correos 123`, `Apdo. 123`,
// `Casella postale 12`, `Case postale 12`, `Postbus 123`.

/**
 * Each box phrase as its word keys (lower case, no accents, dots dropped: `P.O. Box` is
 * `p o box`), and whether it needs a postcode and city after its number to be an address:
 * `BP` is also a firm and blood pressure (`BP 120`), `Apartado 3` a section of a text.
 */
export const PO_BOX_PHRASES: readonly { words: readonly string[]; needsPostcode: boolean }[] = [
  { words: ['po', 'box'], needsPostcode: false },
  { words: ['p', 'o', 'box'], needsPostcode: false },
  { words: ['pob'], needsPostcode: false },
  { words: ['post', 'office', 'box'], needsPostcode: false },
  { words: ['boite', 'postale'], needsPostcode: false },
  { words: ['b', 'p'], needsPostcode: false },
  { words: ['bp'], needsPostcode: true },
  { words: ['postfach'], needsPostcode: false },
  { words: ['apartado', 'de', 'correos'], needsPostcode: false },
  { words: ['apartado', 'correos'], needsPostcode: false },
  { words: ['apdo'], needsPostcode: false },
  { words: ['apartado'], needsPostcode: true },
  { words: ['casella', 'postale'], needsPostcode: false },
  { words: ['case', 'postale'], needsPostcode: false },
  { words: ['postbus'], needsPostcode: false },
];

/** The last word of every phrase: what the word before a box number must be. */
export const PO_BOX_LAST_WORDS: ReadonlySet<string> = new Set(
  PO_BOX_PHRASES.map((p) => p.words[p.words.length - 1]!),
);
