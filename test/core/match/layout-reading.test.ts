import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import type { PiiSpan } from '../../../src/core/detect/types';
import { LAYOUT_WHOLE_UP_TO, layoutReading } from '../../../src/core/match/layout-reading';
import { readingsOf } from '../../../src/core/match/text-reading';

const span = (start: number, end: number, value = ''): PiiSpan => ({
  start,
  end,
  label: 'X',
  value,
  score: 1,
});
const prose = (n: number) => 'Nothing to undo in this sentence at all. '.repeat(n);

describe('layoutReading', () => {
  it('is none for a text with nothing to undo (one scan, no second reading)', () => {
    expect(layoutReading(prose(50))).toBeUndefined();
    expect(readingsOf(prose(50))).toHaveLength(1);
  });

  it('keeps only the spans across what it undid, at their place in the text', () => {
    const text = 'Écrivez à jean.dupont@\nexemple.fr ou à marie@exemple.fr';
    const reading = layoutReading(text)!;
    expect(reading.text).toBe('Écrivez à jean.dupont@exemple.fr ou à marie@exemple.fr');
    const first = reading.text.indexOf('jean');
    const second = reading.text.indexOf('marie');
    const moved = reading.toOriginal([
      span(first, first + 22, 'jean.dupont@exemple.fr'),
      span(second, second + 16, 'marie@exemple.fr'),
    ]);
    // `marie@…` reads the same as written: found there already.
    expect(moved).toEqual([{ ...span(10, 33, 'jean.dupont@exemple.fr') }]);
    expect(text.slice(10, 33)).toBe('jean.dupont@\nexemple.fr');
  });

  it(`reads a text over ${LAYOUT_WHOLE_UP_TO} code units in windows around what it undid`, () => {
    const text = `${prose(200)}Écrivez à jean\u00ad.dupont@exemple.fr demain.\n${prose(200)}`;
    const reading = layoutReading(text)!;
    expect(reading.text.length).toBeLessThan(400);
    expect(reading.text).toContain('jean.dupont@exemple.fr');
    const at = reading.text.indexOf('jean');
    const [moved] = reading.toOriginal([span(at, at + 22)]);
    expect(text.slice(moved!.start, moved!.end)).toBe('jean\u00ad.dupont@exemple.fr');
  });

  it('is read on the decoded text of a text with encodings (`&shy;`, `\\u00ad`)', () => {
    const readings = readingsOf('Écrivez à jean\\u00ad.dupont&#64;exemple.fr');
    expect(readings.map((r) => r.text)).toContain('Écrivez à jean.dupont@exemple.fr');
  });
});

describe('anonymize: layout undone', () => {
  const pii = createPii({ detectors: defaultDetectors() });

  it.each([
    [
      'an address wrapped after @',
      'Écrivez à jean.dupont@\nexemple.fr demain',
      'Écrivez à <<EMAIL:1>> demain',
    ],
    [
      'an address wrapped at a hyphen',
      'Écrivez à marie-\nclaire@exemple.fr',
      'Écrivez à <<EMAIL:1>>',
    ],
    [
      'an IBAN across a line break',
      'IBAN : FR76 3000 6000\n0112 3456 7890 189 merci',
      'IBAN : <<IBAN:1>> merci',
    ],
    [
      'a soft hyphen in an address',
      'Écrivez à jean\u00ad.dupont@exemple.fr',
      'Écrivez à <<EMAIL:1>>',
    ],
    [
      'a zero-width joiner in a phone number',
      'Appelez le 06\u200d12 34 56 78',
      'Appelez le <<PHONE:1>>',
    ],
    [
      'full-width digits separated by spaces',
      'Appelez le ０６ １２ ３４ ５６ ７８',
      'Appelez le <<PHONE:1>>',
    ],
    ['a spelled-out address', 'Écrivez à jean [at] exemple [dot] fr', 'Écrivez à <<EMAIL:1>>'],
  ])('%s', async (_, text, masked) => {
    expect(await pii.session(`layout-${text}`).anonymize(text)).toBe(masked);
  });

  it('a value read through its layout is the value: later plain mentions get its token', async () => {
    const session = pii.session('layout-same-token');
    await session.anonymize(
      'Appelez le ０６ １２ ３４ ５６ ７８ ou écrivez à jean\u00ad@exemple.fr',
    );
    expect(await session.anonymize('06 12 34 56 78, jean@exemple.fr')).toBe(
      '<<PHONE:1>>, <<EMAIL:1>>',
    );
  });

  it('a soft hyphen inside a first mention of a name the detectors know', async () => {
    const session = createPii({
      detectors: [
        ...defaultDetectors(),
        {
          name: 'n',
          detect: (t: string) =>
            [...t.matchAll(/Jean Dupont/g)].map((m) => ({
              start: m.index,
              end: m.index + 11,
              label: 'PERSON',
            })),
        },
      ],
    }).session('layout-name');
    expect(await session.anonymize('Signé : Jean Du\u00adpont')).toBe('Signé : <<PERSON:1>>');
  });
});
