/**
 * OpenTelemetry: with `createPii({ telemetry: { trace } })`, each model call's and tool call's
 * labels and counts go on the AI SDK's span of that call (`pii.labels.masked`, ...), on the
 * real `@opentelemetry/api`. ai@6 makes its spans itself (`experimental_telemetry` with a
 * tracer); ai@7 runs each call in its telemetry integration's context (`executeLanguageModelCall`,
 * `executeTool`), as `@ai-sdk/otel` does.
 */
import { trace } from '@opentelemetry/api';
import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { expect, it } from 'vitest';
import { piiMiddleware } from '../../../src/ai/pii-middleware';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import { testPii } from '../../core/helpers';
import { findLeaks } from '../../support/leak-readings';
import { streamResult, textParts, toolCallPart } from '../../support/mock-model';
import { recordingTracer } from '../../support/recording-tracer';

it('puts the labels and counts of each model call and tool call on its span, and no value', async () => {
  const { tracer, spans } = recordingTracer();
  // ai@7: an integration that runs each call in a span of its own, active while it runs.
  const inSpan =
    (name: string) =>
    <T>({ execute }: { execute: () => PromiseLike<T> }) =>
      tracer.startActiveSpan(name, async (span) => {
        try {
          return await execute();
        } finally {
          span.end();
        }
      });
  const integration = {
    executeLanguageModelCall: inSpan('chat'),
    executeTool: inSpan('execute_tool'),
  };
  const pii = testPii({ telemetry: { trace } });
  const session = pii.session('otel');
  const tools = withPiiTools(
    {
      lookup: tool({
        inputSchema: jsonSchema<{ q: string }>({
          type: 'object',
          properties: { q: { type: 'string' } },
        }),
        execute: async ({ q }) => `${q}, copie marie.curie@exemple.fr`,
      }),
    },
    { session, restore: { lookup: ['EMAIL'] } },
  );
  const model = new MockLanguageModelV3({
    doStream: [
      streamResult([toolCallPart('c1', 'lookup', { q: '<<EMAIL:1>> <<PERSON:1>>' })]),
      streamResult(textParts('t', ['Vu <<EMAIL:2>>.'])),
    ],
  });
  const result = streamText({
    model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
    tools,
    messages: [{ role: 'user', content: 'Cherchez Jean Dupont, jean.dupont@exemple.fr' }],
    stopWhen: stepCountIs(2),
    experimental_telemetry: { isEnabled: true, tracer, integrations: [integration] } as never,
  });
  await result.consumeStream();

  // What the prompt held is set as the call starts; what the answer held, as it ends, on a span
  // still open then (ai@6's lasts as long as the stream; this ai@7 integration's ends when the
  // call has returned the stream).
  const modelSpans = spans.filter(
    (s) => 'pii.labels.masked' in s.attributes && /^(ai\.streamText\.doStream|chat)$/.test(s.name),
  );
  expect(modelSpans).toHaveLength(2);
  expect(modelSpans[0]!.attributes).toMatchObject({
    'pii.labels.masked': ['EMAIL', 'PERSON'],
    'pii.count.masked': 2,
    'pii.masked.EMAIL': 1,
    'pii.masked.PERSON': 1,
  });
  expect(modelSpans[1]!.attributes).toMatchObject({ 'pii.masked.EMAIL': 2 });
  const open = modelSpans.filter((s) => s.name === 'ai.streamText.doStream');
  for (const s of open)
    expect(s.attributes).toMatchObject({ 'pii.model.outcome': 'ok', 'pii.count.invented': 0 });
  if (open.length > 0) {
    expect(open[0]!.attributes).toMatchObject({ 'pii.labels.restored': ['EMAIL', 'PERSON'] });
    expect(open[1]!.attributes).toMatchObject({ 'pii.labels.restored': ['EMAIL'] });
  }
  const toolSpans = spans.filter((s) => 'pii.tool.strategy' in s.attributes);
  expect(toolSpans).toHaveLength(1);
  expect(toolSpans[0]!.name).toMatch(/^(ai\.toolCall|execute_tool)$/);
  expect(toolSpans[0]!.attributes).toMatchObject({
    'pii.tool.strategy': 'full',
    'pii.tool.outcome': 'ok',
    'pii.labels.restored': ['EMAIL'],
    'pii.labels.withheld': ['PERSON'],
    // The address it was given back and a new one; the name came back as the token it got.
    'pii.labels.masked': ['EMAIL'],
    'pii.masked.EMAIL': 2,
  });
  // Only labels and counts: the library's attributes hold no value.
  const ours = spans.map((s) =>
    Object.fromEntries(Object.entries(s.attributes).filter(([k]) => k.startsWith('pii.'))),
  );
  expect(
    findLeaks(
      [JSON.stringify(ours)],
      ['Jean Dupont', 'jean.dupont@exemple.fr', 'marie.curie@exemple.fr'],
      {
        variants: true,
      },
    ),
  ).toEqual([]);
});
