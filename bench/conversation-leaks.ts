/**
 * What reaches the model in clear in generated conversations (issue 15): the share of first and
 * later mentions of names and phone numbers that `piiMiddleware` sends fully or partly in clear,
 * per language, per pool of names, per form and per channel (user message or tool result).
 * The conversations come from `test/fixtures/conversations/generate.ts`, seeded and
 * deterministic; `test/core/security/conversation-leaks.test.ts` asserts the totals.
 *
 *   npx tsx bench/conversation-leaks.ts                 # seed 15, 26 conversations per language and pool
 *   npx tsx bench/conversation-leaks.ts --per-language 60 --seed 7
 *   npx tsx bench/conversation-leaks.ts --leaks PERSON  # every mention left in clear, in context
 */
import { generateConversations } from '../test/fixtures/conversations/generate';
import { measureConversations } from '../test/fixtures/conversations/measure';
import { percent, type Shares, shares } from '../test/fixtures/conversations/summarize';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1]! : fallback;
};
const seed = Number(option('seed', '15'));
const perLanguage = Number(option('per-language', '26'));
const leaks = option('leaks', '');

const conversations = generateConversations({ seed, perLanguage });
const results = await measureConversations(conversations);
const when = (first: boolean) => (first ? 'first' : 'later');

function table(title: string, rows: Map<string, Shares>): void {
  console.log(`\n### ${title}\n`);
  console.log('| | mentions | fully in clear | partly in clear |');
  console.log('|---|---:|---:|---:|');
  for (const [key, s] of rows) {
    console.log(
      `| ${key} | ${s.mentions} | ${percent(s.clear, s.mentions)} | ${percent(s.partial, s.mentions)} |`,
    );
  }
}

console.log(
  `${conversations.length} conversations (seed ${seed}, ${perLanguage} per language and pool), ${results.length} mentions`,
);
table(
  'All',
  shares(results, (r) => `${r.mention.label} ${when(r.mention.first)}`),
);
table(
  'By pool of names',
  shares(results, (r) =>
    r.mention.label === 'PERSON' ? `${r.conversation.pool} ${when(r.mention.first)}` : undefined,
  ),
);
table(
  'By language',
  shares(results, (r) => `${r.conversation.lang} ${r.mention.label} ${when(r.mention.first)}`),
);
table(
  'By form of a first mention',
  shares(results, (r) => (r.mention.first ? `${r.mention.label} ${r.mention.form}` : undefined)),
);
table(
  'By form of a later mention',
  shares(results, (r) => (r.mention.first ? undefined : `${r.mention.label} ${r.mention.form}`)),
);
// A later mention can only be masked as a known value's once the value is known: these are the
// later mentions of values whose first mention was masked whole.
const knownFirst = new Set(
  results
    .filter((r) => r.mention.first && r.status === 'masked')
    .map((r) => `${r.conversation.id}\u0000${r.mention.label}\u0000${r.mention.value}`),
);
table(
  'By form of a later mention, the first one masked',
  shares(results, (r) =>
    !r.mention.first &&
    knownFirst.has(`${r.conversation.id}\u0000${r.mention.label}\u0000${r.mention.value}`)
      ? `${r.mention.label} ${r.mention.form}`
      : undefined,
  ),
);
table(
  'By channel',
  shares(results, (r) => `${r.mention.label} ${when(r.mention.first)} in ${r.mention.channel}`),
);
table(
  'Names by form and pool (first mentions)',
  shares(results, (r) =>
    r.mention.first && r.mention.label === 'PERSON'
      ? `${r.mention.form} ${r.conversation.pool}`
      : undefined,
  ),
);

if (leaks) {
  console.log(`\n### ${leaks} mentions not masked\n`);
  for (const r of results) {
    if (r.status === 'masked' || r.mention.label !== leaks) continue;
    const m = r.mention;
    const leaf = m.path.reduce<unknown>(
      (node, key) => (node as Record<string | number, unknown>)[key],
      r.conversation.messages[m.message],
    );
    const text = String(leaf);
    const context =
      `${text.slice(Math.max(0, m.start - 40), m.start)}[${text.slice(m.start, m.end)}]${text.slice(m.end, m.end + 30)}`.replace(
        /\s+/g,
        ' ',
      );
    console.log(
      `- ${r.status} ${r.conversation.id} ${when(m.first)} ${m.form} (${m.channel}): ${context}`,
    );
  }
}
