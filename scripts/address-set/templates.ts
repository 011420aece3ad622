/**
 * Sentences of the address evaluation set, written by hand for this project (by the helper that
 * built the ADDRESS detector, not taken from any corpus). `{ADDR}` is where the generator writes
 * an address (a span), `{NAME}` a person's name (a PERSON span), `{LINES}` an address on several
 * lines, `{BOX}` a post-office box, `{PLACE}` a postcode and city alone, `{STREET}` a street line.
 */
export type Lang = 'en' | 'fr' | 'de' | 'es' | 'it';

/** Sentences around an address written on one line. */
export const INLINE: Record<Lang, readonly string[]> = {
  en: [
    'Please send the parcel to {ADDR}.',
    'My new address is {ADDR}, effective from Monday.',
    'We moved to {ADDR} last month.',
    'The invoice should go to {ADDR} — thanks!',
    'Can you deliver it to {ADDR} before Friday?',
    'I live at {ADDR}.',
    'Our office is at {ADDR} (second door on the left).',
    'Update my billing address to {ADDR}, please.',
    'Return the keys to {ADDR} when you leave',
  ],
  fr: [
    "Merci d'envoyer le colis à l'adresse suivante : {ADDR}.",
    "J'habite {ADDR} depuis trois ans.",
    'Vous pouvez passer au bureau, {ADDR}, dès lundi.',
    "Adressez le courrier à {ADDR}, s'il vous plaît.",
    'La réunion aura lieu {ADDR}, salle du fond.',
    'Nouvelle adresse de livraison : {ADDR} !',
    'Pouvez-vous livrer {ADDR} avant vendredi ?',
    'Le cabinet a déménagé, il est désormais {ADDR}.',
    'Facture à envoyer {ADDR}, merci',
  ],
  de: [
    'Bitte schicken Sie das Paket an {ADDR}.',
    'Meine neue Adresse lautet {ADDR}.',
    'Wir sind nach {ADDR} umgezogen.',
    'Die Rechnung geht an {ADDR}, danke.',
    'Das Büro befindet sich in der {ADDR}.',
    'Ist eine Lieferung an {ADDR} bis Freitag möglich?',
    'Treffpunkt ist {ADDR}, zweiter Stock.',
    'Ab sofort erreichen Sie uns unter {ADDR}',
  ],
  es: [
    'Envíe el paquete a {ADDR}, por favor.',
    'Mi nueva dirección es {ADDR}.',
    'Nos mudamos a {ADDR} el mes pasado.',
    'La factura debe ir a {ADDR}, gracias.',
    'Vivo en {ADDR} desde 2019.',
    '¿Pueden entregarlo en {ADDR} antes del viernes?',
    'La oficina está en {ADDR}, segunda planta.',
    'Dirección de entrega: {ADDR}',
  ],
  it: [
    'Spedite il pacco a {ADDR}, grazie.',
    'Il mio nuovo indirizzo è {ADDR}.',
    'Ci siamo trasferiti in {ADDR} il mese scorso.',
    'Abito in {ADDR} da tre anni.',
    "L'ufficio si trova in {ADDR}, al secondo piano.",
    'Potete consegnarlo in {ADDR} entro venerdì?',
    'La fattura va spedita a {ADDR}.',
    'Ci vediamo direttamente in {ADDR}',
  ],
};

/** Signatures and letters: the address on its own lines, under a name. */
export const SIGNATURES: Record<Lang, readonly string[]> = {
  en: [
    'Best regards,\n{NAME}\n{LINES}',
    'Thanks again!\n\n{NAME}\n{LINES}\nUnited Kingdom',
    'Kind regards,\n{NAME}\n{LINES}',
  ],
  fr: [
    'Cordialement,\n{NAME}\n{LINES}',
    'Bien à vous,\n\n{NAME}\n{LINES}\nFrance',
    'Merci,\n{NAME}\n{LINES}',
  ],
  de: [
    'Mit freundlichen Grüßen\n{NAME}\n{LINES}',
    'Viele Grüße\n\n{NAME}\n{LINES}\nDeutschland',
    'Beste Grüße,\n{NAME}\n{LINES}',
  ],
  es: [
    'Un saludo,\n{NAME}\n{LINES}',
    'Atentamente,\n\n{NAME}\n{LINES}\nEspaña',
    'Gracias,\n{NAME}\n{LINES}',
  ],
  it: [
    'Cordiali saluti,\n{NAME}\n{LINES}',
    'Distinti saluti\n\n{NAME}\n{LINES}\nItalia',
    'Grazie,\n{NAME}\n{LINES}',
  ],
};

