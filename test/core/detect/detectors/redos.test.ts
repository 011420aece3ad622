import { afterEach, describe, expect, it } from 'vitest';
import { BUILTIN_LABELS, defaultDetectors } from '../../../../src/core/detect/default-detectors';
import { ADDRESS_PATTERNS } from '../../../../src/core/detect/detectors/address';
import { API_KEY_PATTERNS } from '../../../../src/core/detect/detectors/api-key';
import { BE_NATIONAL_NUMBER_PATTERNS } from '../../../../src/core/detect/detectors/be-national-number';
import { CH_AHV_PATTERNS } from '../../../../src/core/detect/detectors/ch-ahv';
import { CREDIT_CARD_PATTERNS } from '../../../../src/core/detect/detectors/credit-card';
import { DE_TAX_ID_PATTERNS } from '../../../../src/core/detect/detectors/de-tax-id';
import { EMAIL_PATTERNS } from '../../../../src/core/detect/detectors/email';
import { ES_NIF_PATTERNS } from '../../../../src/core/detect/detectors/es-nif';
import { FR_NIR_PATTERNS } from '../../../../src/core/detect/detectors/fr-nir';
import { FR_SIREN_PATTERNS } from '../../../../src/core/detect/detectors/fr-siren';
import { FR_SIRET_PATTERNS } from '../../../../src/core/detect/detectors/fr-siret';
import { IBAN_PATTERNS } from '../../../../src/core/detect/detectors/iban';
import { IP_ADDRESS_PATTERNS } from '../../../../src/core/detect/detectors/ip-address';
import { IT_FISCAL_CODE_PATTERNS } from '../../../../src/core/detect/detectors/it-fiscal-code';
import { NL_BSN_PATTERNS } from '../../../../src/core/detect/detectors/nl-bsn';
import { PERSON_PATTERNS } from '../../../../src/core/detect/detectors/person';
import { PHONE_PATTERNS } from '../../../../src/core/detect/detectors/phone';
import { UK_NINO_PATTERNS } from '../../../../src/core/detect/detectors/uk-nino';
import { URL_PATTERNS } from '../../../../src/core/detect/detectors/url';
import { US_SSN_PATTERNS } from '../../../../src/core/detect/detectors/us-ssn';
import type { Detector } from '../../../../src/core/detect/types';
import { unboundedQuantifiers } from '../../regex-shape';

const PATTERNS: Record<string, readonly RegExp[]> = {
  address: ADDRESS_PATTERNS,
  'api-key': API_KEY_PATTERNS,
  'be-national-number': BE_NATIONAL_NUMBER_PATTERNS,
  'ch-ahv': CH_AHV_PATTERNS,
  'credit-card': CREDIT_CARD_PATTERNS,
  'de-tax-id': DE_TAX_ID_PATTERNS,
  email: EMAIL_PATTERNS,
  'es-nif': ES_NIF_PATTERNS,
  'fr-nir': FR_NIR_PATTERNS,
  'fr-siren': FR_SIREN_PATTERNS,
  'fr-siret': FR_SIRET_PATTERNS,
  iban: IBAN_PATTERNS,
  'ip-address': IP_ADDRESS_PATTERNS,
  'it-fiscal-code': IT_FISCAL_CODE_PATTERNS,
  'nl-bsn': NL_BSN_PATTERNS,
  person: PERSON_PATTERNS,
  phone: PHONE_PATTERNS,
  'uk-nino': UK_NINO_PATTERNS,
  url: URL_PATTERNS,
  'us-ssn': US_SSN_PATTERNS,
};

describe('ReDoS: regex shape', () => {
  it('the shape checker itself spots unbounded quantifiers', () => {
    expect(unboundedQuantifiers('(a+)+$')).toHaveLength(2);
    expect(unboundedQuantifiers('a{2,}')).toHaveLength(1);
    expect(unboundedQuantifiers('[+*]\\+\\p{L}{1,3}')).toEqual([]);
  });

  it.each(Object.entries(PATTERNS))(
    '%s: every regex uses bounded quantifiers only',
    (_name, patterns) => {
      expect(patterns.length).toBeGreaterThan(0);
      for (const re of patterns) expect(unboundedQuantifiers(re.source), re.source).toEqual([]);
    },
  );
});

// Work counter: every RegExp#exec call (test, replace, split and matchAll go through it once it
// is patched) adds the characters it may have scanned. No clock is involved.
let work = 0;
const originalExec = RegExp.prototype.exec;
function countWork<T>(run: () => T): [T, number] {
  work = 0;
  RegExp.prototype.exec = function exec(this: RegExp, input: string) {
    const from = this.global || this.sticky ? this.lastIndex : 0;
    const result = originalExec.call(this, input);
    work += 1 + (result ? result.index + result[0].length - from : String(input).length - from);
    return result;
  };
  try {
    return [run(), work];
  } finally {
    RegExp.prototype.exec = originalExec;
  }
}
afterEach(() => {
  RegExp.prototype.exec = originalExec;
});

