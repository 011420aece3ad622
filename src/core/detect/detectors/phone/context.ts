/**
 * The words around a digit run that raise or lower the belief that it is a phone number: the
 * words people write before one, the words and names before an identifier that is not one
 * (`order`, `facture`, `Bestellnummer`, `tax number`…), the words that announce the end of
 * another value (`ends with`), the JSON keys and `key=value` labels, and currency next to an
 * amount. Tables per language, turned into one lookup or regex each at load.
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
    'nir',
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
    'insee',
  ],
  de: [
    'bestell',
    'rechnung',
    'auftrag',
    // Not `kunden` alone: `Kundenservice` and `Kundendienst` are followed by phone numbers.
    'kundennummer',
    'kundennr',
    'kunden-nr',
    'kundenkonto',
    'vorgang',
    'konto',
    'sendung',
    'referenz',
    'aktenzeichen',
    'vertrag',
    'ust',
    // Compounds on `-nummer` that name an identifier (`Steuerberater` is no identifier, hence
    // no `steuer` alone).
    'steuernummer',
    'steuer-nr',
    'steuer-nummer',
    'sozialversicherungsnummer',
    'rentenversicherungsnummer',
    'versicherungsnummer',
    'versichertennummer',
    'personalausweisnummer',
    'ausweisnummer',
    'passnummer',
    'mitgliedsnummer',
    'kartennummer',
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
  nl: [
    'klantnummer',
    'klantnr',
    'rekeningnummer',
    'bestelnummer',
    'factuurnummer',
    'polisnummer',
    'lidnummer',
    'lidmaatschapsnummer',
    'contractnummer',
    'paspoortnummer',
    'rijbewijsnummer',
    'documentnummer',
    'kaartnummer',
    'btw-nummer',
    'btw-nr',
    'kenmerk',
  ],
};

/**
 * Names of identifiers written in several words around a word for numbers (`tax number`,
 * `numéro fiscal`, `número de la seguridad social`): read whole (see `nearestWordBefore`), so that
 * the word for numbers inside them, a phone word alone (`phone number:`), says identifier
 * there. Also read without their accents (`numero de identificacion`).
 */
export const IDENTIFIER_NAMES: Readonly<Record<string, readonly string[]>> = {
  en: [
    'citizen service number',
    'social security number',
    'insurance number',
    'national register number',
    'tax number',
    'identification number',
    'identity number',
    'id number',
    'passport number',
    'licence number',
    'license number',
    'account number',
    'customer number',
    'client number',
    'member number',
    'membership number',
    'order number',
    'reference number',
    'invoice number',
    'policy number',
    'case number',
    'ticket number',
    'tracking number',
    'booking number',
    'confirmation number',
    'registration number',
    'serial number',
    'card number',
    'vat number',
    'contract number',
    'employee number',
    'student number',
    'patient number',
  ],
  fr: [
    'numéro fiscal',
    "numéro d'identification",
    'numéro de sécurité sociale',
    'numéro de sécu',
    "numéro d'assuré",
    "numéro d'assurance",
    'numéro insee',
    'numéro national',
    'numéro de registre national',
    'numéro de carte',
    'numéro de passeport',
    'numéro de permis',
    'numéro de membre',
    "numéro d'adhérent",
    'numéro de série',
  ],
  de: ['steuer nummer', 'nummer des ausweises'],
  es: [
    'número de la seguridad social',
    'número de seguridad social',
    'número de afiliación',
    'número de identificación',
    'número de identidad',
    'número fiscal',
    'número de contribuyente',
    'número de pasaporte',
    'número de tarjeta',
    'número de la tarjeta',
    'número de socio',
    'número de póliza',
    'número de serie',
  ],
  it: [
    'numero fiscale',
    'numero di previdenza',
    'numero di identificazione',
    "numero della carta d'identità",
    'numero di carta',
    'numero della carta',
    'numero di tessera',
    'numero della tessera',
    'tessera sanitaria',
    'numero di passaporto',
    'numero di patente',
    'numero di polizza',
    'numero di serie',
    'numero di socio',
  ],
  nl: ['nummer van de klant', 'nummer van de rekening'],
};

/**
 * Words that announce the last digits of another value (`the IBAN ends with 0418 4502`): the
 * digit run right after them is that value's end, never a phone number.
 */
export const ENDING_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: ['ends with', 'ends in', 'ending with', 'ending in'],
  fr: [
    'se termine par',
    'se terminant par',
    'terminé par',
    'terminée par',
    'finit par',
    'finissant par',
  ],
  de: ['endet auf', 'endet mit', 'endet in', 'endend auf', 'endend mit', 'endende auf'],
  es: [
    'termina en',
    'termina con',
    'terminado en',
    'terminada en',
    'acaba en',
    'acabado en',
    'acabada en',
    'finaliza en',
  ],
  it: [
    'finisce con',
    'finisce per',
    'finisce in',
    'termina con',
    'termina per',
    'terminante con',
    'terminante in',
  ],
  nl: ['eindigt op', 'eindigt met', 'eindigt in', 'eindigend op', 'eindigend met'],
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

