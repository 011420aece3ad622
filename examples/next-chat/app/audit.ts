import type { AuditOptions } from 'ai-sdk-pii';
import { redisAuditSink } from 'ai-sdk-pii/redis';

/**
 * The chat route's audit trail: in Redis Streams when `REDIS_URL` is set (one stream per
 * conversation, see docs/audit.md), signed with `PII_AUDIT_SECRET` (32 bytes or more:
 * `openssl rand -base64 32`), under the key id `PII_AUDIT_KEY_ID` (default `k1`). Without
 * `REDIS_URL`, no trail. Check a conversation's trail with
 * `npx ai-sdk-pii audit verify <chat id> --redis $REDIS_URL`.
 *
 * @example
 * // REDIS_URL=redis://127.0.0.1:6379 PII_AUDIT_SECRET=$(openssl rand -base64 32)
 * const pii = createPii({ detectors: chatDetectors(), audit: chatAudit() });
 */
export function chatAudit(
  env: Readonly<Record<string, string | undefined>> = process.env,
): AuditOptions | undefined {
  const url = env.REDIS_URL;
  if (!url) return undefined;
  const secret = env.PII_AUDIT_SECRET;
  if (!secret) {
    throw new Error(
      'REDIS_URL is set but PII_AUDIT_SECRET is not: the audit trail needs a secret of 32 bytes or more (openssl rand -base64 32), kept out of Redis.',
    );
  }
  return {
    sink: redisAuditSink({ url }),
    secret,
    keyId: env.PII_AUDIT_KEY_ID ?? 'k1',
  };
}
