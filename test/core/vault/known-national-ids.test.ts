import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { defaultCanonicalizers } from '../../../src/core/vault/canonical';
import { buildKnownValueMatcher } from '../../../src/core/vault/known-value-matcher';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

// A value seen once, then written with other separators or case: one spelling per row, the
// first as it was seen.
const SPELLINGS: Record<string, string[]> = {
  ES_NIF: ['12345678Z', '12.345.678-Z', '12 345 678 z', '12345678-z'],
  IT_FISCAL_CODE: ['RSSMRA80A01H501U', 'rssmra80a01h501u', 'RSS MRA 80A01 H501U'],
  UK_NINO: ['AB123456C', 'AB 12 34 56 C', 'ab 123456 c', 'AB-12-34-56-C'],
  DE_TAX_ID: ['12345678995', '12 345 678 995', '12.345.678.995'],
  NL_BSN: ['111222333', '1112.22.333', '111 222 333', '111-222-333'],
  BE_NATIONAL_NUMBER: ['93051822361', '93.05.18-223.61', '930518 223 61', '93 05 18 223 61'],
  CH_AHV: ['7561234567897', '756.1234.5678.97', '756 1234 5678 97', '756-1234-5678-97'],
};

describe('a known national identifier is found again in its other spellings', () => {
  it.each(Object.entries(SPELLINGS))(
    '%s: one canonical form for every spelling',
    (label, [first, ...others]) => {
      const canonical = defaultCanonicalizers[label]!;
      for (const other of others) expect(canonical(other)).toBe(canonical(first!));
    },
  );

  it.each(Object.entries(SPELLINGS))(
    '%s: the sweep finds every spelling of the value it knows',
    (label, [first, ...others]) => {
      const matcher = buildKnownValueMatcher([
        { label, n: 1, value: first!, canonical: defaultCanonicalizers[label]!(first!) },
      ]);
      for (const other of others) {
        const text = `Ref: ${other}, merci.`;
        expect(
          matcher.find(text).map((s) => s.value),
          other,
        ).toEqual([other]);
      }
    },
  );

  it('masks a value seen once again when written with other separators, with no detector for it', async () => {
    // The detector finds the first spelling; the second message is anonymised with no
    // detector at all for the label, so only the sweep of known values can mask it.
    const store = memoryVaultStore();
    const pii = createPii({
      detectors: defaultDetectors({ labels: ['NL_BSN', 'UK_NINO'] }),
      store,
    });
    const first = await pii.session('c1').anonymize('BSN 111222333, NINO AB123456C');
    expect(first).toBe('BSN <<NL_BSN:1>>, NINO <<UK_NINO:1>>');
    const blind = createPii({ detectors: [], store });
    const again = await blind.session('c1').anonymize('nummer 111 222 333 en ab 12 34 56 c');
    expect(again).toBe('nummer <<NL_BSN:1>> en <<UK_NINO:1>>');
  });
});

describe('a known identifier read without its leading zeros, its suffix, or with a K/L/M prefix is found again', () => {
  // The detectors read these spellings after a word naming the number; the canonical form pads
  // the zeros. The sweep must find the value again in its other spellings, with no word.
  const ROWS: { label: string; value: string; canonical: string; others: string[] }[] = [
    {
      label: 'ES_NIF',
      value: '1234567L',
      canonical: '01234567L',
      others: ['1234567-L', '01234567L', '01234567-L'],
    },
    {
      label: 'ES_NIF',
      value: 'M1234567L',
      canonical: 'M1234567L',
      others: ['M-1234567-L', 'M 1234567 L', 'm1234567l'],
    },
    {
      label: 'NL_BSN',
      value: '12345672',
      canonical: '012345672',
      others: ['012345672', '12345672'],
    },
    {
      label: 'UK_NINO',
      value: 'AB123456',
      canonical: 'AB123456',
      others: ['AB 123456', 'AB-123456', 'ab123456'],
    },
  ];

  it.each(ROWS)('$label $value: the sweep finds $others', ({ label, value, canonical, others }) => {
    const matcher = buildKnownValueMatcher([{ label, n: 1, value, canonical }]);
    for (const other of others)
      expect(
        matcher.find(`Ref: ${other}, merci.`).map((s) => s.value),
        other,
      ).toEqual([other]);
  });

  it('masks them again in a later message with no word naming them', async () => {
    const store = memoryVaultStore();
    const pii = createPii({ detectors: defaultDetectors(), store });
    const first = await pii
      .session('c1')
      .anonymize('DNI: 1234567L. BSN: 12345672. NINO: AB123456. NIF M1234567L.');
    expect(first).toBe(
      'DNI: <<ES_NIF:1>>. BSN: <<NL_BSN:1>>. NINO: <<UK_NINO:1>>. NIF <<ES_NIF:2>>.',
    );
    const blind = createPii({ detectors: [], store });
    const again = await blind
      .session('c1')
      .anonymize('ref 1234567-L, nummer 12345672, code AB 123456, otro M-1234567-L');
    expect(again).toBe(
      'ref <<ES_NIF:1>>, nummer <<NL_BSN:1>>, code <<UK_NINO:1>>, otro <<ES_NIF:2>>',
    );
  });
});
