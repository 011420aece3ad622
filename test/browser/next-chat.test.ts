import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MockOpenAI,
  nextChatScenario,
  startMockOpenAI,
} from '../e2e/support/mock-openai-server';

/**
 * The Next.js example, end to end: `next build`, `next start`, the real `@ai-sdk/openai`
 * provider against a local OpenAI-compatible server, and a real Chromium typing into the page.
 * What it proves is what a DPO would check by hand: the provider never receives the user's
 * data, the tool acts on real values, the page shows real values and never a token fragment,
 * the browser only gets entries for what it shows, and the server answers from the history it
 * kept (the page sends its last message only).
 *
 * Runs in its own Vitest project (`e2e-browser`): it needs Chromium at /usr/bin/chromium and
 * builds the app once (about half a minute), which the unit projects should not pay for.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP = 'examples/next-chat';
const NEXT = path.join(ROOT, 'node_modules/next/dist/bin/next');
const SCREENSHOT = path.join(ROOT, 'test/browser/__screenshots__/next-chat.png');
/** Copied to docs/images/next-chat-inspector.png for the README when the page changes. */
const INSPECTOR_SCREENSHOT = path.join(ROOT, 'test/browser/__screenshots__/inspector.png');

const TYPED = 'Écrivez à Jean Dupont, jean.dupont@exemple.fr, que son dossier est prêt';
const JEAN = ['Jean Dupont', 'jean.dupont@exemple.fr'];
/** Values `searchCustomers` returns that the answer does not show (tools.ts). */
const HIDDEN_RECORDS = [
  'marie.curie@exemple.fr',
  '+33 6 12 34 56 78',
  'Pierre Martin',
  'pierre.martin@exemple.fr',
  '06 98 76 54 32',
];
/** A token or any piece of one: `<`, `>`, or `LABEL:n` without its brackets. */
const FRAGMENT = /[<>]|\b[A-Z][A-Z0-9_]*:\d/;

type Chunk = { type: string } & Record<string, unknown>;
type Entry = { token: string; label: string; value: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs `next <args>` to completion; the output goes into the error when it fails. */
function runNext(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [NEXT, ...args], {
      cwd: ROOT,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`next ${args[0]} exited ${code}:\n${output}`)),
    );
  });
}

/** Polls until the server answers; fails early (with its output) if it exits. */
async function waitForServer(url: string, child: ChildProcess, output: () => string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`next start did not answer ${url}:\n${output()}`);
}

/** The chunks of a UI message stream response (SSE `data:` lines). */
function parseSse(body: string): Chunk[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice('data: '.length)) as Chunk);
}

const tokensIn = (text: string) => new Set(text.match(/<<[A-Z][A-Z0-9_]*:\d+>>/g) ?? []);

/** What a response shows (text and tool inputs, the parts the page renders) and its entries. */
function analyse(chunks: Chunk[]) {
  const texts = new Map<string, string>();
  const inputs: unknown[] = [];
  const entries: Entry[] = [];
  for (const c of chunks) {
    if (c.type === 'text-delta') texts.set(String(c.id), (texts.get(String(c.id)) ?? '') + c.delta);
    if (c.type === 'tool-input-available') inputs.push(c.input);
    if (c.type === 'data-pii') entries.push(...(c.data as Entry[]));
  }
  const shown = [...texts.values(), JSON.stringify(inputs)].join('\n');
  return { text: [...texts.values()].join(''), shownTokens: tokensIn(shown), entries };
}

