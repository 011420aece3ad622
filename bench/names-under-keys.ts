/**
 * Names under name keys in JSON written by others: what `session.anonymizeValue` masks as PERSON
 * in the `package.json` files of `node_modules` (a package's `name` is no person; its `author`,
 * `contributors` and `maintainers` are people) and in the JSON code blocks of the AI SDK's docs
 * (tool results, messages, schemas), each leaf masked listed with its key. Given another tree,
 * the same for it, to compare.
 *
 *   npx tsx bench/names-under-keys.ts
 *   npx tsx bench/names-under-keys.ts --before /tmp/before   # a checkout with a node_modules link
 *   npx tsx bench/names-under-keys.ts --list                  # every leaf masked as PERSON
 *   npx tsx bench/names-under-keys.ts --tree /tmp/before --list  # the same, of another tree
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

type CreatePii = typeof import('../src/core/create-pii').createPii;

const args = process.argv.slice(2);
const at = args.indexOf('--before');
const before = at >= 0 ? args[at + 1] : undefined;
const list = args.includes('--list');
const treeAt = args.indexOf('--tree');
const tree = treeAt >= 0 ? args[treeAt + 1]! : '.';

function walk(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    let stat: ReturnType<typeof statSync>;
    try {
      stat = statSync(path);
    } catch {
      continue;
    }
    if (stat.isDirectory()) walk(path, keep, out);
    else if (keep(path)) out.push(path);
  }
  return out;
}

const packages = walk('node_modules', (f) => f.endsWith('/package.json')).flatMap((file) => {
  try {
    return [{ file, value: JSON.parse(readFileSync(file, 'utf8')) as unknown }];
  } catch {
    return [];
  }
});
const blocks = walk('node_modules/ai/docs', (f) => /\.mdx?$/.test(f)).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/```json[^\n]*\n([\s\S]*?)```/g)].flatMap((m) => {
    try {
      return [{ file, value: JSON.parse(m[1]!) as unknown }];
    } catch {
      return [];
    }
  }),
);

/** `[path, key, value written, value sent]` of every string leaf (`a.b[0].c`). */
function leaves(value: unknown, path = ''): [string, string, string][] {
  if (typeof value === 'string') return [[path, path.split(/[.[]/).pop()!, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [];
}

/** Whether a leaf's path is a person's in a package.json (`author`, `contributors[3].name`). */
const personPath = (path: string) => /^(?:author|contributors|maintainers)\b/.test(path);

async function measure(root: string) {
  const { createPii } = (await import(resolve(root, 'src/core/create-pii.ts'))) as {
    createPii: CreatePii;
  };
  const pii = createPii();
  const rows = { packageNames: 0, packageNamesMasked: 0, people: 0, peopleMasked: 0 };
  const masked: string[] = [];
  let n = 0;
  for (const { file, value } of packages) {
    const session = pii.session(`pkg-${n++}`);
    const sent = await session.anonymizeValue(value);
    const a = leaves(value);
    const b = leaves(sent);
    a.forEach(([path, , written], i) => {
      const now = b[i]?.[2] ?? '';
      const person = /<<PERSON:\d+>>/.test(now);
      if (path === 'name') {
        rows.packageNames++;
        if (person) rows.packageNamesMasked++;
      } else if (personPath(path) && !/(?:email|url)$/.test(path)) {
        rows.people++;
        if (person) rows.peopleMasked++;
      }
      if (person && list) masked.push(`${file} ${path}: ${written} -> ${now}`);
    });
  }
  let docLeaves = 0;
  const docMasked: string[] = [];
  for (const { file, value } of blocks) {
    const session = pii.session(`doc-${n++}`);
    const sent = await session.anonymizeValue(value);
    const a = leaves(value);
    const b = leaves(sent);
    a.forEach(([path, , written], i) => {
      docLeaves++;
      const now = b[i]?.[2] ?? '';
      if (/<<PERSON:\d+>>/.test(now)) docMasked.push(`${file} ${path}: ${written} -> ${now}`);
    });
  }
  return { rows, masked, docLeaves, docMasked };
}

const now = await measure(tree);
const then = before ? await measure(before) : undefined;
const line = (label: string, f: (m: typeof now) => string) =>
  console.log(`| ${label} | ${then ? `${f(then)} | ` : ''}${f(now)} |`);
console.log(
  `${packages.length} package.json files of node_modules; ${blocks.length} JSON blocks of node_modules/ai/docs (${now.docLeaves} string leaves)\n`,
);
console.log(then ? '| | before | after |\n|---|---:|---:|' : '| | this tree |\n|---|---:|');
line(
  'package `name` masked as PERSON (false alarms)',
  (m) => `${m.rows.packageNamesMasked} / ${m.rows.packageNames}`,
);
line(
  '`author`, `contributors`, `maintainers` strings masked as PERSON (people)',
  (m) => `${m.rows.peopleMasked} / ${m.rows.people}`,
);
line("leaves of the docs' JSON masked as PERSON", (m) => `${m.docMasked.length} / ${m.docLeaves}`);
console.log('\nDocs leaves masked as PERSON:');
for (const l of now.docMasked) console.log(`- ${l}`);
if (then) {
  const was = new Set(then.docMasked);
  console.log('\nNot masked before:');
  for (const l of now.docMasked) if (!was.has(l)) console.log(`- ${l}`);
}
if (list) for (const l of now.masked) console.log(`- ${l}`);
