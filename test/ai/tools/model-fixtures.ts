import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';

/** Usage of the LanguageModelV3 spec (both majors). */
export const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

export interface MockToolCall {
  toolName: string;
  input: unknown;
  toolCallId?: string;
}

const finish = (unified: 'stop' | 'tool-calls') => ({ unified, raw: undefined });

/** One `doGenerate` result: the model calls tools. */
export function generateToolCalls(...calls: MockToolCall[]) {
  return {
    content: calls.map((c, i) => ({
      type: 'tool-call' as const,
      toolCallId: c.toolCallId ?? `call-${i + 1}`,
      toolName: c.toolName,
      input: JSON.stringify(c.input),
    })),
    finishReason: finish('tool-calls'),
    usage,
    warnings: [],
  };
}

/** One `doGenerate` result: the model answers with text. */
export function generateText(text: string) {
  return {
    content: [{ type: 'text' as const, text }],
    finishReason: finish('stop'),
    usage,
    warnings: [],
  };
}

/** One `doStream` result: the model calls tools. */
export function streamToolCalls(...calls: MockToolCall[]) {
  return {
    stream: convertArrayToReadableStream([
      { type: 'stream-start' as const, warnings: [] },
      ...calls.map((c, i) => ({
        type: 'tool-call' as const,
        toolCallId: c.toolCallId ?? `call-${i + 1}`,
        toolName: c.toolName,
        input: JSON.stringify(c.input),
      })),
      { type: 'finish' as const, finishReason: finish('tool-calls'), usage },
    ]),
  };
}

/** One `doStream` result: the model answers with text. */
export function streamText(text: string) {
  return {
    stream: convertArrayToReadableStream([
      { type: 'stream-start' as const, warnings: [] },
      { type: 'text-start' as const, id: 't1' },
      { type: 'text-delta' as const, id: 't1', delta: text },
      { type: 'text-end' as const, id: 't1' },
      { type: 'finish' as const, finishReason: finish('stop'), usage },
    ]),
  };
}

/** A mock model that calls the given tools, then answers `Done.`. */
export function toolCallingModel(...calls: MockToolCall[]) {
  return new MockLanguageModelV3({
    doGenerate: [generateToolCalls(...calls), generateText('Done.')],
    doStream: [streamToolCalls(...calls), streamText('Done.')],
  });
}
