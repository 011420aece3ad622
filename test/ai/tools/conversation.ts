import { testPii } from '../../core/helpers';

export const JEAN_EMAIL = 'jean.dupont@exemple.fr';
export const MARIE_EMAIL = 'marie.curie@exemple.fr';
export const CLEAR_VALUES = [JEAN_EMAIL, MARIE_EMAIL, 'Jean Dupont', 'Marie Curie'];

/**
 * A conversation whose vault holds `<<PERSON:1>>` = Jean Dupont and `<<EMAIL:1>>` = his
 * address, as after `piiMiddleware` anonymized the user's first message (there is no
 * middleware in these tests: the prompt is given already anonymized).
 */
export async function conversation(id = 'chat-1') {
  const session = testPii().session(id);
  const prompt = await session.anonymize(`Écrivez à Jean Dupont, ${JEAN_EMAIL}`);
  return { session, prompt };
}

/** Every clear value that appears in a prompt (or any value), for "no leak" assertions. */
export function clearValuesIn(value: unknown): string[] {
  const text = JSON.stringify(value);
  return CLEAR_VALUES.filter((v) => text.includes(v));
}

/** The tool-result parts of a model prompt. */
export function toolResultsIn(prompt: readonly { role: string; content: unknown }[]) {
  return prompt
    .filter((m) => m.role === 'tool')
    .flatMap(
      (m) =>
        m.content as {
          type: string;
          toolCallId: string;
          output: { type: string; value: unknown };
        }[],
    )
    .filter((p) => p.type === 'tool-result');
}
