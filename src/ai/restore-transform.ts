import type { TextStreamPart, ToolSet } from 'ai';
import { checkOptions, type OptionKeys } from '../core/check-options';
import { PiiConfigError } from '../core/errors';
import { mapStrings } from '../core/map-strings';
import { checkChoice } from '../core/messages/anonymize-messages';
import type { InventedTokenPolicy } from '../core/restore';
import { restoreWith } from '../core/restore';
import type { PiiSession } from '../core/session';
import { createStreamRestorer, type StreamRestorer } from '../core/stream-restorer';
import { aiSessionState, type RevealPolicy } from './session-state';
import { revealsEntry } from './ui/reveals-entry';

export interface PiiRestoreTransformOptions {
  /** The conversation whose tokens are restored: `pii.session(chatId)`. */
  session: PiiSession;
  /**
   * Tokens the conversation never issued: `keep` (default: shown as written, a stream read by
   * a person should not fail midway), `remove`, or `throw` (the stream errors).
   */
  invented?: InventedTokenPolicy;
  /**
   * Also restore tool-call inputs for display: `tool-input-delta` text (values JSON-escaped)
   * and the `tool-call` input. Default `false`. Tools always run on the model's raw input;
   * `piiMiddleware` masks the restored values again before the next model call.
   */
  toolInput?: boolean;
  /**
   * Also restore reasoning text. Default `false`: providers sign reasoning, and a changed
   * text can be refused when it is sent back.
   */
  reasoning?: boolean;
  /**
   * Which values may be restored, entry by entry (default: all). A refused token stays a token
   * in the stream. The stream usually goes on to the browser (`toUIMessageStream`), so give it
   * the same policy as `createPiiUIMessageStream({ reveal })`, which refuses a `reveal` that
   * this transform does not apply (G6).
   *
   * @example
   * reveal: (entry) => entry.label !== 'IBAN'
   */
  reveal?: RevealPolicy;
}

const RESTORE_TRANSFORM_KEYS = {
  session: { required: 'the conversation, pii.session(chatId)' },
  invented: 'optional',
  toolInput: 'optional',
  reasoning: 'optional',
  reveal: 'optional',
} as const satisfies OptionKeys<PiiRestoreTransformOptions>;

/** The fields of a stream part this transform reads or writes; the rest passes through. */
interface Part {
  type: string;
  id?: string;
  text?: string;
  delta?: string;
  input?: unknown;
}

type Kind = 'text' | 'reasoning' | 'tool-input';

const DELTA: Record<Kind, string> = {
  text: 'text-delta',
  reasoning: 'reasoning-delta',
  'tool-input': 'tool-input-delta',
};
const END: Record<string, Kind> = {
  'text-end': 'text',
  'reasoning-end': 'reasoning',
  'tool-input-end': 'tool-input',
};

/**
 * An `experimental_transform` for `streamText` that puts the real values back in the text
 * the server reads (`result.text`, `textStream`, `onFinish`, steps). Each token is restored
 * exactly once wherever chunks split it, no token fragment is ever emitted, and held text is
 * released before its part ends. Reasoning is left alone by default.
 *
 * The restored text also becomes the assistant message of the next step's prompt:
 * `piiMiddleware` masks it again on every model call, so keep both.
 *
 * @example
 * const result = streamText({
 *   model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
 *   tools: withPiiTools(tools, { session }),
 *   experimental_transform: piiRestoreTransform({ session }),
 *   messages,
 * });
 * for await (const text of result.textStream) process.stdout.write(text); // real values
 */
