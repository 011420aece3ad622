import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/core/chats/types';
import { createPii } from '../../src/core/create-pii';
import { PiiConfigError, PiiStoreError } from '../../src/core/errors';
import { redisChatStore, redisVaultStore } from '../../src/redis';
import { testEmailDetector, testNameDetector } from '../core/helpers';
import { findLeaks } from '../support/leak-readings';
import { dumpServer, type RawClient, rawClient, redisUrl, testEncryption } from './helpers';
import { startRedisServer } from './redis-server';

const JEAN = 'jean.dupont@exemple.fr';
const MARIE = 'marie.curie@exemple.fr';
const NAMES = ['Jean Dupont', 'Marie Curie'];
const detectors = [testEmailDetector, testNameDetector(NAMES)];

const user = (id: string, text: string): ChatMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
});

describe('redisChatStore', () => {
  let raw: RawClient;
  beforeAll(async () => {
    raw = await rawClient();
  });
  afterAll(async () => {
    await raw.close();
  });

  it('saves, loads (as a copy) and deletes a chat; an unknown chat loads as []', async () => {
    const store = redisChatStore({ url: redisUrl(), prefix: 'chat-rt:' });
    const messages = [user('u1', '<<EMAIL:1>>'), user('u2', 'é 王伟 {braces}')];
    expect(await store.load('chat-rt')).toEqual([]);
    await store.save('chat-rt', messages);
    expect(await store.load('chat-rt')).toEqual(messages);
    expect(await raw.exists(store.keyName('chat-rt'))).toBe(1);
    await store.delete('chat-rt');
    expect(await store.load('chat-rt')).toEqual([]);
    expect(await raw.exists(store.keyName('chat-rt'))).toBe(0);
    await store.close();
  });

  it('slides a TTL on every load and save by default, and keeps chats with ttl: false', async () => {
    const sliding = redisChatStore({ url: redisUrl(), prefix: 'chat-ttl:', ttl: 100 });
    const kept = redisChatStore({ url: redisUrl(), prefix: 'chat-keep:', ttl: false });
    await sliding.save('c', [user('u1', 'x')]);
    await kept.save('c', [user('u1', 'x')]);
    await raw.expire(sliding.keyName('c'), 10);
    await sliding.load('c');
    expect(await raw.ttl(sliding.keyName('c'))).toBeGreaterThan(50);
    expect(await raw.ttl(kept.keyName('c'))).toBe(-1);
    await sliding.close();
    await kept.close();
  });

  it('keeps chat ids with braces or spaces in their own key, in one hash slot', () => {
    const store = redisChatStore({ url: redisUrl() });
    expect(store.keyName('chat-42')).toBe('pii-chat:{chat-42}:chat');
    expect(store.keyName('a {b}')).not.toBe(store.keyName('a b'));
    expect(store.keyName('a {b}')).toMatch(/^pii-chat:\{~[A-Za-z0-9_-]+\}:chat$/);
  });

  it('refuses bad options, and fails with PiiStoreError when Redis is unreachable', async () => {
    expect(() => redisChatStore({} as never)).toThrow(PiiConfigError);
    expect(() => redisChatStore({ url: 'http://x' })).toThrow(PiiConfigError);
    expect(() => redisChatStore({ url: redisUrl(), prefix: '{x}' })).toThrow(PiiConfigError);
    expect(() => redisChatStore({ url: redisUrl(), ttl: 0 })).toThrow(PiiConfigError);
    expect(() => redisChatStore({ url: redisUrl(), prefx: 'c:' } as never)).toThrow(
      /^redisChatStore: unknown option `prefx`; did you mean `prefix`\?/,
    );
    const down = redisChatStore({ url: 'redis://127.0.0.1:1', commandTimeoutMs: 500 });
    await expect(down.load('c')).rejects.toThrow(PiiStoreError);
    await down.close();
  });

  it('holds no value in any reading of its bytes, and forget() erases the chat with the vault', async () => {
    // A server of its own: its dump is exactly what this chat and its vault left in Redis.
    const server = await startRedisServer();
    const url = server.url;
    const dedicated = await rawClient(url);
    const chats = redisChatStore({ url });
    const store = redisVaultStore({ url, encryption: testEncryption() });
    const pii = createPii({ detectors, store, chats });
    try {
      const session = pii.session('chat-leaks');
      const history = await session.continueChat(
        user('u1', `Écrivez à Jean Dupont, ${JEAN}, avec copie à Marie Curie`),
      );
      const response: ChatMessage = {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'text', text: `Envoyé à Jean Dupont (${JEAN}).` },
          {
            type: 'tool-lookupColleague',
            toolCallId: 'c1',
            state: 'output-available',
            input: { name: '<<PERSON:2>>' },
            output: { email: MARIE },
          },
        ],
      };
      await session.saveChat([...history, response]);

      const dump = await dumpServer(dedicated);
      expect(dump).toContain('pii-chat:{chat-leaks}:chat');
      expect(findLeaks([dump], [JEAN, MARIE, ...NAMES], { variants: true })).toEqual([]);
      // What a reload displays is the tokens, with entries for the values.
      const reloaded = await pii.session('chat-leaks').loadChat();
      expect(JSON.stringify(reloaded)).toContain('Envoyé à <<PERSON:1>> (<<EMAIL:1>>).');

      await pii.session('chat-leaks').forget();
      expect(await pii.session('chat-leaks').loadChat()).toEqual([]);
      expect(await dedicated.exists(chats.keyName('chat-leaks'))).toBe(0);
      expect(await store.list('chat-leaks')).toEqual([]);
    } finally {
      await chats.close();
      await store.close();
      await dedicated.close();
      await server.stop();
    }
  });
});
