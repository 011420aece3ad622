import { describe, expect, it } from 'vitest';
import { compact, luhn, mod97 } from '../../../../src/core/detect/detectors/checksums';

describe('checksums', () => {
  it('computes Luhn', () => {
    expect(luhn('4111111111111111')).toBe(true);
    expect(luhn('4111111111111112')).toBe(false);
    expect(luhn('79927398713')).toBe(true);
    expect(luhn('')).toBe(false);
    expect(luhn('12a4')).toBe(false);
  });

  it('computes mod 97 over digits and letters without losing precision', () => {
    // FR76 3000 6000 0112 3456 7890 189 rearranged: BBAN + FR76.
    expect(mod97('30006000011234567890189FR76')).toBe(1);
    expect(mod97('30006000011234567890189FR77')).not.toBe(1);
    expect(mod97('1850578006084')).toBe(97 - 91);
    expect(mod97('12#')).toBe(-1);
  });

  it('compacts separators', () => {
    expect(compact('FR76 3000-6000.0112\u00a03456')).toBe('FR763000600001123456');
  });
});
