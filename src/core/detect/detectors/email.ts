import type { DetectedSpan, Detector } from '../types';
import { escapeLetterAt } from './escapes';

// Letters of alphabetic scripts, combining marks and digits. CJK is left out on purpose so that
// an address glued to Chinese or Japanese text (`邮件:wang.wei@example.cn电话`) ends where the
// Latin text ends.
const LOCAL_CHAR = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}\p{Nd}._%+'-]/u;
const DOMAIN_CHAR = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}\p{Nd}.-]/u;
const TLD =
  /^(?:[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}]{2,63}|xn--[a-z0-9-]{1,59})$/iu;
const LABEL =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}\p{Nd}](?:[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}\p{Nd}-]{0,61}[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}\p{Nd}])?$/u;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const EMAIL_PATTERNS: readonly RegExp[] = [LOCAL_CHAR, DOMAIN_CHAR, TLD, LABEL];

// `icon@2x.png` and friends are file names, not addresses.
const FILE_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'svg',
  'webp',
  'ico',
  'bmp',
  'tif',
  'tiff',
  'avif',
  'heic',
  'js',
  'mjs',
  'cjs',
  'ts',
  'tsx',
  'jsx',
  'css',
  'scss',
  'map',
  'json',
  'html',
  'pdf',
  'zip',
]);

const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;

/**
 * Finds e-mail addresses, internationalised ones included. It scans for `@` and expands a
 * bounded number of characters on each side, so the time is linear on any input (no regex
 * backtracking over the local part).
 *
 * @example
 * emailDetector().detect('Écrivez à é.lise@café.example');
 * // [{ start: 10, end: 29, label: 'EMAIL', value: 'é.lise@café.example', score: 0.99 }]
 */
export function emailDetector(): Detector {
  return {
    name: 'email',
    labels: ['EMAIL'],
    detect(text) {
      const spans: DetectedSpan[] = [];
      let at = text.indexOf('@');
      let floor = 0;
      while (at !== -1) {
        const span = emailAt(text, at, floor);
        if (span) {
          spans.push(span);
          floor = span.end;
          at = text.indexOf('@', span.end);
        } else {
          at = text.indexOf('@', at + 1);
        }
      }
      return spans;
    },
  };
}

function isAsciiAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
}

// `LOCAL_CHAR` and `DOMAIN_CHAR` on one code unit, ASCII checked in code.
function isLocalChar(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code >= 128) return LOCAL_CHAR.test(text[i]!);
  // . _ % + ' -
  return (
    isAsciiAlnum(code) ||
    code === 46 ||
    code === 95 ||
    code === 37 ||
    code === 43 ||
    code === 39 ||
    code === 45
  );
}

function isDomainChar(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code >= 128) return DOMAIN_CHAR.test(text[i]!);
  return isAsciiAlnum(code) || code === 46 || code === 45;
}

function emailAt(text: string, at: number, floor: number): DetectedSpan | undefined {
  let start = at;
  const leftLimit = Math.max(floor, at - MAX_LOCAL);
  while (start > leftLimit && isLocalChar(text, start - 1)) start--;
  // A local part longer than 64 characters is not an address (RFC 5321).
  if (start === at - MAX_LOCAL && start > floor && isLocalChar(text, start - 1)) {
    return undefined;
  }
  // A local part does not start with a dot, a quote or a dash (those belong to the text around),
  // nor with the letter of an escape (`\njean.dupont@…` in a JSON text read as written).
  if (escapeLetterAt(text, start)) start++;
  while (start < at && (text[start] === '.' || text[start] === "'" || text[start] === '-')) start++;
  if (start === at || text[at - 1] === '.') return undefined;

  let end = at + 1;
  const rightLimit = Math.min(text.length, at + 1 + MAX_DOMAIN);
  while (end < rightLimit && isDomainChar(text, end)) end++;
  // Sentence punctuation after the address is not part of it.
  while (end > at + 1 && (text[end - 1] === '.' || text[end - 1] === '-')) end--;
  if (end === at + 1) return undefined;
  let tld: string;
  const ascii = asciiLabelsValid(text, at + 1, end);
  if (ascii === false) return undefined;
  if (ascii) tld = text.slice(text.lastIndexOf('.', end - 1) + 1, end);
  else {
    const labels = text.slice(at + 1, end).split('.');
    if (labels.length < 2) return undefined; // `user@localhost`
    for (const label of labels) if (!LABEL.test(label)) return undefined;
    tld = labels[labels.length - 1]!;
  }
  if (!TLD.test(tld) || FILE_EXTENSIONS.has(tld.toLowerCase())) return undefined;
  if (text.slice(start, at).includes('..')) return undefined;
  return { start, end, label: 'EMAIL', value: text.slice(start, end), score: 0.99 };
}

/**
 * `LABEL` on each label of the domain `text[from, to)` and at least two labels (`user@localhost`
 * is no address), read in place when the domain is ASCII (letters, digits, `-`, `.`: what
 * `isDomainChar` lets in): a label of 1 to 63 characters that neither starts nor ends with `-`.
 * `undefined` for a domain with other characters, where `LABEL` reads the labels.
 */
function asciiLabelsValid(text: string, from: number, to: number): boolean | undefined {
  let valid = true;
  let labels = 0;
  let labelStart = from;
  for (let i = from; i <= to; i++) {
    const code = i < to ? text.charCodeAt(i) : 46;
    if (code >= 128) return undefined;
    if (code !== 46) continue;
    const length = i - labelStart;
    if (
      length === 0 ||
      length > 63 ||
      text.charCodeAt(labelStart) === 45 ||
      text.charCodeAt(i - 1) === 45
    ) {
      valid = false;
    }
    labels++;
    labelStart = i + 1;
  }
  return valid && labels >= 2;
}
