import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A tiny OpenAI-compatible Chat Completions server for end-to-end tests: it answers
 * `POST {baseURL}/chat/completions` (the endpoint of `createOpenAI(...).chat(model)`) with
 * scripted SSE streams, and records every raw request body so tests can prove what reached
 * "the provider". `GET {baseURL}/__requests[?turn=…]` lists that log (the example app's inspector
 * reads it). Loopback only, on a free port; no dependency beyond `node:http`.
 */

/** The parts of a Chat Completions request body that scripts look at. */
export interface ChatCompletionsBody {
  model?: string;
  stream?: boolean;
  messages: {
    role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
    content?: string | { type: string; text?: string }[] | null;
    tool_calls?: { id: string; function: { name: string; arguments: string } }[];
    tool_call_id?: string;
  }[];
  tools?: { type: 'function'; function: { name: string } }[];
}

export interface MockRequest {
  /** 0 for the first request the server received. */
  index: number;
  url: string;
  /** The bytes as received, before any parsing. */
  raw: string;
  body: ChatCompletionsBody;
  /** The request's `x-inspector-turn` header: the app's id of the chat turn it belongs to. */
  turn?: string;
  /** What the script answered, once it has. */
  reply?: MockReply;
}

/** What `GET {baseURL}/__requests` lists per request: the exact bytes, and the answer as written. */
export interface LoggedRequest {
  index: number;
  turn: string | null;
  raw: string;
  reply: { text: string; toolCalls: { name: string; args: unknown }[] } | null;
}

/** The header an app sets (streamText's `headers`) to find its requests in the log. */
export const INSPECTOR_TURN_HEADER = 'x-inspector-turn';

/** One streamed tool call. `split` cuts its JSON arguments into that many deltas. */
export interface MockToolCall {
  name: string;
  args: unknown;
  id?: string;
  split?: number;
}

/**
 * What the model answers: text deltas (sent as `choices[0].delta.content`, one SSE event
 * each, exactly as cut), tool calls, or both. `delayMs` paces the events so that a browser
 * sees the stream arrive piece by piece.
 */
export interface MockReply {
  text?: readonly string[];
  toolCalls?: readonly MockToolCall[];
  delayMs?: number;
  /**
   * Holds the stream once the text sent so far satisfies `when`, until `until()` settles: a test
   * sees a partial answer on the page whatever the machine's speed, then lets the rest come.
   */
  pause?: { when: (sentText: string) => boolean; until: () => Promise<unknown> };
}

export type MockScript = (request: MockRequest) => MockReply | Promise<MockReply>;

export interface MockOpenAI {
  /** Pass to `createOpenAI({ baseURL })`. */
  baseURL: string;
  /** Every request received, in order. */
  requests: MockRequest[];
  close(): Promise<void>;
}

const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

const chunk = (delta: object, finishReason: string | null = null) => ({
  id: 'chatcmpl-mock',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, delta, finish_reason: finishReason }],
});

/** Cuts a string into `parts` pieces of about equal length (so tokens get split too). */
function cut(text: string, parts: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / Math.max(1, parts)));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** The SSE events of one reply, in the order `@ai-sdk/openai`'s chat model parses them. */
export function replyEvents(reply: MockReply): object[] {
  // As OpenAI does: `content: null` opens a reply that only calls tools (an empty string
  // would make the provider open an empty text part).
  const events: object[] = [chunk({ role: 'assistant', content: reply.text?.length ? '' : null })];
  for (const delta of reply.text ?? []) events.push(chunk({ content: delta }));
  (reply.toolCalls ?? []).forEach((call, index) => {
    const id = call.id ?? `call_${index + 1}`;
    events.push(
      chunk({
        tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: '' } }],
      }),
    );
    for (const piece of cut(JSON.stringify(call.args), call.split ?? 3)) {
      events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  events.push(chunk({}, reply.toolCalls?.length ? 'tool_calls' : 'stop'));
  // With `stream_options.include_usage`, OpenAI ends with a chunk that has no choices.
  events.push({ ...chunk({}), choices: [], usage });
  return events;
}

