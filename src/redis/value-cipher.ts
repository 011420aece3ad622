import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { PiiConfigError, PiiStoreError } from '../core/errors';
import { originOf } from '../core/vault/origin';
import type { PiiOrigin } from '../core/vault/types';

/** A 32-byte secret: a Buffer (or Uint8Array), or its base64 / base64url text. */
export type VaultSecret = Buffer | Uint8Array | string;

/**
 * Encryption at rest. `keys` encrypt values (AES-256-GCM); the one named `currentKeyId`
 * encrypts new values, the others still decrypt older ones (rotation). `hmacKey` keys the
 * lookup of canonical values (HMAC-SHA-256): it must stay the same for a conversation's life.
 */
export interface RedisVaultEncryption {
  keys: Record<string, VaultSecret>;
  currentKeyId: string;
  hmacKey: VaultSecret;
}

/** Turns values into what Redis stores, and back. */
export interface ValueCipher {
  /** Whether values are encrypted (false only with `encryption: false`). */
  readonly encrypted: boolean;
  /** Identifies the HMAC key without revealing it; stored per conversation to refuse a wrong key. */
  readonly fingerprint: string;
  /** The index field of a `(label, canonical)` in one conversation. */
  field(conversationId: string, label: string, canonical: string): string;
  /** Seals value, canonical and origin (when given) into one record. */
  seal(
    conversationId: string,
    label: string,
    value: string,
    canonical: string,
    origin?: PiiOrigin,
  ): string;
  /**
   * Opens a record; throws `PiiStoreError` if it cannot (unknown key id, wrong key, tampering).
   * A record sealed before origins were kept opens without `origin` (it reads as `unknown`).
   */
  open(conversationId: string, label: string, record: string): OpenedRecord;
  /**
   * The hashed hash tag of a conversation's keys: `#` + 22 base64url characters (132 bits) of
   * an HMAC-SHA-256 of the id under the HMAC key. Absent with `encryption: false` (no key).
   */
  conversationTag?(conversationId: string): string;
}

