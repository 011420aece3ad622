/**
 * What an OpenTelemetry SDK does for the tests of span attributes, on the real
 * `@opentelemetry/api`: a context manager on `AsyncLocalStorage` (as
 * `@opentelemetry/context-async-hooks` has), registered globally, so that `context.with` and
 * `trace.getActiveSpan()` work across awaits; and a tracer whose spans keep their attributes and
 * events in memory (as an in-memory exporter would show them). The SDK packages are not
 * installed: their peer range stops below the `@opentelemetry/api` that the AI SDK brings.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type Attributes,
  type Context,
  type ContextManager,
  context,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  type SpanOptions,
  type Tracer,
  trace,
} from '@opentelemetry/api';

class AsyncLocalContextManager implements ContextManager {
  readonly #storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.#storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    ctx: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    return this.#storage.run(ctx, () => fn.apply(thisArg, args));
  }
  bind<T>(ctx: Context, target: T): T {
    if (typeof target !== 'function') return target;
    const manager = this;
    return function (this: unknown, ...args: unknown[]) {
      return manager.with(ctx, () => (target as (...a: unknown[]) => unknown).apply(this, args));
    } as T;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.#storage.disable();
    return this;
  }
}

/** One span as an exporter would receive it. */
export interface RecordedSpan {
  name: string;
  attributes: Attributes;
  events: { name: string; attributes: Attributes }[];
  ended: boolean;
}

let ids = 0;

function recordingSpan(name: string, options: SpanOptions | undefined, out: RecordedSpan[]): Span {
  const record: RecordedSpan = {
    name,
    attributes: { ...options?.attributes },
    events: [],
    ended: false,
  };
  out.push(record);
  const id = (++ids).toString(16).padStart(16, '0');
  const spanContext: SpanContext = { traceId: id.repeat(2), spanId: id, traceFlags: 1 };
  const span: Span = {
    spanContext: () => spanContext,
    setAttribute(key, value) {
      if (!record.ended && value !== undefined) record.attributes[key] = value;
      return span;
    },
    setAttributes(attributes) {
      if (!record.ended) Object.assign(record.attributes, attributes);
      return span;
    },
    addEvent(eventName, attributes) {
      if (!record.ended) {
        record.events.push({
          name: eventName,
          attributes:
            typeof attributes === 'object' &&
            !Array.isArray(attributes) &&
            !(attributes instanceof Date)
              ? { ...attributes }
              : {},
        });
      }
      return span;
    },
    addLink: () => span,
    addLinks: () => span,
    setStatus: () => span,
    updateName(newName) {
      record.name = newName;
      return span;
    },
    end() {
      record.ended = true;
    },
    isRecording: () => !record.ended,
    recordException() {},
  };
  return span;
}

/**
 * Registers the context manager (once per process) and gives a tracer and the spans it made.
 *
 * @example
 * const { tracer, spans } = recordingTracer();
 * streamText({ ..., experimental_telemetry: { isEnabled: true, tracer } });
 */
export function recordingTracer(): { tracer: Tracer; spans: RecordedSpan[] } {
  context.setGlobalContextManager(new AsyncLocalContextManager());
  const spans: RecordedSpan[] = [];
  const tracer: Tracer = {
    startSpan: (name, options) => recordingSpan(name, options, spans),
    startActiveSpan(name: string, ...rest: unknown[]) {
      const fn = rest.pop() as (span: Span) => unknown;
      const [options, parent] = rest as [SpanOptions | undefined, Context | undefined];
      const span = recordingSpan(name, options, spans);
      return context.with(trace.setSpan(parent ?? context.active(), span), fn, undefined, span);
    },
  } as Tracer;
  return { tracer, spans };
}
