import { describe, expect, it } from 'vitest';
import { knownValuesDetector } from '../../../../src/core/detect/adapters/known-values-detector';
import { PiiConfigError } from '../../../../src/core/errors';
import { createPii } from '../../../../src/index';
import { scanWorkOf } from '../../helpers';

const values = (text: string, detector = knownValuesDetector({ PERSON: ['Jean Dupont'] })) =>
  (detector.detect(text) as { start: number; end: number; label: string }[]).map((s) => ({
    value: text.slice(s.start, s.end),
    label: s.label,
  }));

describe('knownValuesDetector', () => {
  it('finds a known value whatever its case, spacing and accents', () => {
    const text = 'Appeler JEAN  DUPONT, puis jéan dupônt, puis Jean\nDupont.';
    expect(values(text).map((v) => v.value)).toEqual([
      'JEAN  DUPONT',
      'jéan dupônt',
      'Jean\nDupont',
    ]);
  });

  it('does not match inside words: Jean is not in Jeanne, Jeans or Jean-Pierre', () => {
    const detector = knownValuesDetector({ PERSON: ['Jean'] });
    expect(values('Jeanne, Jeans, Jean-Pierre, DuJean', detector)).toEqual([]);
    expect(values('Voir Jean, puis Jeanne.', detector)).toEqual([
      { value: 'Jean', label: 'PERSON' },
    ]);
  });

  it('finds the listed values only, not their other forms (the vault sweep reads those)', () => {
    const detector = knownValuesDetector({
      PERSON: ['Jean Dupont'],
      IBAN: ['FR76 3000 6000 0112 3456 7890 189'],
      IP_ADDRESS: ['10.20.30.40'],
    });
    for (const text of [
      'Dupont a rappelé',
      'J. Dupont',
      '@jdupont',
      'compte 12345678901',
      'ip-10-20-30-40',
    ]) {
      expect(values(text, detector)).toEqual([]);
    }
  });

  it('gives each value the label it was listed under', () => {
    const detector = knownValuesDetector({
      PERSON: ['Aïcha Benali'],
      EMAIL: ['a.benali@exemple.fr'],
      CUSTOMER_ID: ['CUST-00042'],
    });
    const text = 'aicha benali <A.Benali@Exemple.fr> client cust-00042';
    expect(values(text, detector)).toEqual([
      { value: 'aicha benali', label: 'PERSON' },
      { value: 'A.Benali@Exemple.fr', label: 'EMAIL' },
      { value: 'cust-00042', label: 'CUSTOMER_ID' },
    ]);
    expect(detector.labels).toEqual(['PERSON', 'EMAIL', 'CUSTOMER_ID']);
  });

  it('finds a known phone number however its digits are grouped', () => {
    const detector = knownValuesDetector({ PHONE: ['+33 6 12 34 56 78'] });
    expect(values('tel 06.12.34.56.78 ou 0612345678 ou +33612345678', detector)).toEqual([
      { value: '06.12.34.56.78', label: 'PHONE' },
      { value: '0612345678', label: 'PHONE' },
      { value: '+33612345678', label: 'PHONE' },
    ]);
  });

  it('keeps UTF-16 offsets after emoji and CJK text', () => {
    const detector = knownValuesDetector({ PERSON: ['Élodie Müller', '王伟'] });
    const text = '😀🎉 联系王伟, puis ELODIE MULLER.';
    expect(values(text, detector).map((v) => v.value)).toEqual(['王伟', 'ELODIE MULLER']);
  });

  it('rejects bad input with errors that name the position, never the value', () => {
    const bad = (input: unknown, message: RegExp) => {
      const run = () => knownValuesDetector(input as Record<string, string[]>);
      expect(run).toThrow(PiiConfigError);
      expect(run).toThrow(message);
    };
    bad(['Jean Dupont'], /object of value lists by label/);
    bad(null, /object of value lists by label/);
    bad({ person: ['Jean Dupont'] }, /"person" is not a label/);
    bad({ 'E-MAIL': ['a@b.fr'] }, /"E-MAIL" is not a label/);
    bad({ ['X'.repeat(33)]: ['Jean'] }, /at most 32 characters/);
    bad({ PERSON: 'Jean Dupont' }, /PERSON must be an array/);
    bad({ PERSON: ['Jean Dupont', '  '] }, /PERSON\[1\] is empty/);
    bad({ PERSON: ['J'] }, /PERSON\[0\] is shorter than 2 characters/);
    bad({ PERSON: [42] }, /PERSON\[0\] is not a string/);
    bad(
      { PERSON: ['Orion Martin'], PROJECT: ['ORION  MARTIN'] },
      /PROJECT\[0\] is also listed at PERSON\[0\]/,
    );
    try {
      knownValuesDetector({ PERSON: ['Secret Name', ''] });
    } catch (error) {
      expect((error as Error).message).not.toContain('Secret Name');
    }
  });

  it('accepts the same value twice under one label, and any iterable', () => {
    const detector = knownValuesDetector({ PERSON: new Set(['Jean Dupont', 'jean dupont']) });
    expect(values('Jean Dupont', detector)).toHaveLength(1);
  });

  it('reads a text once, whatever the number of values (work counted, not timed)', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `Prenom${i} Nom${i}`);
    const text = 'Bonjour Prenom7 Nom7, voici le dossier de Prenom99 Nom99. '.repeat(200);
    const small = knownValuesDetector({ PERSON: names(100) });
    const large = knownValuesDetector({ PERSON: names(20_000) });
    const work = (d: ReturnType<typeof knownValuesDetector>) => scanWorkOf(() => d.detect(text));
    expect(values(text, large)).toHaveLength(400);
    expect(work(large)).toBeLessThanOrEqual(work(small) * 1.1);
  });

  it('masks a known value that no default detector finds, with one token for its spellings', async () => {
    const pii = createPii({ detectors: [knownValuesDetector({ PERSON: ['Zorglub Quetzal'] })] });
    const session = pii.session('crm');
    expect(await session.anonymize('Rappeler zorglub QUETZAL puis Zorglub Quetzal.')).toBe(
      'Rappeler <<PERSON:1>> puis <<PERSON:1>>.',
    );
  });
});
