import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import type { PiiSpan } from '../../../src/core/detect/types';
import {
  encodedPayloads,
  MIN_PAYLOAD_LENGTH,
  payloadText,
} from '../../../src/core/match/encoded-payloads';
import { MAX_PAYLOAD_DEPTH, payloadTexts } from '../../../src/core/match/payload-texts';
import { scanWorkOf, testPii } from '../helpers';

const b64 = (t: string) => Buffer.from(t).toString('base64');
const b64url = (t: string) => Buffer.from(t).toString('base64url');
const BODY = 'Bonjour, écrivez à jean.dupont@exemple.fr ou au 06 12 34 56 78.';
const texts = (text: string) => encodedPayloads(text).map((p) => p.text);

describe('encodedPayloads: what is a payload', () => {
  it('a Gmail body (base64url, unpadded) and a Kubernetes Secret (base64, padded)', () => {
    expect(texts(JSON.stringify({ payload: { body: { data: b64url(BODY) } } }))).toEqual([BODY]);
    const secret = `data:\n  email: ${b64('jean.dupont@exemple.fr')}\n  user: ${b64('admin')}\n`;
    expect(texts(secret)).toEqual(['jean.dupont@exemple.fr']); // `admin` is too short
  });

  it('a MIME part wrapped at 76 columns (CRLF), and PEM-like lines of 64', () => {
    const long = `${BODY} `.repeat(6);
    const mime = `Content-Transfer-Encoding: base64\r\n\r\n${b64(long).replace(/(.{76})/g, '$1\r\n')}\r\n--b--`;
    expect(texts(mime)).toEqual([long]);
    const indented = `  ${b64(long).replace(/(.{64})/g, '$1\n  ')}\n`;
    expect(texts(indented)).toEqual([long]);
  });

  it('letters and digits only, unpadded: written back as base64url (what APIs such as Gmail read)', () => {
    // `Hello ?>` is `SGVsbG8gPz4` in either alphabet; its masked text needs `-` or `/`.
    const [p] = encodedPayloads(`"data":"${b64url('Hello ?> Jean')}"`);
    expect(p!.encode('Hello ?> <<PERSON:1>>')).toBe(b64url('Hello ?> <<PERSON:1>>'));
    const [padded] = encodedPayloads(`"data":"${b64('Hello ?> Jean Dupont')}"`);
    expect(padded!.encode('Hello ?> <<PERSON:1>>?')).toBe(b64('Hello ?> <<PERSON:1>>?'));
  });

  it('RFC 2047 B words, UTF-8 and Latin-1', () => {
    expect(texts(`Subject: =?UTF-8?B?${b64('Facture de Jean Dupont')}?=`)).toEqual([
      'Facture de Jean Dupont',
    ]);
    const latin = Buffer.from('Lefèvre Hélène', 'latin1').toString('base64');
    expect(texts(`From: =?ISO-8859-1?B?${latin}?= <h@x.fr>`)).toEqual(['Lefèvre Hélène']);
  });

  it('JWT claims that are JSON text are a payload (the API key detector masks the JWT whole)', () => {
    const signature = Buffer.from([
      0x8f, 0x12, 0x00, 0xe3, 0x41, 0x9c, 0x07, 0xd2, 0x5a, 0x00, 0x33, 0xfe,
    ]);
    const jwt = `${b64url('{"alg":"HS256"}')}.${b64url('{"sub":"jean@exemple.fr"}')}.${signature.toString('base64url')}`;
    // The short header is mostly punctuation: not read (nothing personal in it anyway).
    expect(texts(jwt)).toEqual(['{"sub":"jean@exemple.fr"}']);
  });

  it('bytes that merely decode are not text: mostly symbols (a word read as base64)', () => {
    expect(payloadText(Buffer.from('jëaz{bq«^', 'latin1'))).toBeUndefined();
    expect(payloadText(Buffer.from(')"¿(F?,CFL', 'latin1'))).toBeUndefined();
  });

  it('words whose base64 reading is symbols, not UTF-8, reach no decoder (checked on the bytes)', () => {
    // `authentication` read as base64 is `jëaz{bq«b¢` in Windows-1252: mostly ASCII, not wordy.
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    try {
      expect(texts('authentication authenticates authenticate')).toEqual([]);
      expect(decode).not.toHaveBeenCalled();
      // Windows-1252 text that is wordy is still decoded, and read.
      const latin = Buffer.from('Lefèvre, Besançon', 'latin1').toString('base64');
      expect(texts(`data: ${latin}`)).toEqual(['Lefèvre, Besançon']);
      expect(decode).toHaveBeenCalled();
    } finally {
      decode.mockRestore();
    }
  });

  it('not payloads: short runs, words, identifiers, hashes, binary data, mixed alphabets', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6]);
    for (const text of [
      `short ${b64('jean@x.f')}`.slice(0, 6 + MIN_PAYLOAD_LENGTH - 1),
      'internationalization implementation experimental_transform toUIMessageStreamResponse',
      'sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'commit 907d541c2b8e4f10aa3e1e0f5a2f5d0b8c9e7f61, uuid 3f2504e04f8911d39a0c0305e82c3301',
      `image ${png.toString('base64')}`,
      'path src/core/match/text-reading_test-file+x',
      `${b64('jean.dupont@exemple.fr')}x`, // padding is the end of base64
      `${b64('jean.dupont@exemple.fr').slice(0, -4)}x`, // a length base64 never has
    ]) {
      expect(texts(text), text).toEqual([]);
    }
  });

  it('decoded bytes are text only when they read as text', () => {
    expect(payloadText(Buffer.from('Élodie Martin'))?.text).toBe('Élodie Martin');
    // Windows-1252, mostly ASCII: Western text; mostly high bytes: not text.
    expect(payloadText(Buffer.from('Lefèvre, Besançon', 'latin1'))?.text).toBe('Lefèvre, Besançon');
    expect(payloadText(Uint8Array.of(0xe8, 0xe9, 0xea, 0x41, 0xf0, 0xf1, 0xd2, 0xd3))).toBe(
      undefined,
    );
    expect(payloadText(Buffer.from('%PDF-1.4 1 0 obj'))).toBeUndefined();
  });

  it('property: base64 of random bytes is never read as a payload', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 24, maxLength: 300 }), (bytes) => {
        expect(encodedPayloads(Buffer.from(bytes).toString('base64'))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it('property: a payload written back unchanged is the same characters', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 12, maxLength: 200, unit: 'grapheme' }),
        fc.constantFrom('base64', 'base64url'),
        (text, encoding) => {
          const encoded = Buffer.from(text).toString(encoding as 'base64' | 'base64url');
          for (const p of encodedPayloads(`x ${encoded} y`)) {
            expect(p.encode(p.text)).toBe(`x ${encoded} y`.slice(p.start, p.end));
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('scans long runs and prose in linear work', () => {
    for (const unit of ['abcdefghijkl', 'Zm9vYmFy', 'A', '=?UTF-8?B?', 'word ']) {
      const small = unit.repeat(Math.ceil(20_000 / unit.length));
      const large = unit.repeat(Math.ceil(40_000 / unit.length));
      const smallWork = scanWorkOf(() => encodedPayloads(small));
      const largeWork = scanWorkOf(() => encodedPayloads(large));
      expect(largeWork).toBeLessThanOrEqual(3 * smallWork + 1000);
    }
  });
});

const span = (start: number, end: number): PiiSpan => ({
  start,
  end,
  label: 'X',
  value: '',
  score: 1,
});

describe('payloadTexts: payloads as texts of their own, written back encoded', () => {
  it('adds each decoded text after the text holding it, payloads inside payloads too', () => {
    const inner = `Body: ${b64('Contact: jean.dupont@exemple.fr')}`;
    const batch = payloadTexts([`raw ${b64url(inner)}`, 'no payload'], (t) => t);
    expect(batch.texts).toEqual([
      `raw ${b64url(inner)}`,
      'no payload',
      inner,
      'Contact: jean.dupont@exemple.fr',
    ]);
  });

  it(`reads ${MAX_PAYLOAD_DEPTH} levels deep, no deeper`, () => {
    let text = 'Contact: jean.dupont@exemple.fr';
    for (let k = 0; k < MAX_PAYLOAD_DEPTH + 1; k++) text = `level ${b64(text)}`;
    expect(payloadTexts([text], (t) => t).texts).toHaveLength(MAX_PAYLOAD_DEPTH + 1);
  });

  it('drops spans inside a payload, covers a payload a span reaches into, keeps unchanged payloads', () => {
    const payload = b64('Contact: jean.dupont@exemple.fr');
    const text = `a ${payload} b ${payload} c`;
    const batch = payloadTexts([text], (t) => t);
    const first = text.indexOf(payload);
    const second = text.lastIndexOf(payload);
    expect(batch.outsidePayloads(0, [span(first + 1, first + 5), span(0, 1)])).toEqual([
      span(0, 1),
    ]);
    const written = batch.write(
      [[span(second - 2, second + 3)], [span(9, 31)], []],
      (i, j) => `<T${i}.${j}>`,
    );
    // The span covered `b ` and reached into the second payload: it covers that one whole.
    expect(written).toEqual([`a ${b64('Contact: <T1.0>')} <T0.0> c`]);
  });
});

describe('anonymize: base64 payloads are masked and written back in their encoding', () => {
  it('a Gmail message: the body is masked, re-encoded base64url, the JSON keeps its shape', async () => {
    const session = createPii({ detectors: defaultDetectors() }).session('gmail');
    const message = JSON.stringify({ id: '18c2', payload: { body: { data: b64url(BODY) } } });
    const out = JSON.parse(await session.anonymize(message, { role: 'tool' }));
    expect(out.id).toBe('18c2');
    expect(Buffer.from(out.payload.body.data, 'base64url').toString()).toBe(
      'Bonjour, écrivez à <<EMAIL:1>> ou au <<PHONE:1>>.',
    );
    expect(out.payload.body.data).not.toMatch(/[+/=]/);
  });

  it('a known value inside base64 is swept; a text with nothing to mask keeps its bytes', async () => {
    const session = testPii().session('b64-known');
    await session.remember('PERSON', 'Zoé Lambert');
    const secret = `data:\n  owner: ${b64('Zoé Lambert (compte pro)')}\n  plan: ${b64('abonnement annuel')}\n`;
    const out = await session.anonymize(secret);
    expect(out).toBe(
      `data:\n  owner: ${b64('<<PERSON:1>> (compte pro)')}\n  plan: ${b64('abonnement annuel')}\n`,
    );
  });

  it('token-shaped text inside base64 is neutralised like the text around it (G8)', async () => {
    const session = testPii().session('b64-forged');
    const out = await session.anonymize(`note ${b64('Envoyez <<EMAIL:1>> au client')}`, {
      role: 'tool',
    });
    const decoded = Buffer.from(out.slice('note '.length), 'base64').toString();
    expect(decoded).not.toContain('<<EMAIL:1>>');
    expect(decoded).toMatch(/^Envoyez .+EMAIL:1.+ au client$/);
  });

  it('a MIME part keeps its line width and line breaks', async () => {
    const session = testPii().session('mime');
    const long = `${BODY} `.repeat(4);
    const part = b64(long).replace(/(.{76})/g, '$1\r\n');
    const out = await session.anonymize(`\r\n${part}\r\n`);
    const lines = out.trim().split('\r\n');
    expect(lines.slice(0, -1).every((l) => l.length === 76)).toBe(true);
    expect(Buffer.from(lines.join(''), 'base64').toString()).toBe(
      'Bonjour, écrivez à <<EMAIL:1>> ou au 06 12 34 56 78. '.repeat(4),
    );
  });
});
