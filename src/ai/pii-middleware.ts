import type { LanguageModelMiddleware } from 'ai';
import { checkOptions, type OptionKeys } from '../core/check-options';
import { PiiConfigError } from '../core/errors';
import { checkChoice, checkMessagesOptions } from '../core/messages/anonymize-messages';
import type { PiiSession } from '../core/session';
import { beginModelCall, reportOf } from './model-call-report';
import { queueDefinitions } from './prompt/anonymize-definitions';
import { anonymizePrompt } from './prompt/anonymize-prompt';
import { anonymizeTogether } from './prompt/read-together';
import { refinedToolInputTexts } from './prompt/refined-tool-inputs';
import { StringBatch } from './prompt/string-batch';
import { placeholderInstruction } from './prompt/system-instruction';
import { neutralizeUnvouched } from './prompt/unvouched-tokens';
import { aiSessionState, modelToolCallIds, recordModelToolCall, vouchFor } from './session-state';
import { DeltaTokens } from './ui/delta-tokens';

/**
 * The prompt of a call under `history: 'signed'`, its unvouched tokens neutralised; throws if
 * the history was never verified, so that a route that forgot `verifySignedHistory` fails
 * instead of trusting the client.
 */
function vouchedPrompt<M extends { role: string }>(session: PiiSession, prompt: readonly M[]): M[] {
  const vouched = aiSessionState(session).vouched;
  if (!vouched) {
    throw new PiiConfigError(
      "piiMiddleware({ history: 'signed' }) needs the client's history verified first: messages: await convertToModelMessages(await verifySignedHistory({ session, messages })).",
    );
  }
  return neutralizeUnvouched(prompt, vouched, modelToolCallIds(session), session.format);
}

// Tool definitions and the response format are the app's text, like a system prompt: values
// in them get tokens, and tokens placed there on purpose are kept. So do values that the app
// added to a tool call after the model wrote it.
const APP_TEXT = { role: 'user', tokens: 'keep', origin: { kind: 'app' } } as const;

export interface PiiMiddlewareOptions {
  /** The conversation: `pii.session(chatId)`. */
  session: PiiSession;
  /** The system prompt: `keep` (default; it is the app's own text) or `anonymize`. */
  system?: 'keep' | 'anonymize';
  /**
   * Files that cannot be scanned. Text files (`text/*`, JSON, XML, CSV, YAML... whose content
   * is in the prompt: base64, bytes, a `data:` URL, inline text; in UTF-8, UTF-16 or
   * Windows-1252) are always anonymized like the text around them and written back in the same
   * form and encoding. Images, audio, PDFs, other binary files, text in other charsets, remote
   * (`http(s):`) URLs and provider file references cannot be: `allow` (default) sends them as
   * they are; `reject` fails the call before the provider is reached.
   */
  files?: 'allow' | 'reject';
  /**
   * Token-shaped text in user messages (G8). `untrusted` (default): neutralised in every user
   * message, since the client sends the whole history and could forge tokens. `trusted`: kept
   * in user messages before the last one, for apps that load an already anonymized history from
   * their own database; the last user message is new input and is neutralised. `anonymized`:
   * kept in every user message, when the app passes `session.anonymizeMessages(...)` output to
   * `streamText` (PII-free telemetry); only safe if every request's messages go through it.
   * `signed`: for apps that keep the default `useChat` body with `createPii({ historySecret })`:
   * user messages as `untrusted`, and the history must have gone through `verifySignedHistory`
   * (else the call fails with `PiiConfigError`); a token in assistant text, a tool-call input
   * or a tool result that the server did not vouch for there (the verified history, the model's
   * own output and the tools' results in this request) is neutralised, so a client cannot have
   * the model repeat a token it was never shown.
   */
  history?: 'untrusted' | 'trusted' | 'anonymized' | 'signed';
  /**
   * Assistant text and tool-call inputs: `known` (default) re-masks values the conversation
   * knows and keeps values the model introduced itself (BR-TOOL-09); `all` masks those too.
   */
  assistant?: 'known' | 'all';
  /**
   * The system instruction about placeholders: on by default, a string replaces it, `false`
   * turns it off. Appended to the leading system message, or prepended as one.
   */
  instruction?: string | false;
}

const MIDDLEWARE_KEYS = {
  session: { required: 'the conversation, pii.session(chatId)' },
  system: 'optional',
  files: 'optional',
  history: 'optional',
  assistant: 'optional',
  instruction: 'optional',
} as const satisfies OptionKeys<PiiMiddlewareOptions>;

/**
 * A `LanguageModelMiddleware` that anonymizes every model call, in `generateText`,
 * `streamText` and each step of a tool loop: the prompt, the tool definitions (descriptions,
 * and the text, enums, constants, defaults and examples of their input schemas), provider
 * tools' text arguments and the response format (its schema, name and description). The
 * model only sees tokens. `providerOptions`, headers and the other settings are sent as they
 * are. Fails closed: a detector or store error fails the call and the provider is never called.
 *
 * @example
 * import { streamText, wrapLanguageModel } from 'ai';
 * const result = streamText({
 *   model: wrapLanguageModel({ model: openai('gpt-5-mini'), middleware: piiMiddleware({ session }) }),
 *   messages,
 * });
 */
