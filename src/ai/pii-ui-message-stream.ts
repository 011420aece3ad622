import { createUIMessageStreamResponse, type UIMessageChunk } from 'ai';
import { checkOptions, type OptionKeys } from '../core/check-options';
import { PII_DATA_PART_TYPE, type PiiDataChunk } from '../core/client/pii-data-part';
import { PiiConfigError } from '../core/errors';
import { SIGNATURES_KEY } from '../core/history/signed-pieces';
import type { PiiRevealEntry, PiiSession } from '../core/session';
import { historySignerOf } from '../core/session';
import { StreamPieces } from './history/stream-pieces';
import { aiSessionState, type RevealPolicy } from './session-state';
import { DeltaTokens } from './ui/delta-tokens';
import { revealsEntry } from './ui/reveals-entry';
import { DEFAULT_SHOWN_PARTS, type PiiShownPart } from './ui/shown-parts';

export interface PiiUIMessageStreamOptions<CHUNK extends UIMessageChunk = UIMessageChunk> {
  /** The conversation whose vault holds the entries. */
  session: PiiSession;
  /** A UI message stream, e.g. `result.toUIMessageStream()`. */
  stream: ReadableStream<CHUNK>;
  /**
   * Which parts the browser shows, and so gets entries for. Default
   * `['text', 'reasoning', 'tool-input']`; add `'tool-output'` to show tool results.
   */
  parts?: readonly PiiShownPart[];
  /**
   * Which values the browser may receive, entry by entry (default: all of the tokens shown).
   * An entry refused here is never sent: the token stays on screen as written (or as
   * `renderToken` draws it). The model can be asked to write any token it has seen, so this,
   * not `parts`, is what keeps a kind of value (an IBAN, a colleague's phone number) off the
   * screen whatever the model writes.
   *
   * With `piiRestoreTransform` on the same session, the values the transform restores are in
   * clear in the stream already: give it the same function (`piiRestoreTransform({ session,
   * reveal })`). A `reveal` here that a transform of the session does not apply is refused
   * with a `PiiConfigError`, and a stream given none takes the transforms' policy.
   *
   * Each entry carries the `origin` of its value (`user`, `tool` with its name, `model`, `app`,
   * `unknown`); values of tools wrapped with `withPiiTools({ reveal: { name: false } })` are
   * never sent, whatever this policy says.
   *
   * @example
   * reveal: (entry) => entry.label !== 'IBAN' && entry.label !== 'API_KEY'
   * reveal: (entry) => entry.origin.kind === 'user' || entry.origin.tool === 'lookupMe'
   */
  reveal?: (entry: PiiRevealEntry) => boolean;
}

const UI_STREAM_KEYS = {
  session: { required: 'the conversation, pii.session(chatId)' },
  stream: { required: 'a UI message stream, e.g. result.toUIMessageStream()' },
  parts: 'optional',
  reveal: 'optional',
} as const satisfies OptionKeys<PiiUIMessageStreamOptions>;

/** The options of `createPiiUIMessageStreamResponse`: the stream's, and the response's. */
export type PiiUIMessageStreamResponseOptions = PiiUIMessageStreamOptions &
  Omit<Parameters<typeof createUIMessageStreamResponse>[0], 'stream'>;

// The response's options are the AI SDK's (`createUIMessageStreamResponse`): a key this table
// does not know may be one of a newer SDK, so only near misses of known keys are refused.
const UI_STREAM_RESPONSE_KEYS = {
  ...UI_STREAM_KEYS,
  status: 'optional',
  statusText: 'optional',
  headers: 'optional',
  keepAliveMs: 'optional',
  consumeSseStream: 'optional',
} as const satisfies OptionKeys<PiiUIMessageStreamResponseOptions>;

/**
 * The policy of a UI message stream, given what the session's restore transforms already put
 * in clear upstream (G6): its own `reveal` only if every transform applies that same function;
 * without one, the transforms' (an entry is sent only if every transform would restore it).
 */
function effectiveReveal(
  reveal: RevealPolicy | undefined,
  transforms: readonly (RevealPolicy | undefined)[],
): RevealPolicy | undefined {
  if (reveal !== undefined) {
    if (transforms.some((t) => t !== reveal)) {
      throw new PiiConfigError(
        'createPiiUIMessageStream({ reveal }): a piiRestoreTransform of this session restores values that this policy refuses, so they would reach the browser in clear in the text it restored. Give the transform the same function: piiRestoreTransform({ session, reveal }).',
      );
    }
    return reveal;
  }
  const policies = [...new Set(transforms.filter((t) => t !== undefined))];
  if (policies.length === 0) return undefined;
  if (policies.length === 1) return policies[0];
  return (entry) => policies.every((policy) => policy(entry) === true);
}

/**
 * Forwards a UI message stream unchanged and inserts transient `data-pii` parts carrying the
 * entries `{ token, label, value }` of the tokens the forwarded parts show: each entry once
 * per response, before the chunk that completes its token (tokens split across deltas
 * included). Tokens that are not shown, and invented ones, get no entry; the vault is never
 * sent whole. Transient parts are not stored in messages and never travel back.
 *
 * @example
 * const result = streamText({ model, messages, tools });
 * const stream = createPiiUIMessageStream({ session, stream: result.toUIMessageStream() });
 * return createUIMessageStreamResponse({ stream });
 */
export function createPiiUIMessageStream<CHUNK extends UIMessageChunk = UIMessageChunk>(
  options: PiiUIMessageStreamOptions<CHUNK>,
): ReadableStream<CHUNK> {
  checkOptions('createPiiUIMessageStream', options, UI_STREAM_KEYS);
  return piiUIMessageStream(options);
}