const INPUTS: Record<string, (size: number) => string> = {
  'dotted digits': (size) => '1.1.1.'.repeat(Math.ceil(size / 6)).slice(0, size),
  'SSN-like': (size) => '123-45-'.repeat(Math.ceil(size / 7)).slice(0, size),
  'dotted local part': (size) => `${'a.'.repeat(Math.ceil(size / 2)).slice(0, size)}@`,
  'digits and spaces': (size) => '12 '.repeat(Math.ceil(size / 3)).slice(0, size),
  'capitalised words': (size) => 'Jean '.repeat(Math.ceil(size / 5)).slice(0, size),
  'hex and colons': (size) => 'a:'.repeat(Math.ceil(size / 2)).slice(0, size),
  // Shapes the phone detector reads around digit runs: scores, decimals, lists after ` / `,
  // a card's groups of four, IBAN openings, words and keys before numbers.
  'scores in a row': (size) => '15-7 '.repeat(Math.ceil(size / 5)).slice(0, size),
  'decimals in a row': (size) => '0.25 '.repeat(Math.ceil(size / 5)).slice(0, size),
  'numbers listed with slashes': (size) => '0171 / '.repeat(Math.ceil(size / 7)).slice(0, size),
  'groups of four': (size) => '4111 '.repeat(Math.ceil(size / 5)).slice(0, size),
  'IBAN openings': (size) => 'FR76 3000 '.repeat(Math.ceil(size / 10)).slice(0, size),
  'phone words and keys': (size) =>
    '"tel": "phone_id": 06 '.repeat(Math.ceil(size / 22)).slice(0, size),
  'table rows': (size) => 'Team 15 7 3 5 20 18 24\n'.repeat(Math.ceil(size / 23)).slice(0, size),
  // Shapes of the national identifiers: letter and digit groups that almost fit (a codice
  // fiscale, a NINO, an NIE), and digit groups in their printed shapes, each one short.
  'fiscal-code-like': (size) => 'RSS MRA 80A01 H50 '.repeat(Math.ceil(size / 18)).slice(0, size),
  'NINO-like': (size) => 'AB 12 34 56 '.repeat(Math.ceil(size / 12)).slice(0, size),
  'NIE-like': (size) => 'X-1234567-'.repeat(Math.ceil(size / 10)).slice(0, size),
  'identifier groups': (size) => '756.1234.5678.'.repeat(Math.ceil(size / 14)).slice(0, size),
  // Shapes of addresses: street words and names without an end, numbers between them, keys
  // and labels, boxes, postcodes and cities one after the other.
  'street words and numbers': (size) => 'rue 12 rue '.repeat(Math.ceil(size / 11)).slice(0, size),
  'names before a number': (size) =>
    'Via Roma Roma Roma Roma '.repeat(Math.ceil(size / 24)).slice(0, size),
  'postcodes and cities': (size) => '69003 Lyon, '.repeat(Math.ceil(size / 12)).slice(0, size),
  'address keys': (size) => '"address": "12 '.repeat(Math.ceil(size / 15)).slice(0, size),
  'labels on one line': (size) =>
    'Adresse : Anschrift: '.repeat(Math.ceil(size / 21)).slice(0, size),
  'boxes and units': (size) =>
    'PO Box 12 Apt 4 Flat 3, '.repeat(Math.ceil(size / 24)).slice(0, size),
};

const detectors: Detector[] = defaultDetectors({ labels: BUILTIN_LABELS });

describe('ReDoS: work grows linearly with the input', () => {
  for (const [inputName, make] of Object.entries(INPUTS)) {
    it.each(detectors.map((d) => [d.name, d] as const))(`${inputName}: %s`, (_name, detector) => {
      const [small, smallWork] = countWork(() => detector.detect(make(25_000)));
      const [large, largeWork] = countWork(() => detector.detect(make(50_000)));
      expect(Array.isArray(small) && Array.isArray(large)).toBe(true);
      // Doubling the input may double the work, plus slack for constants; never square it.
      expect(largeWork).toBeLessThanOrEqual(3 * smallWork + 1000);
    });
  }

  it('the counter catches a quadratic detector', () => {
    // Rescans the rest of the text from every position, as a backtracking email regex would.
    const quadratic: Detector = {
      name: 'quadratic',
      detect(text) {
        const re = /[a.]{0,100000}@/y;
        for (let i = 0; i < text.length; i++) {
          re.lastIndex = i;
          re.exec(text.slice(0, -1));
        }
        return [];
      },
    };
    const [, smallWork] = countWork(() => quadratic.detect(INPUTS['dotted local part']!(2000)));
    const [, largeWork] = countWork(() => quadratic.detect(INPUTS['dotted local part']!(4000)));
    expect(largeWork).toBeGreaterThan(3 * smallWork);
  });

  it('the three classic inputs complete with no false positive', () => {
    for (const text of ['1.1.1.'.repeat(8000), '123-45-'.repeat(8000), `${'a.'.repeat(20000)}@`]) {
      const spans = detectors.flatMap((d) => d.detect(text) as unknown[]);
      expect(spans).toEqual([]);
    }
  });
});
