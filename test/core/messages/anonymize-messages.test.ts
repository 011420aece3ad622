import { describe, expect, it, vi } from 'vitest';
import { PiiConfigError } from '../../../src/core/errors';
import { anonymizeMessages } from '../../../src/core/messages/anonymize-messages';
import { testPii } from '../helpers';

const JEAN = 'jean.dupont@exemple.fr';
const MARIE = 'marie.curie@exemple.fr';

async function known() {
  const session = testPii().session('messages');
  await session.anonymize(`Jean Dupont ${JEAN}`); // <<PERSON:1>> <<EMAIL:1>>
  return session;
}

describe('session.anonymizeMessages: UI messages', () => {
  const ui = () => [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: `Écrivez à ${JEAN} <<EMAIL:1>>` }] },
    {
      id: 'a1',
      role: 'assistant',
      metadata: { at: 1 },
      parts: [
        { type: 'step-start' },
        { type: 'reasoning', text: `about ${JEAN}` },
        { type: 'text', text: `J'écris à ${JEAN} et à nouveau@exemple.fr (<<PERSON:1>>).` },
        {
          type: 'tool-send',
          toolCallId: 'c1',
          state: 'output-available',
          input: { to: JEAN, n: 2 },
          output: { ok: true, cc: MARIE },
        },
        {
          type: 'tool-send',
          toolCallId: 'c2',
          state: 'output-error',
          input: { to: 'x' },
          errorText: `refused: Marie Curie`,
        },
        {
          type: 'dynamic-tool',
          toolName: 'lookup',
          toolCallId: 'c3',
          state: 'output-available',
          input: { q: 'Jean Dupont' },
          output: `王伟 <${MARIE}>`,
        },
        { type: 'data-weather', data: { city: 'Paris' } },
        { type: 'file', mediaType: 'image/png', url: 'https://x/y.png' },
      ],
    },
  ];

  it('masks user text, assistant text, tool inputs, outputs and errors; returns copies', async () => {
    const session = await known();
    const input = ui();
    const before = JSON.stringify(input);
    const out = await session.anonymizeMessages(input);
    expect(JSON.stringify(input)).toBe(before); // not modified
    const json = JSON.stringify(out);
    for (const clear of [JEAN, MARIE, 'Jean Dupont', 'Marie Curie', '王伟'])
      expect(json).not.toContain(clear);
    // The typed token is neutralised (G8), the assistant's own token kept.
    expect(session.tokensIn(out[0]!.parts)).toEqual(['<<EMAIL:1>>']);
    expect((out[0]!.parts[0] as { text: string }).text).toMatch(
      /^Écrivez à <<EMAIL:1>> ‹‹EMAIL:1››$/,
    );
    const parts = out[1]!.parts as Record<string, unknown>[];
    expect(parts[1]!.text).toBe('about <<EMAIL:1>>');
    // A value the assistant introduced stays (BR-TOOL-09); known ones are masked.
    expect(parts[2]!.text).toBe("J'écris à <<EMAIL:1>> et à nouveau@exemple.fr (<<PERSON:1>>).");
    expect(parts[3]!.input).toEqual({ to: '<<EMAIL:1>>', n: 2 });
    expect(parts[3]!.output).toEqual({ ok: true, cc: '<<EMAIL:2>>' });
    expect(parts[4]!.errorText).toBe('refused: <<PERSON:2>>');
    expect(parts[5]!.input).toEqual({ q: '<<PERSON:1>>' });
    expect(parts[5]!.output).toBe('<<PERSON:3>> <<<EMAIL:2>>>');
    expect(parts[6]).toEqual({ type: 'data-weather', data: { city: 'Paris' } });
    expect(out[1]!.metadata).toEqual({ at: 1 });
    expect(out[1]!.id).toBe('a1');
  });

  it('`assistant: all` also masks values the assistant introduced', async () => {
    const out = await (await known()).anonymizeMessages(ui(), { assistant: 'all' });
    expect(JSON.stringify(out)).not.toContain('nouveau@exemple.fr');
  });

  it('masks every tool output, whatever the strategy (stored history free of PII)', async () => {
    const session = await known();
    session.toolStrategies.set('send', 'passthrough');
    const out = await session.anonymizeMessages(ui());
    expect((out[1]!.parts[3] as { output: unknown }).output).toEqual({
      ok: true,
      cc: '<<EMAIL:2>>',
    });
  });

  it('steering messages are new user input', async () => {
    const session = await known();
    const [out] = await session.anonymizeMessages([
      {
        role: 'assistant',
        parts: [
          {
            type: 'steering-message',
            id: 's',
            parts: [{ type: 'text', text: `Aussi ${MARIE} <<EMAIL:1>>` }],
          },
        ],
      },
    ]);
    const text = (out!.parts[0] as { parts: { text: string }[] }).parts[0]!.text;
    expect(text).toBe('Aussi <<EMAIL:2>> ‹‹EMAIL:1››');
  });
});

