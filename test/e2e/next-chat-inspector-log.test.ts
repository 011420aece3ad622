import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTurn } from '../../examples/next-chat/app/inspector-log';
import {
  INSPECTOR_TURN_HEADER,
  type MockOpenAI,
  startMockOpenAI,
} from './support/mock-openai-server';

/**
 * The example's inspector reads the mock server's request log by turn: the exact bytes each
 * request carried and what the model answered, and a plain explanation when there is no log.
 */
describe("the example app's inspector log", () => {
  let mock: MockOpenAI;
  const post = (turn: string | undefined, content: string) =>
    fetch(`${mock.baseURL}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(turn ? { [INSPECTOR_TURN_HEADER]: turn } : {}),
      },
      body: `{"model":"gpt-4o-mini","messages":[{"role":"user","content":"${content}"}]}`,
    });

  beforeAll(async () => {
    mock = await startMockOpenAI(({ body }) => ({
      text: [`echo ${JSON.stringify(body.messages.at(-1)?.content)}`],
      toolCalls: [{ name: 'note', args: { about: '<<PERSON:1>>' } }],
    }));
    await post('turn-a', 'one <<EMAIL:1>>');
    await post('turn-b', 'two');
    await post(undefined, 'untagged');
    await post('turn-a', 'three');
  });
  afterAll(() => mock.close());

  it("lists a turn's requests in order, byte for byte, with the answer as written", async () => {
    const log = await readTurn('turn-a', mock.baseURL);
    if (!('steps' in log)) throw new Error(log.error);
    expect(log.steps.map((s) => s.index)).toEqual([0, 3]);
    expect(log.steps[0]!.raw).toBe(mock.requests[0]!.raw);
    expect(log.steps[0]!.reply).toEqual({
      text: 'echo "one <<EMAIL:1>>"',
      toolCalls: [{ name: 'note', args: { about: '<<PERSON:1>>' } }],
    });
    const other = await readTurn('turn-b', mock.baseURL);
    expect('steps' in other && other.steps.map((s) => s.index)).toEqual([1]);
  });

  it('says where the log comes from when there is none', async () => {
    expect(await readTurn('turn-a', undefined)).toEqual({
      error: expect.stringContaining('OPENAI_BASE_URL=unset'),
    });
    // A server that is not the mock (here: nothing listens on the port any more).
    const gone = await startMockOpenAI(() => ({ text: ['x'] }));
    const url = gone.baseURL;
    await gone.close();
    expect(await readTurn('turn-a', url)).toEqual({
      error: expect.stringContaining('local mock OpenAI server'),
    });
  });
});
