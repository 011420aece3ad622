/**
 * Tool definitions are the same at every step of a tool loop. `piiMiddleware` reads them as one
 * text, which the detection memo keeps: detected once the vault holds values (the memo's rule: from the second call), then only swept for known values
 * at the next ones. Work is counted (characters handed to the detector), never timed.
 */
import { generateText, jsonSchema, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { piiMiddleware } from '../../../src/ai/pii-middleware';
import { createPii } from '../../../src/core/create-pii';
import type { Detector } from '../../../src/core/detect/types';
import { testEmailDetector } from '../../core/helpers';
import { generateResult, toolCallPart } from './fixtures';

const ACCOUNT = 'jean.dupont@exemple.fr';
const LONG = 'Lists the entries of the ledger, twenty per page, newest first. '.repeat(8);

/** Ten tools whose definitions hold about 5 KB of text, one of them naming the account. */
const tools = (execute: () => Promise<unknown>) =>
  Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [
      `tool${i}`,
      tool({
        description: i === 3 ? `${LONG} For ${ACCOUNT}.` : `${LONG} (${i})`,
        inputSchema: jsonSchema<{ q: string }>({
          type: 'object',
          properties: { q: { type: 'string', description: `The query of tool ${i}` } },
        }),
        execute,
      }),
    ]),
  );

function counting(detector: Detector) {
  const seen = { chars: 0 };
  const wrapped: Detector = {
    name: `counting-${detector.name}`,
    detect: (text) => {
      seen.chars += text.length;
      return detector.detect(text);
    },
  };
  return { seen, detector: wrapped };
}

const loopModel = (steps: number) => {
  let step = 0;
  return new MockLanguageModelV3({
    doGenerate: async () =>
      step++ < steps - 1
        ? generateResult([toolCallPart(`c${step}`, 'tool1', { q: 'x' })])
        : generateResult([{ type: 'text', text: 'Done.' }]),
  });
};

describe('tool definitions in a tool loop', () => {
  it('are detected in the first two steps only, and masked at every step', async () => {
    const { seen, detector } = counting(testEmailDetector);
    const pii = createPii({ detectors: [detector] });
    const model = loopModel(4);
    const session = pii.session('defs-once');
    await generateText({
      model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
      tools: tools(async () => 'ok'),
      stopWhen: stepCountIs(4),
      prompt: 'Show me the ledger.',
    });
    expect(model.doGenerateCalls).toHaveLength(4);
    const definitionChars = Object.values(tools(async () => 0)).reduce(
      (sum, t) => sum + (t.description?.length ?? 0),
      0,
    );
    // Read at the first two steps (the memo keeps a text from the second call of a
    // conversation whose vault holds values), not at the next two: four reads without it.
    expect(seen.chars).toBeGreaterThan(2 * definitionChars);
    expect(seen.chars).toBeLessThan(2.5 * definitionChars);
    for (const call of model.doGenerateCalls) {
      expect(JSON.stringify(call.tools)).not.toContain(ACCOUNT);
      expect(JSON.stringify(call.tools)).toContain('For <<EMAIL:1>>.');
    }
  });

  it('a value that becomes known during the loop is masked in them from the next step', async () => {
    // The detector misses the bare word, a tool result then teaches the vault the value.
    const pii = createPii({ detectors: [testEmailDetector] });
    let step = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () =>
        step++ === 0
          ? generateResult([toolCallPart('c1', 'tool5', {})])
          : generateResult([{ type: 'text', text: 'Done.' }]),
    });
    const session = pii.session('defs-learn');
    const set = {
      ...tools(async () => 'ok'),
      tool5: tool({
        description: `${LONG} Owner: jdupont`,
        inputSchema: jsonSchema({ type: 'object', properties: {} }),
        execute: async () => {
          await session.remember('PERSON', 'jdupont');
          return 'ok';
        },
      }),
    };
    await generateText({
      model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
      tools: set,
      stopWhen: stepCountIs(2),
      prompt: 'Show me the ledger.',
    });
    const described = (i: number) =>
      (model.doGenerateCalls[i]!.tools as { name: string; description: string }[]).find(
        (t) => t.name === 'tool5',
      )!.description;
    expect(described(0)).toContain('Owner: jdupont');
    expect(described(1)).toContain('Owner: <<PERSON:1>>');
  });

  it('a value a detector reads across two of them: each is read on its own', async () => {
    // A detector that reads across the end of one description and the start of the next.
    const greedy: Detector = {
      name: 'greedy',
      detect: (text) =>
        [...text.matchAll(/END[\s\S]{1,12}START/g)].map((m) => ({
          start: m.index,
          end: m.index + m[0].length,
          label: 'SECRET',
          score: 1,
        })),
    };
    const pii = createPii({ detectors: [testEmailDetector, greedy] });
    const model = loopModel(1);
    const set = {
      a: tool({ description: `${LONG} END`, inputSchema: jsonSchema({ type: 'object' }) }),
      b: tool({
        description: `START ${LONG} ${ACCOUNT}`,
        inputSchema: jsonSchema({ type: 'object' }),
      }),
    };
    await generateText({
      model: wrapLanguageModel({
        model,
        middleware: piiMiddleware({ session: pii.session('defs-across') }),
      }),
      tools: set,
      prompt: 'Hello',
    });
    const sent = model.doGenerateCalls[0]!.tools as { name: string; description: string }[];
    expect(sent.map((t) => t.name)).toEqual(['a', 'b']);
    expect(sent[0]!.description.endsWith(' END')).toBe(true);
    expect(sent[1]!.description.startsWith('START ')).toBe(true);
    expect(sent[1]!.description).toContain('<<EMAIL:1>>');
  });
});
