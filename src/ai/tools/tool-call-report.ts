import type { SpanLike } from '../../core/audit/span-attributes';
import type { LabelCounts, ToolCallEvent, ToolRefusal } from '../../core/events';
import { tokensInValue } from '../../core/map-strings';
import type { InventedTokenPolicy } from '../../core/restore';
import { type RestoreTally, TokenCounter } from '../../core/restore-tally';
import type { PiiSession } from '../../core/session';
import type { ToolStrategy } from '../../core/tool-strategy';
import type { ToolResultMasker } from './mask-tool-result';

const isAsyncIterable = (v: unknown): v is AsyncIterable<unknown> =>
  v != null && typeof (v as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';

/** The report of one tool call, begun when the call reaches the wrapper. */
export interface ToolCallReport {
  /** `mask`, counting the values it masks (tokens in its output that were not in its input). */
  counting(mask: ToolResultMasker): ToolResultMasker;
  /**
   * The tool's result, with the call's event recorded once it settles (an async iterable is
   * returned as one, its event recorded when it ends); the result waits for the record.
   */
  settle(
    result: unknown,
    tally: RestoreTally | undefined,
    approval?: 'verified' | 'trusted',
  ): unknown;
  /** Records the call as refused before the tool ran. */
  refused(
    reason: ToolRefusal,
    invented: LabelCounts,
    tally: RestoreTally | undefined,
  ): Promise<void>;
}

/** The new tokens of `after`, by label: those that `before` did not hold. */
function newTokens(session: PiiSession, counter: TokenCounter, before: unknown, after: unknown) {
  const had = new Set(tokensInValue(before, session.format));
  for (const token of tokensInValue(after, session.format)) {
    const parsed = session.format.parse(token);
    if (parsed && !had.has(token)) counter.add(token, parsed.label);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : error);

/**
 * Reports the calls of one wrapped tool as `tool-call` events (see `ToolCallEvent`), on the
 * span active when each call starts.
 *
 * @example
 * const report = toolCallReporter(session, 'sendEmail', 'full', 'throw').begin();
 * return report.settle(callAndMask(call, report.counting(mask)), ready.tally);
 */
export function toolCallReporter(
  session: PiiSession,
  toolName: string,
  strategy: ToolStrategy,
  inventedPolicy: InventedTokenPolicy,
): { begin(): ToolCallReport } {
  return {
    begin() {
      const span = session.activeSpan();
      const started = Date.now();
      const masked = new TokenCounter();
      const record = (
        outcome: ToolCallEvent['outcome'],
        tally: RestoreTally | undefined,
        extra: Partial<Pick<ToolCallEvent, 'refusal' | 'approval' | 'invented'>>,
      ) => {
        const event: ToolCallEvent = {
          type: 'tool-call',
          conversationId: session.id,
          toolName,
          strategy,
          outcome,
          inventedPolicy,
          restored: tally?.restored.counts() ?? {},
          withheld: tally?.withheld.counts() ?? {},
          invented: extra.invented ?? tally?.invented.counts() ?? {},
          masked: masked.counts(),
          ms: Math.max(0, Date.now() - started),
          ...(extra.refusal ? { refusal: extra.refusal } : {}),
          ...(extra.approval ? { approval: extra.approval } : {}),
        };
        return session.report(event, span as SpanLike | undefined);
      };
      return {
        counting(mask) {
          return {
            async value(value) {
              const out = await mask.value(value);
              newTokens(session, masked, value, out);
              return out;
            },
            async error(error) {
              const out = await mask.error(error);
              newTokens(session, masked, messageOf(error), out.message);
              return out;
            },
          };
        },
        settle(result, tally, approval) {
          const extra = approval ? { approval } : {};
          if (isAsyncIterable(result)) {
            return (async function* () {
              let outcome: ToolCallEvent['outcome'] = 'ok';
              try {
                yield* result;
              } catch (error) {
                outcome = 'error';
                throw error;
              } finally {
                await record(outcome, tally, extra);
              }
            })();
          }
          return Promise.resolve(result).then(
            async (value) => {
              await record('ok', tally, extra);
              return value;
            },
            async (error) => {
              await record('error', tally, extra);
              throw error;
            },
          );
        },
        refused(reason, invented, tally) {
          // `throw` refused these before any restoration; other refusals met them in the tally.
          const met = reason === 'invented-tokens' ? { invented } : {};
          return record('refused', tally, { refusal: reason, ...met });
        },
      };
    },
  };
}
