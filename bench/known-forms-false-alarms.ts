/**
 * False alarms of the sweep's other forms of known values (`docs/core.md`, "Other forms of
 * known values"): a conversation that knows a realistic set of values (names drawn from the
 * PERSON detector's lists, their e-mail addresses, phones, IBANs, IPv4 addresses) reads prose
 * written by others, where none of these values stands: every token the sweep puts there is a
 * false alarm. Counted by form: words of a name alone (`<<PERSON:1.2>>`), words of a name side
 * by side or next to an initial, words several names share (a token of their own), RIB fields
 * and account numbers, IPv4 host-name forms, and whole values (as before this work). Next to
 * them, what a blind sweep of the same words would have masked: each standalone occurrence of a
 * word of a known name, in any case.
 *
 *   npx tsx bench/known-forms-false-alarms.ts            # prints a markdown table
 *   npx tsx bench/known-forms-false-alarms.ts --words     # the names that are words too
 *   npx tsx bench/known-forms-false-alarms.ts --examples  # and where the masked words stand
 *   npx tsx bench/known-forms-false-alarms.ts --recall    # partial mentions only (templates)
 *
 * Prose: this project's docs (`README.md`, `docs/`), the AI SDK's docs (`node_modules/ai/docs`),
 * Debian's message catalogues (`/usr/share/locale/{fr,de,es,it}/LC_MESSAGES/*.mo` through
 * `msgunfmt`: the translations, and the English originals of the French ones) and man pages
 * (`/usr/share/man/man1` and `/usr/share/man/{fr,de,es,it}/man1`, through `man -l`), read in
 * paragraphs as a chat would send them. Needs `gettext` (msgunfmt) and `man-db`; a corpus that
 * cannot be read is left out, with a message.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesUnder } from '../scripts/shared/files-under';
import { createPii } from '../src/core/create-pii';
import { foldString } from '../src/core/match/fold';
import { nameWords } from '../src/core/vault/value-parts';
import { drawnNames, knownSet, WORD_NAMES } from './known-forms/known-set';

const root = join(import.meta.dirname, '..');
/** Msgids and msgstrs of a `.mo` catalogue, through `msgunfmt`. */
function catalogue(path: string): { ids: string[]; strs: string[] } {
  const po = execFileSync('msgunfmt', [path], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const ids: string[] = [];
  const strs: string[] = [];
  let current: string[] | undefined;
  for (const line of po.split('\n')) {
    const m = /^(msgid|msgstr(?:\[\d\])?|msgid_plural) "(.*)"$/.exec(line);
    if (m) {
      current = m[1] === 'msgid' || m[1] === 'msgid_plural' ? ids : strs;
      current.push(m[2]!);
    } else if (current && /^"(.*)"$/.test(line)) {
      current[current.length - 1] += line.slice(1, -1);
    } else current = undefined;
  }
  const unquote = (s: string) => s.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\t/g, '\t');
  // The header (empty msgid) names translators: it is metadata, not prose.
  return {
    ids: ids.filter(Boolean).map(unquote),
    strs: strs.slice(1).filter(Boolean).map(unquote),
  };
}

function manPages(dir: string, count: number): string[] {
  const pages = filesUnder(dir, /\.gz$/);
  const step = Math.max(1, Math.floor(pages.length / count));
  const out: string[] = [];
  for (let k = 0; k < pages.length && out.length < count; k += step) {
    try {
      const text = execFileSync('man', ['-E', 'UTF-8', '-l', pages[k]!], {
        encoding: 'utf8',
        env: { ...process.env, MANWIDTH: '100', MAN_KEEP_FORMATTING: '' },
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 16 << 20,
      });
      out.push(text.replace(/.\x08/g, ''));
    } catch {
      // A page man cannot render is left out.
    }
  }
  return out;
}

