import { Buffer } from 'node:buffer';
import { generateText, type ModelMessage, wrapLanguageModel } from 'ai';
import aiPackage from 'ai/package.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { createPii } from '../../src/core/create-pii';
import { defaultDetectors } from '../../src/core/detect/default-detectors';
import { findLeaks } from '../support/leak-readings';
import { type RecordingProvider, recordingProvider } from './support/recording-provider';

/**
 * Files whose bytes are text but whose media type is not a text type, sent by the real
 * `@ai-sdk/openai` provider (Responses API: `input_file`), read in the exact request bodies by
 * `findLeaks` (base64 decoded, quoted-printable, RFC 2047...). Each kind was sent in clear
 * before files were read by their content.
 */
const EMAIL = 'jean.dupont@exemple.fr';
const PHONE = '06 12 34 56 78';
const NAME = 'Jean Dupont';
const VALUES = [EMAIL, PHONE, NAME];
const passThroughFiles = { openai: { passThroughUnsupportedFiles: true } };
const AI_MAJOR = Number(aiPackage.version.split('.')[0]);
// Folded lines and hard wraps: the value is read whole once the layout is undone, as a model
// reads it; `variants` compares letters and digits whatever stands between them.
const LAYOUT = { variants: true };

const qp = (t: string) =>
  [...Buffer.from(t)]
    .map((b) =>
      b >= 0x80 || b === 0x3d || b === 0x40
        ? `=${b.toString(16).toUpperCase()}`
        : String.fromCharCode(b),
    )
    .join('');

const FILES: [string, string, Uint8Array][] = [
  [
    'a CSV uploaded from a Windows browser',
    'application/vnd.ms-excel',
    Buffer.from(`nom;email;tel\r\n${NAME};${EMAIL};${PHONE}\r\n`, 'latin1'),
  ],
  ['a .md with an empty type', '', Buffer.from(`# Contact\n\n${NAME}, ${EMAIL}, ${PHONE}\n`)],
  [
    'a .md as application/octet-stream',
    'application/octet-stream',
    Buffer.from(`# Contact\n\n${NAME}, ${EMAIL}, ${PHONE}\n`),
  ],
  [
    'an e-mail (message/rfc822): RFC 2047 headers, a quoted-printable body with soft line breaks',
    'message/rfc822',
    Buffer.from(
      `From: =?UTF-8?Q?Jean_Dupont?= <${EMAIL}>\r\nSubject: =?UTF-8?B?${Buffer.from(`Rappel : appeler ${NAME}`).toString('base64')}?=\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${qp(`Bonjour, écrivez à ${EMAIL}`).replace('dupont', 'dup=\r\nont')} ou au ${PHONE}.\r\n`,
    ),
  ],
  [
    'a vCard with folded lines',
    'text/vcard',
    Buffer.from(
      `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:${NAME}\r\nEMAIL;TYPE=INTERNET:jean.dupont@exem\r\n ple.fr\r\nTEL;TYPE=CELL:06 12 34\r\n  56 78\r\nEND:VCARD\r\n`,
    ),
  ],
  [
    'subtitles (application/x-subrip)',
    'application/x-subrip',
    Buffer.from(
      `1\n00:00:01,000 --> 00:00:04,000\n${NAME} : écrivez-moi à ${EMAIL}\n\n2\n00:00:05,000 --> 00:00:07,000\nou au ${PHONE}.\n`,
    ),
  ],
  [
    'an SVG given a generic type',
    'application/octet-stream',
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg"><text>${NAME}</text><text>${EMAIL} ${PHONE}</text></svg>`,
    ),
  ],
];

const messages = (mediaType: string, data: Uint8Array): ModelMessage[] => [
  {
    role: 'user',
    content: [
      { type: 'text', text: 'Résume ce fichier.' },
      { type: 'file', mediaType, filename: 'piece-jointe', data },
    ],
  },
];

/** The data URLs of every `input_file` of a request body. */
function inputFiles(raw: string): string[] {
  const out: string[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      const item = v as { type?: string; file_data?: unknown };
      if (item.type === 'input_file' && typeof item.file_data === 'string')
        out.push(item.file_data);
      Object.values(v).forEach(visit);
    }
  };
  visit(JSON.parse(raw));
  return out;
}

const pii = () =>
  createPii({
    detectors: [
      ...defaultDetectors(),
      // An app that knows its users' names (the person detector needs context in a CSV cell).
      {
        name: 'known',
        detect: (t: string) =>
          [...t.matchAll(/Jean Dupont/g)].map((m) => ({
            start: m.index,
            end: m.index + NAME.length,
            label: 'PERSON',
          })),
      },
    ],
  });

async function send(
  recorder: RecordingProvider,
  mediaType: string,
  data: Uint8Array,
  files?: 'allow' | 'reject',
) {
  const session = pii().session(`files-${mediaType}-${data.length}`);
  await generateText({
    model: wrapLanguageModel({
      model: recorder.responses(),
      middleware: piiMiddleware({ session, ...(files ? { files } : {}) }),
    }),
    messages: messages(mediaType, data),
    providerOptions: passThroughFiles,
  });
}

describe('files read by their content, on the wire', () => {
  it.each(FILES)('%s (%s): masked, sent with its own media type', async (_, mediaType, data) => {
    const clear = recordingProvider(() => ({ text: ['ok'] }));
    const sendClear = () =>
      generateText({
        model: clear.responses(),
        messages: messages(mediaType, data),
        providerOptions: passThroughFiles,
      });
    if (mediaType === '' && AI_MAJOR >= 7) {
      // ai@7 refuses a file without a media type before sending anything (ai@6 sends it).
      await expect(sendClear()).rejects.toThrow(/media type/);
      expect(clear.requests).toEqual([]);
      return;
    }
    // Control: without the middleware, the checker sees every value in the file.
    await sendClear();
    expect(new Set(findLeaks(clear.bodies(), VALUES, LAYOUT).map((l) => l.value))).toEqual(
      new Set(VALUES),
    );

    const recorder = recordingProvider(() => ({ text: ['ok'] }));
    await send(recorder, mediaType, data);
    expect(findLeaks(recorder.bodies(), VALUES, LAYOUT)).toEqual([]);
    const [sent] = inputFiles(recorder.bodies()[0]!);
    const [original] = inputFiles(clear.bodies()[0]!);
    // Same header (media type, base64), other bytes: the masked text.
    expect(sent!.split(',')[0]).toBe(original!.split(',')[0]);
    expect(Buffer.from(sent!.split(',')[1]!, 'base64').toString('latin1')).toContain('<<EMAIL:1>>');
  });

  it("files: 'reject' sends a file read by its content, and refuses binary files and guessed 8-bit text", async () => {
    const recorder = recordingProvider(() => ({ text: ['ok'] }));
    await send(recorder, 'application/octet-stream', Buffer.from(`${NAME}, ${EMAIL}`), 'reject');
    expect(recorder.requests).toHaveLength(1);
    expect(findLeaks(recorder.bodies(), VALUES)).toEqual([]);

    const pdf = Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${NAME}) >> endobj\n`);
    await expect(send(recorder, 'application/pdf', pdf, 'reject')).rejects.toThrow(
      /refused a file/,
    );
    const legacy = Buffer.from(`Lefèvre;${EMAIL}`, 'latin1');
    await expect(send(recorder, 'application/vnd.ms-excel', legacy, 'reject')).rejects.toThrow(
      /refused a file/,
    );
    expect(recorder.requests).toHaveLength(1);
  });
});
