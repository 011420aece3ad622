/**
 * Checksums shared by the pattern detectors. Pure functions on strings of ASCII digits (and
 * letters for mod-97), so they run anywhere (Node, browsers, edge runtimes).
 */

/**
 * Luhn (mod 10) check, used by payment cards, SIREN and SIRET.
 *
 * @example
 * luhn('4111111111111111'); // true
 */
export function luhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/**
 * Remainder of a big number written in base 36 (digits, then A=10..Z=35) divided by 97,
 * computed piecewise so that no precision is lost (ISO 7064 MOD 97-10, used by IBAN).
 *
 * @example
 * mod97('3214282912345698765432161182'); // 1 for a valid rearranged IBAN
 */
export function mod97(alnum: string): number {
  let rest = 0;
  for (let i = 0; i < alnum.length; i++) {
    const c = alnum.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      rest = (rest * 10 + (c - 48)) % 97;
    } else {
      const upper = c >= 97 && c <= 122 ? c - 32 : c;
      if (upper < 65 || upper > 90) return -1;
      // A letter stands for two digits (10..35).
      rest = (rest * 100 + (upper - 55)) % 97;
    }
  }
  return rest;
}

/** Removes spaces, dashes and dots: the canonical form of card, IBAN, SSN, NIR, SIREN, SIRET. */
export function compact(value: string): string {
  return value.replace(/[\s.\-\u00a0\u202f]/g, '');
}
