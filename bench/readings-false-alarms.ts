/**
 * False alarms of the readings added for issue 16 (layout, spelled-out addresses, base64
 * payloads, quoted-printable) on prose written by others, where they should find nothing:
 * the AI SDK's docs (`node_modules/ai/docs`), this project's docs, Debian's message catalogues
 * (`/usr/share/locale/<lang>/LC_MESSAGES/*.mo`, every 20th, read with `msgunfmt`: translated
 * strings in every language) and man pages (`/usr/share/man/man1`, every 40th, rendered at 80
 * columns by `man`: hard-wrapped and hyphenated prose). For each corpus: how many pieces each
 * rule undid, how many payloads decoded as text, and the values the default detectors found
 * only through those readings (each printed: on such prose, each is a false alarm unless it is
 * a real address).
 *
 *   npx tsx bench/readings-false-alarms.ts
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createPii } from '../src/core/create-pii';
import { defaultDetectors } from '../src/core/detect/default-detectors';
import type { PiiSpan } from '../src/core/detect/types';
import type { Piece } from '../src/core/match/edited-view';
import { encodedPayloads } from '../src/core/match/encoded-payloads';
import { LAYOUT_FINDERS } from '../src/core/match/layout-pieces';
import { layoutReading } from '../src/core/match/layout-reading';
import { MAIL_ENCODING } from '../src/core/match/mail-encodings';
import { obfuscatedEmailPieces } from '../src/core/match/obfuscated-emails';

const root = join(import.meta.dirname, '..');

function markdownUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...markdownUnder(path));
    else if (/\.mdx?$/.test(name)) out.push(readFileSync(path, 'utf8'));
  }
  return out;
}

/** The translated strings of a PO file (`msgstr`, continuation lines joined). */
function msgstrs(po: string): string {
  const out: string[] = [];
  let current: string[] | undefined;
  for (const line of po.split('\n')) {
    const start = /^msgstr(?:\[\d+\])? "(.*)"$/.exec(line);
    if (start) {
      current = [start[1]!];
      out.push('');
    } else if (current && /^"(.*)"$/.test(line)) current.push(/^"(.*)"$/.exec(line)![1]!);
    else if (current) {
      out[out.length - 1] = JSON.parse(
        `"${current.join('').replace(/\\(?!["\\/bfnrtu])/g, '\\\\')}"`,
      );
      current = undefined;
    }
  }
  return out.filter(Boolean).join('\n');
}

function catalogues(): string[] {
  const files: string[] = [];
  for (const lang of readdirSync('/usr/share/locale').sort()) {
    const dir = join('/usr/share/locale', lang, 'LC_MESSAGES');
    try {
      for (const f of readdirSync(dir).sort()) if (f.endsWith('.mo')) files.push(join(dir, f));
    } catch {
      // no catalogue for this locale
    }
  }
  return files
    .filter((_, i) => i % 20 === 0)
    .map((f) => {
      try {
        return msgstrs(execFileSync('msgunfmt', [f], { encoding: 'utf8', maxBuffer: 1 << 26 }));
      } catch {
        return '';
      }
    })
    .filter(Boolean);
}

function manPages(): string[] {
  const dir = '/usr/share/man/man1';
  return readdirSync(dir)
    .sort()
    .filter((_, i) => i % 40 === 0)
    .map((f) => {
      try {
        return execFileSync('man', ['-l', join(dir, f)], {
          encoding: 'utf8',
          env: { ...process.env, MANWIDTH: '80', MAN_KEEP_FORMATTING: '0' },
          stdio: ['ignore', 'pipe', 'ignore'],
        }).replace(/.\x08/g, '');
      } catch {
        return '';
      }
    })
    .filter(Boolean);
}

const CORPORA: Record<string, () => string[]> = {
  'ai-docs': () => markdownUnder(join(root, 'node_modules/ai/docs')),
  'project docs': () =>
    [join(root, 'README.md'), ...readdirSync(join(root, 'docs')).map((f) => join(root, 'docs', f))]
      .filter((f) => f.endsWith('.md'))
      .map((f) => readFileSync(f, 'utf8')),
  'Debian .mo catalogues': catalogues,
  'man pages (man1)': manPages,
};

const pii = createPii({ detectors: defaultDetectors() });
const FINDERS: Record<string, (text: string, out: Piece[]) => void> = {
  ...LAYOUT_FINDERS,
  spelled: obfuscatedEmailPieces,
};
const RULES = Object.keys(FINDERS);

for (const [name, load] of Object.entries(CORPORA)) {
  const texts = load();
  const chars = texts.reduce((n, t) => n + t.length, 0);
  const pieces: Record<string, number> = Object.fromEntries(RULES.map((r) => [r, 0]));
  let payloads = 0;
  let mail = 0;
  const found: string[] = [];
  const payloadSamples: string[] = [];
  for (const text of texts) {
    for (const [rule, find] of Object.entries(FINDERS)) {
      const out: Piece[] = [];
      find(text, out);
      pieces[rule]! += out.length;
    }
    const p = encodedPayloads(text);
    payloads += p.length;
    for (const x of p.slice(0, 3)) payloadSamples.push(JSON.stringify(x.text.slice(0, 60)));
    mail += (text.match(new RegExp(MAIL_ENCODING.source, 'g')) ?? []).length;
    const reading = layoutReading(text);
    if (!reading) continue;
    const asWritten = (await pii.detect(text)).map((s) => `${s.start}:${s.end}`);
    const spans: PiiSpan[] = reading.toOriginal(await pii.detect(reading.text));
    for (const s of spans) {
      if (asWritten.includes(`${s.start}:${s.end}`)) continue;
      found.push(`${s.label} ${JSON.stringify(text.slice(Math.max(0, s.start - 20), s.end + 20))}`);
    }
  }
  console.log(`\n## ${name}: ${texts.length} texts, ${(chars / 1024).toFixed(0)} KB`);
  console.log(`pieces undone: ${RULES.map((r) => `${r} ${pieces[r]}`).join(', ')}`);
  console.log(
    `base64 payloads read as text: ${payloads}; quoted-printable / RFC 2047 markers: ${mail}`,
  );
  for (const s of payloadSamples.slice(0, 10)) console.log(`  payload ${s}`);
  console.log(`values found only through the layout reading: ${found.length}`);
  for (const f of found.slice(0, 40)) console.log(`  ${f}`);
}