/** Names of the signatures (PERSON spans). */
export const NAMES: Record<Lang, readonly string[]> = {
  en: ['Emily Clarke', 'James Whitmore', 'Sarah Johnson'],
  fr: ['Marie Dubois', 'Julien Moreau', 'Claire Lefèvre'],
  de: ['Anna Schneider', 'Lukas Becker', 'Sabine Wagner'],
  es: ['Lucía Fernández', 'Javier Morales', 'Carmen Ortega'],
  it: ['Giulia Ferrari', 'Marco Esposito', 'Francesca Romano'],
};

/**
 * Form and JSON fields: `{ADDR}` under a key or a label that names an address (the whole value
 * is the span), `{STREET}` under a street key.
 */
export const FIELDS: Record<Lang, readonly string[]> = {
  en: [
    '{"id": 4211, "address": "{ADDR}", "country": "{CC}"}',
    '{"billingAddress": "{ADDR}"}',
    '{"street": "{STREET}", "city": "{CITY}"}',
    'Address: {ADDR}\nDate: 12/03/2024',
    'Shipping address: {ADDR}',
  ],
  fr: [
    '{"adresse": "{ADDR}", "pays": "{CC}"}',
    '{"rue": "{STREET}", "ville": "{CITY}"}',
    'Adresse : {ADDR}\nDate : 12/03/2024',
    'Adresse de livraison : {ADDR}',
    'Adresse postale : {ADDRCOUNTRY}',
  ],
  de: [
    '{"Anschrift": "{ADDR}", "Land": "{CC}"}',
    '{"strasse": "{STREET}", "ort": "{CITY}"}',
    'Anschrift: {ADDR}\nDatum: 12.03.2024',
    'Lieferadresse: {ADDR}',
    'Adresse: {ADDR}',
  ],
  es: [
    '{"dirección": "{ADDR}", "país": "{CC}"}',
    '{"calle": "{STREET}", "ciudad": "{CITY}"}',
    'Dirección: {ADDR}\nFecha: 12/03/2024',
    'Domicilio: {ADDR}',
    'Dirección de envío: {ADDR}',
  ],
  it: [
    '{"indirizzo": "{ADDR}", "paese": "{CC}"}',
    '{"via": "{STREET}", "città": "{CITY}"}',
    'Indirizzo: {ADDR}\nData: 12/03/2024',
    'Residenza: {ADDR}',
    'Indirizzo di spedizione: {ADDR}',
  ],
};

/** Sentences around a post-office box. */
export const BOX_SENTENCES: Record<Lang, readonly string[]> = {
  en: ['Please write to {BOX}.', 'Our mailing address is {BOX}'],
  fr: ['Écrivez-nous à {BOX}.', 'Courrier à adresser à : {BOX}'],
  de: ['Bitte schreiben Sie an {BOX}.', 'Post bitte an {BOX}'],
  es: ['Escríbanos a {BOX}.', 'Envíe la documentación a {BOX}'],
  it: ['Scriveteci a {BOX}.', 'Inviate la documentazione a {BOX}'],
};

/** Where a postcode and city stand alone: a field, a list. */
export const PLACE_SENTENCES: Record<Lang, readonly string[]> = {
  en: ['City and ZIP: {PLACE}', 'Town / postcode: {PLACE}'],
  fr: ['Code postal et ville : {PLACE}', 'Livraison : {PLACE}, sous 48 heures.'],
  de: ['PLZ/Ort: {PLACE}', 'Wohnort: {PLACE}'],
  es: ['CP y localidad: {PLACE}', 'Entrega en {PLACE} en 24 horas.'],
  it: ['CAP e città: {PLACE}', 'Consegna a {PLACE} entro domani.'],
};
