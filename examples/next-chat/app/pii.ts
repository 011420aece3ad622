import { type ChatStore, createPii, memoryChatStore, type Pii, type VaultStore } from 'ai-sdk-pii';
import { redisChatStore, redisVaultStore } from 'ai-sdk-pii/redis';
import { chatAudit } from './audit';
import { chatDetectors } from './detectors';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where chats and their vaults live: in this process's memory by default; in Redis when
 * `REDIS_URL` is set (several instances, restarts), the vault encrypted with the keys of
 * `PII_VAULT_KEY` and `PII_VAULT_HMAC_KEY` (each `openssl rand -base64 32`). Both hold tokens
 * only (chats) or encrypted values (vault): no personal data in clear at rest.
 *
 * @example
 * // REDIS_URL=redis://127.0.0.1:6379 PII_VAULT_KEY=... PII_VAULT_HMAC_KEY=...
 * const pii = createPii(chatStorage());
 */
export function chatStorage(env: Env = process.env): { chats: ChatStore; store?: VaultStore } {
  const url = env.REDIS_URL;
  if (!url) return { chats: memoryChatStore() };
  const key = env.PII_VAULT_KEY;
  const hmacKey = env.PII_VAULT_HMAC_KEY;
  if (!key || !hmacKey) {
    throw new Error(
      'REDIS_URL is set: give the vault its encryption keys too, PII_VAULT_KEY and PII_VAULT_HMAC_KEY (each `openssl rand -base64 32`).',
    );
  }
  return {
    chats: redisChatStore({ url }),
    store: redisVaultStore({ url, encryption: { keys: { k1: key }, currentKeyId: 'k1', hmacKey } }),
  };
}

// Kept on globalThis: Next bundles each route and page separately, and they must share one
// engine (one memory store) to see the same chats.
const PII = Symbol.for('ai-sdk-pii.next-chat.pii');
type PiiHolder = { [PII]?: Pii };

/**
 * The process's PII engine, made on first use from the environment: the default detectors
 * (plus a local LLM detector with `PII_DETECTOR_URL`, see detectors.ts), `chatStorage()`, and
 * an audit trail in Redis Streams when `REDIS_URL` is set (see audit.ts).
 */
export function pii(): Pii {
  const holder = globalThis as PiiHolder;
  holder[PII] ??= createPii({
    detectors: chatDetectors(),
    ...chatStorage(),
    audit: chatAudit(),
  });
  return holder[PII];
}
