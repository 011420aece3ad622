/**
 * Under `files: 'reject'`, a text file whose values could not be read (UTF-16 without a byte
 * order mark, UTF-8 declared ISO-8859-1) is refused or sent masked: the provider never gets a
 * known value in clear (ai@7 and ai@6).
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { fileUnderReject } from './helpers';

const JEAN_DUPONT = 'jean.dupont@exemple.fr';

describe("files: 'reject' and text files in another charset (G1)", () => {
  it('refuses a UTF-16 text file without a byte order mark, or sends it masked', async () => {
    // UTF-16LE bytes of ASCII text are valid UTF-8 (every other byte is NUL): read so, as
    // `J\0e\0a\0n\0…`, no detector and no sweep would match, yet it would count as scanned.
    const session = createPii().session('utf16-no-bom');
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

  it('refuses a UTF-8 CSV declared ISO-8859-1, or sends it with its known name masked', async () => {
    // Decoded as Windows-1252 mojibake (`LefÃ¨vre`), neither the detectors nor the sweep of
    // `Hélène Lefèvre` would see it, and it would go to the provider byte for byte.
    const session = createPii().session('mislabelled-reject');
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
