/**
 * The third part of `bench/address-external.ts`: the addresses of libpostal's parser tests
 * (written by libpostal's authors, many from user reports and other projects' tests), each run
 * through the detection pipeline, scored on what a model would read of its identifying parts.
 * A blind measurement: nothing here feeds the detector's tables.
 */
import type { PiiSpan } from '../../src/core/detect/types';
import { type AddressPartsScore, scoreAddressParts } from './address-parts';
import type { LibpostalAddress } from './libpostal-tests';

/** The countries of `test_<cc>_parses` that are among the detector's nine, by their names. */
const OUR_NINE: Record<string, string> = {
  us: 'US',
  gb: 'GB',
  fr: 'FR',
  es: 'ES',
  de: 'DE',
  nl: 'NL',
};
const OUTSIDE = 'outside the nine';
const OURS = 'the six of our nine it holds';

interface Tally {
  numbered: number;
  detected: number;
  fully: number;
  partly: number;
  clear: number;
  noNumber: number;
  noNumberDetected: number;
}
const empty = (): Tally => ({
  numbered: 0,
  detected: 0,
  fully: 0,
  partly: 0,
  clear: 0,
  noNumber: 0,
  noNumberDetected: 0,
});

/** The country group of a `test_<cc>_parses` function: one of our nine, or outside them. */
export function countryGroup(cc: string): string {
  return OUR_NINE[cc] ?? OUTSIDE;
}

function add(t: Tally, s: AddressPartsScore): void {
  if (!s.numbered) {
    t.noNumber++;
    if (s.detected) t.noNumberDetected++;
    return;
  }
  t.numbered++;
  if (s.detected) t.detected++;
  t[s.exposure]++;
}

/** One line of the error list: the address, what was detected, what a model reads of it. */
function errorLine(group: string, a: LibpostalAddress, s: AddressPartsScore, spans: PiiSpan[]) {
  const found = spans.map((p) => `${p.label} ${JSON.stringify(a.text.slice(p.start, p.end))}`);
  const readable = s.readable.map((c) => `${c.label} ${JSON.stringify(c.value)}`);
  const kind = s.numbered ? s.exposure : 'no number, ADDRESS';
  return `${group} ${kind} ${JSON.stringify(a.text)}\n    detected: ${found.join('; ') || 'nothing'}${readable.length ? `\n    readable: ${readable.join('; ')}` : ''}`;
}

/**
 * Runs `detect` on every address and returns the markdown table (and, with `errors`, the
 * addresses of our nine whose identifying parts are not fully masked, and the addresses without
 * a number that got an ADDRESS span), plus the identifying parts whose value is not in the text.
 *
 * @example
 * const lines = await libpostalTable(addresses, (t) => pipeline.run(t), false);
 * console.log(lines.join('\n'));
 */
export async function libpostalTable(
  addresses: readonly LibpostalAddress[],
  detect: (text: string) => Promise<PiiSpan[]>,
  errors: boolean,
): Promise<string[]> {
  const tallies = new Map<string, Tally>();
  const errorLines: string[] = [];
  const unlocated: string[] = [];
  for (const a of addresses) {
    const spans = await detect(a.text);
    const s = scoreAddressParts(a.text, a.components, spans);
    const group = countryGroup(a.country);
    const keys = [group, group === OUTSIDE ? 'all' : OURS];
    if (group !== OUTSIDE) keys.push('all');
    for (const k of keys) {
      const t = tallies.get(k) ?? empty();
      add(t, s);
      tallies.set(k, t);
    }
    for (const c of s.unlocated)
      unlocated.push(
        `${a.country} ${c.label} ${JSON.stringify(c.value)} in ${JSON.stringify(a.text)}`,
      );
    const miss = s.numbered ? s.exposure !== 'fully' : s.detected;
    if (errors && group !== OUTSIDE && miss) errorLines.push(errorLine(group, a, s, spans));
  }
  const pct = (a: number, b: number) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)} %`);
  const order = [...Object.values(OUR_NINE), OURS, OUTSIDE, 'all'];
  const lines = [
    '| libpostal test addresses | addresses | with an ADDRESS span | identifying parts fully masked | partly | in clear | no number | no number, with an ADDRESS span |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const k of order) {
    const t = tallies.get(k) ?? empty();
    lines.push(
      `| ${k} | ${t.numbered} | ${pct(t.detected, t.numbered)} | ${pct(t.fully, t.numbered)} | ${pct(t.partly, t.numbered)} | ${pct(t.clear, t.numbered)} | ${t.noNumber} | ${t.noNumberDetected} |`,
    );
  }
  if (unlocated.length)
    lines.push('', 'Identifying parts not found in their text (left out):', ...unlocated);
  if (errorLines.length) lines.push('', ...errorLines);
  return lines;
}
