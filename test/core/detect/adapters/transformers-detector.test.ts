import { describe, expect, it } from 'vitest';
import { NER_LABELS } from '../../../../src/core/detect/adapters/ner-labels';
import {
  type TokenClassificationPipeline,
  transformersDetector,
} from '../../../../src/core/detect/adapters/transformers-detector';
import type { DetectedSpan } from '../../../../src/core/detect/types';
import { PiiConfigError, PiiDetectionError } from '../../../../src/core/errors';
import { createPii } from '../../../../src/index';
import { FRENCH, NON_BMP, SENTENCEPIECE } from './ner-outputs';

/** A pipeline that answers `output` for `text` only (a model reads the text it is given). */
const answering =
  (text: string, output: unknown): TokenClassificationPipeline =>
  async (input) => {
    expect(input).toBe(text);
    return output as Awaited<ReturnType<TokenClassificationPipeline>>;
  };

async function found(
  text: string,
  output: unknown,
  options: Omit<Parameters<typeof transformersDetector>[0], 'pipeline'> = {},
) {
  const detector = transformersDetector({ pipeline: answering(text, output), ...options });
  const spans = (await detector.detect(text)) as DetectedSpan[];
  return spans.map((s) => ({ value: text.slice(s.start, s.end), label: s.label }));
}

