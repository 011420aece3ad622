import { Buffer } from 'node:buffer';
import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { createPii } from '../../src/core/create-pii';
import { defaultDetectors } from '../../src/core/detect/default-detectors';
import type { PiiSession } from '../../src/core/session';
import { findLeaks } from '../support/leak-readings';
import { recordingProvider } from './support/recording-provider';

/**
 * Encoded payloads in tool results and user text, through the real `@ai-sdk/openai` provider
 * (Chat Completions) in a scripted tool loop: base64 and base64url bodies, quoted-printable
 * with soft line breaks, RFC 2047 header words, a key split over two lines, and values the
 * conversation already knows inside each. `findLeaks` reads every body decoded every way.
 * Each of these was sent in clear before payloads were read decoded.
 */
const EMAIL = 'jean.dupont@exemple.fr';
const PHONE = '06 12 34 56 78';
const KEY = 'sk-proj-4f9Qx2LmN8vR3tY7uZ1aB6cD0eF5gH2jK7pW';
/** A name no detector finds: only the sweep of known values masks it. */
const KNOWN = 'Zoé Lambert';

const b64 = (t: string) => Buffer.from(t).toString('base64');
const b64url = (t: string) => Buffer.from(t).toString('base64url');
/** Quoted-printable as mailers write it: bytes above 0x7F and `=` escaped, lines cut at 76. */
function qp(text: string): string {
  const escaped = [...Buffer.from(text)]
    .map((b) =>
      b >= 0x80 || b === 0x3d ? `=${b.toString(16).toUpperCase()}` : String.fromCharCode(b),
    )
    .join('');
  const lines: string[] = [];
  for (let i = 0; i < escaped.length; ) {
    let end = Math.min(i + 75, escaped.length);
    // Never cut an escape.
    while (end < escaped.length && escaped.lastIndexOf('=', end - 1) > end - 3) end--;
    lines.push(escaped.slice(i, end));
    i = end;
  }
  return lines.join('=\r\n');
}

const pii = () => createPii({ detectors: defaultDetectors() });

/**
 * One tool loop: the model calls `read`, the tool returns `output`, the model answers. With
 * `masked`, the app is wired as the docs say (middleware + `withPiiTools`); without, nothing is.
 */
async function toolLoop(
  output: unknown,
  options: { masked: boolean; prompt?: string; known?: boolean },
) {
  const recorder = recordingProvider(({ index }) =>
    index === 0 ? { toolCalls: [{ name: 'read', args: { id: 'm1' } }] } : { text: ['Fait.'] },
  );
  const session: PiiSession = pii().session(`payloads-${Math.random()}`);
  if (options.known) await session.remember('PERSON', KNOWN);
  const read = tool({
    description: 'Reads a message',
    inputSchema: jsonSchema<{ id: string }>({
      type: 'object',
      properties: { id: { type: 'string' } },
    }),
    execute: async () => output,
  });
  const result = streamText({
    model: options.masked
      ? wrapLanguageModel({ model: recorder.model(), middleware: piiMiddleware({ session }) })
      : recorder.model(),
    tools: options.masked ? withPiiTools({ read }, { session }) : { read },
    stopWhen: stepCountIs(3),
    prompt: options.prompt ?? 'Lis le message m1.',
  });
  await result.consumeStream();
  expect(recorder.requests).toHaveLength(2);
  return { bodies: recorder.bodies(), session };
}

/** The tool message's content as sent in the second request. */
const toolContent = (body: string) =>
  (JSON.parse(body) as { messages: { role: string; content: string }[] }).messages.find(
    (m) => m.role === 'tool',
  )!.content;

