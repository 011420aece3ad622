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

/** Attempts to append one entry while other writers move the head: each failure means one of them succeeded. */
const MAX_ATTEMPTS = 100;

const KEY_ID = /^[A-Za-z0-9._:-]{1,64}$/;

interface Chain {
  head: AuditHead | undefined;
  loaded: boolean;
  tail: Promise<unknown>;
  pending: number;
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
  readonly #chains = new Map<string, Chain>();

  constructor(options: AuditOptions) {
    if (!options || typeof options !== 'object') {
      throw new PiiConfigError('`audit` must be an object: { sink, secret, keyId? }.');
    }
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
  }

  /** Signs `event` as the next entry of its conversation and appends it; resolves once stored. */
  async append(event: ConversationEvent, at: Date): Promise<AuditEntry> {
    const chain = this.#chainOf(event.conversationId);
    chain.pending++;
    const run = chain.tail.then(() => this.#write(chain, event, at));
    chain.tail = run.catch(() => {});
    try {
      return await run;
    } finally {
      chain.pending--;
      this.#evict();
    }
  }

  #chainOf(conversationId: string): Chain {
    let chain = this.#chains.get(conversationId);
    if (chain) this.#chains.delete(conversationId);
    else chain = { head: undefined, loaded: false, tail: Promise.resolve(), pending: 0 };
    this.#chains.set(conversationId, chain);
    return chain;
  }

  #evict(): void {
    if (this.#chains.size <= this.#max) return;
    for (const [id, chain] of this.#chains) {
      if (this.#chains.size <= this.#max) break;
      if (chain.pending === 0) this.#chains.delete(id);
    }
  }

  async #write(chain: Chain, event: ConversationEvent, at: Date): Promise<AuditEntry> {
    const sink = this.#sink;
    try {
      if (!chain.loaded) {
        chain.head = sink.head ? checkedHead(await sink.head(event.conversationId)) : undefined;
        chain.loaded = true;
      }
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const fields: Omit<AuditChainFields, 'mac'> = {
          v: AUDIT_FORMAT_VERSION,
          seq: chain.head ? chain.head.seq + 1 : 0,
          at: at.toISOString(),
          keyId: this.#keyId,
          prev: chain.head?.hash ?? GENESIS,
        };
        const unsigned = { ...event, ...fields };
        const entry = {
          ...unsigned,
          mac: await this.#key.sign(signedText(unsigned)),
        } as AuditEntry;
        const hash = await entryHash(entry);
        const result = await sink.append(entry, hash);
        if (result?.ok === true) {
          chain.head = { seq: entry.seq, hash };
          return entry;
        }
        if (result?.ok !== false) throw new PiiAuditError('The audit sink gave an invalid answer');
        chain.head = checkedHead(result.head);
      }
    } catch (error) {
      if (error instanceof PiiError) throw error;
      throw new PiiAuditError(
        `The audit sink failed: ${(error as Error)?.message ?? String(error)}`,
        { cause: error },
      );
    }
    throw new PiiAuditError(
      `The chain head of a conversation moved ${MAX_ATTEMPTS} times while one entry was appended`,
    );
  }
}
