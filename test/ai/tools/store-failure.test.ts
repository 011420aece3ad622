import { generateText, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { piiMiddleware } from '../../../src/ai/pii-middleware';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';
import type { VaultStore } from '../../../src/core/vault/types';
import { testPii } from '../../core/helpers';
import { clearValuesIn, JEAN_EMAIL, MARIE_EMAIL } from './conversation';
import { toolCallingModel } from './model-fixtures';

/** A memory store that can be switched off, as a Redis server going down mid-conversation. */
function switchableStore() {
  const inner = memoryVaultStore();
  const state = { down: false };
  const guard =
    <K extends keyof VaultStore>(method: K) =>
    (...args: Parameters<NonNullable<VaultStore[K]>>) => {
      if (state.down) return Promise.reject(new Error('connection lost'));
      return (inner[method] as (...a: unknown[]) => Promise<unknown>)(...args);
    };
  const store = {
    allocate: guard('allocate'),
    getByRefs: guard('getByRefs'),
    getByCanonical: guard('getByCanonical'),
    list: guard('list'),
    summary: guard('summary'),
    forget: guard('forget'),
  } as VaultStore;
  return { store, state };
}

describe('vault store failing around a tool call (G7)', () => {
  it('the tool never runs when its arguments cannot be restored, and the model sees no value', async () => {
    const { store, state } = switchableStore();
    const session = testPii({ store }).session('store-down-args');
    const prompt = await session.anonymize(`Écrivez à ${JEAN_EMAIL}`);
    state.down = true;
    const execute = vi.fn(async () => 'sent');
    const model = toolCallingModel({ toolName: 'sendEmail', input: { to: '<<EMAIL:1>>' } });
    await generateText({
      model,
      tools: withPiiTools(
        { sendEmail: tool({ inputSchema: z.object({ to: z.string() }), execute }) },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(2),
    });
    expect(execute).not.toHaveBeenCalled();
    for (const call of model.doGenerateCalls) expect(clearValuesIn(call.prompt)).toEqual([]);
  });

  it('a result that cannot be masked never reaches the model in clear', async () => {
    const { store, state } = switchableStore();
    const session = testPii({ store }).session('store-down-result');
    const prompt = await session.anonymize(`Écrivez à ${JEAN_EMAIL}`);
    const model = toolCallingModel({ toolName: 'lookup', input: { to: '<<EMAIL:1>>' } });
    const run = generateText({
      model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
      tools: withPiiTools(
        {
          lookup: tool({
            inputSchema: z.object({ to: z.string() }),
            execute: async ({ to }) => {
              state.down = true; // the store goes down while the tool runs
              return `${to} works with ${MARIE_EMAIL}`;
            },
          }),
        },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(2),
    });
    await expect(run).rejects.toThrow(/Vault store failed/);
    expect(model.doGenerateCalls).toHaveLength(1);
    for (const call of model.doGenerateCalls) expect(clearValuesIn(call.prompt)).toEqual([]);
  });
});
