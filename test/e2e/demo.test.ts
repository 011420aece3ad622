import { describe, expect, it } from 'vitest';
import { runDemo } from '../../examples/node/demo';

describe('npm run demo', () => {
  it('shows the views of a turn with a tool call, with no clear value reaching the model', async () => {
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

  it('shows the tool call and the answer as the model wrote them, with tokens, before any restore', async () => {
    const views = await runDemo();
    expect(views.modelToolCalls).toHaveLength(1);
    const [call] = views.modelToolCalls;
    expect(call!.toolName).toBe('sendEmail');
    expect(JSON.parse(call!.input)).toEqual({
      to: '<<EMAIL:1>>',
      body: 'Bonjour <<PERSON:1>>, votre dossier est prêt.',
    });
    // The answer the user sees, with each value in its token: what the model streamed, before
    // piiRestoreTransform put the values back.
    expect(views.modelAnswer).toBe(
      'C’est fait : e-mail envoyé à <<PERSON:1>> (<<EMAIL:1>>), copie à <<EMAIL:2>>.',
    );
    expect(views.modelAnswer).not.toMatch(/Jean Dupont|@exemple\.fr/);
  });
});