/** A letter or a digit, in any script: a word goes on across it. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A word of the tables, what it says, and how far before a number it may end. */
interface Word {
  word: string;
  says: 'phone' | 'identifier';
  /** The most characters between its end and the number. */
  reach: number;
}

/** A name, and the same without its accents (`número de identificación`, `numero de identificacion`). */
const withoutAccents = (names: readonly string[]) =>
  names.flatMap((n) => [n, n.normalize('NFD').replace(/\p{M}/gu, '')]);

/** The words of the tables by their first letter, longest first. */
const WORDS_BY_FIRST = new Map<string, Word[]>();
for (const [words, says, reach] of [
  [Object.values(PHONE_WORDS).flat(), 'phone', 20],
  [Object.values(IDENTIFIER_WORDS).flat(), 'identifier', 12],
  [withoutAccents(Object.values(IDENTIFIER_NAMES).flat()), 'identifier', 12],
] as const) {
  for (const word of new Set(words)) {
    const list = WORDS_BY_FIRST.get(word[0]!) ?? [];
    list.push({ word, says, reach });
    WORDS_BY_FIRST.set(word[0]!, list);
  }
}
for (const list of WORDS_BY_FIRST.values()) list.sort((a, b) => b.word.length - a.word.length);
const ALL_WORDS = [...WORDS_BY_FIRST.values()].flat();
/** How far before a number a word of the tables may start: the longest, at its reach. */
const WORDS_WINDOW = Math.max(...ALL_WORDS.map((w) => w.word.length + w.reach));

/** A longer word of the tables that holds a word at a word start inside it (`tax number`). */
interface Holder {
  word: Word;
  /** Where the word it holds starts in it. */
  offset: number;
}
/** The holders of each word that has some, longest first. */
const HOLDERS = new Map<Word, Holder[]>();
for (const holder of ALL_WORDS) {
  for (let offset = 1; offset < holder.word.length; offset++) {
    if (WORD_CHAR.test(holder.word[offset - 1]!)) continue;
    for (const word of WORDS_BY_FIRST.get(holder.word[offset]!) ?? []) {
      if (!holder.word.startsWith(word.word, offset)) continue;
      const list = HOLDERS.get(word) ?? [];
      list.push({ word: holder, offset });
      HOLDERS.set(word, list);
    }
  }
}
for (const list of HOLDERS.values()) list.sort((a, b) => b.word.word.length - a.word.word.length);

/** A character of a key or label (`wa_id`, `Tel.`, `phone-number`). */
const KEY_CHAR = /[\p{L}\p{N}_.-]/u;
/** Currency before an amount (`€ 612 345 678`, `USD 612345678`) or after it. */
export const CURRENCY_BEFORE =
  /(?:[€$£¥₹]|(?<!\p{L})(?:EUR|USD|GBP|CHF|JPY|CAD|AUD|SFr))\.?\s{0,2}$/u;
export const CURRENCY_AFTER =
  /^\s{0,2}(?:[€$£¥₹]|(?:EUR|USD|GBP|CHF|JPY|euros?|dollars?|francs?|pounds?|Euro|Franken|sterling)(?!\p{L}))/iu;
const ENDINGS = Object.values(ENDING_WORDS).flat();
/** The words of `ENDING_WORDS` right before a run: up to four spaces, quotes or a colon between. */
export const ENDING_BEFORE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${ENDINGS.join('|')})[\\s:"'«“„]{0,4}$`,
  'iu',
);
/** The most characters that `ENDING_BEFORE` reads (the longest words, four more and one before). */
const ENDING_LENGTH = Math.max(...ENDINGS.map((w) => w.length)) + 5;

const KEY_PARTS = /\p{Lu}?[\p{Ll}\p{N}]{1,40}|[\p{Lu}\p{N}]{1,40}(?!\p{Ll})/gu;

/** Exported for the ReDoS shape test. */
export const CONTEXT_PATTERNS: readonly RegExp[] = [
  WORD_CHAR,
  KEY_CHAR,
  CURRENCY_BEFORE,
  CURRENCY_AFTER,
  KEY_PARTS,
  ENDING_BEFORE,
];

/** What the text before a number says it is: a phone, an identifier, or nothing. */
export type Context = 'phone' | 'identifier' | undefined;

/**
 * The context of a number that starts at `start`: its label or JSON key when it has one that
 * says (`"wa_id": `, `order_id=`), else the nearest of the phone and identifier words before
 * it (`numéro de commande 06…` is an identifier, `n° de tél 06…` a phone).
 */
export function contextBefore(text: string, start: number): Context {
  const key = labelBefore(text, start);
  if (key) {
    const said = keyContext(key);
    if (said) return said;
  }
  return nearestWordBefore(text, start)?.word.says;
}

/** A word of the tables read before a number, and how many characters stand between them. */
interface Read {
  word: Word;
  gap: number;
}

