import type { AuditEntry, AuditHead } from '../core/audit/audit-entry';
import type { AuditAppendResult, AuditSink } from '../core/audit/audit-sink';
import { checkOptions, type OptionKeys } from '../core/check-options';
import { PiiAuditError, PiiConfigError, PiiError } from '../core/errors';
import { auditAppendScript, auditHeadScript, auditReadScript } from './audit-scripts';
import { readableTag, validatePrefix } from './keys';
import { type RedisScriptClient, redisConnection } from './redis-connection';

interface RedisAuditSinkBaseOptions {
  /** Prefix of every key (no braces). Default `pii-audit:`. */
  prefix?: string;
  /**
   * The most entries one conversation's stream keeps (`XADD MAXLEN`); the oldest go first.
   * Default 10,000. `false`: no cap by length. Not with `maxAgeMs`.
   */
  maxLength?: number | false;
  /** Keep the entries of the last this many milliseconds (`XADD MINID`). Not with `maxLength`. */
  maxAgeMs?: number;
  /**
   * Time to live of a conversation's trail, in seconds, restarted by every entry; `false`
   * (default) keeps it until it is capped or deleted.
   */
  ttl?: number | false;
  /** A Redis call without an answer for this long fails. Default 5,000. */
  commandTimeoutMs?: number;
}

/** With an existing node-redis client (`createClient()` or `createCluster()`). */
export interface RedisAuditSinkClientOptions extends RedisAuditSinkBaseOptions {
  client: RedisScriptClient;
  url?: undefined;
}

/** With a URL: the sink creates its own client, connects on first use, closes it in `close()`. */
export interface RedisAuditSinkUrlOptions extends RedisAuditSinkBaseOptions {
  url: string;
  client?: undefined;
}

export type RedisAuditSinkOptions = RedisAuditSinkClientOptions | RedisAuditSinkUrlOptions;

/** The keys of one conversation's trail; they share its hash tag. */
export interface AuditKeyNames {
  /** Stream: one entry per event, field `entry` (its JSON). */
  log: string;
  /** String: `"<seq> <hash>"` of the last entry. */
  head: string;
}

/** An audit sink in Redis Streams, that reads its trails back too. */
export interface RedisAuditSink extends AuditSink {
  head(conversationId: string): Promise<AuditHead | undefined>;
  /** Every entry the conversation's stream holds, oldest first, as they were signed. */
  read(conversationId: string): Promise<AuditEntry[]>;
  /** The exact key names of one conversation's trail (no Redis call). */
  keyNames(conversationId: string): AuditKeyNames;
  /** Closes the client that the sink created (from `url`). */
  close(): Promise<void>;
}

const PAGE = 500;

const REDIS_AUDIT_SINK_KEYS = {
  client: 'optional',
  url: 'optional',
  prefix: 'optional',
  maxLength: 'optional',
  maxAgeMs: 'optional',
  ttl: 'optional',
  commandTimeoutMs: 'optional',
} as const satisfies OptionKeys<RedisAuditSinkOptions>;

function parseHead(reply: unknown): AuditHead | undefined {
  if (reply === null || reply === undefined || reply === '') return undefined;
  const text = Buffer.isBuffer(reply) ? reply.toString('utf8') : String(reply);
  const match = /^(\d+) ([0-9a-f]{64})$/.exec(text);
  if (!match) throw new PiiAuditError('Redis audit sink: the chain head is malformed');
  return { seq: Number(match[1]), hash: match[2]! };
}

const headText = (seq: number, hash: string) => `${seq} ${hash}`;

function wrap(operation: string, error: unknown): PiiError {
  if (error instanceof PiiError) return error;
  return new PiiAuditError(
    `Redis audit sink: ${operation} failed: ${(error as Error)?.message ?? String(error)}`,
    { cause: error },
  );
}

function positive(value: unknown, name: string): number {
  if (!Number.isSafeInteger(value) || (value as number) <= 0) {
    throw new PiiConfigError(`redisAuditSink: ${name} must be a positive whole number`);
  }
  return value as number;
}

/**
 * An audit sink in Redis Streams: one stream per conversation (`<prefix>{<id>}:log`), capped
 * by length (`maxLength`) or age (`maxAgeMs`), and its chain head (`<prefix>{<id>}:head`),
 * moved with each entry by one Lua script: processes that append to one conversation at once
 * keep one chain, with no gap. Entries hold no personal data, so key names carry the
 * conversation id as it is (encoded as `~base64url` when it holds other characters than
 * letters, digits and `. _ : @ -`).
 *
 * @example
 * import { createPii } from 'ai-sdk-pii';
 * import { redisAuditSink } from 'ai-sdk-pii/redis';
 *
 * const pii = createPii({
 *   audit: { sink: redisAuditSink({ url: process.env.REDIS_URL! }), secret: process.env.PII_AUDIT_SECRET! },
 * });
 */
