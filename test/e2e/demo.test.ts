import { describe, expect, it } from 'vitest';
import { runDemo } from '../../examples/node/demo';

describe('npm run demo', () => {
  it('shows the five views of a turn with a tool call, with no clear value reaching the model', async () => {
    const views = await runDemo();
    expect(views.modelReceived).toContain('<<PERSON:1>>');
    expect(views.modelReceived).toContain('<<EMAIL:1>>');
    expect(views.modelReceived).not.toMatch(/jean\.dupont@exemple\.fr|Jean Dupont/);
    expect(views.toolReceived).toEqual({
      to: 'jean.dupont@exemple.fr',
      body: 'Bonjour Jean Dupont, votre dossier est prêt.',
    });
    expect(views.modelReadBack).toContain('<<EMAIL:1>>');
    expect(views.modelReadBack).toContain('<<EMAIL:2>>');
    expect(views.modelReadBack).not.toMatch(/@exemple\.fr/);
    expect(views.userSees).toBe(
      'C’est fait : e-mail envoyé à Jean Dupont (jean.dupont@exemple.fr), copie à marie.curie@exemple.fr.',
    );
  });
});
