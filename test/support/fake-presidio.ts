import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake analyzer received: its path, headers and JSON body. */
export interface PresidioRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: { text: string; language: string; entities?: string[]; score_threshold?: number };
}

/** What the fake answers to one request: results, or a raw HTTP answer, or no answer at all. */
export type PresidioReply =
  | { results: { entity_type: string; start: number; end: number; score: number }[] }
  | { status: number; body: string }
  | 'hang';

export interface FakePresidio {
  url: string;
  requests: PresidioRequest[];
  close(): Promise<void>;
}

/**
 * Python's `str` offsets (code points) of every occurrence of `value` in `text`: what a real
 * analyzer reports.
 */
export function codePointRanges(text: string, value: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (let i = text.indexOf(value); i !== -1; i = text.indexOf(value, i + 1)) {
    const start = [...text.slice(0, i)].length;
    ranges.push([start, start + [...value].length]);
  }
  return ranges;
}

/**
 * A local HTTP server in the format of Presidio's analyzer (`POST /analyze`, results
 * `[{ entity_type, start, end, score }]` with code point offsets). `reply` decides each answer;
 * `findValues` answers the occurrences of the given values, as the analyzer would.
 *
 * @example
 * const presidio = await fakePresidio(findValues({ PERSON: ['Zorglub Quetzal'] }));
 * presidioDetector({ url: presidio.url });
 */
export async function fakePresidio(
  reply: (request: PresidioRequest) => PresidioReply,
): Promise<FakePresidio> {
  const requests: PresidioRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const request: PresidioRequest = {
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw) as PresidioRequest['body'],
      };
      requests.push(request);
      const answer =
        req.method !== 'POST' || request.path !== '/analyze'
          ? ({ status: 404, body: 'not found' } as const)
          : reply(request);
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      if ('results' in answer) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.results));
      } else {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A reply that finds the given values (by Presidio entity type) wherever they are. */
export function findValues(values: Record<string, string[]>, score = 0.85) {
  return ({ body }: PresidioRequest): PresidioReply => ({
    results: Object.entries(values).flatMap(([entity_type, list]) =>
      list.flatMap((value) =>
        codePointRanges(body.text, value).map(([start, end]) => ({
          entity_type,
          start,
          end,
          score,
        })),
      ),
    ),
  });
}