export function piiMiddleware(options: PiiMiddlewareOptions): LanguageModelMiddleware {
  checkOptions('piiMiddleware', options, MIDDLEWARE_KEYS);
  const { session, instruction } = options;
  if (typeof session?.anonymizeMany !== 'function') {
    throw new PiiConfigError('piiMiddleware({ session }) needs a session: pii.session(chatId).');
  }
  const signed = options?.history === 'signed';
  // Signed history: user messages are read as untrusted ones; the rest is checked below.
  const history = options.history === 'signed' ? 'untrusted' : (options.history ?? 'untrusted');
  checkMessagesOptions({ ...options, history });
  checkChoice('files', options.files, ['allow', 'reject'] as const);
  if (instruction !== undefined && instruction !== false && typeof instruction !== 'string') {
    throw new PiiConfigError('Option `instruction` must be a string or false.');
  }
  const settings = {
    system: options.system ?? 'keep',
    files: options.files ?? 'allow',
    history,
    assistant: options.assistant ?? 'known',
    instruction: instruction ?? placeholderInstruction(session.format),
  } as const;

  return {
    // 'v3' is accepted by `wrapLanguageModel` of ai@6 (v3 only) and ai@7 (v3 or v4).
    specificationVersion: 'v3',
    transformParams: async ({ params }) => {
      const call = session.reporting ? beginModelCall(session, settings.instruction) : undefined;
      const definitionTexts = new StringBatch();
      const definitions = queueDefinitions(definitionTexts, params);
      // Before the prompt's texts: values first met in the definitions, or added by the app
      // to a tool call, are then known to the prompt's sweep (assistant text and tool-call
      // inputs too). The definitions are the same at every step of a tool loop: read as one
      // text, detected once (see `anonymizeTogether`).
      const before = async () => {
        const [definitionsOut] = await anonymizeTogether(
          session,
          definitionTexts.texts,
          refinedToolInputTexts(session, params.prompt),
          APP_TEXT,
        );
        definitionTexts.apply(definitionsOut);
      };
      const given = signed ? vouchedPrompt(session, params.prompt) : params.prompt;
      const prompt = await anonymizePrompt(session, given, { ...settings, before });
      const out = { ...params, ...(definitions as Partial<typeof params>), prompt };
      await call?.sent(out);
      return out;
    },
    // The model's tool calls as it wrote them: an input the SDK changes afterwards comes back
    // in the next prompt, and what was changed is told from what the model wrote.
    // With a signed history, what the model writes is vouched for where it stands. With events
    // on, the answer's placeholders are counted for the call's `model-call` event.
    wrapGenerate: async ({ doGenerate, params, model }) => {
      const report = reportOf(params, model, 'generate');
      let result: Awaited<ReturnType<typeof doGenerate>>;
      try {
        result = await doGenerate();
      } catch (error) {
        await report?.end('error');
        throw error;
      }
      result.content.forEach((part, i) => {
        if (part.type === 'tool-call') {
          recordModelToolCall(session, part.toolCallId, part.input);
          if (signed) vouchFor(session, 'call', session.tokensIn(part.input));
          report?.read(`${i}`, part.input);
        } else if (part.type === 'text' || part.type === 'reasoning') {
          if (signed) vouchFor(session, 'text', session.tokensIn(part.text));
          if (part.type === 'text') report?.read(`${i}`, part.text);
        }
      });
      await report?.end('ok');
      return result;
    },
    wrapStream: async ({ doStream, params, model }) => {
      const report = reportOf(params, model, 'stream');
      let streamed: Awaited<ReturnType<typeof doStream>>;
      try {
        streamed = await doStream();
      } catch (error) {
        await report?.end('error');
        throw error;
      }
      const { stream, ...rest } = streamed;
      type StreamPart = typeof stream extends ReadableStream<infer P> ? P : never;
      const deltas = new DeltaTokens(session.format);
      let failed = false;
      // `cancel` (a reader that stops: the client went away) is called by Node 20 and later,
      // though TypeScript's DOM types do not list it yet.
      const transformer: Transformer<StreamPart, StreamPart> & { cancel(): Promise<void> } = {
        transform(part, controller) {
          if (part.type === 'tool-call') {
            recordModelToolCall(session, part.toolCallId, part.input);
            if (signed) vouchFor(session, 'call', session.tokensIn(part.input));
            report?.read(`call:${part.toolCallId}`, part.input);
          } else if (part.type === 'text-delta' || part.type === 'reasoning-delta') {
            if (signed) {
              vouchFor(session, 'text', deltas.scan(`${part.type}:${part.id}`, part.delta));
            }
            if (part.type === 'text-delta') report?.read(`text:${part.id}`, part.delta);
          } else if (part.type === 'error') failed = true;
          controller.enqueue(part);
        },
        // The answer has ended: its event is recorded before the stream closes.
        async flush() {
          await report?.end(failed ? 'error' : 'ok');
        },
        async cancel() {
          await report?.end('aborted');
        },
      };
      return {
        ...rest,
        stream: stream.pipeThrough(new TransformStream<StreamPart, StreamPart>(transformer)),
      };
    },
  };
}
