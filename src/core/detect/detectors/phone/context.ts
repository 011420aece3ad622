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
    // National identifiers (their detectors mask the valid ones whole).
    'bsn',
    'burgerservicenummer',
    'sofinummer',
    'nino',
    'dni',
    'nif',
    'ahv',
    'avs',
    'niss',
    'insz',
    'rijksregisternummer',
    'steuer-id',
    'idnr',
    'identifikationsnummer',
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
  'bsn',
  'nino',
  'dni',
  'nif',
  'nie',
  'ahv',
  'avs',
  'niss',
  'insz',
  'idnr',
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

/** A word of the tables, what it says, and how far before a number it may end. */
interface Word {
  word: string;
  says: 'phone' | 'identifier';
  /** The most characters between its end and the number. */
  reach: number;
}

/** The words of both tables by their first letter, longest first. */
const WORDS_BY_FIRST = new Map<string, Word[]>();
for (const [table, says, reach] of [
  [PHONE_WORDS, 'phone', 20],
  [IDENTIFIER_WORDS, 'identifier', 12],
] as const) {
  for (const word of new Set(Object.values(table).flat())) {
    const list = WORDS_BY_FIRST.get(word[0]!) ?? [];
    list.push({ word, says, reach });
    WORDS_BY_FIRST.set(word[0]!, list);
  }
}
for (const list of WORDS_BY_FIRST.values()) list.sort((a, b) => b.word.length - a.word.length);

/** A letter or a digit, in any script: a word goes on across it. */
const WORD_CHAR = /[\p{L}\p{N}]/u;
/** A character of a key or label (`wa_id`, `Tel.`, `phone-number`). */
const KEY_CHAR = /[\p{L}\p{N}_.-]/u;
/** Currency before an amount (`€ 612 345 678`, `USD 612345678`) or after it. */
export const CURRENCY_BEFORE =
  /(?:[€$£¥₹]|(?<!\p{L})(?:EUR|USD|GBP|CHF|JPY|CAD|AUD|SFr))\.?\s{0,2}$/u;
export const CURRENCY_AFTER =
  /^\s{0,2}(?:[€$£¥₹]|(?:EUR|USD|GBP|CHF|JPY|euros?|dollars?|francs?|pounds?|Euro|Franken|sterling)(?!\p{L}))/iu;
const KEY_PARTS = /\p{Lu}?[\p{Ll}\p{N}]{1,40}|[\p{Lu}\p{N}]{1,40}(?!\p{Ll})/gu;

/** Exported for the ReDoS shape test. */
export const CONTEXT_PATTERNS: readonly RegExp[] = [
  WORD_CHAR,
  KEY_CHAR,
  CURRENCY_BEFORE,
  CURRENCY_AFTER,
  KEY_PARTS,
];

/** What the text before a number says it is: a phone, an identifier, or nothing. */
export type Context = 'phone' | 'identifier' | undefined;

/**
 * The context of a number that starts at `start`: its label or JSON key when it has one that
 * says (`"wa_id": `, `order_id=`), else the nearest of the phone and identifier words in the
 * 24 characters before it (`numéro de commande 06…` is an identifier, `n° de tél 06…` a phone).
 */
export function contextBefore(text: string, start: number): Context {
  const key = labelBefore(text, start);
  if (key) {
    const said = keyContext(key);
    if (said) return said;
  }
  return nearestWord(text.slice(Math.max(0, start - 24), start));
}

/**
 * What the word of the tables nearest to the end of `near` says: read back from its end, the
 * first place where a word of the tables starts (after no letter or digit) and ends close
 * enough, on the same line.
 */
function nearestWord(near: string): Context {
  return nearestWordAt(near)?.says;
}

/** The word of the tables nearest to the end of `near`, and where it ends there. */
function nearestWordAt(near: string): (Word & { end: number }) | undefined {
  const lower = near.toLowerCase();
  // A letter whose lower case is longer (`İ`) shifts positions: then nothing is read.
  if (lower.length !== near.length) return undefined;
  const line = lower.lastIndexOf('\n');
  for (let i = lower.length - 1; i > line; i--) {
    const words = WORDS_BY_FIRST.get(lower[i]!);
    if (!words || (i > 0 && WORD_CHAR.test(lower[i - 1]!))) continue;
    for (const word of words) {
      const end = i + word.word.length;
      if (lower.startsWith(word.word, i) && lower.length - end <= word.reach) {
        return { ...word, end };
      }
    }
  }
  return undefined;
}

/** The most characters of a key or label read before a value. */
const KEY_LENGTH = 40;

/**
 * The JSON key or label right before `start` (`"wa_id": "`, `phone=`, `Tel.: `, `Phone:` on
 * the line before), read back from it: up to two spaces (or a line break) and a quote, `:` or
 * `=`, up to two spaces, then a quoted key or a word. `undefined` when there is none.
 */
export function labelBefore(text: string, start: number): string | undefined {
  let i = spacesBack(text, start - 1);
  // A value on the line after its label (`Phone:\n780 6326`).
  if (text.charCodeAt(i) === 10)
    i = spacesBack(text, text.charCodeAt(i - 1) === 13 ? i - 2 : i - 1);
  const quote = text.charCodeAt(i);
  if (quote === 34 || quote === 39) i = spacesBack(text, i - 1);
  const colon = text.charCodeAt(i);
  if (colon !== 58 && colon !== 61) return undefined;
  i = spacesBack(text, i - 1);
  const quoted = text.charCodeAt(i) === 34;
  const end = quoted ? i : i + 1;
  let k = end - 1;
  const floor = Math.max(0, end - KEY_LENGTH);
  while (k >= floor && KEY_CHAR.test(text[k]!)) k--;
  if (quoted && text.charCodeAt(k) !== 34) return undefined;
  return k + 1 < end ? text.slice(k + 1, end) : undefined;
}

/** `i`, moved back over up to two spaces or tabs. */
function spacesBack(text: string, i: number): number {
  for (let n = 0; n < 2 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9); n++) i--;
  return i;
}

/**
 * Whether a phone label or key (`Phone:`, `"tel": "`, `fax=`) or a phone word other than a
 * word for numbers (`call me on`, `Tel.`, `chiamami al`; not `number`, `numéro`) stands right
 * before `start`: then a run of digits there is a phone number even when no country's
 * metadata finds it valid (a number of another country, written as it is written there).
 */
export function phoneLabelBefore(text: string, start: number): boolean {
  const key = labelBefore(text, start);
  if (key) return keyContext(key) === 'phone';
  const near = text.slice(Math.max(0, start - 24), start);
  const word = nearestWordAt(near);
  return (
    word !== undefined &&
    word.says === 'phone' &&
    !NUMBER_WORDS.has(word.word) &&
    near.length - word.end <= 8
  );
}

/** Phone words that name any number (`number`, `Nummer`), not a phone only. */
const NUMBER_WORDS: ReadonlySet<string> = new Set([
  'number',
  'numéro',
  'nummer',
  'número',
  'numero',
  'contact',
  'contacto',
  'recapito',
  'fixe',
  'joindre',
  'erreichbar',
]);

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
