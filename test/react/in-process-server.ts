import {
  type ChatTransport,
  convertToModelMessages,
  stepCountIs,
  streamText,
  tool,
  type UIMessage,
  type UIMessageChunk,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { createPiiUIMessageStream } from '../../src/ai/pii-ui-message-stream';
import type { PiiShownPart } from '../../src/ai/ui/shown-parts';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { testPii } from '../core/helpers';
import { streamResult, textParts, toolCallPart } from '../support/mock-model';

/** One scripted model step: provider stream parts (text deltas, tool calls). */
export type ModelStep = object[];

export const textStep = (id: string, ...deltas: string[]): ModelStep => textParts(id, deltas);

export const toolCallStep = (toolCallId: string, toolName: string, input: unknown): ModelStep => [
  toolCallPart(toolCallId, toolName, input),
];

/** A directory search whose records hold other people's data: nobody looks at all of them. */
export const DIRECTORY = [
  { name: 'Marie Curie', email: 'marie.curie@exemple.fr' },
  { name: 'Aïcha Benali', email: 'aicha.benali@exemple.fr' },
];

/**
 * The chat route of an app, run in-process: `piiMiddleware` masks the prompt of each model
 * call, `withPiiTools` gives the tool real values and masks its result, and the UI message
 * stream goes through `createPiiUIMessageStream`. Each request plays the next scripted turn (one entry per step).
 */
export function createInProcessServer(
  turns: ModelStep[][],
  options: { parts?: readonly PiiShownPart[] } = {},
) {
  const pii = testPii();
  const models: MockLanguageModelV3[] = [];
  const toolInputs: unknown[] = [];
  let turn = 0;

  async function handle(
    chatId: string,
    messages: UIMessage[],
  ): Promise<ReadableStream<UIMessageChunk>> {
    const session = pii.session(chatId);
    const steps = turns[turn++] ?? [];
    const model = new MockLanguageModelV3({ doStream: steps.map((step) => streamResult(step)) });
    models.push(model);
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
      messages: await convertToModelMessages(messages),
      // Real values in, result masked (strategy `full`).
      tools: withPiiTools(
        {
          searchDirectory: tool({
            description: 'Finds people in the directory',
            inputSchema: z.object({ about: z.string() }),
            execute: async (input) => {
              toolInputs.push(input);
              return { about: input.about, records: DIRECTORY };
            },
          }),
        },
        { session },
      ),
      stopWhen: stepCountIs(steps.length),
    } as Parameters<typeof streamText>[0]);
    return createPiiUIMessageStream({
      session,
      stream: result.toUIMessageStream(),
      parts: options.parts,
    });
  }

  /** Every prompt the model received, after the middleware. */
  const modelPrompts = () =>
    models.flatMap((m) => m.doStreamCalls.map((call) => JSON.stringify(call.prompt)));
  return { pii, handle, modelPrompts, toolInputs };
}

/** A tick between chunks, so that React renders the intermediate states of a stream. */
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A `ChatTransport` that runs the server handler in-process, records what it was sent (the
 * request messages) and what the browser received (every chunk), and paces the chunks.
 */
export class InProcessTransport implements ChatTransport<UIMessage> {
  readonly requests: { chatId: string; messages: UIMessage[] }[] = [];
  readonly received: UIMessageChunk[] = [];

  constructor(
    private readonly handle: (
      chatId: string,
      messages: UIMessage[],
    ) => Promise<ReadableStream<UIMessageChunk>>,
  ) {}

  async sendMessages({
    chatId,
    messages,
  }: Parameters<ChatTransport<UIMessage>['sendMessages']>[0]) {
    this.requests.push(structuredClone({ chatId, messages }));
    const reader = (await this.handle(chatId, messages)).getReader();
    const received = this.received;
    return new ReadableStream<UIMessageChunk>({
      async pull(controller) {
        await tick();
        const { done, value } = await reader.read();
        if (done) controller.close();
        else {
          received.push(structuredClone(value));
          controller.enqueue(value);
        }
      },
    });
  }

  async reconnectToStream() {
    return null;
  }
}