describe('transformersDetector', () => {
  it('joins B-/I- tags and ## word pieces into names, found again without offsets', async () => {
    expect(await found(FRENCH.text, FRENCH.output)).toEqual([
      { value: 'Élodie Müller', label: 'PERSON' },
    ]);
  });

  it('masks places, organisations and dates only when the label map says so', async () => {
    expect(await found(FRENCH.text, FRENCH.output, { labelMap: NER_LABELS })).toEqual([
      { value: 'Élodie Müller', label: 'PERSON' },
      { value: 'Genève', label: 'LOCATION' },
      { value: 'Société Générale', label: 'ORGANIZATION' },
      { value: 'mars 2021', label: 'DATE' },
    ]);
    expect(
      await found(FRENCH.text, FRENCH.output, { labelMap: { 'B-LOC': 'CITY', PER: null } }),
    ).toEqual([{ value: 'Genève', label: 'CITY' }]);
  });

  it('turns code point offsets into UTF-16 ones after emoji and non-BMP characters', async () => {
    expect(await found(NON_BMP.text, NON_BMP.grouped)).toEqual([
      { value: 'Aïcha Benali', label: 'PERSON' },
      { value: '𠮷田', label: 'PERSON' },
      { value: '王伟', label: 'PERSON' },
    ]);
  });

  it('reads UTF-16 offsets as they are when the text there is the word', async () => {
    const text = NON_BMP.text;
    const at = text.indexOf('Aïcha');
    const output = [
      { entity_group: 'PER', score: 0.99, word: 'Aïcha Benali', start: at, end: at + 12 },
    ];
    expect(await found(text, output)).toEqual([{ value: 'Aïcha Benali', label: 'PERSON' }]);
  });

  it('reads SentencePiece pieces, raw with offsets or decoded without, every occurrence', async () => {
    const both = [
      { value: 'Jean Dupont', label: 'PERSON' },
      { value: 'Jean Dupont', label: 'PERSON' },
    ];
    expect(await found(SENTENCEPIECE.text, SENTENCEPIECE.python)).toEqual(both);
    expect(await found(SENTENCEPIECE.text, SENTENCEPIECE.decoded)).toEqual(both);
  });

  it('finds the word of an uncased model (lower case, accents stripped) in the text', async () => {
    const text = 'Merci à AÏCHA  Benali.';
    const output = [{ entity_group: 'PER', score: 0.97, word: 'aicha benali', start: 8, end: 21 }];
    expect(await found(text, output)).toEqual([{ value: 'AÏCHA  Benali', label: 'PERSON' }]);
  });

  it('masks the whole word when the model tagged only one of its pieces', async () => {
    const text = 'Voir avec Dupontel demain';
    const output = [{ entity: 'B-PER', score: 0.91, index: 3, word: 'Du', start: null, end: null }];
    expect(await found(text, output)).toEqual([{ value: 'Dupontel', label: 'PERSON' }]);
  });

  it('keeps two names apart when the second one opens with B-', async () => {
    const text = 'Jean Marie';
    const output = [
      { entity: 'B-PER', score: 0.9, index: 1, word: 'Jean' },
      { entity: 'B-PER', score: 0.9, index: 2, word: 'Marie' },
    ];
    expect((await found(text, output)).map((s) => s.value)).toEqual(['Jean', 'Marie']);
  });

  it('finds the word when the offsets point elsewhere', async () => {
    const text = 'Le dossier de Karim Haddad';
    const output = [{ entity_group: 'PER', score: 0.9, word: 'Karim Haddad', start: 0, end: 12 }];
    expect(await found(text, output)).toEqual([{ value: 'Karim Haddad', label: 'PERSON' }]);
  });

  it('leaves out entities below minScore (the mean of their pieces)', async () => {
    const text = 'Jean Dupont et Paul';
    const output = [
      { entity: 'B-PER', score: 0.9, index: 1, word: 'Jean' },
      { entity: 'I-PER', score: 0.7, index: 2, word: 'Dupont' },
      { entity: 'B-PER', score: 0.4, index: 4, word: 'Paul' },
    ];
    expect((await found(text, output, { minScore: 0.75 })).map((s) => s.value)).toEqual([
      'Jean Dupont',
    ]);
  });

  it('fails closed: a failing pipeline, an output of the wrong shape, a word not in the text', async () => {
    const text = 'Bonjour Jean';
    const rejects = async (pipeline: TokenClassificationPipeline, message: RegExp) => {
      const detector = transformersDetector({ pipeline });
      const error = await Promise.resolve(detector.detect(text)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PiiDetectionError);
      expect((error as PiiDetectionError).detector).toBe('transformers');
      expect((error as Error).message).toMatch(message);
    };
    await rejects(async () => {
      throw new Error('ONNX session failed');
    }, /the pipeline failed: ONNX session failed/);
    await rejects(answering(text, { entities: [] }), /did not return an array/);
    await rejects(answering(text, [{ entity: 'B-PER', word: 'Jean' }]), /no numeric score/);
    await rejects(answering(text, [{ score: 0.9, word: 'Jean' }]), /no entity or entity_group/);
    await rejects(
      answering(text, [{ entity: 'B-PER', score: 0.9, word: 'Jean', start: 8 }]),
      /invalid start\/end/,
    );
    await rejects(
      answering(text, [{ entity: 'B-PER', score: 0.9, word: 'Pierre' }]),
      /entity 0 \(PER\) is not in the text/,
    );
    const pii = createPii({
      detectors: [transformersDetector({ pipeline: answering(text, 'oops') })],
    });
    await expect(pii.session('s').anonymize(text)).rejects.toBeInstanceOf(PiiDetectionError);
  });

  it('rejects bad options with PiiConfigError', () => {
    const pipeline = answering('', []);
    expect(() => transformersDetector({} as never)).toThrow(PiiConfigError);
    expect(() => transformersDetector({ pipeline, minScore: 2 })).toThrow(/minScore/);
    expect(() => transformersDetector({ pipeline, labelMap: { LOC: 'location' } })).toThrow(
      /labelMap\.LOC: the label "location" is not a label/,
    );
  });

  it('masks the names it finds through createPii, with the default detectors beside it', async () => {
    const text = SENTENCEPIECE.text;
    const pii = createPii({
      detectors: [transformersDetector({ pipeline: answering(text, SENTENCEPIECE.decoded) })],
    });
    expect(await pii.session('ner').anonymize(text)).toBe(
      '📞 Rappeler <<PERSON:1>> demain, puis <<PERSON:1>> encore.',
    );
  });
});
