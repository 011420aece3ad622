import { annotatePrompt } from '../core/audit/span-attributes';
import type { ModelCallEvent } from '../core/events';
import { tokensInValue } from '../core/map-strings';
import { TokenCounter } from '../core/restore-tally';
import type { PiiSession } from '../core/session';
import { aiSessionState } from './session-state';

/** The model call that a `transformParams` began, until its answer ends. */
export interface ModelCallReport {
  /**
   * Notes a piece of the answer: a text delta (`part` is its text's id, so deltas of one text
   * are read together) or a tool call's input; read for tokens at the end.
   */
  read(part: string, text: string): void;
  /** Records the call's event, once; resolves once the audit trail holds it. */
  end(outcome: ModelCallEvent['outcome']): Promise<void>;
}

interface Pending extends ModelCallReport {
  model: { provider: string; modelId: string; mode: ModelCallEvent['mode'] };
}

// Keyed by the params that `transformParams` returns: the SDK hands that very object to
// `wrapGenerate` / `wrapStream`.
const pending = new WeakMap<object, Pending>();

/** Tokens by label, distinct: those the conversation issued, and the others. One lookup. */
async function issuedAndInvented(
  session: PiiSession,
  tokens: readonly string[],
): Promise<{ issued: TokenCounter; invented: TokenCounter }> {
  const known = new Set(
    tokens.length > 0 ? (await session.entries(tokens)).map((e) => e.token) : [],
  );
  const issued = new TokenCounter();
  const invented = new TokenCounter();
  for (const token of tokens) {
    const parsed = session.format.parse(token);
    if (!parsed) continue;
    const rendered = session.format.render(parsed.label, parsed.n);
    (known.has(rendered) ? issued : invented).add(token, parsed.label);
  }
  return { issued, invented };
}

/**
 * Begins the report of a model call, as `transformParams` starts (within the AI SDK's span of
 * the call); `sent` takes the params it gives on, whose placeholders that the conversation
 * issued are what the provider receives in place of values (prompt, tool definitions, response
 * format).
 *
 * @example
 * const call = beginModelCall(session, settings.instruction);
 * const out = { ...params, prompt };
 * await call.sent(out); // then reportOf(out, model, 'stream') in wrapStream
 */
export function beginModelCall(
  session: PiiSession,
  instruction: string | false,
): { sent(params: object): Promise<void> } {
  const span = session.activeSpan();
  const started = Date.now();
  const step = ++aiSessionState(session).modelCalls;
  return {
    async sent(params) {
      const { prompt, tools, responseFormat } = params as Record<string, unknown>;
      // The placeholder instruction's examples stand for no value.
      const sent = Array.isArray(prompt)
        ? prompt.map((m: { role?: unknown; content?: unknown }) =>
            instruction && m.role === 'system' && typeof m.content === 'string'
              ? m.content.replaceAll(instruction, '')
              : m,
          )
        : prompt;
      // Placeholders the conversation issued: a placeholder that the model invented earlier
      // (its tool-call inputs come back in the history) stands for no value.
      const masked = (
        await issuedAndInvented(
          session,
          tokensInValue({ sent, tools, responseFormat }, session.format),
        )
      ).issued.counts();
      if (span) annotatePrompt(span, masked);
      // Parts apart: a token never spans two of them; the deltas of one text are joined.
      const answer = new Map<string, string>();
      let ended = false;
      const report: Pending = {
        model: { provider: 'unknown', modelId: 'unknown', mode: 'generate' },
        read(part, text) {
          answer.set(part, (answer.get(part) ?? '') + text);
        },
        async end(outcome) {
          if (ended) return;
          ended = true;
          const { issued: restored, invented } = await issuedAndInvented(
            session,
            tokensInValue([...answer.values()], session.format),
          );
          await session.report(
            {
              type: 'model-call',
              conversationId: session.id,
              step,
              ...report.model,
              masked,
              restored: restored.counts(),
              invented: invented.counts(),
              outcome,
              ms: Math.max(0, Date.now() - started),
            },
            span,
          );
        },
      };
      pending.set(params, report);
    },
  };
}

/**
 * The report begun for these params, told which model answers them and how; `undefined` when
 * no event is recorded (nothing receives events).
 */
export function reportOf(
  params: object,
  model: { provider?: unknown; modelId?: unknown },
  mode: ModelCallEvent['mode'],
): ModelCallReport | undefined {
  const report = pending.get(params);
  if (!report) return undefined;
  pending.delete(params);
  report.model = {
    provider: typeof model.provider === 'string' ? model.provider : 'unknown',
    modelId: typeof model.modelId === 'string' ? model.modelId : 'unknown',
    mode,
  };
  return report;
}
