/**
 * No value ever reaches the audit trail (issue 19): over generated conversations (tool loops of
 * one to three steps, tools of every strategy, allow-lists and invented placeholders, values of
 * every label of the default detectors in user messages and tool results), neither the signed
 * entries nor the `onEvent` events hold any value of the conversation, in any reading that the
 * leak tests make of the bytes provider-side (`findLeaks`: JSON strings, decodings, folded
 * case and accents, digits apart, other orders of names).
 */
import {
  jsonSchema,
  type ModelMessage,
  stepCountIs,
  streamText,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seeded } from '../../../scripts/shared/seeded-random';
import { piiMiddleware } from '../../../src/ai/pii-middleware';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import type { AuditEntry } from '../../../src/core/audit/audit-entry';
import { verifyAuditTrail } from '../../../src/core/audit/verify-audit-trail';
import { createPii } from '../../../src/core/create-pii';
import type { PiiEvent } from '../../../src/core/events';
import { MAKE, NATIONAL_ID_LABELS } from '../../fixtures/national-ids/values';
import { findLeaks } from '../../support/leak-readings';
import { streamResult, textParts, toolCallPart } from '../../support/mock-model';

const SECRET = 'no-values-secret-0123456789abcdef-012345';

/** Words that name each national identifier, so that its detector reads it. */
const ID_CONTEXT: Record<(typeof NATIONAL_ID_LABELS)[number], string> = {
  ES_NIF: 'NIF',
  IT_FISCAL_CODE: 'codice fiscale',
  UK_NINO: 'National Insurance number',
  DE_TAX_ID: 'Steuer-ID',
  NL_BSN: 'BSN',
  BE_NATIONAL_NUMBER: 'numéro de registre national',
  CH_AHV: 'AHV-Nummer',
};

const random = seeded(19);

/** One phrase per value, as a person or a tool writes it, with the value's label. */
const PHRASES: { label: string; value: string; phrase: string }[] = [
  ['PERSON', 'Jean Dupont', 'M. Jean Dupont'],
  ['PERSON', 'Aïcha Benali', 'Mme Aïcha Benali'],
  ['EMAIL', 'jean.dupont@exemple.fr', 'écrire à jean.dupont@exemple.fr'],
  ['EMAIL', 'marie.curie@exemple.fr', 'copie marie.curie@exemple.fr'],
  ['PHONE', '06 12 34 56 78', 'tél. 06 12 34 56 78'],
  ['CREDIT_CARD', '4111 1111 1111 1111', 'carte 4111 1111 1111 1111'],
  ['IBAN', 'FR76 3000 6000 0112 3456 7890 189', 'IBAN FR76 3000 6000 0112 3456 7890 189'],
  ['IP_ADDRESS', '192.168.1.20', 'IP 192.168.1.20'],
  ['US_SSN', '536-22-8174', 'SSN 536-22-8174'],
  ['FR_NIR', '1 85 05 78 006 084 91', 'NIR 1 85 05 78 006 084 91'],
  [
    'API_KEY',
    'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z',
    'clé sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z',
  ],
  ...NATIONAL_ID_LABELS.map((label) => {
    const value = MAKE[label](random);
    return [label, value, `${ID_CONTEXT[label]} ${value}`] as const;
  }),
].map(([label, value, phrase]) => ({ label, value, phrase }));

const LABELS = [...new Set(PHRASES.map((p) => p.label))];
/** Placeholders the model may write: issued ones (low numbers) and invented ones (9). */
const TOKENS = LABELS.flatMap((l) => [`<<${l}:1>>`, `<<${l}:2>>`, `<<${l}:9>>`]);

const phrases = fc.array(fc.constantFrom(...PHRASES), { minLength: 1, maxLength: 4 });
const words = fc.array(fc.oneof(fc.constantFrom(...TOKENS), fc.constantFrom('voir', 'et', ':')), {
  minLength: 1,
  maxLength: 4,
});
const call = fc.record({
  tool: fc.constantFrom('lookup', 'notify', 'fetchDoc', 'ping'),
  words,
});

const scenario = fc.record({
  user: phrases,
  steps: fc.array(
    fc.record({ calls: fc.array(call, { minLength: 1, maxLength: 2 }), results: phrases }),
    { minLength: 1, maxLength: 3 },
  ),
  answer: words,
  invented: fc.constantFrom('throw', 'remove', 'keep'),
});

describe('no value in the audit trail', () => {
  it('holds for generated tool loops over every label, in every reading of the entries and events', async () => {
    const seen = new Set<string>();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const entries: AuditEntry[] = [];
        const events: PiiEvent[] = [];
        const pii = createPii({
          audit: { sink: (e) => void entries.push(e), secret: SECRET },
          onEvent: (e) => void events.push(e),
        });
        const session = pii.session(`conversation-${run++}`);
        let result = 0;
        // Each tool reveals the next phrases of its step's results.
        const reveal = async () => s.steps.flatMap((st) => st.results)[result++ % 8]?.phrase ?? '';
        const schema = jsonSchema<{ q: string }>({
          type: 'object',
          properties: { q: { type: 'string' } },
        });
        const tools = withPiiTools(
          {
            lookup: tool({
              inputSchema: schema,
              execute: async ({ q }) => `${q}: ${await reveal()}`,
            }),
            notify: tool({ inputSchema: schema, execute: async ({ q }) => ({ sent: q }) }),
            fetchDoc: tool({ inputSchema: schema, execute: async ({ q }) => [q, await reveal()] }),
            ping: tool({
              inputSchema: schema,
              execute: async (): Promise<string> => {
                throw new Error(`unreachable: ${await reveal()}`);
              },
            }),
          },
          {
            session,
            strategy: { default: 'full', notify: 'input', fetchDoc: 'output' },
            restore: { notify: ['EMAIL', 'PHONE'] },
            invented: s.invented,
          },
        );
        const responses = s.steps.map((st, i) =>
          streamResult(
            st.calls.map((c, k) => toolCallPart(`c${i}-${k}`, c.tool, { q: c.words.join(' ') })),
          ),
        );
        responses.push(streamResult(textParts('t', [s.answer.join(' ')])));
        const messages: ModelMessage[] = [
          { role: 'user', content: s.user.map((p) => p.phrase).join(', ') },
        ];
        const out = streamText({
          model: wrapLanguageModel({
            model: new MockLanguageModelV3({ doStream: responses }),
            middleware: piiMiddleware({ session }),
          }),
          tools,
          messages,
          stopWhen: stepCountIs(s.steps.length + 1),
        });
        await out.consumeStream();

        const values = [
          ...PHRASES.map((p) => p.value),
          ...(await session.entries()).map((e) => e.value),
        ];
        const bodies = [entries.map((e) => JSON.stringify(e)).join('\n'), JSON.stringify(events)];
        expect(findLeaks(bodies, values, { variants: true, layout: true })).toEqual([]);
        expect(entries.length).toBeGreaterThan(s.steps.length);
        expect(await verifyAuditTrail(entries, { secret: SECRET })).toMatchObject({ ok: true });
        for (const e of entries) {
          if (e.type === 'model-call') for (const l of Object.keys(e.masked)) seen.add(l);
        }
      }),
      { numRuns: 60, seed: 19 },
    );
    // The runs went through every label: each was masked in some model call.
    expect([...seen].sort()).toEqual([...LABELS].sort());
  });
});