describe('session.anonymizeMessages: model messages', () => {
  it('handles string and part content, tool calls and typed results', async () => {
    const session = await known();
    const out = await session.anonymizeMessages([
      { role: 'system', content: `Assist ${JEAN}` },
      { role: 'user', content: `Et ${MARIE}` },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c', toolName: 't', input: { to: MARIE } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c',
            toolName: 't',
            output: { type: 'json', value: { who: 'Marie Curie' } },
          },
          {
            type: 'tool-approval-response',
            approvalId: 'a',
            approved: false,
            reason: `not ${JEAN}`,
          },
        ],
      },
    ]);
    expect(out[0]!.content).toBe(`Assist ${JEAN}`); // system kept by default
    expect(out[1]!.content).toBe('Et <<EMAIL:2>>');
    expect(out[2]!.content).toEqual([
      { type: 'tool-call', toolCallId: 'c', toolName: 't', input: { to: '<<EMAIL:2>>' } },
    ]);
    const tool = out[3]!.content as { output?: unknown; reason?: string }[];
    expect(tool[0]!.output).toEqual({ type: 'json', value: { who: '<<PERSON:2>>' } });
    expect(tool[1]!.reason).toBe('not <<EMAIL:1>>');
    const withSystem = await session.anonymizeMessages(
      [{ role: 'system', content: `Assist ${JEAN}` }],
      { system: 'anonymize' },
    );
    expect(withSystem[0]!.content).toBe('Assist <<EMAIL:1>>');
  });

  it('history: user tokens neutralised (untrusted), kept before the last (trusted), kept everywhere (anonymized)', async () => {
    const session = await known();
    const messages = [
      { role: 'user', content: 'Écrivez à <<PERSON:1>>' },
      { role: 'assistant', content: 'Ok <<PERSON:1>>' },
      { role: 'user', content: 'Et <<EMAIL:1>>' },
    ];
    const untrusted = await session.anonymizeMessages(messages);
    expect(session.tokensIn([untrusted[0], untrusted[2]])).toEqual([]);
    expect(untrusted[1]!.content).toBe('Ok <<PERSON:1>>');
    const trusted = await session.anonymizeMessages(messages, { history: 'trusted' });
    expect(trusted[0]!.content).toBe('Écrivez à <<PERSON:1>>');
    expect(session.tokensIn(trusted[2])).toEqual([]);
    const anonymized = await session.anonymizeMessages(messages, { history: 'anonymized' });
    expect(anonymized.map((m) => m.content)).toEqual(messages.map((m) => m.content));
  });

  it('one anonymizeMany call per kind of text, detecting kinds before the known-only sweep', async () => {
    const calls: { role?: string; n: number }[] = [];
    const fake = vi.fn(async (texts: readonly string[], o: { role?: string }) => {
      calls.push({ role: o.role, n: texts.length });
      return texts.map((t) => t.toUpperCase());
    });
    const out = await anonymizeMessages(
      [
        { role: 'assistant', content: 'a1' },
        { role: 'user', content: 'u1' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'a2' },
            { type: 'tool-call', input: { x: 'a3', y: ['a4'] } },
          ],
        },
        {
          role: 'tool',
          content: [{ type: 'tool-result', toolName: 't', output: { type: 'text', value: 't1' } }],
        },
        { role: 'user', content: 'u2' },
      ],
      fake,
    );
    expect(calls).toEqual([
      { role: 'user', n: 2 },
      { role: 'tool', n: 1 },
      // a1, a2, and the tool call input's keys and values: x, a3, y, a4.
      { role: 'assistant', n: 6 },
    ]);
    expect(JSON.stringify(out)).toBe(
      JSON.stringify([
        { role: 'assistant', content: 'A1' },
        { role: 'user', content: 'U1' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'A2' },
            { type: 'tool-call', input: { X: 'A3', Y: ['A4'] } },
          ],
        },
        {
          role: 'tool',
          content: [{ type: 'tool-result', toolName: 't', output: { type: 'text', value: 'T1' } }],
        },
        { role: 'user', content: 'U2' },
      ]),
    );
  });

  it('rejects invalid input and options', async () => {
    const session = await known();
    await expect(session.anonymizeMessages('hi' as never)).rejects.toBeInstanceOf(PiiConfigError);
    await expect(
      session.anonymizeMessages([], { history: 'maybe' as never }),
    ).rejects.toBeInstanceOf(PiiConfigError);
  });
});
