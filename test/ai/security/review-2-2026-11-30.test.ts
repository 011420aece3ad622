/**
 * Security review 2 of 2026-11-30 (changes since da7a652), findings reproduced through the AI
 * SDK (ai@7 and ai@6). Every test here failed on the reviewed tree (aba147b) and passes since its
 * fix; findings in test/core/security/FINDINGS.md.
 */
import { Buffer } from 'node:buffer';
import { generateText, stepCountIs, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import { createPii } from '../../../src/core/create-pii';
import { anyInput, callingModel, fileUnderReject, wrap } from './helpers';

describe('review 2 of 2026-11-30', () => {
  it('S1: a tool called with the phone number of the conversation receives the phone glued to an e-mail address (G3)', async () => {
    // Turn 1 held `+33 (0)1 44 55 66 77-info@empresa.es` (two eval values glued by a dash):
    // merged into one PHONE span whose canonical form (libphonenumber reads the phone and
    // ignores the rest) was the bare phone's. Turn 2 asks to call `01 44 55 66 77`.
    const session = createPii().session('s1-tool');
    const turn1 = await session.anonymize('Contact : +33 (0)1 44 55 66 77-info@empresa.es');
    const received: unknown[] = [];
    const model = callingModel('call', { to: '<<PHONE:2>>' });
    await generateText({
      model: wrap(model, session),
      tools: withPiiTools(
        {
          call: tool({
            inputSchema: anyInput,
            execute: async (input) => {
              received.push(input.to);
              return 'calling';
            },
          }),
        },
        { session },
      ),
      messages: [
        { role: 'user', content: turn1 },
        { role: 'user', content: 'Appelez le 01 44 55 66 77 maintenant.' },
      ],
      stopWhen: stepCountIs(3),
    });
    // It got the token of the union (the model saw one token for two values, and a tool
    // called with it received the phone glued to the address). The union now has an identity
    // of its own: the bare number gets another token, and the tool its own value.
    expect(JSON.stringify(model.doGenerateCalls[0]!.prompt)).toContain('Appelez le <<PHONE:2>>');
    expect(received).toEqual(['01 44 55 66 77']);
  });

  it("S4: files: 'reject' sends a UTF-8 CSV declared ISO-8859-1 with a known name in clear (G1)", async () => {
    // Before the legacy-encodings change (dd722d9) `charset=iso-8859-1` was not read and the
    // file was refused under files: 'reject'. Now it is decoded as Windows-1252 mojibake
    // (`LefÃ¨vre`), which neither the detectors nor the sweep of `Hélène Lefèvre` see, and it
    // goes to the provider byte for byte.
    const session = createPii().session('s4-reject');
    await session.anonymize('Je suis Hélène Lefèvre.');
    const csv = 'nom;prénom;ville\nLefèvre;Hélène;Paris\nHélène Lefèvre;;Lyon\n';
    const sent = await fileUnderReject(session, {
      mediaType: 'text/csv; charset=iso-8859-1',
      data: new Uint8Array(Buffer.from(csv, 'utf8')),
    });
    if (sent === undefined) return;
    expect(Buffer.from(sent).toString('utf8')).not.toContain('Lefèvre');
  });
});
