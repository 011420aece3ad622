import { describe, expect, it } from 'vitest';
import { locateTexts } from '../../../src/ai/llm-detector/locate-texts';

const whole = (text: string) => ({ start: 0, end: text.length });
const values = (input: string, spans: { start: number; end: number }[]) =>
  spans.map((s) => input.slice(s.start, s.end));

describe('locateTexts', () => {
  it('finds every occurrence of a reported text', () => {
    const input = 'Jean Dupont a écrit. Réponse à Jean Dupont, puis encore Jean Dupont.';
    const { spans, unlocated } = locateTexts(input, [
      { label: 'PERSON', text: 'Jean Dupont', window: whole(input) },
    ]);
    expect(spans.map((s) => s.start)).toEqual([0, 31, 56]);
    expect(values(input, spans)).toEqual(['Jean Dupont', 'Jean Dupont', 'Jean Dupont']);
    expect(spans.every((s) => s.label === 'PERSON')).toBe(true);
    expect(unlocated).toBe(0);
  });

  it('respects word boundaries: `Jean` is not found inside `Jeanne` or `Jean2`', () => {
    const input = 'Jeanne et Jean2 saluent Jean.';
    const { spans } = locateTexts(input, [{ label: 'PERSON', text: 'Jean', window: whole(input) }]);
    expect(spans).toEqual([{ start: 24, end: 28, label: 'PERSON' }]);
  });

  it('finds a text reported in one window in every other window too', () => {
    const input = `Zéphyrin Quaglieri ouvre. ${'x '.repeat(200)}Zéphyrin Quaglieri ferme.`;
    const { spans } = locateTexts(input, [
      { label: 'PERSON', text: 'Zéphyrin Quaglieri', window: { start: 0, end: 30 } },
    ]);
    expect(spans).toHaveLength(2);
    expect(spans[1]!.start).toBe(input.lastIndexOf('Zéphyrin'));
  });

  it('falls back to any case and any white space, within the window the model read', () => {
    const input = 'Dossier de JEAN  DUPONT (voir aussi jean dupont plus loin)';
    const first = { start: 0, end: 24 };
    const { spans, unlocated } = locateTexts(input, [
      { label: 'PERSON', text: 'Jean Dupont', window: first },
    ]);
    expect(values(input, spans)).toEqual(['JEAN  DUPONT']);
    expect(unlocated).toBe(0);
  });

  it('prefers exact occurrences: the loose reading is only for texts found nowhere as written', () => {
    const input = 'Rose écrit à ROSE.';
    const { spans } = locateTexts(input, [{ label: 'PERSON', text: 'Rose', window: whole(input) }]);
    expect(values(input, spans)).toEqual(['Rose']);
  });

  it('drops and counts each distinct text that is not in the input', () => {
    const input = 'Appelez Jean demain.';
    const { spans, unlocated } = locateTexts(input, [
      { label: 'PERSON', text: 'Jean', window: whole(input) },
      { label: 'PERSON', text: 'Jean Dupont', window: whole(input) },
      { label: 'PERSON', text: 'Jean Dupont', window: whole(input) },
      { label: 'EMAIL', text: 'jean@exemple.fr', window: whole(input) },
    ]);
    expect(values(input, spans)).toEqual(['Jean']);
    expect(unlocated).toBe(2);
  });

  it('gives one span per place and label, however many windows reported it', () => {
    const input = 'Bonjour Marie Curie, à bientôt.';
    const { spans } = locateTexts(input, [
      { label: 'PERSON', text: 'Marie Curie', window: { start: 0, end: 22 } },
      { label: 'PERSON', text: ' Marie Curie ', window: { start: 5, end: 31 } },
    ]);
    expect(spans).toEqual([{ start: 8, end: 19, label: 'PERSON' }]);
  });

  it('gives one span where a text and a respelling of it (read loosely) meet', () => {
    const input = 'Bonjour Marie Curie.';
    const { spans, unlocated } = locateTexts(input, [
      { label: 'PERSON', text: 'Marie Curie', window: whole(input) },
      { label: 'PERSON', text: 'MARIE CURIE', window: whole(input) },
    ]);
    expect(spans).toEqual([{ start: 8, end: 19, label: 'PERSON' }]);
    expect(unlocated).toBe(0);
  });

  it('reads regex characters in a reported text literally', () => {
    const input = 'Contact: a.b+c@exemple.fr or axb+c@exemple.fr';
    const loose = locateTexts(input, [
      { label: 'EMAIL', text: 'A.B+C@EXEMPLE.FR', window: whole(input) },
    ]);
    expect(values(input, loose.spans)).toEqual(['a.b+c@exemple.fr']);
  });
});
