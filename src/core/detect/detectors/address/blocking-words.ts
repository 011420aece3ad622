import { wordKey } from './word-key';

// Words before a number that make it something other than a house number or a postcode: an
// order, invoice, customer or case number, a phone number, a product or a version.
const BLOCKING = new Set(
  `order orders commande bestellung pedido ordine invoice facture rechnung factura fattura
   receipt recu quittung ticket tickets dossier case fall expediente pratica claim
   ref reference referenz referencia riferimento rif
   number numero nummer nr no num id code codice codigo pin otp
   client customer kunde kunden cliente account compte konto cuenta conto
   tel tél phone telephone telefon telefono mobile handy portable cellulare movil fax
   sku art artikel article articolo articulo item model modell modele modelo modello
   serial serie version versione build release page seite pagina chapter chapitre kapitel
   capitolo capitulo section abschnitt sezione seccion article paragraphe paragraph
   room salle raum sala gate terminal platform gleis voie quai binario anden track
   flight vol flug vuelo volo train zug treno tren bus linie ligne linea
   total sum somme summe totale importe amount montant betrag
   iban bic swift siret siren tva vat ust iva`
    .split(/\s+/)
    .map(wordKey),
);

/**
 * Whether the word of key `key`, right before a number, makes it no address part (`Order
 * 12345`, `Kundennummer 12345`, `Terminal 2`): one of the words above, or a German compound
 * ending in `nummer` or `nr`.
 *
 * @example
 * blocksNumber('kundennummer'); // true
 * blocksNumber('rue'); // false
 */
export function blocksNumber(key: string): boolean {
  return BLOCKING.has(key) || key.endsWith('nummer') || (key.length > 4 && key.endsWith('nr'));
}