export function redisAuditSink(options: RedisAuditSinkOptions): RedisAuditSink {
  checkOptions('redisAuditSink', options, REDIS_AUDIT_SINK_KEYS);
  if (!options || typeof options !== 'object' || !options.client === !options.url) {
    throw new PiiConfigError(
      'redisAuditSink needs exactly one of `client` (a node-redis client) or `url` (redis:// or rediss://)',
    );
  }
  if (options.url !== undefined && !/^rediss?:\/\//.test(options.url)) {
    throw new PiiConfigError('redisAuditSink: `url` must start with redis:// or rediss://');
  }
  const prefix = validatePrefix(options.prefix ?? 'pii-audit:');
  if (
    options.maxAgeMs !== undefined &&
    options.maxLength !== undefined &&
    options.maxLength !== false
  ) {
    throw new PiiConfigError('redisAuditSink: cap by `maxLength` or by `maxAgeMs`, not both');
  }
  const maxAgeMs =
    options.maxAgeMs === undefined ? undefined : positive(options.maxAgeMs, 'maxAgeMs');
  const maxLength =
    maxAgeMs !== undefined || options.maxLength === false
      ? undefined
      : positive(options.maxLength ?? 10_000, 'maxLength');
  const ttl = options.ttl === undefined || options.ttl === false ? 0 : positive(options.ttl, 'ttl');
  const connection = redisConnection({
    ...(options.client ? { client: options.client } : { url: options.url }),
    commandTimeoutMs: positive(options.commandTimeoutMs ?? 5_000, 'commandTimeoutMs'),
  });

  const keyNames = (conversationId: string): AuditKeyNames => {
    if (typeof conversationId !== 'string' || conversationId.length === 0) {
      throw new PiiConfigError('redisAuditSink: a conversation id must be a non-empty string');
    }
    const base = `${prefix}{${readableTag(conversationId)}}:`;
    return { log: `${base}log`, head: `${base}head` };
  };
  const keysOf = (conversationId: string) => {
    const names = keyNames(conversationId);
    return [names.log, names.head];
  };

  return {
    keyNames,
    async head(conversationId) {
      try {
        return parseHead(await connection.run(auditHeadScript, keysOf(conversationId), []));
      } catch (error) {
        throw wrap('head', error);
      }
    },
    async append(entries, hashes): Promise<AuditAppendResult> {
      const first = entries[0];
      const last = entries[entries.length - 1];
      if (!first || !last || hashes.length !== entries.length) {
        throw new PiiAuditError('Redis audit sink: append needs entries and one hash each');
      }
      const expected = first.seq === 0 ? '' : headText(first.seq - 1, first.prev);
      const trim =
        maxAgeMs !== undefined
          ? ['MINID', `${Math.max(0, Date.now() - maxAgeMs)}-0`]
          : maxLength !== undefined
            ? ['MAXLEN', String(maxLength)]
            : ['', ''];
      try {
        const reply = await connection.run(auditAppendScript, keysOf(first.conversationId), [
          expected,
          headText(last.seq, hashes[hashes.length - 1]!),
          ...trim,
          String(ttl),
          ...entries.map((entry) => JSON.stringify(entry)),
        ]);
        if (!Array.isArray(reply)) throw new Error(`unexpected reply from Redis: ${typeof reply}`);
        if (Number(reply[0]) === 1) return { ok: true };
        return { ok: false, head: parseHead(reply[1]) };
      } catch (error) {
        throw wrap('append', error);
      }
    },
    async read(conversationId) {
      const keys = keysOf(conversationId);
      const entries: AuditEntry[] = [];
      let from = '-';
      try {
        for (;;) {
          const page = await connection.run(auditReadScript, keys, [from, String(PAGE)]);
          if (!Array.isArray(page)) throw new Error(`unexpected reply from Redis: ${typeof page}`);
          for (const item of page as [unknown, unknown[]][]) {
            const fields = item[1];
            const at = fields.findIndex((f, i) => i % 2 === 0 && String(f) === 'entry');
            if (at === -1)
              throw new PiiAuditError('Redis audit sink: a stream item holds no entry');
            entries.push(JSON.parse(String(fields[at + 1])) as AuditEntry);
          }
          if (page.length < PAGE) return entries;
          from = `(${String((page[page.length - 1] as [unknown])[0])}`;
        }
      } catch (error) {
        throw wrap('read', error);
      }
    },
    close() {
      return connection.close();
    },
  };
}

/**
 * Reads one conversation's trail back from Redis, oldest entry first, for `verifyAuditTrail`
 * (or `npx ai-sdk-pii audit verify`). Takes a sink, or the options of one (its own client,
 * closed after).
 *
 * @example
 * import { verifyAuditTrail } from 'ai-sdk-pii';
 * import { readAuditTrail } from 'ai-sdk-pii/redis';
 *
 * const entries = await readAuditTrail({ url: process.env.REDIS_URL! }, 'chat-42');
 * await verifyAuditTrail(entries, { secret: process.env.PII_AUDIT_SECRET! }); // { ok: true, … }
 */
export async function readAuditTrail(
  source: RedisAuditSink | RedisAuditSinkOptions,
  conversationId: string,
): Promise<AuditEntry[]> {
  if (typeof (source as RedisAuditSink).read === 'function') {
    return (source as RedisAuditSink).read(conversationId);
  }
  const sink = redisAuditSink(source as RedisAuditSinkOptions);
  try {
    return await sink.read(conversationId);
  } finally {
    await sink.close();
  }
}
