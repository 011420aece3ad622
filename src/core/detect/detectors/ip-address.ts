import type { DetectedSpan, Detector } from '../types';

// Four dotted numbers, not part of a longer dotted run (`1.2.3.4.5`) or a word (`v1.2.3.4`).
// The look-behind comes after the first digit (`\d(?<![…]\d)` is `(?<![…])\d`) so that the
// engine tests it at digits only, not at every position; its ASCII part first (as in
// `credit-card.ts`).
const IPV4 =
  /\d(?<![0-9A-Za-z_.]\d)(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_.]\d)\d{0,2}\.(?:\d{1,3}\.){2}\d{1,3}(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]|\.\d)/gu;
// Hex groups and colons, with at least one colon in the first five characters; the exact
// grammar (one `::`, at most eight groups, an IPv4 tail) is checked in code. Candidates are
// found from each `:` (see `ipv6Candidates`), not by a regex tried at every position; these
// classes are the characters that may not touch a candidate (before it, after it).
const IPV6_NOT_BEFORE = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_:.]$/u;
const IPV6_NOT_AFTER = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_:]$/u;
const IPV6_MAX = 45;
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;
const OCTET = /^\d{1,3}$/;
// `dead::beef` or `a::b` in code are not addresses anyone wrote; real ones hold a digit.
const HAS_DIGIT = /\d/;
// A whole word (`v 1.2.3.4`, `Android 14.0.0.1`), not the end of one (`startup.dev 10.0.0.1`).
const VERSION_BEFORE =
  /(?:^|[^\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_])(?:version|v|ver|release|build|chrome|firefox|safari|edge|android|ios)[\s:/]{0,2}$/iu;
const WORD_BEFORE = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}]/u;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const IP_ADDRESS_PATTERNS: readonly RegExp[] = [
  IPV4,
  IPV6_NOT_BEFORE,
  IPV6_NOT_AFTER,
  HEX_GROUP,
  OCTET,
  VERSION_BEFORE,
  WORD_BEFORE,
];

function octetsValid(parts: readonly string[]): boolean {
  return parts.every((p) => Number(p) <= 255 && (p.length === 1 || p[0] !== '0'));
}

/**
 * Whether a string is an IPv6 address (full, compressed with `::`, or with an IPv4 tail).
 *
 * @example
 * isIPv6('2001:db8::8a2e:370:7334'); // true
 * isIPv6('10:30:00'); // false
 */
export function isIPv6(value: string): boolean {
  let groups = value;
  let tail = 0;
  const lastColon = value.lastIndexOf(':');
  if (value.includes('.', lastColon)) {
    const v4 = value.slice(lastColon + 1).split('.');
    if (v4.length !== 4 || !v4.every((p) => OCTET.test(p)) || !octetsValid(v4)) return false;
    groups = value.slice(0, lastColon + 1);
    if (groups.endsWith('::')) groups = `${groups}0`;
    else groups = groups.slice(0, -1);
    tail = 2;
  }
  const halves = groups.split('::');
  if (halves.length > 2) return false;
  const parse = (half: string) => (half === '' ? [] : half.split(':'));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if (![...head, ...rest].every((g) => HEX_GROUP.test(g))) return false;
  const count = head.length + rest.length + tail;
  return halves.length === 2 ? count <= 7 : count === 8;
}

function isHex(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 102);
}

function isAsciiWordChar(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122) || code === 95;
}