export function piiRestoreTransform<TOOLS extends ToolSet>(
  options: PiiRestoreTransformOptions,
): (options: {
  tools: TOOLS;
  stopStream: () => void;
}) => TransformStream<TextStreamPart<TOOLS>, TextStreamPart<TOOLS>> {
  checkOptions('piiRestoreTransform', options, RESTORE_TRANSFORM_KEYS);
  const { session, invented = 'keep', toolInput = false, reasoning = false, reveal } = options;
  if (typeof session?.restore !== 'function') {
    throw new PiiConfigError(
      'piiRestoreTransform({ session }) needs a session: pii.session(chatId).',
    );
  }
  checkChoice('invented', invented, ['keep', 'remove', 'throw'] as const);
  if (reveal !== undefined && typeof reveal !== 'function') {
    throw new PiiConfigError(
      'piiRestoreTransform: `reveal` must be a function (entry) => boolean.',
    );
  }
  // Told now, when the route builds the transform, before any UI message stream is made of it.
  const transforms = aiSessionState(session).restoreTransforms;
  if (!transforms.includes(reveal)) transforms.push(reveal);

  const restoreTexts = revealedRestorer(session, invented, reveal);
  const restoreJson = async (text: string) => (await restoreTexts([text], true))[0]!;
  const restoreText = async (text: string) => (await restoreTexts([text], false))[0]!;

  // The SDK calls the factory once per stream (and per retry attempt): all state lives here.
  return () => {
    const held = new Map<string, StreamRestorer>();
    const key = (kind: Kind, id: string) => `${kind}\u0000${id}`;
    const restorer = (kind: Kind, id: string) => {
      const k = key(kind, id);
      let r = held.get(k);
      if (!r) {
        r =
          kind === 'tool-input'
            ? createStreamRestorer(session.format, restoreJson)
            : createStreamRestorer(session.format, restoreText);
        held.set(k, r);
      }
      return r;
    };
    const deltaPart = (kind: Kind, id: string, text: string) =>
      (kind === 'tool-input'
        ? { type: DELTA[kind], id, delta: text }
        : { type: DELTA[kind], id, text }) as unknown as TextStreamPart<TOOLS>;

    const release = async (
      controller: TransformStreamDefaultController<TextStreamPart<TOOLS>>,
      kind: Kind,
      id: string,
    ) => {
      const k = key(kind, id);
      const r = held.get(k);
      if (!r) return;
      held.delete(k);
      const rest = await r.flush();
      if (rest) controller.enqueue(deltaPart(kind, id, rest));
    };
    const releaseAll = async (
      controller: TransformStreamDefaultController<TextStreamPart<TOOLS>>,
    ) => {
      for (const k of [...held.keys()]) {
        const [kind, id] = k.split('\u0000') as [Kind, string];
        await release(controller, kind, id);
      }
    };
    const kindOf = (type: string): Kind | undefined => {
      if (type === 'text-delta') return 'text';
      if (type === 'reasoning-delta') return reasoning ? 'reasoning' : undefined;
      if (type === 'tool-input-delta') return toolInput ? 'tool-input' : undefined;
      return undefined;
    };

    return new TransformStream<TextStreamPart<TOOLS>, TextStreamPart<TOOLS>>({
      async transform(chunk, controller) {
        const part = chunk as unknown as Part;
        const kind = kindOf(part.type);
        if (kind && typeof part.id === 'string') {
          const field = kind === 'tool-input' ? 'delta' : 'text';
          const text = part[field];
          if (typeof text !== 'string') return controller.enqueue(chunk);
          const out = await restorer(kind, part.id).push(text);
          // A delta whose text is all held back is dropped; the text comes with a later one.
          if (out) controller.enqueue({ ...chunk, [field]: out } as TextStreamPart<TOOLS>);
          return;
        }
        const ending = END[part.type];
        if (ending && typeof part.id === 'string') {
          await release(controller, ending, part.id);
        } else if (part.type === 'finish-step' || part.type === 'finish' || part.type === 'abort') {
          await releaseAll(controller);
        } else if (part.type === 'tool-call' && toolInput && part.input !== undefined) {
          return controller.enqueue({
            ...chunk,
            input: await mapStrings(part.input, (texts) => restoreTexts(texts, false)),
          } as TextStreamPart<TOOLS>);
        }
        controller.enqueue(chunk);
      },
      async flush(controller) {
        await releaseAll(controller);
      },
    });
  };
}

/**
 * Restores the tokens of texts whose entries `reveal` allows (all without one); a refused
 * token stays as written. `json`: the texts are JSON source, each value is written escaped.
 */
function revealedRestorer(
  session: PiiSession,
  invented: InventedTokenPolicy,
  reveal: RevealPolicy | undefined,
) {
  const format = session.format;
  return async (texts: readonly string[], json: boolean): Promise<string[]> => {
    const tokens = new Set<string>();
    for (const text of texts)
      for (const m of format.findAll(text)) tokens.add(format.render(m.label, m.n, m.part));
    if (tokens.size === 0) return [...texts];
    const entries = await session.entries([...tokens]);
    const visible = revealsEntry(session, reveal);
    const values = new Map(entries.map((e) => [e.token, visible(e) ? e.value : undefined]));
    return texts.map((text) =>
      restoreWith(
        text,
        format,
        (m) => {
          const token = format.render(m.label, m.n, m.part);
          if (!values.has(token)) return undefined; // invented: the policy decides
          const value = values.get(token);
          if (value === undefined) return m.token; // refused: stays a token
          return json ? JSON.stringify(value).slice(1, -1) : value;
        },
        { invented },
      ),
    );
  };
}
