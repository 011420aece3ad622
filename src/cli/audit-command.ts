import { parseArgs } from 'node:util';
import type { AuditSecret } from '../core/audit/audit-crypto';
import type { AuditEntry } from '../core/audit/audit-entry';
import { verifyAuditTrail } from '../core/audit/verify-audit-trail';
import { readAuditTrail } from '../redis/redis-audit-sink';
import { readTrailFile } from './read-trail';
import { trailTable } from './trail-table';

export const USAGE = `Usage:
  ai-sdk-pii audit show <conversation> [--redis URL | --file trail.jsonl] [--prefix P]
  ai-sdk-pii audit verify <conversation> [--redis URL | --file trail.jsonl] [--prefix P]
                                         [--partial] [--secret-env NAME]

Reads one conversation's audit trail from Redis (--redis, or the REDIS_URL variable) or from
a JSON Lines file (--file). \`show\` prints it as a table; \`verify\` checks its chain and MACs
and exits with 1 if an entry fails. The secret is read from the environment, never from the
command line: PII_AUDIT_SECRET (one secret), or PII_AUDIT_SECRETS (JSON: {"<keyId>": "<secret>"})
after a rotation; --secret-env names another variable. --partial accepts a trail whose oldest
entries were capped away (maxLength, maxAgeMs).`;

/** Where the command writes, and what it reads from its environment. */
export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
  env: Readonly<Record<string, string | undefined>>;
}

/** The secrets the environment gives, as `verifyAuditTrail` takes them. */
function secretsOf(
  env: CommandIo['env'],
  name: string | undefined,
): { secret: AuditSecret } | { secrets: Record<string, AuditSecret> } {
  const variable =
    name ?? (env.PII_AUDIT_SECRETS !== undefined ? 'PII_AUDIT_SECRETS' : 'PII_AUDIT_SECRET');
  const value = env[variable];
  if (value === undefined || value === '') {
    throw new Error(
      `${variable} is not set: export the audit secret (or {"<keyId>": "<secret>"} as PII_AUDIT_SECRETS) before running verify`,
    );
  }
  if (value.trimStart().startsWith('{')) {
    const parsed = JSON.parse(value) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new Error(`${variable} must be a JSON object of keyId to secret`);
    }
    return { secrets: parsed as Record<string, string> };
  }
  return { secret: value };
}

async function entriesOf(
  values: { redis?: string; file?: string; prefix?: string },
  conversationId: string,
  env: CommandIo['env'],
): Promise<AuditEntry[]> {
  if (values.redis !== undefined && values.file !== undefined) {
    throw new Error('give --redis or --file, not both');
  }
  if (values.file !== undefined) return readTrailFile(values.file, conversationId);
  const url = values.redis ?? env.REDIS_URL;
  if (!url) throw new Error('give --redis URL, --file PATH, or set REDIS_URL');
  return readAuditTrail(
    { url, ...(values.prefix !== undefined ? { prefix: values.prefix } : {}) },
    conversationId,
  );
}

/**
 * `ai-sdk-pii audit show|verify <conversation>`: returns the exit code (0, 1: the trail does
 * not verify, 2: a usage or reading error).
 *
 * @example
 * const code = await runAuditCommand(['verify', 'chat-42', '--file', 'audit.jsonl'], io);
 */
export async function runAuditCommand(args: readonly string[], io: CommandIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        redis: { type: 'string' },
        file: { type: 'string' },
        prefix: { type: 'string' },
        partial: { type: 'boolean' },
        'secret-env': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  }
  try {
    parsed = parse();
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, conversationId, ...extra] = positionals;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  if ((command !== 'show' && command !== 'verify') || !conversationId || extra.length > 0) {
    io.err(USAGE);
    return 2;
  }
  try {
    const entries = await entriesOf(values, conversationId, io.env);
    if (command === 'show') {
      io.out(
        entries.length === 0 ? `No audit entries for ${conversationId}.` : trailTable(entries),
      );
      return 0;
    }
    if (entries.length === 0) {
      io.err(`No audit entries for ${conversationId}: nothing to verify.`);
      return 1;
    }
    const result = await verifyAuditTrail(entries, {
      ...secretsOf(io.env, values['secret-env']),
      partial: values.partial === true,
    });
    if (!result.ok) {
      io.out(`FAILED: ${result.reason} [${result.code}]`);
      return 1;
    }
    const first = entries[0]!.seq;
    const last = entries[entries.length - 1]!.seq;
    const keys = [...new Set(entries.map((e) => e.keyId))].join(', ');
    io.out(
      `OK: ${entries.length} entries of ${conversationId}, seq ${first} to ${last}, chained and signed (keys: ${keys})${first > 0 ? `; entries before seq ${first} were capped away` : ''}.`,
    );
    return 0;
  } catch (error) {
    io.err(`ai-sdk-pii audit: ${(error as Error).message}`);
    return 2;
  }
}
