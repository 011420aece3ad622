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

/**
 * ISO 7064 MOD 11,10 check digit of a string of digits (the German Steuer-IdNr. and VAT id):
 * a product starting at 10 is carried through each digit; the check digit is what closes it.
 *
 * @example
 * iso7064Mod11_10('1234567899'); // 5 (Steuer-IdNr. 12345678995)
 */
export function iso7064Mod11_10(digits: string): number {
  let product = 10;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    const sum = (d + product) % 10 || 10;
    product = (sum * 2) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

/**
 * The GS1 (EAN-13, GTIN) check digit of the digits before it: weights 1 and 3 alternating
 * from the right-most digit (weight 3), the digit that brings the sum to a multiple of 10.
 *
 * @example
 * gs1CheckDigit('756123456789'); // 7 (AHV number 756.1234.5678.97)
 */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (d < 0 || d > 9) return -1;
    sum += i % 2 === 0 ? 3 * d : d;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The Dutch "elfproef" (11-test) of a BSN: the first eight digits weighted 9 down to 2, minus
 * the last digit, is a multiple of 11.
 *
 * @example
 * elfproef('111222333'); // true
 */
export function elfproef(digits: string): boolean {
  if (digits.length !== 9) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    sum += i < 8 ? (9 - i) * d : -d;
  }
  return sum % 11 === 0;
}

/** The control letters of a Spanish DNI or NIE, by the number's remainder mod 23. */
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/**
 * The control letter of a Spanish DNI number (eight digits; for an NIE, X/Y/Z read as 0/1/2
 * before its seven digits): the number mod 23 in the table `TRWAGMYFPDXBNJZSQVHLCKE`.
 *
 * @example
 * dniLetter('12345678'); // 'Z'
 */
export function dniLetter(digits: string): string {
  let rest = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return '';
    rest = (rest * 10 + d) % 23;
  }
  return digits.length > 0 ? DNI_LETTERS[rest]! : '';
}

// Values of the odd positions (1st, 3rd, … counting from 1) of a codice fiscale, for `A`-`Z`;
// a digit counts as the letter of the same rank (`0` as `A`, `9` as `J`).
const ODD_VALUES = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

/**
 * The check character of an Italian codice fiscale from its first 15 characters (upper case):
 * odd positions read through the odd table, even positions as their rank (`0`-`9`, `A`-`Z`
 * from 0), the sum mod 26 as a letter.
 *
 * @example
 * fiscalCodeCheck('RSSMRA80A01H501'); // 'U'
 */
export function fiscalCodeCheck(first15: string): string {
  let sum = 0;
  for (let i = 0; i < first15.length; i++) {
    const c = first15.charCodeAt(i);
    const rank = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 90 ? c - 65 : -1;
    if (rank < 0) return '';
    sum += i % 2 === 0 ? ODD_VALUES[rank]! : rank;
  }
  return String.fromCharCode(65 + (sum % 26));
}