const CASES: [string, () => unknown, string[]][] = [
  [
    'a Gmail API message (payload.body.data in base64url, RFC 2047 headers)',
    () => ({
      id: 'm1',
      payload: {
        headers: [
          { name: 'From', value: `=?UTF-8?Q?Jean_Dupont?= <${EMAIL}>` },
          { name: 'Subject', value: `=?UTF-8?B?${b64('Rappel : appeler le 06 12 34 56 78')}?=` },
        ],
        body: {
          size: 80,
          data: b64url(`Bonjour,\r\n\r\nécrivez-moi à ${EMAIL} ou au ${PHONE}.\r\n`),
        },
      },
    }),
    [EMAIL, PHONE, 'Jean Dupont'],
  ],
  [
    'a Kubernetes Secret (data in base64)',
    () => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'mailer' },
      data: {
        SMTP_USER: b64(EMAIL),
        OPENAI_API_KEY: b64(KEY),
        PHONE: b64(`+33 ${PHONE.slice(1)}`),
      },
    }),
    [EMAIL, KEY, PHONE],
  ],
  [
    'a quoted-printable mail body with soft line breaks and =40',
    () =>
      `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${qp(`Bonjour, voici les coordonnées demandées pour la facture de décembre : écrivez à ${EMAIL} ou appelez le ${PHONE} après 14 h.`).replace('@', '=40')}\r\n`,
    [EMAIL, PHONE],
  ],
  [
    'RFC 2047 headers (Q and B words, adjacent words)',
    () =>
      `From: =?UTF-8?Q?Jean?= =?UTF-8?Q?_Dupont?= <x@y.fr>\r\nTo: =?ISO-8859-1?Q?H=E9l=E8ne_Lef=E8vre?= <${EMAIL}>\r\nSubject: =?UTF-8?B?${b64(`Numéro : ${PHONE}`)}?=\r\n`,
    [EMAIL, PHONE, 'Jean Dupont'],
  ],
  [
    'an API key split over two lines (a soft line break, and a wrap at a column)',
    () =>
      // In a mail body cut by a soft line break, and in a terminal wrapped at 64 columns.
      `Content-Transfer-Encoding: quoted-printable\r\n\r\nVotre cl=C3=A9 : ${KEY.slice(0, 24)}=\r\n${KEY.slice(24)}\r\n\r\n$ export OPENAI_API_KEY=${KEY.slice(0, 40)}\n${KEY.slice(40)}\n`,
    // The whole key, and each half: no part of a secret may be left in clear.
    [KEY, KEY.slice(0, 24), KEY.slice(24), KEY.slice(0, 40)],
  ],
];

describe('encoded payloads in tool results, on the wire', () => {
  it.each(CASES)('%s', async (_, output, values) => {
    const clear = await toolLoop(output(), { masked: false });
    // Control: the checker sees the values in what an unprotected app sends.
    expect(new Set(findLeaks(clear.bodies, values).map((l) => l.value))).toEqual(new Set(values));
    const { bodies } = await toolLoop(output(), { masked: true });
    expect(findLeaks(bodies, values)).toEqual([]);
  });

  it('the masked text is written back in its encoding: the tool result keeps its shape', async () => {
    const { bodies, session } = await toolLoop(CASES[0]![1](), { masked: true });
    const sent = JSON.parse(toolContent(bodies[1]!));
    expect(sent.id).toBe('m1');
    const body = Buffer.from(sent.payload.body.data, 'base64url').toString();
    expect(body).toBe('Bonjour,\r\n\r\nécrivez-moi à <<EMAIL:1>> ou au <<PHONE:1>>.\r\n');
    expect(sent.payload.body.data).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(sent.payload.headers[0].value).toBe('=?UTF-8?Q?<<PERSON:1>>?= <<<EMAIL:1>>>');
    const subject = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=$/.exec(sent.payload.headers[1].value)!;
    expect(Buffer.from(subject[1]!, 'base64').toString()).toBe('Rappel : appeler le <<PHONE:1>>');
    expect(await session.restore('<<PERSON:1>>, <<EMAIL:1>>')).toBe(`Jean Dupont, ${EMAIL}`);
  });

  it('values the conversation knows are found inside every encoding', async () => {
    const output = {
      b64: b64url(`Compte de ${KNOWN}`),
      qp: `Titulaire : Zo=C3=A9 Lam=\r\nbert`,
      header: `From: =?UTF-8?B?${b64(KNOWN)}?= <z@y.fr>, =?UTF-8?Q?Zo=C3=A9_Lambert?= <z@y.fr>`,
    };
    const clear = await toolLoop(output, { masked: false, known: true });
    expect(findLeaks(clear.bodies, [KNOWN]).length).toBeGreaterThan(0);
    const { bodies } = await toolLoop(output, { masked: true, known: true });
    expect(findLeaks(bodies, [KNOWN])).toEqual([]);
  });
});

describe('encoded payloads in user text, on the wire', () => {
  it('base64 and quoted-printable pasted by the user are masked', async () => {
    const prompt = `Décode ceci : ${b64(`Contact : ${EMAIL}, ${PHONE}`)} et ceci : jean.dup=\r\nont=40exemple.fr`;
    const clear = await toolLoop('ok', { masked: false, prompt });
    expect(findLeaks(clear.bodies, [EMAIL, PHONE]).length).toBeGreaterThan(0);
    const { bodies } = await toolLoop('ok', { masked: true, prompt });
    expect(findLeaks(bodies, [EMAIL, PHONE])).toEqual([]);
  });
});