function piiUIMessageStream<CHUNK extends UIMessageChunk>({
  session,
  stream,
  parts = DEFAULT_SHOWN_PARTS,
  reveal,
}: PiiUIMessageStreamOptions<CHUNK>): ReadableStream<CHUNK> {
  if (typeof session.entries !== 'function' || !session.format) {
    throw new PiiConfigError(
      '`session` must be a PiiSession: pii.session(chatId), not the object createPii returns.',
    );
  }
  if (typeof (stream as { pipeThrough?: unknown }).pipeThrough !== 'function') {
    throw new PiiConfigError(
      '`stream` must be a ReadableStream of UI message chunks, e.g. result.toUIMessageStream().',
    );
  }
  if (reveal !== undefined && typeof reveal !== 'function') {
    throw new PiiConfigError('`reveal` must be a function (entry) => boolean.');
  }
  const shown = new Set(parts);
  const format = session.format;
  const transforms = aiSessionState(session).restoreTransforms;
  let policy = effectiveReveal(reveal, transforms);
  let transformsSeen = transforms.length;
  const sent = new Set<string>();
  // Per streamed text (text id, reasoning id, tool call id), tokens split across deltas.
  const deltas = new DeltaTokens(format);
  const scanDelta = (key: string, delta: string) => deltas.scan(key, delta);

  const tokensOf = (chunk: UIMessageChunk): string[] => {
    switch (chunk.type) {
      case 'text-delta':
        return shown.has('text') ? scanDelta(`text:${chunk.id}`, chunk.delta) : [];
      case 'reasoning-delta':
        return shown.has('reasoning') ? scanDelta(`reasoning:${chunk.id}`, chunk.delta) : [];
      case 'text-end':
      case 'reasoning-end':
        deltas.end(`${chunk.type.slice(0, -4)}:${chunk.id}`);
        return [];
      case 'tool-input-delta':
        // The raw JSON of a streaming input: the browser shows its partial parse.
        return shown.has('tool-input')
          ? scanDelta(`tool:${chunk.toolCallId}`, chunk.inputTextDelta)
          : [];
      case 'tool-input-available':
      case 'tool-input-error':
        deltas.end(`tool:${chunk.toolCallId}`);
        return shown.has('tool-input') ? session.tokensIn(chunk.input) : [];
      case 'tool-output-available':
        return shown.has('tool-output') ? session.tokensIn(chunk.output) : [];
      case 'tool-output-error':
        return shown.has('tool-output') ? session.tokensIn(chunk.errorText) : [];
      default: {
        // `steering-message` (ai@7): user text added while the answer streams.
        const steering = chunk as { type: string; parts?: unknown };
        if (steering.type === 'steering-message' && shown.has('text'))
          return session.tokensIn(steering.parts);
        return [];
      }
    }
  };

  // With `createPii({ historySecret })`: the signatures of the message's pieces, sent as
  // message metadata before the stream finishes (see `verifySignedHistory`).
  const signer = historySignerOf(session);
  const read = signer ? new StreamPieces(session.id) : undefined;
  const sign = async (controller: TransformStreamDefaultController<CHUNK>) => {
    const done = read?.take() ?? [];
    if (done.length === 0) return;
    const signed = await signer!.sign(done);
    const chunk = {
      type: 'message-metadata',
      messageMetadata: { [SIGNATURES_KEY]: Object.fromEntries(signed.map((s) => [s, 1])) },
    };
    controller.enqueue(chunk as unknown as CHUNK);
  };

  return stream.pipeThrough(
    new TransformStream<CHUNK, CHUNK>({
      async flush(controller) {
        await sign(controller); // a stream without `finish` (merged into a larger one)
      },
      async transform(chunk, controller) {
        read?.observe(chunk);
        if (chunk.type === 'finish') await sign(controller);
        // A transform made after this stream (another `streamText` merged in) is checked too.
        if (transforms.length !== transformsSeen) {
          transformsSeen = transforms.length;
          policy = effectiveReveal(reveal, transforms);
        }
        const fresh = tokensOf(chunk).filter((t) => !sent.has(t));
        if (fresh.length > 0) {
          const found = await session.entries(fresh);
          // Known tokens are settled, sent or refused; unknown ones may be allocated later on.
          for (const e of found) sent.add(e.token);
          const visible = revealsEntry(session, policy);
          // The browser gets what it displays, not where the value came from.
          const entries = found
            .filter(visible)
            .map(({ token, label, value }) => ({ token, label, value }));
          if (entries.length > 0) {
            const part: PiiDataChunk = { type: PII_DATA_PART_TYPE, data: entries, transient: true };
            controller.enqueue(part as unknown as CHUNK);
          }
        }
        controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * `createUIMessageStreamResponse` over `createPiiUIMessageStream`: the response of a chat
 * route whose browser side uses `usePiiChat`.
 *
 * @example
 * export async function POST(req: Request) {
 *   const { id, messages } = await req.json();
 *   const session = pii.session(id);
 *   const result = streamText({
 *     model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
 *     tools: withPiiTools(tools, { session }),
 *     messages: await convertToModelMessages(messages),
 *   });
 *   return createPiiUIMessageStreamResponse({ session, stream: result.toUIMessageStream() });
 * }
 */
export function createPiiUIMessageStreamResponse(
  options: PiiUIMessageStreamResponseOptions,
): Response {
  checkOptions('createPiiUIMessageStreamResponse', options, UI_STREAM_RESPONSE_KEYS, 'typos');
  const { session, stream, parts, reveal, ...init } = options;
  return createUIMessageStreamResponse({
    ...init,
    stream: piiUIMessageStream({ session, stream, parts, reveal }),
  });
}
