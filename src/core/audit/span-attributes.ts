import type { ConversationEvent, LabelCounts } from '../events';

/** What the library needs of an OpenTelemetry span (`@opentelemetry/api`'s `Span` fits). */
export interface SpanLike {
  setAttributes(attributes: Record<string, string | number | string[]>): unknown;
  addEvent(name: string, attributes?: Record<string, string | number | string[]>): unknown;
  isRecording?(): boolean;
}

/** What the library needs of `@opentelemetry/api`'s `trace` (pass `trace` itself). */
export interface TraceLike {
  getActiveSpan(): SpanLike | undefined;
}

type Attributes = Record<string, string | number | string[]>;

/**
 * The counts of one kind (`masked`, `restored`…) as attributes: `pii.labels.<kind>` (the
 * labels, sorted), `pii.count.<kind>` (values in all) and `pii.<kind>.<LABEL>` (values of one
 * label). Documented in docs/audit.md.
 */
function countAttributes(out: Attributes, kind: string, counts: LabelCounts): void {
  const labels = Object.keys(counts).sort();
  out[`pii.labels.${kind}`] = labels;
  out[`pii.count.${kind}`] = labels.reduce((n, label) => n + counts[label]!, 0);
  for (const label of labels) out[`pii.${kind}.${label}`] = counts[label]!;
}

/** Per event type: the attributes it sets on the span of its call, or the span event it adds. */
const ON_SPAN: {
  [T in ConversationEvent['type']]: (
    event: Extract<ConversationEvent, { type: T }>,
  ) => { attributes: Attributes } | { event: string; attributes: Attributes };
} = {
  'model-call': (e) => {
    const attributes: Attributes = { 'pii.model.outcome': e.outcome };
    countAttributes(attributes, 'masked', e.masked);
    countAttributes(attributes, 'restored', e.restored);
    countAttributes(attributes, 'invented', e.invented);
    return { attributes };
  },
  'tool-call': (e) => {
    const attributes: Attributes = {
      'pii.tool.strategy': e.strategy,
      'pii.tool.outcome': e.outcome,
    };
    if (e.refusal) attributes['pii.tool.refusal'] = e.refusal;
    if (e.approval) attributes['pii.tool.approval'] = e.approval;
    countAttributes(attributes, 'restored', e.restored);
    countAttributes(attributes, 'withheld', e.withheld);
    countAttributes(attributes, 'invented', e.invented);
    countAttributes(attributes, 'masked', e.masked);
    return { attributes };
  },
  'detection-failure': (e) => ({
    event: 'pii.detection-failure',
    attributes: {
      'pii.operation': e.operation,
      'pii.code': e.code,
      'pii.detector': e.detector ?? '',
    },
  }),
  'store-failure': (e) => ({
    event: 'pii.store-failure',
    attributes: { 'pii.operation': e.operation, 'pii.code': e.code },
  }),
  forget: () => ({ event: 'pii.forget', attributes: {} }),
};

/**
 * Puts what a model call's prompt holds (`pii.labels.masked`, `pii.count.masked`,
 * `pii.masked.<LABEL>`) on its span as the call starts: a span that ends before the answer does
 * still gets them. Never fails the call.
 */
export function annotatePrompt(span: SpanLike, masked: LabelCounts): void {
  try {
    if (span.isRecording && !span.isRecording()) return;
    const attributes: Attributes = {};
    countAttributes(attributes, 'masked', masked);
    span.setAttributes(attributes);
  } catch {
    // As below: telemetry never changes the call.
  }
}

/**
 * Puts an event on the span of its call: attributes for model and tool calls, a span event for
 * the others; with the audit trail on, `pii.audit.seq` names the entry. Never fails the call.
 */
export function annotateSpan(span: SpanLike, event: ConversationEvent, seq?: number): void {
  try {
    if (span.isRecording && !span.isRecording()) return;
    const made = (
      ON_SPAN[event.type] as (e: ConversationEvent) => ReturnType<(typeof ON_SPAN)['forget']>
    )(event);
    const attributes =
      seq === undefined ? made.attributes : { ...made.attributes, 'pii.audit.seq': seq };
    if ('event' in made) span.addEvent(made.event, attributes);
    else span.setAttributes(attributes);
  } catch {
    // Telemetry is an observer: a span that refuses attributes changes nothing of the call.
  }
}
