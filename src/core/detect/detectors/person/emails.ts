// E-mail local parts of the text: `jean.dupont@…` supports `Jean Dupont`.
import { nameKey } from '../person-names/lexicon';
import { C_EMAIL, unitClass } from './chars';
import { FOLD_DROP, FOLD_SLOW, foldUnit, HASH_SEED, mixHash } from './keys';

const MAX_LOCAL = 64;
// Local parts shorter than this (in key characters) are ignored, and so are shorter parts.
const MIN_PART = 3;

/** Offset of the local part that ends at the `@` at `at`. */
function localStart(text: string, at: number): number {
  let start = at;
  while (start > 0 && at - start < MAX_LOCAL && unitClass(text.charCodeAt(start - 1)) & C_EMAIL) {
    start--;
  }
  return start;
}

const isSeparator = (code: number) => code === 46 || code === 95 || code === 45;

// Fields of a key record in `EmailParts.keys`.
const K_HASH = 0;
const K_OFFSET = 1; // where its code units start in `units`
const K_END = 2; // where they end
const K_LENGTH = 3; // its length
const K_JOINED = 4; // 1: a whole local part, whose separators are skipped
const K_FIELDS = 5;

/**
 * The keys (see `nameKey`) of the e-mail local parts of a text without their separators, and
 * of their parts: `jean.dupont@` gives `jeandupont`, `jean` and `dupont`. Parts of at least 3
 * characters count, of local parts of at least 3 characters. The keys are found by hash and
 * compared with a word in place, without building strings.
 */
export class EmailParts {
  /** The keys of the local parts, one code unit per entry, one after the other. */
  private units: Uint16Array;
  private unitCount = 0;
  /** `K_FIELDS` numbers per key. */
  private keys = new Int32Array(16 * K_FIELDS);
  private keyCount = 0;
  /** Open addressing by hash: key index + 1 per slot (0: empty). */
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(text: string) {
    // The local parts first, to size `units`.
    const bounds: number[] = [];
    let size = 0;
    for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
      const start = localStart(text, at);
      bounds.push(start, at);
      size += at - start;
    }
    this.units = new Uint16Array(size);
    for (let b = 0; b < bounds.length; b += 2) {
      const offset = this.unitCount;
      const length = this.readKey(text, bounds[b]!, bounds[b + 1]!);
      if (length >= MIN_PART) this.addKeys(offset, length);
    }
    let slots = 2;
    while (slots < 2 * this.keyCount) slots *= 2;
    this.slots = new Int32Array(slots);
    this.mask = slots - 1;
    for (let k = 0; k < this.keyCount; k++) {
      let slot = this.keys[k * K_FIELDS + K_HASH]! & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = k + 1;
    }
  }

  /** Whether the text has no e-mail local part with keys. */
  get isEmpty(): boolean {
    return this.keyCount === 0;
  }

  /**
   * Whether `prefix` followed by the key of `text.slice(from, to)`, whose hash is `hash` (see
   * `hashKey`, seeded with the hash of `prefix`), is one of the keys and has at least
   * `minLength` characters.
   */
  has(
    text: string,
    from: number,
    to: number,
    hash: number,
    minLength: number,
    prefix = '',
  ): boolean {
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const k = this.slots[slot]! - 1;
      if (k < 0) return false;
      const record = k * K_FIELDS;
      if (
        this.keys[record + K_HASH] === hash &&
        this.keys[record + K_LENGTH]! >= minLength &&
        this.equals(record, text, from, to, prefix)
      ) {
        return true;
      }
    }
  }

  /** Puts the key of `text.slice(from, to)` after the others; returns its size. */
  private readKey(text: string, from: number, to: number): number {
    const offset = this.unitCount;
    this.reserve(to - from);
    let size = 0;
    for (let i = from; i < to; i++) {
      const folded = foldUnit(text.charCodeAt(i));
      if (folded === FOLD_DROP) continue;
      if (folded === FOLD_SLOW) {
        const key = nameKey(text.slice(from, to));
        this.reserve(key.length);
        for (let k = 0; k < key.length; k++) this.units[offset + k] = key.charCodeAt(k);
        this.unitCount = offset + key.length;
        return key.length;
      }
      this.units[offset + size++] = folded;
    }
    this.unitCount = offset + size;
    return size;
  }

  private reserve(size: number): void {
    if (this.unitCount + size <= this.units.length) return;
    const units = new Uint16Array(Math.max(this.units.length * 2, this.unitCount + size));
    units.set(this.units.subarray(0, this.unitCount));
    this.units = units;
  }

  /** Adds the key of the local part at `offset` without its separators, and its parts. */
  private addKeys(offset: number, size: number): void {
    const end = offset + size;
    let joined = HASH_SEED;
    let joinedLength = 0;
    let partStart = offset;
    let part = HASH_SEED;
    for (let u = offset; u <= end; u++) {
      const code = u < end ? this.units[u]! : 46;
      if (!isSeparator(code)) {
        joined = mixHash(joined, code);
        joinedLength++;
        part = mixHash(part, code);
        continue;
      }
      if (u - partStart >= MIN_PART) this.addKey(part, partStart, u, false, u - partStart);
      part = HASH_SEED;
      partStart = u + 1;
    }
    this.addKey(joined, offset, end, true, joinedLength);
  }

  private addKey(hash: number, offset: number, end: number, joined: boolean, length: number) {
    if ((this.keyCount + 1) * K_FIELDS > this.keys.length) {
      const keys = new Int32Array(this.keys.length * 2);
      keys.set(this.keys);
      this.keys = keys;
    }
    const record = this.keyCount++ * K_FIELDS;
    this.keys[record + K_HASH] = hash;
    this.keys[record + K_OFFSET] = offset;
    this.keys[record + K_END] = end;
    this.keys[record + K_LENGTH] = length;
    this.keys[record + K_JOINED] = joined ? 1 : 0;
  }

  /** Whether the key at `record` is `prefix` followed by the key of `text.slice(from, to)`. */
  private equals(record: number, text: string, from: number, to: number, prefix: string): boolean {
    const units = this.units;
    const end = this.keys[record + K_END]!;
    let u = this.match(record, this.keys[record + K_OFFSET]!, prefix);
    for (let i = from; i < to && u >= 0; i++) {
      const folded = foldUnit(text.charCodeAt(i));
      if (folded === FOLD_DROP) continue;
      if (folded === FOLD_SLOW) {
        u = this.match(
          record,
          this.keys[record + K_OFFSET]!,
          prefix + nameKey(text.slice(from, to)),
        );
        break;
      }
      u = this.skipSeparators(record, u);
      u = u < end && units[u] === folded ? u + 1 : -1;
    }
    return u >= 0 && this.skipSeparators(record, u) === end;
  }

  /**
   * Matches the code units of the key at `record` from `u` with `chars`: returns where the key
   * goes on, or -1 when it differs.
   */
  private match(record: number, u: number, chars: string): number {
    const end = this.keys[record + K_END]!;
    for (let c = 0; c < chars.length; c++) {
      u = this.skipSeparators(record, u);
      if (u === end || this.units[u] !== chars.charCodeAt(c)) return -1;
      u++;
    }
    return u;
  }

  /** `u`, after the separators there when the key at `record` is a whole local part. */
  private skipSeparators(record: number, u: number): number {
    if (this.keys[record + K_JOINED] === 0) return u;
    const end = this.keys[record + K_END]!;
    while (u < end && isSeparator(this.units[u]!)) u++;
    return u;
  }
}
