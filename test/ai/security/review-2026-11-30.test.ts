/**
 * Security review of 2026-11-30 (changes since cbb60c0), findings reproduced through the AI
 * SDK (runs on ai@7 and ai@6). Each test failed on the reviewed tree and passes since its fix.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { fileUnderReject, restoredTurn } from './helpers';

const DUBOIS = 'jean.dubois@exemple.fr';

describe('review 2026-11-30', () => {
  it('R1: with piiRestoreTransform, `<<PERSON:1>>s` of a name ending in s comes back in clear in the next step (G1, H1 again)', async () => {
    // H1's scenario (fixed-findings.test.ts) with a surname that ends in `s`. The model cannot
    // know how the name ends: it writes the German genitive `<<PERSON:1>>s` for any name. The
    // transform restores `Jean Duboiss`; the sweep of step 2 reads `ss` as `ß` and no longer
    // finds `Jean Dubois` (it did before 03f9c9b).
    const session = createPii().session('r1-genitive');
    const { shown, firstPrompt, nextPrompt } = await restoredTurn(
      session,
      `Schreiben Sie an Jean Dubois, ${DUBOIS}`,
      'Ich schreibe an <<PERSON:1>>s Adresse, <<EMAIL:1>>.',
    );
    expect(shown).toContain('Jean Duboiss Adresse');
    expect(firstPrompt).toContain('<<PERSON:1>>');
    expect(nextPrompt).not.toContain('Dubois');
    expect(nextPrompt).toContain('<<PERSON:1>>s Adresse, <<EMAIL:1>>.');
  });

  it("R3: files: 'reject' lets a UTF-16 text file (no BOM) through with its values in clear (G1)", async () => {
    // UTF-16LE bytes of ASCII text are valid UTF-8 (every other byte is NUL), so the file is
    // read as `J\0e\0a\0n\0…`: no detector and no sweep matches, yet it counts as scanned and is
    // no longer refused. Before a1b2f5a every file was refused under files: 'reject'.
    const session = createPii().session('r3-utf16');
    await session.anonymize(`Écrivez à Jean Dupont, ${JEAN_DUPONT}`);
    const clear = `Dossier de Jean Dupont, ${JEAN_DUPONT}, +33 6 12 34 56 78`;
    const sent = await fileUnderReject(session, {
      mediaType: 'text/plain',
      data: new Uint8Array(Buffer.from(clear, 'utf16le')),
    });
    // Fixed by refusing what is not really text (NUL bytes, a UTF-16 file without BOM), or by
    // reading it as UTF-16: then the provider gets placeholders only.
    if (sent === undefined) return;
    const asUtf16 = Buffer.from(sent).toString('utf16le');
    expect(asUtf16).not.toContain('Dupont');
    expect(asUtf16).not.toContain(JEAN_DUPONT);
  });
});

const JEAN_DUPONT = 'jean.dupont@exemple.fr';
