import type { ToolSet } from 'ai';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import type { PiiSession } from '../../../src/core/session';
import type { ToolStrategy } from '../../../src/core/tool-strategy';
import { testPii } from '../../core/helpers';

export {
  generateResult,
  stop,
  streamResult,
  textParts,
  toolCallPart,
  toolCalls,
  usage,
} from '../../support/mock-model';
export { testPii };

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
