/**
 * Scripted model answers for `MockLanguageModelV3` (from `ai/test`, in both majors): the parts
 * of a `doStream` or `doGenerate` result, in the LanguageModelV3 shapes.
 */

export const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

export const stop = { unified: 'stop', raw: 'stop' } as const;
export const toolCalls = { unified: 'tool-calls', raw: 'tool_calls' } as const;
type FinishReason = { unified: string; raw: string | undefined };

/** Provider stream parts of one text block, split into the given deltas. */
export function textParts(id: string, deltas: readonly string[]) {
  return [
    { type: 'text-start' as const, id },
    ...deltas.map((delta) => ({ type: 'text-delta' as const, id, delta })),
    { type: 'text-end' as const, id },
  ];
}

/** A tool call as the provider emits it (input as a JSON string). */
export function toolCallPart(toolCallId: string, toolName: string, input: unknown) {
  return { type: 'tool-call' as const, toolCallId, toolName, input: JSON.stringify(input) };
}

const hasToolCall = (parts: readonly object[]) =>
  parts.some((p) => (p as { type?: string }).type === 'tool-call');

/**
 * One `doStream` result: stream-start, the parts, finish. The finish reason defaults to
 * `tool-calls` when the parts hold a tool call, `stop` otherwise.
 */
export function streamResult(parts: readonly object[], finishReason?: FinishReason) {
  const chunks = [
    { type: 'stream-start', warnings: [] },
    ...parts,
    {
      type: 'finish',
      finishReason: finishReason ?? (hasToolCall(parts) ? toolCalls : stop),
      usage,
    },
  ];
  return {
    stream: new ReadableStream({
      start(controller) {
        for (const c of chunks) controller.enqueue(c);
        controller.close();
      },
    }),
  } as never;
}

/** One `doGenerate` result, with the same finish-reason default. */
export function generateResult(content: readonly object[], finishReason?: FinishReason) {
  return {
    content,
    finishReason: finishReason ?? (hasToolCall(content) ? toolCalls : stop),
    usage,
    warnings: [],
  } as never;
}
