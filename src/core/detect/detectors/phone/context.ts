/**
 * The words around a digit run that raise or lower the belief that it is a phone number: the
 * words people write before one, the words before an identifier that is not one (`order`,
 * `facture`, `Bestellnummer`…), the JSON keys and `key=value` labels of either, and currency
 * next to an amount. Tables per language, turned into one regex each at load.
 */

/** Words that tell a phone number follows, matched at the start of a word. */
export const PHONE_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: [
    'tel',
    'phone',
    'mobile',
    'cell',
    'call',
    'text me',
    'txt',
    'number',
    'whatsapp',
    'whats app',
    'fax',
    'sms',
    'dial',
    'reach me',
    'contact',
  ],
  fr: ['tél', 'portable', 'appel', 'numéro', 'joindre', 'rappel', 'gsm', 'fixe'],
  de: ['handy', 'mobil', 'ruf', 'anruf', 'nummer', 'festnetz', 'erreichbar', 'durchwahl'],
  es: ['teléfono', 'móvil', 'movil', 'celular', 'llam', 'llám', 'número', 'numero', 'contacto'],
  it: ['cellulare', 'chiam', 'numero', 'squill', 'recapito'],
};

/** Words that tell the digits after them identify something else (an order, an account…). */
export const IDENTIFIER_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: [
    'order',
    'invoice',
    'ref',
    'id',
    'ticket',
    'tracking',
    'account',
    'case',
    'serial',
    'sku',
    'lot',
    'isbn',
    'ean',
    'upc',
    'pin',
    'otp',
    'code',
    'version',
    'build',
    'receipt',
    'transaction',
    'booking',
    'confirmation',
    'policy',
    'iban',
    'bic',
    'vat',
    'imei',
    'zip',
    '#',
    'n°',
    'nº',
  ],
  fr: [
    'commande',
    'facture',
    'réf',
    'dossier',
    'compte',
    'colis',
    'suivi',
    'siret',
    'siren',
    'tva',
    'contrat',
    'sinistre',
    'client',
  ],
  de: [
    'bestell',
    'rechnung',
    'auftrag',
    'kunden',
    'vorgang',
    'konto',
    'sendung',
    'referenz',
    'aktenzeichen',
    'vertrag',
    'ust',
  ],
  es: [
    'pedido',
    'factura',
    'referencia',
    'expediente',
    'cuenta',
    'seguimiento',
    'envío',
    'código',
    'nif',
    'dni',
    'cif',
  ],
  it: [
    'ordine',
    'fattura',
    'riferimento',
    'rif',
    'pratica',
    'conto',
    'spedizione',
    'codice',
    'partita iva',
    'matricola',
  ],
};

/** Words of JSON keys and labels (`"wa_id"`, `phone=`, `customerId`) that say what the value is. */
export const PHONE_KEY_WORDS: ReadonlySet<string> = new Set([
  'phone',
  'tel',
  'telephone',
  'telefon',
  'telefono',
  'teléfono',
  'téléphone',
  'mobile',
  'mobil',
  'cell',
  'cellphone',
  'cellulare',
  'movil',
  'móvil',
  'msisdn',
  'wa',
  'whatsapp',
  'fax',
  'sms',
  'handy',
  'portable',
  'gsm',
  'contact',
  'recipient',
  'caller',
  'callee',
  'dial',
]);
export const IDENTIFIER_KEY_WORDS: ReadonlySet<string> = new Set([
  'id',
  'uuid',
  'uid',
  'pid',
  'gid',
  'order',
  'invoice',
  'ref',
  'reference',
  'amount',
  'price',
  'total',
  'sum',
  'balance',
  'count',
  'qty',
  'quantity',
  'size',
  'bytes',
  'length',
  'duration',
  'ms',
  'timestamp',
  'ts',
  'time',
  'date',
  'created',
  'updated',
  'expires',
  'exp',
  'iat',
  'nbf',
  'version',
  'zip',
  'postal',
  'postcode',
  'code',
  'pin',
  'otp',
  'sku',
  'ean',
  'isbn',
  'account',
  'iban',
  'lat',
  'lng',
  'lon',
  'seq',
  'offset',
  'limit',
  'page',
  'port',
  'year',
  'score',
  'views',
  'likes',
  'serial',
  'ticket',
  'tracking',
  'cents',
  'euros',
  'usd',
  'eur',
]);

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternatives = (table: Readonly<Record<string, readonly string[]>>) =>
  [...new Set(Object.values(table).flat())]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');