/** What a record holds. */
export interface OpenedRecord {
  value: string;
  canonical: string;
  /** Absent from records sealed without one (before origins were kept). */
  origin?: PiiOrigin;
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const HOW_TO = 'generate one with `openssl rand -base64 32`';
const SEALED = 'e1';
const PLAIN = 'p1';

/** Decodes and checks one secret; copies it so that later changes by the caller do not count. */
export function parseSecret(secret: VaultSecret, name: string): Buffer {
  let bytes: Buffer;
  if (typeof secret === 'string') {
    const text = secret.trim();
    if (BASE64.test(text)) bytes = Buffer.from(text, 'base64');
    else if (BASE64URL.test(text)) bytes = Buffer.from(text, 'base64url');
    else throw new PiiConfigError(`redisVaultStore: ${name} is not base64 text; ${HOW_TO}`);
  } else if (secret instanceof Uint8Array) {
    bytes = Buffer.from(secret);
  } else {
    throw new PiiConfigError(`redisVaultStore: ${name} must be a Buffer or a base64 string`);
  }
  if (bytes.length !== 32) {
    throw new PiiConfigError(
      `redisVaultStore: ${name} must be 32 bytes (got ${bytes.length}); ${HOW_TO}`,
    );
  }
  if (bytes.every((b) => b === bytes[0])) {
    throw new PiiConfigError(`redisVaultStore: ${name} is a constant byte string; ${HOW_TO}`);
  }
  return bytes;
}

// Length-prefixed through JSON, so that no two (conversation, label, ...) tuples collide.
const context = (...parts: string[]) => JSON.stringify(parts);

const CONVERSATION_ID = 'ai-sdk-pii/conversation-id\u0000';
// UTF-8 turns every lone surrogate into U+FFFD, which would give such ids one tag; they are
// hashed from their UTF-16 code units instead, under a context no UTF-8 input starts with.
const CONVERSATION_ID_UTF16 = 'ai-sdk-pii/conversation-id-utf16\u0000';
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

function sealedCipher(options: RedisVaultEncryption): ValueCipher {
  if (
    !options ||
    typeof options !== 'object' ||
    !options.keys ||
    typeof options.keys !== 'object'
  ) {
    throw new PiiConfigError(
      'redisVaultStore: encryption needs { keys: { <id>: <32-byte secret> }, currentKeyId, hmacKey }',
    );
  }
  const keys = new Map<string, Buffer>();
  for (const [id, secret] of Object.entries(options.keys)) {
    if (!KEY_ID.test(id)) {
      throw new PiiConfigError(
        `redisVaultStore: key id ${JSON.stringify(id)} must be 1-32 letters, digits, _ or -`,
      );
    }
    keys.set(id, parseSecret(secret, `encryption.keys.${id}`));
  }
  const currentKeyId = options.currentKeyId;
  const current = keys.get(currentKeyId);
  if (!current) {
    throw new PiiConfigError(
      `redisVaultStore: encryption.currentKeyId ${JSON.stringify(currentKeyId)} is not one of encryption.keys (${[...keys.keys()].join(', ') || 'none'})`,
    );
  }
  const hmacKey = parseSecret(options.hmacKey, 'encryption.hmacKey');
  for (const [id, key] of keys) {
    // One secret for two purposes would weaken both; refuse it.
    if (timingSafeEqual(key, hmacKey)) {
      throw new PiiConfigError(
        `redisVaultStore: encryption.hmacKey must differ from encryption.keys.${id}`,
      );
    }
  }
  const fingerprint = `h1:${createHmac('sha256', hmacKey).update('ai-sdk-pii/hmac-key-check').digest('base64url').slice(0, 16)}`;

  return {
    encrypted: true,
    fingerprint,
    conversationTag(conversationId) {
      const mac = createHmac('sha256', hmacKey);
      if (LONE_SURROGATE.test(conversationId)) {
        mac.update(CONVERSATION_ID_UTF16).update(Buffer.from(conversationId, 'utf16le'));
      } else {
        mac.update(CONVERSATION_ID + conversationId, 'utf8');
      }
      // `#` never starts a readable tag; base64url has no braces, so the tag stays whole.
      return `#${mac.digest('base64url').slice(0, 22)}`;
    },
    field(conversationId, label, canonical) {
      return createHmac('sha256', hmacKey)
        .update(context(conversationId, label, canonical))
        .digest('base64url');
    },
    seal(conversationId, label, value, canonical, origin) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      // Bound to its conversation and label: a record copied elsewhere does not open.
      cipher.setAAD(Buffer.from(context(SEALED, currentKeyId, conversationId, label)));
      const body = Buffer.concat([
        cipher.update(payload(value, canonical, origin), 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return `${SEALED}.${currentKeyId}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(conversationId, label, record) {
      const [format, keyId = '', ivText = '', bodyText = ''] = record.split('.');
      if (format !== SEALED) {
        throw new PiiStoreError(
          format === PLAIN
            ? 'Redis vault store: this conversation was written with `encryption: false`; an encrypted store refuses clear records'
            : 'Redis vault store: a record has an unknown format (not written by ai-sdk-pii?)',
        );
      }
      const key = keys.get(keyId);
      if (!key) {
        throw new PiiStoreError(
          `Redis vault store: a value is encrypted with key id "${keyId}", which is not in encryption.keys (${[...keys.keys()].join(', ')}); keep retired keys configured until their conversations expire`,
        );
      }
      const body = Buffer.from(bodyText, 'base64url');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
        decipher.setAAD(Buffer.from(context(SEALED, keyId, conversationId, label)));
        decipher.setAuthTag(body.subarray(body.length - 16));
        const text = Buffer.concat([
          decipher.update(body.subarray(0, body.length - 16)),
          decipher.final(),
        ]).toString('utf8');
        return decodePayload(text);
      } catch (cause) {
        throw new PiiStoreError(
          `Redis vault store: a value does not decrypt with key "${keyId}" (wrong secret for this key id, or the record was altered)`,
          { cause },
        );
      }
    },
  };
}

/** `[value, canonical]`, or `[value, canonical, origin]`: records of older versions have two. */
const payload = (value: string, canonical: string, origin: PiiOrigin | undefined) =>
  JSON.stringify(origin ? [value, canonical, originOf(origin)] : [value, canonical]);

function decodePayload(text: string): OpenedRecord {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string') {
    throw new Error('record payload is not [value, canonical]');
  }
  const opened: OpenedRecord = { value: parsed[0], canonical: parsed[1] };
  if (parsed[2] !== undefined) opened.origin = originOf(parsed[2]);
  return opened;
}

let warnedPlain = false;

function plainCipher(): ValueCipher {
  if (!warnedPlain) {
    warnedPlain = true;
    console.warn(
      'ai-sdk-pii: redisVaultStore({ encryption: false }) keeps personal data in clear in Redis. Use it for local development only; give encryption keys in production.',
    );
  }
  return {
    encrypted: false,
    fingerprint: 'plain',
    field: (_conversationId, label, canonical) => context(label, canonical),
    seal: (_conversationId, _label, value, canonical, origin) =>
      `${PLAIN}.${payload(value, canonical, origin)}`,
    open(_conversationId, _label, record) {
      if (!record.startsWith(`${PLAIN}.`)) {
        throw new PiiStoreError(
          'Redis vault store: this conversation holds encrypted records but the store has `encryption: false`; configure its keys',
        );
      }
      try {
        return decodePayload(record.slice(PLAIN.length + 1));
      } catch (cause) {
        throw new PiiStoreError('Redis vault store: a record is corrupted', { cause });
      }
    },
  };
}

/**
 * Builds the cipher of a store from its `encryption` option. `false` must be said explicitly
 * (and warns once per process); anything else must hold valid secrets.
 *
 * @example
 * const cipher = createValueCipher({
 *   keys: { k1: process.env.PII_KEY_1! },
 *   currentKeyId: 'k1',
 *   hmacKey: process.env.PII_HMAC_KEY!,
 * });
 */
export function createValueCipher(
  encryption: RedisVaultEncryption | false | undefined,
): ValueCipher {
  if (encryption === false) return plainCipher();
  if (encryption === undefined || encryption === null) {
    throw new PiiConfigError(
      'redisVaultStore: `encryption` is required: { keys: { k1: <32-byte secret> }, currentKeyId: "k1", hmacKey: <another 32-byte secret> } (generate secrets with `openssl rand -base64 32`), or `encryption: false` to store values in clear (development only)',
    );
  }
  return sealedCipher(encryption);
}
