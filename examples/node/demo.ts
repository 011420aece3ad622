/**
 * `npm run demo`: one conversation turn with a tool call, offline. The model is a scripted mock
 * (no API key, no network); everything else is the real library and the real AI SDK.
 *
 * It prints the views of the turn: what the user typed, what the model received, the tool call
 * the model wrote and what the tool received, what the model read back, and the answer the model
 * wrote next to what the user sees. What the model wrote is read from its own stream, before
 * anything of `ai-sdk-pii` touches it: that is where the tokens show.
 */
import { type LanguageModelMiddleware, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { createPii, piiMiddleware, piiRestoreTransform, withPiiTools } from '../../src/index';

export interface DemoViews {
  userTyped: string;
  modelReceived: string;
  /** The tool calls as the model wrote them: tool name and input text (tokens). */
  modelToolCalls: { toolName: string; input: string }[];
  toolReceived: unknown;
  modelReadBack: string;
  /** The answer text as the model wrote it (tokens), its deltas joined. */
  modelAnswer: string;
  userSees: string;
}

/**
 * A middleware that keeps what the model streams, as it streams it. Placed last in
 * `wrapLanguageModel`'s list, it is the one next to the model: it sees the stream before the
 * middlewares and transforms that come before it in the list.
 */
function recordModelOutput() {
  const wrote = { toolCalls: [] as DemoViews['modelToolCalls'], text: '' };
  const middleware: LanguageModelMiddleware = {
    specificationVersion: 'v3',
    wrapStream: async ({ doStream }) => {
      const { stream, ...rest } = await doStream();
      const record = new TransformStream({
        transform(part, controller) {
          if (part.type === 'tool-call') {
            wrote.toolCalls.push({ toolName: part.toolName, input: part.input });
          } else if (part.type === 'text-delta') {
            wrote.text += part.delta;
          }
          controller.enqueue(part);
        },
      });
      return { ...rest, stream: stream.pipeThrough(record) };
    },
  };
  return { wrote, middleware };
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 10, text: 10, reasoning: 0 },
};
const finish = (unified: 'stop' | 'tool-calls') => ({
  type: 'finish' as const,
  finishReason: { unified, raw: unified },
  usage,
});

/** A model that answers from a script: first a tool call, then a sentence, both with tokens. */
function scriptedModel() {
  return new MockLanguageModelV3({
    doStream: [
      {
        stream: new ReadableStream({
          start(c) {
            c.enqueue({ type: 'stream-start', warnings: [] });
            c.enqueue({
              type: 'tool-call',
              toolCallId: 'call-1',
              toolName: 'sendEmail',
              input: JSON.stringify({
                to: '<<EMAIL:1>>',
                body: 'Bonjour <<PERSON:1>>, votre dossier est prêt.',
              }),
            });
            c.enqueue(finish('tool-calls'));
            c.close();
          },
        }),
      },
      {
        stream: new ReadableStream({
          start(c) {
            c.enqueue({ type: 'stream-start', warnings: [] });
            c.enqueue({ type: 'text-start', id: 't1' });
            // Chunk boundaries fall inside tokens on purpose: the user never sees a fragment.
            for (const delta of [
              'C’est fait : e-mail envoyé à <<PER',
              'SON:1>> (<<EMAIL:1',
              '>>), copie à <<EMA',
              'IL:2>>.',
            ]) {
              c.enqueue({ type: 'text-delta', id: 't1', delta });
            }
            c.enqueue({ type: 'text-end', id: 't1' });
            c.enqueue(finish('stop'));
            c.close();
          },
        }),
      },
    ],
  });
}

/** The readable text of one role's messages in a prompt: text parts and tool-result values. */
function promptText(prompt: unknown, role: string): string {
  const messages = (prompt ?? []) as { role: string; content: unknown }[];
  const partText = (part: { type: string; text?: string; output?: { value?: unknown } }) =>
    part.type === 'text'
      ? (part.text ?? '')
      : typeof part.output?.value === 'string'
        ? part.output.value
        : JSON.stringify(part.output?.value ?? part);
  return messages
    .filter((m) => m.role === role)
    .map((m) =>
      typeof m.content === 'string'
        ? m.content
        : (m.content as Parameters<typeof partText>[0][]).map(partText).join(' '),
    )
    .join('\n');
}

export async function runDemo(): Promise<DemoViews> {
  const pii = createPii();
  const session = pii.session('demo-conversation');
  const userTyped =
    'Écrivez à Jean Dupont, jean.dupont@exemple.fr, pour lui dire que son dossier est prêt.';
  let toolReceived: unknown;

  const tools = {
    sendEmail: tool({
      description: 'Send an email',
      inputSchema: z.object({ to: z.string().email(), body: z.string() }),
      execute: async (input) => {
        toolReceived = input;
        return `Envoyé à ${input.to}, copie à marie.curie@exemple.fr`;
      },
    }),
  };

  const model = scriptedModel();
  const recorder = recordModelOutput();
  const result = streamText({
    model: wrapLanguageModel({
      model,
      middleware: [piiMiddleware({ session }), recorder.middleware],
    }),
    tools: withPiiTools(tools, { session }),
    experimental_transform: piiRestoreTransform({ session }),
    prompt: userTyped,
    stopWhen: stepCountIs(2),
  });
  const userSees = await result.text;

  const firstPrompt = model.doStreamCalls[0]?.prompt;
  const secondPrompt = model.doStreamCalls[1]?.prompt;
  return {
    userTyped,
    modelReceived: promptText(firstPrompt, 'user'),
    modelToolCalls: recorder.wrote.toolCalls,
    toolReceived,
    modelReadBack: promptText(secondPrompt, 'tool'),
    modelAnswer: recorder.wrote.text,
    userSees,
  };
}

const isMain =
  process.argv[1] &&
  import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').pop()!);
if (isMain) {
  const views = await runDemo();
  const show = (title: string, body: unknown) =>
    console.log(
      `\n\x1b[1m${title}\x1b[0m\n  ${typeof body === 'string' ? body : JSON.stringify(body, null, 2).replace(/\n/g, '\n  ')}`,
    );
  show('1. What the user typed', views.userTyped);
  show('2. What the model received', views.modelReceived);
  show(
    '3. The tool call, as the model wrote it',
    views.modelToolCalls.map((c) => `${c.toolName}(${c.input})`).join('\n  '),
  );
  show('4. What the tool received', views.toolReceived);
  show('5. What the model read back (tool result)', views.modelReadBack);
  show('6. The answer, as the model wrote it', views.modelAnswer);
  show('7. What the user sees', views.userSees);
  console.log();
}