function corpora(): [string, string[]][] {
  const out: [string, string[]][] = [];
  const md = filesUnder(join(root, 'docs'), /\.md$/).concat(join(root, 'README.md'));
  out.push(['this project’s docs', md.map((f) => readFileSync(f, 'utf8'))]);
  const ai = filesUnder(join(root, 'node_modules/ai/docs'), /\.mdx?$/);
  out.push(['AI SDK docs (node_modules/ai/docs)', ai.map((f) => readFileSync(f, 'utf8'))]);
  for (const lang of ['fr', 'de', 'es', 'it']) {
    const mo = filesUnder(`/usr/share/locale/${lang}/LC_MESSAGES`, /\.mo$/);
    if (mo.length === 0) continue;
    try {
      const read = mo.map(catalogue);
      out.push([`Debian catalogues, ${lang} (${mo.length} .mo)`, read.flatMap((c) => c.strs)]);
      if (lang === 'fr') out.push([`Debian catalogues, en (msgids)`, read.flatMap((c) => c.ids)]);
    } catch (error) {
      console.error(`catalogues ${lang} left out: ${(error as Error).message}`);
    }
  }
  for (const [lang, dir, count] of [
    ['en', '/usr/share/man/man1', 400],
    ['fr', '/usr/share/man/fr/man1', 100],
    ['de', '/usr/share/man/de/man1', 100],
    ['es', '/usr/share/man/es/man1', 100],
    ['it', '/usr/share/man/it/man1', 100],
  ] as const) {
    const pages = manPages(dir, count);
    if (pages.length > 0) out.push([`man pages, ${lang} (${pages.length})`, pages]);
    else console.error(`man pages ${lang} left out (none readable under ${dir})`);
  }
  return out;
}

const paragraphs = (texts: readonly string[]) =>
  texts.flatMap((t) => t.split(/\n\s*\n/)).filter((p) => p.trim().length > 0);

const TOKEN = /<<([A-Z_]+):(\d+)(?:\.(\d))?>>/g;

