import { convertToModelMessages, generateText, type UIMessage, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../../src/ai/pii-middleware';
import { generateResult, testPii } from './fixtures';

const JEAN = 'jean.dupont@exemple.fr';

describe('PII-free telemetry: session.anonymizeMessages before the SDK call', () => {
  const ui: UIMessage[] = [
    { id: '1', role: 'user', parts: [{ type: 'text', text: `Écrivez à Jean Dupont, ${JEAN}` }] },
    {
      id: '2',
      role: 'assistant',
      parts: [{ type: 'text', text: 'Quel message pour <<PERSON:1>> ?' }],
    },
    {
      id: '3',
      role: 'user',
      parts: [{ type: 'text', text: `Dites bonjour, et <<EMAIL:1>> en copie (${JEAN}).` }],
    },
  ];

  async function run(history: 'untrusted' | 'anonymized') {
    const session = testPii().session('telemetry');
    const safe = await session.anonymizeMessages(await convertToModelMessages(ui));
    const model = new MockLanguageModelV3({
      doGenerate: generateResult([{ type: 'text', text: 'ok' }]),
    });
    const recorded: unknown[] = [];
    await generateText({
      model: wrapLanguageModel({ model, middleware: piiMiddleware({ session, history }) }),
      messages: safe,
      // What the app (and any telemetry or storage hook) sees of the request.
      prepareStep: ({ messages }) => {
        recorded.push(messages);
        return undefined;
      },
    });
    return { safe, recorded, prompt: JSON.stringify(model.doGenerateCalls[0]!.prompt), session };
  }

  it('the messages given to the SDK are already free of personal data; the typed token is neutralised once', async () => {
    const { safe, recorded, prompt, session } = await run('anonymized');
    for (const seen of [JSON.stringify(safe), JSON.stringify(recorded), prompt]) {
      expect(seen).not.toContain(JEAN);
      expect(seen).not.toContain('Jean Dupont');
    }
    // `anonymized`: the tokens anonymizeMessages issued reach the model intact...
    expect(prompt).toContain('Écrivez à <<PERSON:1>>, <<EMAIL:1>>');
    expect(prompt).toContain('(<<EMAIL:1>>)');
    // ...while the token the user typed was neutralised by anonymizeMessages.
    const last = (safe.at(-1)!.content as { text: string }[])[0]!.text;
    expect(session.tokensIn(last)).toEqual(['<<EMAIL:1>>']);
    expect(last).toContain('‹‹EMAIL:1››');
  });

  it('with the default `untrusted`, the middleware would neutralise those tokens too (hence the option)', async () => {
    const { prompt } = await run('untrusted');
    expect(prompt).not.toContain('Écrivez à <<PERSON:1>>');
    expect(prompt).toContain('Écrivez à ‹‹PERSON:1››');
  });
});