/** A non-streaming Chat Completions answer (what `generateText` asks for). */
export function completion(reply: MockReply) {
  const toolCalls = (reply.toolCalls ?? []).map((call, index) => ({
    id: call.id ?? `call_${index + 1}`,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.args) },
  }));
  return {
    id: 'chatcmpl-recorded',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-test',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.text?.length ? reply.text.join('') : null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the server. The script is called once per request; a script that throws answers
 * with an OpenAI-style 500 error, which the provider surfaces as an API error.
 *
 * @example
 * const mock = await startMockOpenAI(() => ({ text: ['Bonjour ', '<<PER', 'SON:1>>'] }));
 * const model = createOpenAI({ baseURL: mock.baseURL, apiKey: 'test' }).chat('gpt-4o-mini');
 */
export async function startMockOpenAI(
  script: MockScript,
  options: { port?: number } = {},
): Promise<MockOpenAI> {
  const requests: MockRequest[] = [];

  const fail = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message, type: 'server_error', code: null } }));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = req.url ?? '';
    const { pathname, searchParams } = new URL(url, 'http://mock');
    if (req.method === 'GET' && pathname.endsWith('/__requests')) {
      return listRequests(res, searchParams.get('turn'));
    }
    if (req.method !== 'POST' || !url.endsWith('/chat/completions')) {
      return fail(res, 404, `mock OpenAI: unexpected ${req.method} ${url}`);
    }
    let body: ChatCompletionsBody;
    try {
      body = JSON.parse(raw) as ChatCompletionsBody;
    } catch {
      return fail(res, 400, 'mock OpenAI: the body is not JSON');
    }
    const turn = req.headers[INSPECTOR_TURN_HEADER];
    const request: MockRequest = { index: requests.length, url, raw, body };
    if (typeof turn === 'string') request.turn = turn;
    requests.push(request);
    let reply: MockReply;
    try {
      reply = await script(request);
      request.reply = reply;
    } catch (error) {
      return fail(res, 500, `mock OpenAI script: ${(error as Error).message}`);
    }
    if (!body.stream) {
      // `generateText` asks for one JSON answer, not a stream.
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(completion(reply)));
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    let sent = '';
    let paused = false;
    for (const event of replyEvents(reply)) {
      res.write(`data: ${JSON.stringify(event)}\n\n`);
      sent +=
        (event as { choices?: { delta?: { content?: string | null } }[] }).choices?.[0]?.delta
          ?.content ?? '';
      if (reply.pause && !paused && reply.pause.when(sent)) {
        paused = true;
        await reply.pause.until().catch(() => {});
      }
      if (reply.delayMs) await sleep(reply.delayMs);
    }
    res.end('data: [DONE]\n\n');
  };

  // The request log, for an app's inspector (examples/next-chat): what left for "the provider",
  // byte for byte, and what the model answered. Tokens only, as the requests themselves.
  const listRequests = (res: ServerResponse, turn: string | null) => {
    const logged: LoggedRequest[] = requests
      .filter((r) => turn === null || r.turn === turn)
      .map((r) => ({
        index: r.index,
        turn: r.turn ?? null,
        raw: r.raw,
        reply: r.reply
          ? {
              text: (r.reply.text ?? []).join(''),
              toolCalls: (r.reply.toolCalls ?? []).map(({ name, args }) => ({ name, args })),
            }
          : null,
      }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ requests: logged }));
  };

  const server = createServer((req, res) => {
    const data: Buffer[] = [];
    req.on('data', (d: Buffer) => data.push(d));
    req.on('end', () => {
      handle(req, res, Buffer.concat(data).toString('utf8')).catch((error: Error) => {
        if (!res.headersSent) fail(res, 500, error.message);
        else res.destroy(error);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The text of a message's content, whether a string or an array of text parts. */
export function contentText(content: ChatCompletionsBody['messages'][number]['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((p) => p.text ?? '').join('');
}

/** The last message of a request (the one the model answers). */
export const lastMessage = (body: ChatCompletionsBody) => body.messages[body.messages.length - 1];

/** The text of the last user message of a request. */
export function lastUserText(body: ChatCompletionsBody): string {
  const user = [...body.messages].reverse().find((m) => m.role === 'user');
  return user ? contentText(user.content) : '';
}

/** The distinct `<<LABEL:n>>` tokens of a text, in order of appearance. */
export function tokensOf(text: string, label?: string): string[] {
  const found = text.match(/<<([A-Z][A-Z0-9_]*):(\d+)>>/g) ?? [];
  return [...new Set(found)].filter((t) => !label || t.startsWith(`<<${label}:`));
}

/** The tool calls of the last assistant message that made some (the calls a tool result answers). */
function lastToolCallNames(body: ChatCompletionsBody): string[] {
  const assistant = [...body.messages]
    .reverse()
    .find((m) => m.role === 'assistant' && m.tool_calls?.length);
  return assistant?.tool_calls?.map((c) => c.function.name) ?? [];
}

/**
 * Cuts a sentence so that every token in it is split across deltas (`<` | `<PER` | `SON:1>>`):
 * the browser must never show a fragment, whatever the chunk boundaries.
 */
export function splitThroughTokens(text: string): string[] {
  const pieces: string[] = [];
  let at = 0;
  for (const match of text.matchAll(/<<[A-Z][A-Z0-9_]*:\d+>>/g)) {
    const start = match.index;
    const token = match[0];
    pieces.push(text.slice(at, start + 1), token.slice(1, 5), token.slice(5, -1));
    at = start + token.length - 1;
  }
  pieces.push(text.slice(at));
  return pieces.filter((p) => p.length > 0);
}

/**
 * The scenario of the Next.js example (and of its browser test), written against what the
 * model actually receives, so it works whatever numbers the vault gives:
 * - a user message with an email token: call `sendEmail` with the tokens of that message;
 * - a user message about customers: call `searchCustomers`;
 * - a `sendEmail` result: "Done: email sent to <<PERSON:n>> (<<EMAIL:n>>)." split through tokens;
 * - a `searchCustomers` result: how many records came back, naming only the first person.
 */
export const nextChatScenario: MockScript = ({ body }) => {
  const last = lastMessage(body);
  const userText = lastUserText(body);
  const person = tokensOf(userText, 'PERSON')[0] ?? 'the recipient';
  const email = tokensOf(userText, 'EMAIL')[0];
  if (last?.role === 'tool') {
    if (lastToolCallNames(body).includes('searchCustomers')) {
      const result = contentText(last.content);
      const people = tokensOf(result, 'PERSON');
      return {
        text: splitThroughTokens(
          `I found ${people.length} customer(s); the first one is ${people[0] ?? 'nobody'}.`,
        ),
        delayMs: 30,
      };
    }
    return { text: splitThroughTokens(`Done: email sent to ${person} (${email}).`), delayMs: 30 };
  }
  // A secret pasted in the chat: the answer names it (the route's `reveal` keeps it a token).
  const key = tokensOf(userText, 'API_KEY')[0];
  if (key) {
    return { text: splitThroughTokens(`Do not share ${key}: revoke it now.`), delayMs: 10 };
  }
  if (email) {
    return {
      toolCalls: [
        {
          name: 'sendEmail',
          args: {
            to: email,
            subject: 'Votre dossier',
            body: `Bonjour ${person}, votre dossier est prêt.`,
          },
          split: 4,
        },
      ],
      delayMs: 10,
    };
  }
  if (/client|customer/i.test(userText)) {
    const city = /lyon/i.test(userText) ? 'Lyon' : (userText.split(/\s+/).pop() ?? '');
    return { toolCalls: [{ name: 'searchCustomers', args: { query: city } }], delayMs: 10 };
  }
  return { text: ['I can send emails ', 'and look up customers.'], delayMs: 10 };
};

// `npx tsx test/e2e/support/mock-openai-server.ts [port]`: the scenario above, for running the
// Next.js example offline (see examples/next-chat/README.md).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2] ?? process.env.PORT ?? 0);
  const mock = await startMockOpenAI(nextChatScenario, { port });
  console.log(`Mock OpenAI listening: OPENAI_BASE_URL=${mock.baseURL}`);
}
