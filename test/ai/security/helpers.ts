import { Buffer } from 'node:buffer';
import {
  generateText,
  jsonSchema,
  stepCountIs,
  streamText,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { type PiiMiddlewareOptions, piiMiddleware } from '../../../src/ai/pii-middleware';
import { piiRestoreTransform } from '../../../src/ai/restore-transform';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import { PiiConfigError } from '../../../src/core/errors';
import type { PiiSession } from '../../../src/core/session';
import { testPii } from '../../core/helpers';
import {
  generateResult,
  streamResult,
  textParts,
  toolCallPart,
  toolCalls,
} from '../../support/mock-model';

export const JEAN = 'jean.dupont@exemple.fr';
export const MARIE = 'marie.curie@exemple.fr';
export const CLEAR = [JEAN, MARIE, 'Jean Dupont', 'Marie Curie'];

/** A session whose vault holds PERSON:1 = Jean Dupont, EMAIL:1 = his address. */
export async function knownSession(id = 'security') {
  const session = testPii().session(id);
  const prompt = await session.anonymize(`Écrivez à Jean Dupont, ${JEAN}`);
  return { session, prompt };
}

/** The clear values found anywhere in a value (a prompt, a stream...). */
export function clearIn(value: unknown, clear: readonly string[] = CLEAR): string[] {
  const text = JSON.stringify(value);
  return clear.filter((v) => text.includes(v));
}

export function wrap(
  model: Parameters<typeof wrapLanguageModel>[0]['model'],
  session: PiiSession,
  options: Omit<PiiMiddlewareOptions, 'session'> = {},
) {
  return wrapLanguageModel({ model, middleware: piiMiddleware({ session, ...options }) });
}

export type { ToolSet };

/** An input schema that accepts any object (the tests are about values, not validation). */
export const anyInput = jsonSchema<Record<string, unknown>>({ type: 'object' });

/** A model that calls one tool with `input`, then answers `ok`. */
export const callingModel = (toolName: string, input: unknown) =>
  new MockLanguageModelV3({
    doGenerate: [
      generateResult([toolCallPart('c1', toolName, input)]),
      generateResult([{ type: 'text', text: 'ok' }]),
    ],
  });

/**
 * One turn with `piiRestoreTransform` on, where the model writes `modelText` (tokens glued to
 * letters, say) and calls a tool: what the user was shown, and the prompt of the next step.
 */
export async function restoredTurn(session: PiiSession, userText: string, modelText: string) {
  const model = new MockLanguageModelV3({
    doStream: [
      streamResult(
        [...textParts('t1', [modelText]), toolCallPart('c1', 'send', { to: '<<EMAIL:1>>' })],
        toolCalls,
      ),
      streamResult(textParts('t2', ['ok'])),
    ],
  });
  const result = streamText({
    model: wrap(model, session),
    tools: withPiiTools(
      { send: tool({ inputSchema: anyInput, execute: async () => 'sent' }) },
      { session },
    ),
    stopWhen: stepCountIs(3),
    experimental_transform: piiRestoreTransform({ session }),
    messages: [{ role: 'user', content: userText }],
  });
  let shown = '';
  for await (const text of result.textStream) shown += text;
  return {
    shown,
    firstPrompt: JSON.stringify(model.doStreamCalls[0]!.prompt),
    nextPrompt: JSON.stringify(model.doStreamCalls[1]!.prompt),
  };
}

/** The bytes of every file part of a provider prompt (ai@6: data; ai@7: { type: 'data', data }). */
export function bytesOfFiles(prompt: unknown): Uint8Array[] {
  const out: Uint8Array[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object' && !(v instanceof Uint8Array)) {
      const part = v as { type?: unknown; data?: unknown };
      if (part.type === 'file') {
        const data =
          part.data && typeof part.data === 'object' && !(part.data instanceof Uint8Array)
            ? (part.data as { data?: unknown }).data
            : part.data;
        if (data instanceof Uint8Array) out.push(data);
        else if (typeof data === 'string') out.push(new Uint8Array(Buffer.from(data, 'base64')));
      }
      Object.values(v).forEach(visit);
    }
  };
  visit(prompt);
  return out;
}

/**
 * One user message holding a text and one file, sent under `files: 'reject'`: `undefined`
 * when the file was refused (a `PiiConfigError`, and no provider call), else the bytes of the
 * file the provider received.
 */
export async function fileUnderReject(
  session: PiiSession,
  file: { mediaType: string; data: Uint8Array },
): Promise<Uint8Array | undefined> {
  const model = new MockLanguageModelV3({
    doGenerate: generateResult([{ type: 'text', text: 'ok' }]),
  });
  const outcome = await generateText({
    model: wrap(model, session, { files: 'reject' }),
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Voici le fichier.' },
          { type: 'file', ...file },
        ],
      },
    ],
  }).catch((error: unknown) => error);
  if (outcome instanceof Error) {
    if (!(outcome instanceof PiiConfigError)) throw outcome;
    if (model.doGenerateCalls.length > 0) throw new Error('refused after a provider call');
    return undefined;
  }
  const sent = bytesOfFiles(model.doGenerateCalls[0]!.prompt);
  if (sent.length !== 1) throw new Error(`expected one file, the provider got ${sent.length}`);
  return sent[0];
}
