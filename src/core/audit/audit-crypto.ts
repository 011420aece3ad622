import { canonicalJson } from '../canonical-json';
import { PiiConfigError } from '../errors';

/** A secret of the audit trail: text (its UTF-8 bytes) or bytes, 32 bytes at least. */
export type AuditSecret = string | Uint8Array;

/** HMAC-SHA-256 wants a key as long as its output: shorter ones weaken it. */
const MIN_SECRET_BYTES = 32;

const encoder = new TextEncoder();

/** What is used of `node:crypto`, where the runtime has it. */
interface NodeCrypto {
  createHmac(
    algorithm: 'sha256',
    key: Uint8Array,
  ): { update(text: string): { digest(encoding: 'hex'): string } };
  createHash(algorithm: 'sha256'): { update(text: string): { digest(encoding: 'hex'): string } };
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}

// On Node (20.16 and later), `node:crypto` signs and hashes synchronously: an entry is signed
// again at once when another writer moved the head. Elsewhere (edge runtimes, workers), Web
// Crypto. Asked for at run time, so that no bundler has to resolve `node:crypto`.
const nodeCrypto = (
  globalThis as { process?: { getBuiltinModule?(id: string): unknown } }
).process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;

/** The bytes of a secret, checked. */
export function secretBytes(secret: AuditSecret, where: string): Uint8Array {
  const bytes = typeof secret === 'string' ? encoder.encode(secret) : secret;
  if (!(bytes instanceof Uint8Array) || bytes.length < MIN_SECRET_BYTES) {
    throw new PiiConfigError(
      `${where} must be a string or Uint8Array of at least ${MIN_SECRET_BYTES} bytes (e.g. \`openssl rand -base64 32\`), kept out of the code and of the trail's store.`,
    );
  }
  return bytes;
}

const hex = (buffer: ArrayBuffer): string => {
  let out = '';
  for (const byte of new Uint8Array(buffer)) out += byte.toString(16).padStart(2, '0');
  return out;
};

const fromHex = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(text.match(/../g) ?? [], (h) => parseInt(h, 16));

/** SHA-256 of a text, as 64 hex digits. Web Crypto: Node, edge runtimes and workers alike. */
export async function sha256Hex(text: string): Promise<string> {
  if (nodeCrypto) return nodeCrypto.createHash('sha256').update(text).digest('hex');
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** An HMAC-SHA-256 key that signs and checks texts. */
export interface MacKey {
  sign(text: string): Promise<string>;
  /** Whether `mac` (hex) is this key's MAC of `text`; compared in constant time. */
  verify(text: string, mac: string): Promise<boolean>;
}

/**
 * The HMAC-SHA-256 key of a secret; imported once, not extractable.
 *
 * @example
 * const key = macKey(process.env.PII_AUDIT_SECRET!, 'audit.secret');
 * await key.sign('{"a":1}'); // 64 hex digits
 */
export function macKey(
  secret: AuditSecret,
  where: string,
  /** `web`: Web Crypto even on Node (the tests check that both agree). */
  backend: 'auto' | 'web' = 'auto',
): MacKey {
  const bytes = Uint8Array.from(secretBytes(secret, where));
  let imported: Promise<CryptoKey> | undefined;
  const key = () =>
    (imported ??= crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]));
  if (nodeCrypto && backend === 'auto') {
    const sign = (text: string) =>
      nodeCrypto.createHmac('sha256', bytes).update(text).digest('hex');
    return {
      async sign(text) {
        return sign(text);
      },
      async verify(text, mac) {
        if (!/^[0-9a-f]{64}$/.test(mac)) return false;
        return nodeCrypto.timingSafeEqual(fromHex(sign(text)), fromHex(mac));
      },
    };
  }
  return {
    async sign(text) {
      return hex(await crypto.subtle.sign('HMAC', await key(), encoder.encode(text)));
    },
    async verify(text, mac) {
      if (!/^[0-9a-f]{64}$/.test(mac)) return false;
      return crypto.subtle.verify('HMAC', await key(), fromHex(mac), encoder.encode(text));
    },
  };
}

/** The text an entry's `mac` signs: its canonical JSON without `mac`. */
export function signedText(entry: object): string {
  const { mac: _mac, ...signed } = entry as Record<string, unknown>;
  return canonicalJson(signed);
}

/** The hash that the next entry's `prev` holds: SHA-256 of the canonical JSON, `mac` included. */
export function entryHash(entry: object): Promise<string> {
  return sha256Hex(canonicalJson(entry));
}
