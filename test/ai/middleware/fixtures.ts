import type { ToolSet } from 'ai';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import type { PiiSession } from '../../../src/core/session';
import type { ToolStrategy } from '../../../src/core/tool-strategy';
import { testPii } from '../../core/helpers';

export { testPii };

export const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

export const stop = { unified: 'stop', raw: 'stop' } as const;
export const toolCalls = { unified: 'tool-calls', raw: 'tool_calls' } as const;

/** Provider stream parts of one text block, split into the given deltas. */
export function textParts(id: string, deltas: readonly string[]) {
  return [
    { type: 'text-start' as const, id },
    ...deltas.map((delta) => ({ type: 'text-delta' as const, id, delta })),
    { type: 'text-end' as const, id },
  ];
}

export function toolCallPart(toolCallId: string, toolName: string, input: unknown) {
  return { type: 'tool-call' as const, toolCallId, toolName, input: JSON.stringify(input) };
}

/** One `doStream` result: stream-start, the parts, finish. */
export function streamResult(
  parts: readonly object[],
  finishReason: { unified: string; raw: string } = stop,
) {
  const chunks = [
    { type: 'stream-start', warnings: [] },
    ...parts,
    { type: 'finish', finishReason, usage },
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

/** One `doGenerate` result. */
export function generateResult(
  content: readonly object[],
  finishReason: { unified: string; raw: string } = stop,
) {
  return { content, finishReason, usage, warnings: [] } as never;
}

/**
 * The real `withPiiTools` (restore arguments, mask results), with one strategy per tool
 * (default `full`); it records each strategy on the session for the middleware.
 */
export function maskTools<T extends ToolSet>(
  session: PiiSession,
  tools: T,
  strategies: Partial<Record<keyof T & string, ToolStrategy>> = {},
): T {
  return withPiiTools(tools, { session, strategy: { default: 'full', ...strategies } as never });
}