/**
 * The word of the tables nearest to `start`, read back from it: the last place where a word of
 * the tables starts (after no letter or digit), on the same line, that ends within its reach.
 * A word inside a longer one of the tables is that longer one (`number` in `tax number`,
 * `numéro` in `numéro fiscal`): it says what the longer one says, and nothing of its own when
 * that one ends too far.
 */
function nearestWordBefore(text: string, start: number): Read | undefined {
  // One character more than a word may need: a word cut by the slice is no word there.
  const from = Math.max(0, start - WORDS_WINDOW - 1);
  const near = text.slice(from, start);
  let lower = near.toLowerCase();
  // A letter whose lower case is longer (`İ`) shifts positions: then nothing is read.
  if (lower.length !== near.length) return undefined;
  // `’` as `'` (`numéro d’assuré`): one code unit for one.
  if (lower.includes('’')) lower = lower.replaceAll('’', "'");
  const floor = Math.max(lower.lastIndexOf('\n'), from > 0 ? 0 : -1);
  for (let i = lower.length - 1; i > floor; i--) {
    let word = wordAt(lower, i);
    if (!word) continue;
    let at = i;
    for (const holder of HOLDERS.get(word) ?? []) {
      const j = i - holder.offset;
      if (j > floor && startsWord(lower, j) && lower.startsWith(holder.word.word, j)) {
        word = holder.word;
        at = j;
        break;
      }
    }
    const gap = lower.length - at - word.word.length;
    if (gap <= word.reach) return { word, gap };
    i = at;
  }
  return undefined;
}

/** The longest word of the tables that starts at `i` (after no letter or digit). */
function wordAt(lower: string, i: number): Word | undefined {
  if (!startsWord(lower, i)) return undefined;
  return WORDS_BY_FIRST.get(lower[i]!)?.find((w) => lower.startsWith(w.word, i));
}

/** Whether no letter or digit stands right before `i` (ASCII read without the regex). */
function startsWord(lower: string, i: number): boolean {
  if (i === 0) return true;
  const code = lower.charCodeAt(i - 1);
  if (code < 128) return !(isAsciiLetter(code | 32) || (code >= 48 && code <= 57));
  return !WORD_CHAR.test(lower[i - 1]!);
}

const isAsciiLetter = (lowerCode: number) => lowerCode >= 97 && lowerCode <= 122;

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
  const read = nearestWordBefore(text, start);
  return (
    read !== undefined &&
    read.word.says === 'phone' &&
    !NUMBER_WORDS.has(read.word.word) &&
    read.gap <= 8
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

/**
 * Whether words that announce the end of another value stand right before `start` (`the IBAN
 * ends with 2100…`, `termina en 2100…`).
 */
export function endingBefore(text: string, start: number): boolean {
  return ENDING_BEFORE.test(text.slice(Math.max(0, start - ENDING_LENGTH), start));
}

/** Whether currency stands right before `start` (`€ 612 345 678`, `USD 612345678`). */
export function currencyBefore(text: string, start: number): boolean {
  return CURRENCY_BEFORE.test(text.slice(Math.max(0, start - 6), start));
}

/** Whether currency stands right after `end` (`612 345 678 €`, `… euros`). */
export function currencyAfter(text: string, end: number): boolean {
  return CURRENCY_AFTER.test(text.slice(end, end + 12));
}

/**
 * What a key or label says: its words, split at `_`, `-`, `.` and case changes, and the names
 * of identifiers they spell (`taxNumber`, `customer_number`, `numero_de_socio`).
 */
export function keyContext(key: string): Context {
  const words = key.match(KEY_PARTS)?.map((w) => w.toLowerCase()) ?? [];
  if (words.some((w) => PHONE_KEY_WORDS.has(w) || PHONE_WORD_START.test(w))) return 'phone';
  if (words.some((w) => IDENTIFIER_KEY_WORDS.has(w))) return 'identifier';
  if (namesIdentifier(words)) return 'identifier';
  return undefined;
}

/** The names of identifiers, as the words of a key spell them. */
const KEY_NAMES: ReadonlySet<string> = new Set(
  withoutAccents(Object.values(IDENTIFIER_NAMES).flat()).map((n) => n.replace(/[\s']/g, ' ')),
);
const KEY_NAME_WORDS = Math.max(...[...KEY_NAMES].map((n) => n.split(' ').length));

/** Whether some of `words`, one after the other, spell the name of an identifier. */
function namesIdentifier(words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    let name = words[i]!;
    for (let n = 2; n <= KEY_NAME_WORDS && i + n <= words.length; n++) {
      name += ` ${words[i + n - 1]}`;
      if (KEY_NAMES.has(name)) return true;
    }
  }
  return false;
}

// A key word that starts like a phone word (`telefonnummer`, `handynummer`, `phonenumber`).
const PHONE_WORD_START = /^(?:tel|tél|phone|mobil|handy|fax|cell|whatsapp)/;
