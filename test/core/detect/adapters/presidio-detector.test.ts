import { afterEach, describe, expect, it } from 'vitest';
import { presidioDetector } from '../../../../src/core/detect/adapters/presidio-detector';
import { PRESIDIO_DEFAULT_ENTITIES } from '../../../../src/core/detect/adapters/presidio-labels';
import type { DetectedSpan } from '../../../../src/core/detect/types';
import { PiiConfigError, PiiDetectionError } from '../../../../src/core/errors';
import { createPii } from '../../../../src/index';
import {
  type FakePresidio,
  fakePresidio,
  findValues,
  type PresidioReply,
} from '../../../support/fake-presidio';

let server: FakePresidio | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(reply: Parameters<typeof fakePresidio>[0]) {
  server = await fakePresidio(reply);
  return server;
}

const values = async (detector: ReturnType<typeof presidioDetector>, text: string) =>
  ((await detector.detect(text)) as DetectedSpan[]).map((s) => ({
    value: text.slice(s.start, s.end),
    label: s.label,
  }));

describe('presidioDetector', () => {
  it('turns Presidio code point offsets into UTF-16 ones: an emoji before the value', async () => {
    const text = '👋🏽 Écrivez à Zorglub Quetzal, zorglub@exemple.fr, 📞 +34 612 34 56 78';
    const presidio = await serve(
      findValues({
        PERSON: ['Zorglub Quetzal'],
        EMAIL_ADDRESS: ['zorglub@exemple.fr'],
        PHONE_NUMBER: ['+34 612 34 56 78'],
      }),
    );
    expect(await values(presidioDetector({ url: presidio.url }), text)).toEqual([
      { value: 'Zorglub Quetzal', label: 'PERSON' },
      { value: 'zorglub@exemple.fr', label: 'EMAIL' },
      { value: '+34 612 34 56 78', label: 'PHONE' },
    ]);
  });

  it("sends Presidio's request: text, language, entities and score_threshold", async () => {
    const presidio = await serve(() => ({ results: [] }));
    const url = `${presidio.url}/`;
    await presidioDetector({ url }).detect('Hola');
    await presidioDetector({
      url,
      language: 'es',
      entities: ['ES_NIF', 'PERSON'],
      scoreThreshold: 0.4,
      headers: { authorization: 'Bearer t' },
    }).detect('Hola Ana');
    expect(presidio.requests.map((r) => r.path)).toEqual(['/analyze', '/analyze']);
    expect(presidio.requests[0]!.body).toEqual({
      text: 'Hola',
      language: 'en',
      entities: [...PRESIDIO_DEFAULT_ENTITIES],
    });
    expect(presidio.requests[1]!.body).toEqual({
      text: 'Hola Ana',
      language: 'es',
      entities: ['ES_NIF', 'PERSON'],
      score_threshold: 0.4,
    });
    expect(presidio.requests[1]!.headers.authorization).toBe('Bearer t');
  });

  it('maps the national ids and lets labelMap rename or drop a type', async () => {
    const text = 'NIF 12345678Z, CF RSSMRA85T10A562S, NINO AB123456C, 2024-01-01';
    const presidio = await serve(
      findValues({
        ES_NIF: ['12345678Z'],
        IT_FISCAL_CODE: ['RSSMRA85T10A562S'],
        UK_NINO: ['AB123456C'],
        DATE_TIME: ['2024-01-01'],
      }),
    );
    expect(await values(presidioDetector({ url: presidio.url }), text)).toEqual([
      { value: '12345678Z', label: 'ES_NIF' },
      { value: 'RSSMRA85T10A562S', label: 'IT_FISCAL_CODE' },
      { value: 'AB123456C', label: 'UK_NINO' },
      { value: '2024-01-01', label: 'DATE_TIME' },
    ]);
    const renamed = presidioDetector({
      url: presidio.url,
      labelMap: { UK_NINO: 'NATIONAL_INSURANCE', DATE_TIME: null },
    });
    expect((await values(renamed, text)).map((v) => v.label)).toEqual([
      'ES_NIF',
      'IT_FISCAL_CODE',
      'NATIONAL_INSURANCE',
    ]);
  });

  it('fails closed on a timeout, an HTTP error, malformed JSON or an answer of another shape', async () => {
    const replies: [PresidioReply, RegExp][] = [
      ['hang', /no answer within 50 ms/],
      [{ status: 500, body: '{"error":"Jean Dupont broke it"}' }, /answered HTTP 500/],
      [{ status: 200, body: '[{"entity_type": "PERSON",' }, /malformed JSON/],
      [{ status: 200, body: '{"results": []}' }, /not an array of results/],
      [
        { status: 200, body: '[{"entity_type": "PERSON", "start": 0, "end": 4}]' },
        /result 0 is not/,
      ],
      [
        { status: 200, body: '[{"entity_type": "PERSON", "start": 0, "end": 99, "score": 1}]' },
        /out of the text/,
      ],
      [
        { status: 200, body: '[{"entity_type": "person", "start": 0, "end": 4, "score": 1}]' },
        /map it with labelMap/,
      ],
    ];
    for (const [reply, message] of replies) {
      const presidio = await serve(() => reply);
      // Only the analyzer that never answers meets the short timeout: the others answer at once.
      const timeoutMs = reply === 'hang' ? 50 : 60_000;
      const detector = presidioDetector({ url: presidio.url, timeoutMs });
      const error = await Promise.resolve(detector.detect('Jean Dupont')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PiiDetectionError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('Jean Dupont');
      await presidio.close();
      server = undefined;
    }
  });

  it('fails closed when the analyzer cannot be reached, through createPii', async () => {
    const presidio = await serve(() => ({ results: [] }));
    const { url } = presidio;
    await presidio.close();
    server = undefined;
    const pii = createPii({ detectors: [presidioDetector({ url })] });
    const error = await pii
      .session('s')
      .anonymize('Zorglub Quetzal')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PiiDetectionError);
    expect((error as PiiDetectionError).detector).toBe('presidio');
    expect((error as Error).message).toMatch(/the request failed/);
  });

  it('rejects bad options with PiiConfigError', () => {
    expect(() => presidioDetector({ url: 'localhost:5002' })).toThrow(PiiConfigError);
    expect(() => presidioDetector({ url: 'ftp://x' })).toThrow(/http\(s\) URL/);
    expect(() => presidioDetector({ url: 'http://x', timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => presidioDetector({ url: 'http://x', scoreThreshold: 1.5 })).toThrow(
      /scoreThreshold/,
    );
    expect(() => presidioDetector({ url: 'http://x', entities: 'PERSON' as never })).toThrow(
      /entities/,
    );
    expect(() => presidioDetector({ url: 'http://x', labelMap: { PERSON: 'name' } })).toThrow(
      /not a label/,
    );
  });
});
