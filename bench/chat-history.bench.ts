/**
 * What the two trusted-history designs cost per request, against the work the middleware already
 * does on the same history (`session.anonymizeMessages` of it, which every model call of a turn
 * pays), in one run. A chat of TURNS turns: each user message holds a name and an address, each
 * answer a text, a tool call and its masked result, signed by the UI message stream as in an app.
 * Prints one markdown table (median of RUNS runs, and the ratio to the baseline).
 *
 *   npx tsx bench/chat-history.bench.ts
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { verifySignedHistory } from '../src/ai/history/verify-signed-history';
import { createPiiUIMessageStream } from '../src/ai/pii-ui-message-stream';
import { memoryChatStore } from '../src/core/chats/memory-chat-store';
import { createPii } from '../src/core/create-pii';
import { memoryVaultStore } from '../src/core/vault/memory-store';

const TURNS = Number(process.env.TURNS ?? 20);
const RUNS = Number(process.env.RUNS ?? 30);
const SECRET = 'a benchmark secret, 32 bytes or more, never used elsewhere';

const userText = (i: number) =>
  `Bonjour, je suis Camille Martin${i}, écrivez à camille.martin${i}@exemple.fr au sujet du dossier ${i} et rappelez-moi au 06 12 34 ${String(10 + (i % 90)).padStart(2, '0')} 78.`;

/** The UI chunks of one answer: a tool call, its masked result, a text naming the tokens. */
function answerChunks(i: number): UIMessageChunk[] {
  const text = `J'ai écrit à <<PERSON:${i + 1}>> (<<EMAIL:${i + 1}>>) au sujet du dossier ${i}; le dossier est prêt et la copie est partie.`;
  return [
    { type: 'start' },
    { type: 'start-step' },
    {
      type: 'tool-input-available',
      toolCallId: `c${i}`,
      toolName: 'sendEmail',
      input: { to: `<<EMAIL:${i + 1}>>`, subject: `Dossier ${i}` },
    },
    {
      type: 'tool-output-available',
      toolCallId: `c${i}`,
      output: { sent: true, to: `<<EMAIL:${i + 1}>>` },
    },
    { type: 'finish-step' },
    { type: 'start-step' },
    { type: 'text-start', id: `t${i}` },
    ...text
      .match(/.{1,12}/g)!
      .map((delta) => ({ type: 'text-delta' as const, id: `t${i}`, delta })),
    { type: 'text-end', id: `t${i}` },
    { type: 'finish-step' },
    { type: 'finish' },
  ];
}

const streamOf = (chunks: UIMessageChunk[]) =>
  new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });

async function messageOf(stream: ReadableStream<UIMessageChunk>): Promise<UIMessage> {
  let message: UIMessage | undefined;
  for await (const m of readUIMessageStream({ stream })) message = m;
  return { ...message!, id: message!.id || `a${Math.random()}` };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return median(times);
}

async function main() {
  // Two engines on one vault store: the same entries, with and without the secret.
  const store = memoryVaultStore();
  const pii = createPii({ store, historySecret: SECRET, chats: memoryChatStore() });
  const unsigned = createPii({ store });
  const id = 'bench-chat';
  const session = pii.session(id);
  // The history as the browser holds it: user messages as typed, answers signed.
  const history: UIMessage[] = [];
  for (let i = 0; i < TURNS; i++) {
    history.push({ id: `u${i}`, role: 'user', parts: [{ type: 'text', text: userText(i) }] });
    await session.anonymize(userText(i));
    const signed = createPiiUIMessageStream({ session, stream: streamOf(answerChunks(i)) });
    history.push(await messageOf(signed));
  }
  // The same chat kept by the server, tokenized.
  const kept = await session.anonymizeMessages(history);
  await pii.session(id).saveChat(kept.slice(0, -1));
  const response = kept.at(-1)!;
  const next: UIMessage = {
    id: 'new',
    role: 'user',
    parts: [{ type: 'text', text: userText(TURNS) }],
  };

  const baseline = await timed(() => pii.session(id).anonymizeMessages(history));
  const verify = await timed(() =>
    verifySignedHistory({ session: pii.session(id), messages: history }),
  );
  const keptTurn = await timed(async () => {
    const s = pii.session(id);
    const messages = await s.continueChat(next);
    // The new message keeps its id: the next run replaces it and the answer (a regeneration).
    await s.saveChat([...messages, { ...response, id: 'r' }]);
  });
  const plainStream = await timed(() =>
    messageOf(
      createPiiUIMessageStream({
        session: unsigned.session(id),
        stream: streamOf(answerChunks(0)),
      }),
    ),
  );
  const signedStream = await timed(() =>
    messageOf(
      createPiiUIMessageStream({ session: pii.session(id), stream: streamOf(answerChunks(0)) }),
    ),
  );

  const ms = (x: number) => x.toFixed(2);
  console.log(
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; ${TURNS} turns (${history.length} messages), median of ${RUNS} runs\n`,
  );
  console.log("| per request | ms | × the middleware's anonymizeMessages of the history |");
  console.log('|---|---:|---:|');
  console.log(
    `| \`session.anonymizeMessages(history)\` (baseline: every model call pays it) | ${ms(baseline)} | 1.00 |`,
  );
  console.log(
    `| \`verifySignedHistory\` (signed history, every piece checked) | ${ms(verify)} | ${(verify / baseline).toFixed(2)} |`,
  );
  console.log(
    `| \`continueChat\` + \`saveChat\` (server-kept history, memory store) | ${ms(keptTurn)} | ${(keptTurn / baseline).toFixed(2)} |`,
  );
  console.log('\n| one answer through the UI message stream | ms | ratio |');
  console.log('|---|---:|---:|');
  console.log(`| without \`historySecret\` | ${ms(plainStream)} | 1.00 |`);
  console.log(
    `| with \`historySecret\` (3 pieces signed) | ${ms(signedStream)} | ${(signedStream / plainStream).toFixed(2)} |`,
  );
}

await main();
