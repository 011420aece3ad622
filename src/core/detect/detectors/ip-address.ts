import type { DetectedSpan, Detector } from '../types';

// Four dotted numbers, not part of a longer dotted run (`1.2.3.4.5`) or a word (`v1.2.3.4`).
const IPV4 =
  /(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_.])(?:\d{1,3}\.){3}\d{1,3}(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_]|\.\d)/gu;
// Hex groups and colons, with at least one colon in the first five characters; the exact
// grammar (one `::`, at most eight groups, an IPv4 tail) is checked in code.
const IPV6 =
  /(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_:.])(?=[0-9A-Fa-f]{0,4}:)[0-9A-Fa-f:.]{2,45}(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}_:])/gu;
const HEX_GROUP = /^[0-9A-Fa-f]{1,4}$/;
const OCTET = /^\d{1,3}$/;
// `dead::beef` or `a::b` in code are not addresses anyone wrote; real ones hold a digit.
const HAS_DIGIT = /\d/;
const VERSION_BEFORE =
  /(?:version|v|ver|release|build|chrome|firefox|safari|edge|android|ios)[\s:/]{0,2}$/i;
const WORD_BEFORE = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}]/u;

/** Exported for the ReDoS shape test: every regex of this detector. */
export const IP_ADDRESS_PATTERNS: readonly RegExp[] = [
  IPV4,
  IPV6,
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
        const before = text.slice(Math.max(0, m.index - 10), m.index);
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
      IPV6.lastIndex = 0;
      for (let m = IPV6.exec(text); m; m = IPV6.exec(text)) {
        let value = m[0];
        while (value.endsWith('.')) value = value.slice(0, -1);
        // `::` alone or `a::b` are too short to be an address someone wrote on purpose.
        if (value.split(':').length < 3 || !isIPv6(value)) continue;
        if (value.split(':').filter(Boolean).length < 2 || !HAS_DIGIT.test(value)) continue;
        spans.push({
          start: m.index,
          end: m.index + value.length,
          label: 'IP_ADDRESS',
          score: 0.95,
        });
      }
      return spans;
    },
  };
}