describe('examples/next-chat in Chromium, against a mock OpenAI server', () => {
  let mock: MockOpenAI | undefined;
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let baseURL: string;
  /** Bodies of the browser's POSTs to /api/chat, in order. */
  const chatRequests: string[] = [];
  /** Bodies of the /api/chat responses, complete once the turn is done. */
  const chatResponses: Promise<string>[] = [];
  /** Bodies of the /api/inspector responses. */
  const inspectorResponses: Promise<string>[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await runNext(['build', APP]);
    // The answer after the e-mail is held halfway until the page shows that half: the check that
    // no state ever shows a fragment then reads a stream, however fast or slow the machine.
    mock = await startMockOpenAI(async (request) => {
      const reply = await nextChatScenario(request);
      if (!reply.text?.join('').startsWith('Done: email sent to')) return reply;
      return {
        ...reply,
        pause: {
          when: (sent) => sent.includes(' ('),
          until: () =>
            expect
              .poll(async () => (await states()).some((s) => s.includes('Done: email sent to')), {
                timeout: 60_000,
              })
              .toBe(true),
        },
      };
    });
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    let output = '';
    server = spawn(process.execPath, [NEXT, 'start', APP, '-p', String(port), '-H', '127.0.0.1'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        OPENAI_BASE_URL: mock.baseURL,
        OPENAI_API_KEY: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d: Buffer) => (output += d));
    server.stderr?.on('data', (d: Buffer) => (output += d));
    await waitForServer(`${baseURL}/api/outbox`, server, () => output);

    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-gpu',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    page = await browser.newPage({ viewport: { width: 900, height: 720 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat') {
        chatRequests.push(request.postData() ?? '');
      }
    });
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname === '/api/chat') chatResponses.push(response.text());
      if (pathname === '/api/inspector') inspectorResponses.push(response.text());
    });

    await page.goto(baseURL);
    await page.waitForSelector('[data-testid="messages"]');
    // Every text state the message list ever has, one per DOM mutation batch: a token
    // fragment shown for a single frame is caught too.
    await page.evaluate(() => {
      const list = document.querySelector('[data-testid="messages"]')!;
      const w = window as unknown as { __states: string[] };
      w.__states = [];
      // The inspector shows tokens on purpose (what the model received): the messages must not.
      const shown = () => {
        const copy = list.cloneNode(true) as Element;
        for (const node of copy.querySelectorAll('[data-testid="inspector"]')) node.remove();
        return copy.textContent ?? '';
      };
      new MutationObserver(() => w.__states.push(shown())).observe(list, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.pid !== undefined && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await mock?.close();
  }, 30_000);

  const states = () => page.evaluate(() => (window as unknown as { __states: string[] }).__states);
  const assistantTexts = () =>
    page.locator('[data-testid="message"][data-role="assistant"] [data-testid="message-text"]');

  async function send(text: string, until: (answer: string) => boolean) {
    await page.getByTestId('chat-input').fill(text);
    await page.getByTestId('chat-send').click();
    await expect
      .poll(async () => until((await assistantTexts().allTextContents()).join('\n')), {
        timeout: 60_000,
      })
      .toBe(true);
    await page.waitForSelector('[data-testid="chat"][data-status="ready"]', { timeout: 60_000 });
  }

  it('turn 1: the model gets tokens, the tool gets real values, the page shows them', async () => {
    await send(TYPED, (answer) => answer.includes('Done: email sent to'));

    // The page: the real name and address, in the answer and on the tool card.
    await expect
      .poll(() => assistantTexts().last().textContent())
      .toBe('Done: email sent to Jean Dupont (jean.dupont@exemple.fr).');
    const card = page.locator('[data-testid="tool-card"][data-tool="sendEmail"]');
    await expect.poll(() => card.getAttribute('data-state')).toBe('output-available');
    expect(await card.getByTestId('tool-input-to').textContent()).toBe('jean.dupont@exemple.fr');
    expect(await card.getByTestId('tool-input-body').textContent()).toBe(
      'Bonjour Jean Dupont, votre dossier est prêt.',
    );

    // Never a fragment, in any state the list went through while the answer streamed in.
    const seen = await states();
    const answerStates = new Set(seen.filter((s) => s.includes('Done: email sent to')));
    expect(answerStates.size).toBeGreaterThan(1); // it did stream: the check below has teeth
    for (const state of seen) expect(state).not.toMatch(FRAGMENT);

    // The tool received the real values.
    const outbox = await (await fetch(`${baseURL}/api/outbox`)).json();
    expect(outbox).toEqual([
      {
        to: 'jean.dupont@exemple.fr',
        subject: 'Votre dossier',
        body: 'Bonjour Jean Dupont, votre dossier est prêt.',
      },
    ]);

    // The provider: a tool call, then the answer; tokens only.
    expect(mock!.requests).toHaveLength(2);
    for (const { raw } of mock!.requests) {
      for (const value of JEAN) {
        expect(raw).not.toContain(value);
        expect(JSON.stringify(JSON.parse(raw))).not.toContain(value);
      }
    }
    const first = mock!.requests[0]!.body.messages;
    expect(JSON.stringify(first.at(-1))).toContain('<<PERSON:1>>');
    expect(JSON.stringify(first.at(-1))).toContain('<<EMAIL:1>>');
    const toolResult = mock!.requests[1]!.body.messages.at(-1);
    expect(toolResult?.role).toBe('tool');
    expect(JSON.stringify(toolResult)).toContain('Email sent to <<EMAIL:1>>');

    // The browser: the stream carries tokens, plus exactly the entries of the shown tokens.
    expect(chatResponses).toHaveLength(1);
    const body = await chatResponses[0]!;
    const { text, shownTokens, entries } = analyse(parseSse(body));
    expect(text).toContain('Done: email sent to <<PERSON:1>> (<<EMAIL:1>>).');
    expect(entries).toEqual(
      expect.arrayContaining([
        { token: '<<EMAIL:1>>', label: 'EMAIL', value: 'jean.dupont@exemple.fr' },
        { token: '<<PERSON:1>>', label: 'PERSON', value: 'Jean Dupont' },
      ]),
    );
    expect(entries).toHaveLength(2); // each entry once per response
    for (const e of entries) expect([...shownTokens]).toContain(e.token);

    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('turn 2: the server answers from the history it kept; undisplayed tool data never reaches the browser', async () => {
    await send('Cherchez les clients de Lyon', (answer) => answer.includes('I found'));

    // The request of the second turn carries the new message only (prepareSendMessagesRequest):
    // the server loads the history it stored, so a client cannot forge it.
    expect(chatRequests).toHaveLength(2);
    const sent = JSON.parse(chatRequests[1]!) as {
      id: string;
      message: { role: string; parts: { type: string }[] };
      messages?: unknown;
    };
    expect(sent.messages).toBeUndefined();
    expect(sent.message.role).toBe('user');
    // Entries are transient: never stored in messages, never sent back.
    expect(JSON.stringify(sent)).not.toContain('data-pii');
    // The model read the first answer from the store, as tokens.
    const history = mock!.requests[2]!.raw;
    expect(history).toContain('Done: email sent to <<PERSON:1>> (<<EMAIL:1>>).');
    expect(history).toContain('<<EMAIL:1>>');
    for (const value of JEAN) expect(history).not.toContain(value);

    // The answer names the first customer only, restored on the page.
    await expect
      .poll(() => assistantTexts().last().textContent())
      .toBe('I found 2 customer(s); the first one is Marie Curie.');
    const card = page.locator('[data-testid="tool-card"][data-tool="searchCustomers"]');
    await expect
      .poll(() => card.locator('.tool-state').textContent())
      .toBe('2 result(s), not shown');
    const pageText = (await page.getByTestId('messages').textContent()) ?? '';
    for (const value of HIDDEN_RECORDS) expect(pageText).not.toContain(value);
    for (const state of await states()) expect(state).not.toMatch(FRAGMENT);

    // The provider saw no clear value, neither the user's (history) nor the records (masked).
    expect(mock!.requests).toHaveLength(4);
    for (const { raw } of mock!.requests.slice(2)) {
      for (const value of [...JEAN, ...HIDDEN_RECORDS, 'Marie Curie']) {
        expect(raw).not.toContain(value);
        expect(JSON.stringify(JSON.parse(raw))).not.toContain(value);
      }
    }

    // The browser got the masked records (tokens) and the entry of the one shown name only.
    expect(chatResponses).toHaveLength(2);
    const body = await chatResponses[1]!;
    for (const value of HIDDEN_RECORDS) expect(body).not.toContain(value);
    const { shownTokens, entries } = analyse(parseSse(body));
    expect(entries).toEqual([{ token: '<<PERSON:2>>', label: 'PERSON', value: 'Marie Curie' }]);
    for (const e of entries) expect([...shownTokens]).toContain(e.token);

    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('turn 3: a value the route does not reveal stays hidden on the page and off the stream', async () => {
    const secret = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z';
    await send(`Mon ancienne clé était ${secret}`, (answer) => answer.includes('revoke it now'));

    // The answer names the key by its token; the route's `reveal` refuses API_KEY entries, so
    // the page draws it with the example's `renderToken`, never as a token or its value.
    await expect
      .poll(() => assistantTexts().last().textContent())
      .toBe('Do not share [api key hidden]: revoke it now.');
    for (const state of await states()) expect(state).not.toMatch(FRAGMENT);

    expect(mock!.requests).toHaveLength(5);
    expect(mock!.requests[4]!.raw).not.toContain(secret);
    expect(chatResponses).toHaveLength(3);
    const body = await chatResponses[2]!;
    const { text, entries } = analyse(parseSse(body));
    expect(text).toBe('Do not share <<API_KEY:1>>: revoke it now.');
    expect(entries).toEqual([]);
    expect(body).not.toContain(secret);

    expect(pageErrors).toEqual([]);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
  }, 120_000);

  it('the inspector shows, under each message, the exact request the provider received: tokens only', async () => {
    const messages = page.locator('[data-testid="message"]');
    const inspectorOf = (index: number) => messages.nth(index).getByTestId('inspector');
    const open = async (index: number, steps: number) => {
      await inspectorOf(index).getByTestId('inspector-toggle').click();
      await expect
        .poll(() => inspectorOf(index).getByTestId('inspector-step').count(), { timeout: 30_000 })
        .toBe(steps);
      return inspectorOf(index);
    };

    // The first answer: its two steps, each body byte for byte as the mock server received it.
    const answer = await open(1, 2);
    const raws = await answer.getByTestId('inspector-raw').allTextContents();
    expect(raws).toEqual([mock!.requests[0]!.raw, mock!.requests[1]!.raw]);
    const replies = await answer.getByTestId('inspector-reply').allTextContents();
    expect(replies[0]).toContain('sendEmail({"to":"<<EMAIL:1>>"');
    expect(replies[1]).toBe('Done: email sent to <<PERSON:1>> (<<EMAIL:1>>).');
    const lastUserLine = answer
      .getByTestId('inspector-step')
      .first()
      .locator('[data-testid="inspector-message"][data-role="user"]')
      .last();
    expect(await lastUserLine.textContent()).toBe(
      'user Écrivez à <<PERSON:1>>, <<EMAIL:1>>, que son dossier est prêt',
    );

    // The user's message: the one request that carried it.
    const question = await open(0, 1);
    expect(await question.getByTestId('inspector-raw').textContent()).toBe(mock!.requests[0]!.raw);

    // The second answer: the customer records reached the model as tokens only.
    const search = await open(3, 2);
    const toolLine = search
      .getByTestId('inspector-step')
      .last()
      .locator('[data-testid="inspector-message"][data-role="tool"]')
      .last();
    expect(await toolLine.textContent()).toMatch(/<<EMAIL:\d+>>/);

    // Nothing the inspector drew, nor anything it fetched, holds a value in clear.
    for (const index of [0, 1, 3]) {
      const text = (await inspectorOf(index).textContent()) ?? '';
      for (const value of [...JEAN, ...HIDDEN_RECORDS, 'Marie Curie']) {
        expect(text).not.toContain(value);
      }
    }
    expect(inspectorResponses.length).toBeGreaterThanOrEqual(3);
    for (const body of await Promise.all(inspectorResponses)) {
      for (const value of [...JEAN, ...HIDDEN_RECORDS, 'Marie Curie']) {
        expect(body).not.toContain(value);
      }
    }
    // The messages themselves still show real values and no token.
    for (const state of await states()) expect(state).not.toMatch(FRAGMENT);

    // A turn id the route did not make is refused.
    const refused = await fetch(`${baseURL}/api/inspector?turn=${encodeURIComponent('a b')}`);
    expect(refused.status).toBe(400);

    await answer
      .locator('details')
      .first()
      .evaluate((d) => d.setAttribute('open', ''));
    await messages.nth(1).screenshot({ path: INSPECTOR_SCREENSHOT });
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('a Server Component renders a stored transcript with PiiText from ai-sdk-pii/react', async () => {
    // `next build` compiled app/transcript/page.tsx, a Server Component importing `PiiText`
    // (a client component): the page answering at all is the build check.
    const html = await (await fetch(`${baseURL}/transcript`)).text();
    expect(html).toContain('data-testid="transcript"');

    const reader = await browser!.newPage();
    const errors: string[] = [];
    reader.on('pageerror', (error) => errors.push(error.message));
    await reader.goto(`${baseURL}/transcript`);
    await reader.waitForSelector('[data-testid="transcript-message"]');
    const messages = reader.getByTestId('transcript-message');
    expect(await messages.allTextContents()).toEqual([
      'YouÉcrivez à Jean Dupont, jean.dupont@exemple.fr, que son dossier est prêt',
      'AssistantDone: email sent to Jean Dupont (jean.dupont@exemple.fr).',
    ]);
    // Each value is drawn by PiiText, marked with its token; no text shows a token.
    const marks = await reader
      .locator('mark.pii')
      .evaluateAll((nodes) => nodes.map((n) => [n.getAttribute('data-pii-token'), n.textContent]));
    expect(marks).toEqual([
      ['<<PERSON:1>>', 'Jean Dupont'],
      ['<<EMAIL:1>>', 'jean.dupont@exemple.fr'],
      ['<<PERSON:1>>', 'Jean Dupont'],
      ['<<EMAIL:1>>', 'jean.dupont@exemple.fr'],
    ]);
    expect((await reader.getByTestId('transcript').textContent()) ?? '').not.toMatch(FRAGMENT);
    await reader.close();
    expect(errors).toEqual([]);
  }, 120_000);
});
