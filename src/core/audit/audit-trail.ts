import { checkOptions, type OptionKeys } from '../check-options';
import { PiiAuditError, PiiConfigError, PiiError } from '../errors';
import type { ConversationEvent } from '../events';
import { type AuditSecret, entryHash, type MacKey, macKey, signedText } from './audit-crypto';
import {
  AUDIT_FORMAT_VERSION,
  type AuditChainFields,
  type AuditEntry,
  type AuditHead,
  GENESIS,
} from './audit-entry';
import { type AuditCallback, type AuditSink, callbackAuditSink } from './audit-sink';

export interface AuditOptions {
  /** A callback that receives each signed entry (default kind), or a sink (`redisAuditSink`). */
  sink: AuditCallback | AuditSink;
  /** The HMAC-SHA-256 secret, 32 bytes at least; keep it out of the trail's store. */
  secret: AuditSecret;
  /** Names the secret in each entry, so that `verifyAuditTrail` picks the right one after a rotation. Default `'default'`. */
  keyId?: string;
  /**
   * Conversations whose chain head this process keeps between events (least recently used
   * out). Default 10,000. A sink with `head()` gives an evicted head back; with a callback, a
   * conversation evicted here starts a new chain at `seq` 0.
   */
  conversations?: number;
}

/**
 * How long one batch keeps being signed again while other writers move the head (each refusal
 * means one of them succeeded); then its events fail with `PiiAuditError`.
 */
const MAX_WAIT_MS = 30_000;
/** Events of one conversation appended in one call to the sink, at most (a sink may take fewer). */
const MAX_BATCH = 100;

const KEY_ID = /^[A-Za-z0-9._:-]{1,64}$/;

const AUDIT_KEYS = {
  sink: { required: 'a function that receives each entry, or a sink such as redisAuditSink()' },
  secret: { required: 'a secret of 32 bytes or more (openssl rand -base64 32)' },
  keyId: 'optional',
  conversations: 'optional',
} as const satisfies OptionKeys<AuditOptions>;

interface Pending {
  event: ConversationEvent;
  at: Date;
  resolve(entry: AuditEntry): void;
  reject(error: unknown): void;
}

interface Chain {
  head: AuditHead | undefined;
  loaded: boolean;
  /** Events waiting for the batch under way, if any. */
  queue: Pending[];
  pumping: boolean;
}

function checkedHead(head: unknown): AuditHead | undefined {
  if (head === undefined || head === null) return undefined;
  const h = head as AuditHead;
  if (!Number.isSafeInteger(h.seq) || h.seq < 0 || !/^[0-9a-f]{64}$/.test(h.hash)) {
    throw new PiiAuditError('The audit sink gave an invalid chain head');
  }
  return { seq: h.seq, hash: h.hash };
}

/**
 * Signs and chains the events of every conversation, and appends them to the sink: in order
 * per conversation within this process, each on the head that the sink holds.
 */
export class AuditTrail {
  readonly #sink: AuditSink;
  readonly #key: MacKey;
  readonly #keyId: string;
  readonly #max: number;
  readonly #batch: number;
  readonly #chains = new Map<string, Chain>();

  constructor(options: AuditOptions) {
    checkOptions('createPii: audit', options, AUDIT_KEYS);
    const { sink } = options;
    if (typeof sink === 'function') this.#sink = callbackAuditSink(sink);
    else if (sink && typeof sink.append === 'function') this.#sink = sink;
    else {
      throw new PiiConfigError(
        '`audit.sink` must be a function that receives each entry, or a sink such as redisAuditSink().',
      );
    }
    this.#key = macKey(options.secret, '`audit.secret`');
    const keyId = options.keyId ?? 'default';
    if (typeof keyId !== 'string' || !KEY_ID.test(keyId)) {
      throw new PiiConfigError(
        '`audit.keyId` must be 1 to 64 letters, digits or `. _ : -` (it names the secret, it is not the secret).',
      );
    }
    this.#keyId = keyId;
    const max = options.conversations ?? 10_000;
    if (!Number.isSafeInteger(max) || max < 1) {
      throw new PiiConfigError('`audit.conversations` must be a whole number, 1 or more.');
    }
    this.#max = max;
    const batch = this.#sink.maxBatch ?? MAX_BATCH;
    this.#batch =
      Number.isSafeInteger(batch) && batch >= 1 ? Math.min(batch, MAX_BATCH) : MAX_BATCH;
  }

