/**
 * Where a street word stands in a street's name, and so where the house number goes:
 * - `lead`: it opens the name (`rue des Lilas`, `Via Roma`, `Calle Mayor`); the number comes
 *   before it (`12 rue des Lilas`, France) or after the name (`Via Roma 1`, `Rue de la Loi 16`
 *   in Belgium and Switzerland);
 * - `tail`: it closes the name, the number before it (`221B Baker Street`, UK and US);
 * - `tail-after`: it closes the name, the number after it (`Berliner Straße 5`, `Am Markt 3`);
 * - `suffix`: it ends one compound word, the number after it (`Hauptstraße 5`, `Kerkstraat 12`).
 */
export type StreetWordPosition = 'lead' | 'tail' | 'tail-after' | 'suffix';

export interface StreetWordRow {
  /** The word in full, lower case, as the canonical form writes it (`rue`, `strasse`). */
  word: string;
  /**
   * Other spellings and abbreviations, lower case; a final `.` means the dot is required
   * (`r.` is `rue`, a bare `r` is not), otherwise it is optional (`bd`, `bd.`).
   */
  short?: readonly string[];
  position: readonly StreetWordPosition[];
  /**
   * Also an everyday word (`place`, `court`, `via`, `Platz`): the street's name after or before
   * it must be capitalised (`2 place Bellecour`, not `2 place settings`), and a compound that
   * ends with it needs more than the number (a postcode and city after it).
   */
  weak?: true;
}

/** The street words of one language, and the countries whose addresses are written in it. */
export interface StreetWordTable {
  lang: 'en' | 'fr' | 'de' | 'es' | 'it' | 'nl';
  countries: readonly string[];
  /**
   * Whether a house number may come before a `lead` word (`12 rue des Lilas`: French); in the
   * other languages it follows the name (`Via Roma 1`, `Calle Mayor 10`).
   */
  numberBeforeLead?: true;
  rows: readonly StreetWordRow[];
}