// At a word start (`hotel` holds no `tel`), up to 20 characters before the number.
export const PHONE_WORD = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${alternatives(PHONE_WORDS)})(?=[^\\n]{0,20}$)`,
  'giu',
);
export const IDENTIFIER_WORD = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${alternatives(IDENTIFIER_WORDS)})(?=[^\\n]{0,12}$)`,
  'giu',
);
/** A JSON key or a label right before the value: `"wa_id": "`, `phone=`, `Tel.: `. */
export const LABEL =
  /(?:"([\p{L}\p{N}_.-]{1,40})"|([\p{L}_][\p{L}\p{N}_.-]{0,39}))\s{0,2}[:=]\s{0,2}["']?\s{0,2}$/u;
/** Currency before an amount (`€ 612 345 678`, `USD 612345678`) or after it. */
export const CURRENCY_BEFORE =
  /(?:[€$£¥₹]|(?<!\p{L})(?:EUR|USD|GBP|CHF|JPY|CAD|AUD|SFr))\.?\s{0,2}$/u;
export const CURRENCY_AFTER =
  /^\s{0,2}(?:[€$£¥₹]|(?:EUR|USD|GBP|CHF|JPY|euros?|dollars?|francs?|pounds?|Euro|Franken|sterling)(?!\p{L}))/iu;
const KEY_PARTS = /\p{Lu}?[\p{Ll}\p{N}]{1,40}|[\p{Lu}\p{N}]{1,40}(?!\p{Ll})/gu;

/** Exported for the ReDoS shape test. */
export const CONTEXT_PATTERNS: readonly RegExp[] = [
  PHONE_WORD,
  IDENTIFIER_WORD,
  LABEL,
  CURRENCY_BEFORE,
  CURRENCY_AFTER,
  KEY_PARTS,
];

/** What the text before a number says it is: a phone, an identifier, or nothing. */
export type Context = 'phone' | 'identifier' | undefined;

/** How far before a number its context is read. */
const WINDOW = 48;

/**
 * The context of a number that starts at `start`: its label or JSON key when it has one that
 * says (`"wa_id": `, `order_id=`), else the nearest of the phone and identifier words in the
 * 24 characters before it (`numéro de commande 06…` is an identifier, `n° de tél 06…` a phone).
 */
export function contextBefore(text: string, start: number): Context {
  const before = text.slice(Math.max(0, start - WINDOW), start);
  const label = LABEL.exec(before);
  if (label) {
    const said = keyContext(label[1] ?? label[2]!);
    if (said) return said;
  }
  const near = before.slice(-24);
  const phone = lastMatch(PHONE_WORD, near);
  const identifier = lastMatch(IDENTIFIER_WORD, near);
  if (phone < 0 && identifier < 0) return undefined;
  return phone > identifier ? 'phone' : 'identifier';
}

/** Whether currency stands right before `start` (`€ 612 345 678`, `USD 612345678`). */
export function currencyBefore(text: string, start: number): boolean {
  return CURRENCY_BEFORE.test(text.slice(Math.max(0, start - 6), start));
}

/** Whether currency stands right after `end` (`612 345 678 €`, `… euros`). */
export function currencyAfter(text: string, end: number): boolean {
  return CURRENCY_AFTER.test(text.slice(end, end + 12));
}

/** What a key or label says: its words, split at `_`, `-`, `.` and case changes. */
export function keyContext(key: string): Context {
  const words = key.match(KEY_PARTS)?.map((w) => w.toLowerCase()) ?? [];
  if (words.some((w) => PHONE_KEY_WORDS.has(w) || PHONE_WORD_START.test(w))) return 'phone';
  if (words.some((w) => IDENTIFIER_KEY_WORDS.has(w))) return 'identifier';
  return undefined;
}

// A key word that starts like a phone word (`telefonnummer`, `handynummer`, `phonenumber`).
const PHONE_WORD_START = /^(?:tel|tél|phone|mobil|handy|fax|cell|whatsapp)/;

function lastMatch(pattern: RegExp, text: string): number {
  pattern.lastIndex = 0;
  let at = -1;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    at = m.index;
    if (pattern.lastIndex === m.index) pattern.lastIndex++;
  }
  return at;
}
