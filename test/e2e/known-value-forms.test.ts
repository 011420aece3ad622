import { generateText, jsonSchema, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { createPii } from '../../src/core/create-pii';
import { defaultDetectors } from '../../src/core/detect/default-detectors';
import { findLeaks } from '../support/leak-readings';
import type { ChatCompletionsBody } from './support/mock-openai-server';
import { recordingProvider } from './support/recording-provider';

/**
 * Other forms of values a conversation already knows, on the wire: the real `@ai-sdk/openai`
 * provider, a recording `fetch`, the default detectors, and values the app registered with
 * `session.remember`. The model echoes the user's message as it received it, so the test also
 * reads what restoring the model's answer gives back.
 */
const NAME = 'Jean Dupont';
const IBAN = 'FR76 3000 6000 0112 3456 7890 189';
const IP = '10.20.30.40';
const KNOWN: [string, string][] = [
  ['PERSON', NAME],
  ['IBAN', IBAN],
  ['IP_ADDRESS', IP],
];
const VALUES = KNOWN.map(([, value]) => value);
const pii = createPii({ detectors: defaultDetectors() });
let conversations = 0;

function lastUserText(body: ChatCompletionsBody): string {
  const user = body.messages.filter((m) => m.role === 'user').at(-1);
  const content = user?.content;
  if (typeof content === 'string') return content;
  return (content ?? []).map((p) => p.text ?? '').join('');
}

/** One call through the middleware with `message` as the user's text; the model echoes it. */
async function echo(message: string, known: [string, string][] = KNOWN) {
  const recorder = recordingProvider(({ body }) => ({ text: [lastUserText(body)] }));
  const session = pii.session(`known-forms-${conversations++}`);
  for (const [label, value] of known) await session.remember(label, value);
  const { text } = await generateText({
    model: wrapLanguageModel({ model: recorder.model(), middleware: piiMiddleware({ session }) }),
    prompt: message,
  });
  return { bodies: recorder.bodies(), seen: text, restored: await session.restore(text) };
}

describe('other forms of values the conversation knows reach the provider masked', () => {
  it.each([
    'Le dossier de Dupont, Jean est prêt.',
    'Le dossier de DUPONT Jean est prêt.',
    'Le dossier de J. Dupont est prêt.',
    'Le dossier de JDupont est prêt.',
    'Le dossier de Dupont J. est prêt.',
  ])('name orders and initials: %s', async (message) => {
    const { bodies, seen, restored } = await echo(message);
    expect(findLeaks(bodies, VALUES, { variants: true, parts: true })).toEqual([]);
    // The model can tell it is the known person: every token of the name is person 1's.
    expect(seen).toMatch(/<<PERSON:1[.>]/);
    expect(seen).not.toMatch(/<<PERSON:[2-9]/);
    // Restoring gives back the words as first written (a name's case is not its identity).
    expect(restored.toLowerCase()).toBe(message.toLowerCase());
  });

  it.each([
    'Profil : jean-dupont',
    'Profil : jean_dupont',
    'Profil : JeanDupont',
    'Profil : jeandupont',
    'Profil : https://www.linkedin.com/in/jean-dupont-4b2a1',
    'Écris à @jdupont sur Slack',
  ])('slugs and handles: %s', async (message) => {
    const { bodies, restored } = await echo(message);
    expect(findLeaks(bodies, VALUES, { variants: true, parts: true })).toEqual([]);
    expect(restored.toLowerCase()).toBe(message.toLowerCase());
  });

  it.each(['Recherche : https://annuaire.example/?q=Jean+Dupont', 'name=Jean+Dupont&city=Lyon'])(
    'form encoding: %s',
    async (message) => {
      const { bodies, restored } = await echo(message);
      expect(findLeaks(bodies, VALUES, { variants: true, parts: true })).toEqual([]);
      expect(restored).toBe(message);
    },
  );

  it.each([
    'RIB : 30006 00001 12345678901 89',
    'RIB 30006-00001-12345678901-89 (banque, guichet, compte, clé)',
    'Virement sur le compte 12345678901',
    'Please use account 12345678901',
  ])('the RIB parts of a known French IBAN: %s', async (message) => {
    const { bodies, restored } = await echo(message);
    expect(findLeaks(bodies, VALUES, { variants: true, parts: true })).toEqual([]);
    expect(restored).toBe(message);
  });

  it.each([
    'ssh ip-10-20-30-40.eu-west-1.compute.internal',
    'curl http://10-20-30-40.nip.io/health',
    'ping 010.020.030.040',
  ])('a known IP in a host name or zero-padded: %s', async (message) => {
    const { bodies, restored } = await echo(message);
    expect(findLeaks(bodies, VALUES, { variants: true, parts: true })).toEqual([]);
    // Host names come back as written; zero padding is a spelling of the same address.
    expect(restored).toBe(message.includes('010.') ? 'ping 10.20.30.40' : message);
  });

  it.each(['Dupont a rappelé ce matin.', 'Jean says hi.', 'Merci de transmettre à M. Dupont.'])(
    'partial mentions of a known name: %s',
    async (message) => {
      const { bodies, seen, restored } = await echo(message);
      expect(findLeaks(bodies, VALUES, { variants: true, parts: true })).toEqual([]);
      // The model can tell it is the known person: the token names person 1.
      expect(seen).toMatch(/<<PERSON:1\.\d>>/);
      expect(restored).toBe(message);
    },
  );

  it.each([
    ['Tell van der Batz the documents are ready.', 'Eveline van der Batz'],
    ['Por favor, recuérdele a Solano el plazo.', 'Teodoro Solano'],
    ['Dites à Barre que les documents sont prêts.', 'Suzanne Barre'],
  ])('a family name after its particles or a preposition: %s', async (message, name) => {
    const { bodies, seen, restored } = await echo(message, [['PERSON', name]]);
    expect(findLeaks(bodies, [name], { variants: true, parts: true })).toEqual([]);
    expect(seen).toMatch(/<<PERSON:1\.\d>>/);
    expect(restored).toBe(message);
  });

  it('a word two known names share gets a token of its own, restored to the word', async () => {
    const known: [string, string][] = [
      ['PERSON', 'Jean Dupont'],
      ['PERSON', 'Marie Dupont'],
    ];
    const message = 'Dupont a rappelé ce matin.';
    const { bodies, seen, restored } = await echo(message, known);
    expect(findLeaks(bodies, ['Jean Dupont', 'Marie Dupont'], { parts: true })).toEqual([]);
    // Neither person's: the model is not told whose it is.
    expect(seen).toBe('<<PERSON:3>> a rappelé ce matin.');
    expect(restored).toBe(message);
  });

  it('a tool called with a partial mention receives what was written; its result is masked', async () => {
    const received: unknown[] = [];
    const recorder = recordingProvider(({ index, body }) => {
      if (index > 0) return { text: ['ok'] };
      const token = /<<PERSON:1\.\d>>/.exec(lastUserText(body))?.[0] ?? 'none';
      return { toolCalls: [{ name: 'lookup', args: { surname: token } }] };
    });
    const session = pii.session(`known-forms-${conversations++}`);
    await session.remember('PERSON', NAME);
    await session.remember('IBAN', IBAN);
    await generateText({
      model: wrapLanguageModel({ model: recorder.model(), middleware: piiMiddleware({ session }) }),
      tools: withPiiTools(
        {
          lookup: tool({
            inputSchema: jsonSchema<{ surname: string }>({
              type: 'object',
              properties: { surname: { type: 'string' } },
            }),
            execute: async (input) => {
              received.push(input);
              return { found: 'Dupont, Jean; RIB 30006 00001 12345678901 89' };
            },
          }),
        },
        { session },
      ),
      stopWhen: stepCountIs(3),
      prompt: 'Cherche la fiche de Dupont.',
    });
    expect(received).toEqual([{ surname: 'Dupont' }]);
    // The tool's result holds other forms too: they reach the next step masked.
    expect(recorder.requests).toHaveLength(2);
    expect(findLeaks(recorder.bodies(), [NAME, IBAN], { variants: true, parts: true })).toEqual([]);
  });

  it('unrelated text that shares a word with a known name is sent as written', async () => {
    const message = 'J’ai posé la pierre près du martin-pêcheur. Will you come?';
    const { bodies } = await echo(message, [
      ['PERSON', 'Pierre Martin'],
      ['PERSON', 'Will Grace'],
    ]);
    expect(lastUserText(JSON.parse(bodies[0]!) as ChatCompletionsBody)).toBe(message);
  });
});
