import { type AuditOptions, AuditTrail } from './audit/audit-trail';
import { annotateSpan, type SpanLike, type TraceLike } from './audit/span-attributes';
import { PiiConfigError } from './errors';
import type { ConversationEvent, PiiEventListener } from './events';

/**
 * Where a conversation's events go, in this order: the audit trail (signed, chained, awaited),
 * the `onEvent` listener, and the span of the call they describe (OpenTelemetry).
 */
export interface EventHub {
  /** The span active now (the AI SDK's span of a model or tool call, when telemetry is on). */
  activeSpan(): SpanLike | undefined;
  /** Records one event; resolves once the audit trail holds it (rejects with `PiiAuditError`). */
  emit(event: ConversationEvent, span?: SpanLike): Promise<void>;
}

export interface EventHubOptions {
  onEvent?: PiiEventListener;
  audit?: AuditOptions;
  telemetry?: { trace: TraceLike };
}

/**
 * The hub of a `createPii` instance, or `undefined` when nothing receives events: then the glue
 * counts nothing and nothing is emitted.
 */
export function createEventHub(options: EventHubOptions): EventHub | undefined {
  const { onEvent, audit, telemetry } = options;
  if (onEvent !== undefined && typeof onEvent !== 'function') {
    throw new PiiConfigError('`onEvent` must be a function that receives each event.');
  }
  if (telemetry !== undefined && typeof telemetry?.trace?.getActiveSpan !== 'function') {
    throw new PiiConfigError(
      "`telemetry` must be { trace }, with `trace` from '@opentelemetry/api'.",
    );
  }
  const trail = audit === undefined ? undefined : new AuditTrail(audit);
  if (!onEvent && !trail && !telemetry) return undefined;
  return {
    activeSpan() {
      try {
        return telemetry?.trace.getActiveSpan();
      } catch {
        return undefined;
      }
    },
    async emit(event, span) {
      const entry = trail ? await trail.append(event, new Date()) : undefined;
      onEvent?.(event);
      if (span) annotateSpan(span, event, entry?.seq);
    },
  };
}
