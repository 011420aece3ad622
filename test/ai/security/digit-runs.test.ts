/**
 * Values written one after the other in a run of digit groups, through the real middleware: the
 * provider's prompt holds none of their digits, and the answer restores them as they were written.
 */
import { generateText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { generateResult } from '../../support/mock-model';
import { wrap } from './helpers';

// Each line held digits that reached the model in clear before the fixes.
const MESSAGE = [
  'SSN 123-45-6789 06 12 34 56 78', // `123-45-6789 06` read as a phone, `12 34 56 78` left
  'nums 06 12 34 56 78 07 98 76 54 32', // the second number lost its first group
  'x 5469 3616 0497 5473-ravi.subramanian@gmail.com y', // an address read into a card
  'ip +49 30 901820 10.96.74.44 y', // a phone read on into an IP address
  'tel +39 333 765 4321 4111 1111 1111 1111', // a card read from the phone's last group
  'ssn 536-22-8174 6011-0584-1698-4518', // two separator styles in one run
  'nir 1 85 05 78 006 084 91 06 12 34 56 78', // a NIR followed by a number
  'iban ES63 5880 8699 4015 4157 6666  612 34 56 78', // a phone after a glued group
  'Tél/Fax 06 12 34 56 78/01 23 45 67 89', // the number after the slash was left
  'T/F/M 06 12 34 56 78/01 23 45 67 89/04 91 23 45 67', // three in a row
  'tel 06 12 34 56 78\u00a007 98 76 54 33', // joined by a no-break space
].join('\n');

describe('runs of digit groups', () => {
  it('no digit group of a value reaches the provider; the answer restores them', async () => {
    const session = createPii().session('digit-runs');
    const model = new MockLanguageModelV3({
      doGenerate: async ({ prompt }) => {
        // The model repeats the user's message, tokens and all.
        const user = prompt.find((m) => m.role === 'user')!;
        const text = (user.content as { type: string; text: string }[]).map((p) => p.text).join('');
        return generateResult([{ type: 'text', text }]);
      },
    });
    const result = await generateText({
      model: wrap(model, session),
      messages: [{ role: 'user', content: MESSAGE }],
    });
    const prompt = model.doGenerateCalls[0]!.prompt;
    const user = prompt.find((m) => m.role === 'user')!;
    const sent = (user.content as { text: string }[]).map((p) => p.text).join('');
    // No digit outside a token: every value is masked whole.
    expect(sent.replace(/<<[A-Z_]+:\d+>>/g, '')).not.toMatch(/\d/);
    expect(sent).toContain('SSN <<US_SSN:1>> <<PHONE:1>>');
    expect(await session.restore(result.text)).toBe(MESSAGE);
  });
});