/** The code point that ends right before `at` (a surrogate pair counts as one). */
function pointBefore(text: string, at: number): string {
  const low = text.charCodeAt(at - 1);
  if (low >= 0xdc00 && low <= 0xdfff && at >= 2) {
    const high = text.charCodeAt(at - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(at - 2, at);
  }
  return text[at - 1]!;
}

/** The code point that starts at `at`. */
function pointAt(text: string, at: number): string {
  const high = text.charCodeAt(at);
  if (high >= 0xd800 && high <= 0xdbff && at + 1 < text.length) {
    const low = text.charCodeAt(at + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return text.slice(at, at + 2);
  }
  return text[at]!;
}

/**
 * IPv6 candidates, as a regex would find them from left to right: `(?<![letters digits _ : .])
 * (?=[0-9A-Fa-f]{0,4}:)[0-9A-Fa-f:.]{2,45}(?![letters digits _ :])`. A candidate starts at most
 * four hex digits before a `:`, so only the text around each `:` is read. Calls `found` with
 * each candidate's start and end.
 */
function ipv6Candidates(text: string, found: (start: number, end: number) => void): void {
  const length = text.length;
  let from = 0;
  let colon = text.indexOf(':');
  while (colon !== -1) {
    // The start: the first of at most four hex digits right before the `:`, or the `:` itself.
    // Inside a longer hex run every position has a hex digit (a letter or digit) before it.
    let start = colon;
    while (start > 0 && colon - start < 5 && isHex(text.charCodeAt(start - 1))) start--;
    if (colon - start > 4 || start < from || (start > 0 && notBefore(text, start))) {
      colon = text.indexOf(':', colon + 1);
      continue;
    }
    let end = start;
    const limit = Math.min(length, start + IPV6_MAX);
    while (end < limit) {
      const code = text.charCodeAt(end);
      if (!isHex(code) && code !== 58 && code !== 46) break;
      end++;
    }
    // Greedy, then shorter: the end must not touch a letter, a digit, `_` or `:`; inside the
    // run only a `.` may follow.
    if (end - start < 2 || (end < length && notAfter(text, end))) {
      let shorter = -1;
      for (let k = end - 1; k >= start + 2; k--) {
        if (text.charCodeAt(k) === 46) {
          shorter = k;
          break;
        }
      }
      if (shorter === -1) {
        colon = text.indexOf(':', colon + 1);
        continue;
      }
      end = shorter;
    }
    found(start, end);
    from = end;
    colon = text.indexOf(':', end);
  }
}

function notBefore(text: string, at: number): boolean {
  const code = text.charCodeAt(at - 1);
  if (code < 128) return isAsciiWordChar(code) || code === 58 || code === 46;
  return IPV6_NOT_BEFORE.test(pointBefore(text, at));
}

function notAfter(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 128) return isAsciiWordChar(code) || code === 58;
  return IPV6_NOT_AFTER.test(pointAt(text, at));
}

/**
 * Finds IPv4 addresses (not version numbers such as `1.2.3` or `1.2.3.4.5`, nor
 * `Chrome/120.0.0.0`) and IPv6 addresses in full or compressed form.
 *
 * @example
 * ipAddressDetector().detect('from 192.168.1.20 and 2001:db8::1');
 * // IP_ADDRESS spans for `192.168.1.20` and `2001:db8::1`
 */
export function ipAddressDetector(): Detector {
  return {
    name: 'ip-address',
    labels: ['IP_ADDRESS'],
    detect(text) {
      const spans: DetectedSpan[] = [];
      IPV4.lastIndex = 0;
      for (let m = IPV4.exec(text); m; m = IPV4.exec(text)) {
        if (!octetsValid(m[0].split('.'))) continue;
        // `version: ` and the character before it.
        const before = text.slice(Math.max(0, m.index - 11), m.index);
        if (VERSION_BEFORE.test(before)) continue;
        // `Chrome/120.0.0.0` is a version, `http://10.0.0.1` an address.
        if (
          before.endsWith('/') &&
          before.length > 1 &&
          WORD_BEFORE.test(before[before.length - 2]!)
        )
          continue;
        spans.push({
          start: m.index,
          end: m.index + m[0].length,
          label: 'IP_ADDRESS',
          score: 0.95,
        });
      }
      ipv6Candidates(text, (start, end) => {
        let value = text.slice(start, end);
        while (value.endsWith('.')) value = value.slice(0, -1);
        // `::` alone or `a::b` are too short to be an address someone wrote on purpose.
        if (value.split(':').length < 3 || !isIPv6(value)) return;
        if (value.split(':').filter(Boolean).length < 2 || !HAS_DIGIT.test(value)) return;
        spans.push({ start, end: start + value.length, label: 'IP_ADDRESS', score: 0.95 });
      });
      return spans;
    },
  };
}
