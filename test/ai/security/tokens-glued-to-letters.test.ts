/**
 * With `piiRestoreTransform`, the model's token glued to a letter (`<<PERSON:1>>s`, a German
 * genitive) is restored for the user and masked again in the next step's prompt, also when the
 * name ends in `s` (ai@7 and ai@6).
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { JEAN, knownSession, restoredTurn } from './helpers';

const DUBOIS = 'jean.dubois@exemple.fr';

describe('tokens glued to letters, restored then sent again (G1)', () => {
  it('masks a token glued to a letter again in the next step', async () => {
    const { session } = await knownSession('glued');
    const { shown, nextPrompt } = await restoredTurn(
      session,
      `Schreiben Sie an Jean Dupont, ${JEAN}`,
      'Ich schreibe an <<PERSON:1>>s Adresse, <<EMAIL:1>>x.',
    );
    // The user reads the restored text...
    expect(shown).toContain(`Jean Duponts Adresse, ${JEAN}x.`);
    // ...and the model reads tokens again.
    expect(nextPrompt).not.toContain('Jean Dupont');
    expect(nextPrompt).not.toContain(JEAN);
    expect(nextPrompt).toContain('<<PERSON:1>>s Adresse, <<EMAIL:1>>x.');
  });

  it('masks `<<PERSON:1>>s` of a name ending in s again in the next step', async () => {
    // The test above with a surname that ends in `s`. The model cannot know how the name ends:
    // it writes the German genitive `<<PERSON:1>>s` for any name. The transform restores
    // `Jean Duboiss`; a sweep of step 2 that read `ss` as `ß` would no longer find `Jean Dubois`.
    const session = createPii().session('genitive');
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
});
