import { describe, expect, it } from 'vitest';
import { memoryChatStore } from '../../../src/core/chats/memory-chat-store';
import { PiiConfigError } from '../../../src/core/errors';

const chat = (text: string) => [
  { id: 'm1', role: 'user', parts: [{ type: 'text', text }] },
  { id: 'm2', role: 'assistant', parts: [{ type: 'text', text: 'ok' }], metadata: { n: 1 } },
];
const HOUR = 60 * 60 * 1000;

describe('memoryChatStore', () => {
  it('gives [] for a chat it does not hold, and back what was saved, as a copy', async () => {
    const store = memoryChatStore();
    expect(await store.load('new')).toEqual([]);
    const saved = chat('<<EMAIL:1>>');
    await store.save('c1', saved);
    (saved[0]!.parts[0] as { text: string }).text = 'changed after saving';
    const loaded = await store.load('c1');
    expect(loaded).toEqual(chat('<<EMAIL:1>>'));
    (loaded[0]!.parts[0] as { text: string }).text = 'changed after loading';
    expect(await store.load('c1')).toEqual(chat('<<EMAIL:1>>'));
  });

  it('replaces a chat on save and deletes it on delete', async () => {
    const store = memoryChatStore();
    await store.save('c1', chat('first'));
    await store.save('c1', chat('second'));
    expect((await store.load('c1'))[0]!.parts).toEqual([{ type: 'text', text: 'second' }]);
    await store.delete('c1');
    await store.delete('c1'); // deleting twice is fine
    expect(await store.load('c1')).toEqual([]);
  });

  it('drops a chat unused for longer than the idle TTL, and keeps one in use', async () => {
    let now = 0;
    const store = memoryChatStore({ idleTtlMs: HOUR, now: () => now });
    await store.save('idle', chat('a'));
    await store.save('used', chat('b'));
    now += HOUR / 2;
    await store.load('used');
    now += HOUR * 0.75;
    expect(await store.load('idle')).toEqual([]);
    expect(await store.load('used')).toHaveLength(2);
  });

  it('keeps at most maxChats, the least recently used going first', async () => {
    const store = memoryChatStore({ maxChats: 2 });
    await store.save('a', chat('a'));
    await store.save('b', chat('b'));
    await store.load('a');
    await store.save('c', chat('c'));
    expect(await store.load('b')).toEqual([]);
    expect(await store.load('a')).toHaveLength(2);
    expect(await store.load('c')).toHaveLength(2);
  });

  it('refuses options and ids that are not what it needs', async () => {
    expect(() => memoryChatStore({ maxChats: 0 })).toThrow(PiiConfigError);
    expect(() => memoryChatStore({ idleTtlMs: -1 })).toThrow(PiiConfigError);
    await expect(memoryChatStore().load('')).rejects.toThrow(PiiConfigError);
  });
});
