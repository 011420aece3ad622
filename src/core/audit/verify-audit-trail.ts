import { checkOptions, type OptionKeys } from '../check-options';
import { PiiConfigError } from '../errors';
import { type AuditSecret, entryHash, type MacKey, macKey, signedText } from './audit-crypto';
import { GENESIS } from './audit-entry';

export interface VerifyAuditTrailOptions {
  /** The secret that signed every entry, whatever its `keyId`. */
  secret?: AuditSecret;
  /** The secrets by `keyId`, for a trail signed before and after a rotation. */
  secrets?: Readonly<Record<string, AuditSecret>>;
  /**
   * Accept a conversation whose first entry given is not its first ever (`seq` 0): a trail
   * capped by length or age (`redisAuditSink`'s `maxLength`, `maxAgeMs`) lost its oldest
   * entries. Its first entry's `prev` is then taken as it is. Default `false`.
   */
  partial?: boolean;
}

const VERIFY_KEYS = {
  secret: 'optional',
  secrets: 'optional',
  partial: 'optional',
} as const satisfies OptionKeys<VerifyAuditTrailOptions>;

/** Why an entry does not verify. */
export type AuditFailure =
  /** Not an entry: a field is missing or of the wrong kind. */
  | 'malformed'
  /** Its `keyId` names no secret given. */
  | 'unknown-key'
  /** Its MAC does not match: the entry was changed, or it was signed with another secret. */
  | 'mac'
  /** Its `seq` is not the next of its conversation: an entry was removed, inserted or moved. */
  | 'seq'
  /** Its `prev` is not the hash of the entry before it: one of them was replaced. */
  | 'prev';

export type AuditVerification =
  | { ok: true; entries: number; conversations: number }
  | { ok: false; index: number; code: AuditFailure; reason: string };

const HEX64 = /^[0-9a-f]{64}$/;

function malformed(entry: unknown): string | undefined {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return 'not an object';
  const e = entry as Record<string, unknown>;
  if (typeof e.type !== 'string') return '`type` is not a string';
  if (typeof e.conversationId !== 'string' || e.conversationId === '')
    return '`conversationId` is not a non-empty string';
  if (!Number.isSafeInteger(e.seq) || (e.seq as number) < 0) return '`seq` is not a whole number';
  if (typeof e.keyId !== 'string') return '`keyId` is not a string';
  if (typeof e.prev !== 'string' || !HEX64.test(e.prev)) return '`prev` is not 64 hex digits';
  if (typeof e.mac !== 'string' || !HEX64.test(e.mac)) return '`mac` is not 64 hex digits';
  return undefined;
}

/**
 * Checks an audit trail: every entry's MAC under its `keyId`'s secret, and, per conversation,
 * that `seq` counts 0, 1, 2… in the order given and each `prev` is the hash of the entry before.
 * Finds an edited, removed, inserted or reordered entry, and a wrong secret; reports the first
 * entry that fails, by its index in `entries`. Entries of several conversations may be mixed.
 *
 * What it cannot see: entries removed from the end of a conversation (keep the last hash
 * elsewhere to check that), nor, with `partial`, entries removed from its start.
 *
 * @example
 * import { verifyAuditTrail } from 'ai-sdk-pii';
 * const result = await verifyAuditTrail(entries, { secret: process.env.PII_AUDIT_SECRET! });
 * if (!result.ok) console.error(`entry ${result.index}: ${result.reason}`);
 */
export async function verifyAuditTrail(
  entries: readonly unknown[],
  options: VerifyAuditTrailOptions,
): Promise<AuditVerification> {
  checkOptions('verifyAuditTrail', options, VERIFY_KEYS);
  if (!Array.isArray(entries))
    throw new PiiConfigError('verifyAuditTrail expects an array of entries.');
  const keys = new Map<string, MacKey>();
  const { secret, secrets } = options ?? {};
  if ((secret === undefined) === (secrets === undefined)) {
    throw new PiiConfigError('verifyAuditTrail needs exactly one of `secret` or `secrets`.');
  }
  const single = secret === undefined ? undefined : macKey(secret, '`secret`');
  for (const [id, s] of Object.entries(secrets ?? {})) keys.set(id, macKey(s, `\`secrets.${id}\``));

  const heads = new Map<string, { seq: number; hash: string }>();
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index] as Record<string, unknown>;
    const fail = (code: AuditFailure, reason: string): AuditVerification => ({
      ok: false,
      index,
      code,
      reason,
    });
    const shape = malformed(entry);
    if (shape) return fail('malformed', `entry ${index} is malformed: ${shape}`);
    const { conversationId, seq, keyId, prev, mac } = entry as {
      conversationId: string;
      seq: number;
      keyId: string;
      prev: string;
      mac: string;
    };
    const key = single ?? keys.get(keyId);
    if (!key)
      return fail(
        'unknown-key',
        `entry ${index} was signed with key "${keyId}", which no secret given names`,
      );
    if (!(await key.verify(signedText(entry), mac))) {
      return fail(
        'mac',
        `entry ${index} (seq ${seq}) does not match its MAC: it was changed, or signed with another secret than the one given for key "${keyId}"`,
      );
    }
    const head = heads.get(conversationId);
    if (head === undefined) {
      if (!options.partial && seq !== 0) {
        return fail(
          'seq',
          `entry ${index} is the first of its conversation given, but its seq is ${seq}, not 0: entries before it are missing (pass partial: true for a capped trail)`,
        );
      }
      if (!options.partial && prev !== GENESIS) {
        return fail(
          'prev',
          `entry ${index} is the first of its conversation, but its prev names an entry before it`,
        );
      }
    } else {
      if (seq !== head.seq + 1) {
        return fail(
          'seq',
          `entry ${index} has seq ${seq} where ${head.seq + 1} comes next: an entry was ${seq > head.seq + 1 ? 'removed before it' : 'inserted or moved'}`,
        );
      }
      if (prev !== head.hash) {
        return fail(
          'prev',
          `entry ${index} (seq ${seq}) does not follow the entry before it: its prev is another entry's hash`,
        );
      }
    }
    heads.set(conversationId, { seq, hash: await entryHash(entry) });
  }
  return { ok: true, entries: entries.length, conversations: heads.size };
}
