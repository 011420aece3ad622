import { MockLanguageModelV3 } from 'ai/test';
import { generateResult, streamResult, textParts, toolCallPart } from '../../support/mock-model';

export { usage } from '../../support/mock-model';

export interface MockToolCall {
  toolName: string;
  input: unknown;
  toolCallId?: string;
}

const callParts = (calls: MockToolCall[]) =>
  calls.map((c, i) => toolCallPart(c.toolCallId ?? `call-${i + 1}`, c.toolName, c.input));

/** One `doGenerate` result: the model calls tools. */
export const generateToolCalls = (...calls: MockToolCall[]) => generateResult(callParts(calls));

/** One `doGenerate` result: the model answers with text. */
export const generateText = (text: string) => generateResult([{ type: 'text', text }]);

/** One `doStream` result: the model calls tools. */
export const streamToolCalls = (...calls: MockToolCall[]) => streamResult(callParts(calls));

/** One `doStream` result: the model answers with text. */
export const streamText = (text: string) => streamResult(textParts('t1', [text]));

/** A mock model that calls the given tools, then answers `Done.`. */
export function toolCallingModel(...calls: MockToolCall[]) {
  return new MockLanguageModelV3({
    doGenerate: [generateToolCalls(...calls), generateText('Done.')],
    doStream: [streamToolCalls(...calls), streamText('Done.')],
  });
}