async function measure(names: readonly string[], label: string) {
  const known = knownSet(names);
  const pii = createPii({ detectors: [] });
  // Words of known names, as a blind sweep would look for them (3 letters or more).
  const nameWordSet = new Set(
    names
      .flatMap((n) => nameWords(n))
      .filter((w) => w.length >= 3)
      .map((w) => foldString(w)),
  );
  console.log(`\n### ${label}: ${names.length} names, ${known.length} values\n`);
  console.log(
    '| prose | words | blind word sweep | name words alone | side by side, initials | shared words | RIB / account | IPv4 forms | whole values | other forms per 10k words |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const top = new Map<string, number>();
  const shown = new Map<string, number>();
  for (const [name, texts] of corpora()) {
    const session = pii.session(`${label}:${name}`);
    for (const [l, v] of known) await session.remember(l, v);
    const parts = paragraphs(texts);
    let words = 0;
    let blind = 0;
    const counts = { alone: 0, together: 0, shared: 0, account: 0, ip: 0, whole: 0 };
    for (let k = 0; k < parts.length; k += 200) {
      const batch = parts.slice(k, k + 200);
      const out = await session.anonymizeMany(batch);
      batch.forEach((text, i) => {
        words += text.split(/\s+/).filter(Boolean).length;
        for (const w of text.matchAll(/[\p{L}\p{M}'’-]+/gu)) {
          if (nameWordSet.has(foldString(w[0]))) blind++;
        }
        const masked = out[i]!;
        for (const m of masked.matchAll(TOKEN)) {
          const [, tokenLabel, n, part] = m;
          if (part !== undefined) {
            if (tokenLabel === 'IBAN') counts.account++;
            else if (tokenLabel === 'IP_ADDRESS') counts.ip++;
            else {
              // Side by side: a part token of the same value right before or after this one
              // (`<<PERSON:1.2>>, <<PERSON:1.1>>`); next to an initial: a lone letter there.
              // (A space stands for the text's start.)
              const before =
                (m.index <= 24 ? ' ' : '') + masked.slice(Math.max(0, m.index - 24), m.index);
              const after = masked.slice(m.index + m[0].length, m.index + m[0].length + 24);
              const same = `<<${tokenLabel}:${n}\\.\\d>>`;
              if (
                new RegExp(`${same}[ ,._+-]{0,3}$`).test(before) ||
                new RegExp(`^[ ,._+-]{0,3}${same}`).test(after) ||
                /[^\p{L}]\p{L}[._-]? ?$/u.test(before) ||
                /^,? ?\p{Lu}\.?(?!\p{L})/u.test(after)
              ) {
                counts.together++;
              } else counts.alone++;
            }
          } else if (Number(n) > names.length && tokenLabel === 'PERSON') counts.shared++;
          else counts.whole++;
        }
        // The words masked alone, for the list of most frequent false alarms.
        const re = /<<PERSON:\d+(?:\.\d)?>>/g;
        // Tokens are longer than the words they replace: `shift` maps back to the text.
        let shift = 0;
        for (const m of masked.matchAll(re)) {
          const startInText = m.index - shift;
          const rest = text.slice(startInText);
          const word = /^[\p{L}\p{M}'’.+_-]+/u.exec(rest)?.[0] ?? '';
          shift += m[0].length - word.length;
          if (word) top.set(word, (top.get(word) ?? 0) + 1);
          if (word && examples && (shown.get(word) ?? 0) < 3) {
            shown.set(word, (shown.get(word) ?? 0) + 1);
            console.error(
              `${word}: …${text.slice(Math.max(0, startInText - 50), startInText + 50).replace(/\s+/g, ' ')}…`,
            );
          }
        }
      });
    }
    const other = counts.alone + counts.together + counts.shared + counts.account + counts.ip;
    console.log(
      `| ${name} | ${words} | ${blind} | ${counts.alone} | ${counts.together} | ${counts.shared} | ${counts.account} | ${counts.ip} | ${counts.whole} | ${((other / Math.max(1, words)) * 10_000).toFixed(2)} |`,
    );
  }
  const common = [...top].sort((a, b) => b[1] - a[1]).slice(0, 15);
  console.log(
    `\nMost frequent words masked: ${common.map(([w, c]) => `${w} (${c})`).join(', ') || 'none'}`,
  );
}

/**
 * The other side: partial mentions of the known names, in sentences of these templates
 * (written for this bench, so only a sanity check of the gate's misses: `X` is a word of the
 * name alone): how many reach the model masked.
 */
const TEMPLATES = [
  'X a rappelé ce matin.',
  'Peux-tu transmettre à X ?',
  'Merci X, à demain.',
  'X says hi.',
  'I told X about it.',
  'Please ask Mr X to call.',
  'X hat angerufen.',
  'Ich habe mit X gesprochen.',
  'X llamó ayer.',
  'Ho parlato con X ieri.',
  'dis à x que je passe',
];

async function partialRecall(names: readonly string[], label: string) {
  const pii = createPii({ detectors: [] });
  let total = 0;
  let masked = 0;
  const missed = new Map<string, number>();
  for (const name of names) {
    const session = pii.session(`${label}:recall:${name}`);
    await session.remember('PERSON', name);
    const words = nameWords(name).filter((w) => w.length >= 3 && /^\p{L}/u.test(w));
    for (const word of words) {
      for (const template of TEMPLATES) {
        const x = template === template.toLowerCase() ? word.toLowerCase() : word;
        const text = template.replace(/X|x/, x);
        const out = await session.anonymize(text);
        total++;
        if (out.includes('<<PERSON:')) masked++;
        else missed.set(word, (missed.get(word) ?? 0) + 1);
      }
    }
  }
  const worst = [...missed].sort((a, b) => b[1] - a[1]).slice(0, 10);
  console.log(
    `\n${label}: ${masked} of ${total} partial mentions masked (${((100 * masked) / total).toFixed(1)} %), in ${TEMPLATES.length} templates; missed most: ${worst.map(([w, c]) => `${w} (${c})`).join(', ') || 'none'}`,
  );
}

const wordsOnly = process.argv.includes('--words');
/** `--examples`: print (to stderr) where the first few masked words of each spelling stand. */
const examples = process.argv.includes('--examples');
/** `--recall`: the partial mentions only. */
const recallOnly = process.argv.includes('--recall');
if (!wordsOnly && !recallOnly) await measure(drawnNames(50), 'Names drawn from the lists');
if (!recallOnly) await measure(WORD_NAMES, 'Names that are words too');
if (!wordsOnly) await partialRecall(drawnNames(50), 'Names drawn from the lists');
await partialRecall(WORD_NAMES, 'Names that are words too');