  /**
   * Signs `event` as the next entry of its conversation and appends it; resolves once stored.
   * Events of one conversation that arrive while an append is under way go together in the next
   * call to the sink: a process that lost a race to another writer catches up in one call.
   */
  append(event: ConversationEvent, at: Date): Promise<AuditEntry> {
    const chain = this.#chainOf(event.conversationId);
    return new Promise<AuditEntry>((resolve, reject) => {
      chain.queue.push({ event, at, resolve, reject });
      if (!chain.pumping) void this.#pump(event.conversationId, chain);
    });
  }

  async #pump(conversationId: string, chain: Chain): Promise<void> {
    chain.pumping = true;
    try {
      while (chain.queue.length > 0) {
        const batch = chain.queue.splice(0, this.#batch);
        try {
          const entries = await this.#write(conversationId, chain, batch);
          batch.forEach((p, i) => {
            p.resolve(entries[i]!);
          });
        } catch (error) {
          const failure =
            error instanceof PiiError
              ? error
              : new PiiAuditError(
                  `The audit sink failed: ${(error as Error)?.message ?? String(error)}`,
                  { cause: error },
                );
          for (const p of batch) p.reject(failure);
        }
      }
    } finally {
      chain.pumping = false;
      this.#evict();
    }
  }

  #chainOf(conversationId: string): Chain {
    let chain = this.#chains.get(conversationId);
    if (chain) this.#chains.delete(conversationId);
    else chain = { head: undefined, loaded: false, queue: [], pumping: false };
    this.#chains.set(conversationId, chain);
    return chain;
  }

  #evict(): void {
    if (this.#chains.size <= this.#max) return;
    for (const [id, chain] of this.#chains) {
      if (this.#chains.size <= this.#max) break;
      if (!chain.pumping && chain.queue.length === 0) this.#chains.delete(id);
    }
  }

  /** Signs `batch` on the chain's head and appends it, again on the new head while refused. */
  async #write(conversationId: string, chain: Chain, batch: Pending[]): Promise<AuditEntry[]> {
    const sink = this.#sink;
    if (!chain.loaded) {
      chain.head = sink.head ? checkedHead(await sink.head(conversationId)) : undefined;
      chain.loaded = true;
    }
    const deadline = Date.now() + MAX_WAIT_MS;
    for (;;) {
      const entries: AuditEntry[] = [];
      const hashes: string[] = [];
      let head = chain.head;
      for (const { event, at } of batch) {
        const fields: Omit<AuditChainFields, 'mac'> = {
          v: AUDIT_FORMAT_VERSION,
          seq: head ? head.seq + 1 : 0,
          at: at.toISOString(),
          keyId: this.#keyId,
          prev: head?.hash ?? GENESIS,
        };
        const unsigned = { ...event, ...fields };
        const entry = {
          ...unsigned,
          mac: await this.#key.sign(signedText(unsigned)),
        } as AuditEntry;
        const hash = await entryHash(entry);
        entries.push(entry);
        hashes.push(hash);
        head = { seq: entry.seq, hash };
      }
      const result = await sink.append(entries, hashes);
      if (result?.ok === true) {
        chain.head = head;
        return entries;
      }
      if (result?.ok !== false) throw new PiiAuditError('The audit sink gave an invalid answer');
      chain.head = checkedHead(result.head);
      if (Date.now() > deadline) {
        throw new PiiAuditError(
          `The chain head of a conversation kept moving for ${MAX_WAIT_MS / 1000} s while ${batch.length} entries were appended`,
        );
      }
      // Events that came meanwhile go with this batch: one call appends them all.
      batch.push(...chain.queue.splice(0, this.#batch - batch.length));
    }
  }
}
