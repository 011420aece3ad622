import {
  generateText,
  jsonSchema,
  type ModelMessage,
  stepCountIs,
  streamText,
  tool,
  wrapLanguageModel,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { createPii } from '../../src/core/create-pii';
import { defaultDetectors } from '../../src/core/detect/default-detectors';
import { findLeaks } from '../support/leak-readings';
import { recordingProvider } from './support/recording-provider';

/**
 * Values broken by layout, through the real `@ai-sdk/openai` provider: hard wraps, invisible
 * characters inside a first mention, full-width digits, a value split over two text parts of
 * one message, spelled-out addresses; in user text and in tool results (`withPiiTools` in a
 * scripted tool loop). `variants` compares letters and digits whatever stands between them
 * (a line break, a soft hyphen, a part boundary), as a model reads them. Each of these was
 * sent in clear before the layout reading.
 */
const EMAIL = 'jean.dupont@exemple.fr';
const IBAN = 'FR76 3000 6000 0112 3456 7890 189';
const PHONE = '06 12 34 56 78';
const CHECK = { variants: true, layout: true };

const pii = () => createPii({ detectors: defaultDetectors() });

async function userTurn(content: ModelMessage['content'], masked: boolean) {
  const recorder = recordingProvider(() => ({ text: ['ok'] }));
  const session = pii().session(`layout-${Math.random()}`);
  await generateText({
    model: masked
      ? wrapLanguageModel({ model: recorder.model(), middleware: piiMiddleware({ session }) })
      : recorder.model(),
    messages: [{ role: 'user', content } as ModelMessage],
  });
  return recorder.bodies();
}

async function toolTurn(output: string, masked: boolean) {
  const recorder = recordingProvider(({ index }) =>
    index === 0 ? { toolCalls: [{ name: 'read', args: { id: 'r1' } }] } : { text: ['Fait.'] },
  );
  const session = pii().session(`layout-tool-${Math.random()}`);
  const read = tool({
    description: 'Reads a record',
    inputSchema: jsonSchema<{ id: string }>({
      type: 'object',
      properties: { id: { type: 'string' } },
    }),
    execute: async () => output,
  });
  const result = streamText({
    model: masked
      ? wrapLanguageModel({ model: recorder.model(), middleware: piiMiddleware({ session }) })
      : recorder.model(),
    tools: masked ? withPiiTools({ read }, { session }) : { read },
    stopWhen: stepCountIs(3),
    prompt: 'Lis la fiche r1.',
  });
  await result.consumeStream();
  return recorder.bodies();
}

const TEXTS: [string, string, string[]][] = [
  ['an address hard-wrapped after @', `Écrivez à jean.dupont@\nexemple.fr demain.`, [EMAIL]],
  [
    'an address hard-wrapped at a hyphen',
    'Écrivez à marie-\nclaire.dupont@exemple.fr demain.',
    // The address, and the part of it before the wrap: no part may be left in clear.
    ['marie-claire.dupont@exemple.fr', 'à marie-'],
  ],
  [
    'an IBAN across a line break',
    `Virement sur FR76 3000 6000\n0112 3456 7890 189, merci.`,
    [IBAN, 'FR76 3000 6000 0112'],
  ],
  [
    'a soft hyphen and a zero-width joiner in a first mention',
    `Écrivez à jean\u00ad.dupont@exemple.fr ou au 06\u200d12 34 56 78.`,
    [EMAIL, PHONE],
  ],
  ['full-width digits separated by spaces', 'Appelez le ０６ １２ ３４ ５６ ７８ demain.', [PHONE]],
  [
    'an address spelled out with brackets',
    'Écrivez à jean.dupont [at] exemple [dot] fr demain.',
    [EMAIL],
  ],
  ['an address spelled out with words', 'Écrivez à jean.dupont at exemple dot fr demain.', [EMAIL]],
];

describe('layout in user text, on the wire', () => {
  it.each(TEXTS)('%s', async (_, text, values) => {
    expect(findLeaks(await userTurn(text, false), values, CHECK).length).toBeGreaterThan(0);
    expect(findLeaks(await userTurn(text, true), values, CHECK)).toEqual([]);
  });

  it('one value split over two text parts of the same message', async () => {
    const content = [
      { type: 'text' as const, text: 'Écrivez à jean.dupont@' },
      { type: 'text' as const, text: 'exemple.fr' },
    ];
    expect(findLeaks(await userTurn(content, false), [EMAIL], CHECK).length).toBeGreaterThan(0);
    const bodies = await userTurn(content, true);
    expect(findLeaks(bodies, [EMAIL], CHECK)).toEqual([]);
    // Both parts are sent: the text before the value, and the token.
    const user = JSON.parse(bodies[0]!).messages.find((m: { role: string }) => m.role === 'user');
    expect(user.content).toEqual([
      { type: 'text', text: 'Écrivez à ' },
      { type: 'text', text: '<<EMAIL:1>>' },
    ]);
  });
});

describe('layout in tool results, on the wire', () => {
  it.each(TEXTS)('%s', async (_, text, values) => {
    expect(findLeaks(await toolTurn(text, false), values, CHECK).length).toBeGreaterThan(0);
    expect(findLeaks(await toolTurn(text, true), values, CHECK)).toEqual([]);
  });
});
