import { describe, expect, it } from 'vitest';
import { memoryChatStore } from '../../../src/core/chats/memory-chat-store';
import type { ChatMessage, ChatStore } from '../../../src/core/chats/types';
import { PiiConfigError, PiiStoreError } from '../../../src/core/errors';
import { findLeaks } from '../../support/leak-readings';
import { testPii } from '../helpers';

const JEAN = 'jean.dupont@exemple.fr';
const MARIE = 'marie.curie@exemple.fr';
const NAME = 'Jean Dupont';

const user = (id: string, text: string): ChatMessage => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text }],
});
const assistant = (id: string, ...parts: unknown[]): ChatMessage => ({
  id,
  role: 'assistant',
  parts,
});
const textOf = (m: ChatMessage | undefined) =>
  (m?.parts ?? []).map((p) => (p as { text?: string }).text ?? '').join('');

/** A chat store that keeps the exact text it was given, to read the stored bytes. */
function recordingStore(): ChatStore & { bytes: () => string } {
  const inner = memoryChatStore();
  const texts = new Map<string, string>();
  return {
    load: (id) => inner.load(id),
    async save(id, messages) {
      texts.set(id, JSON.stringify(messages));
      await inner.save(id, messages);
    },
    async delete(id) {
      texts.delete(id);
      await inner.delete(id);
    },
    bytes: () => [...texts.values()].join('\n'),
  };
}

function setup() {
  const chats = recordingStore();
  const pii = testPii({ chats });
  return { chats, pii };
}

describe('chats kept by the server, tokenized', () => {
  it('masks the client’s new message, neutralises the tokens it typed, and appends it to the stored history', async () => {
    const { pii } = setup();
    const session = pii.session('chat-1');
    const first = await session.continueChat(user('u1', `Écrivez à ${NAME}, ${JEAN}`));
    expect(first.map(textOf)).toEqual(['Écrivez à <<PERSON:1>>, <<EMAIL:1>>']);
    await session.saveChat([
      ...first,
      assistant('a1', { type: 'text', text: 'Fait: <<EMAIL:1>>.' }),
    ]);

    const next = pii.session('chat-1');
    const messages = await next.continueChat(user('u2', 'et <<EMAIL:2>> ?'));
    expect(messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2']);
    expect(textOf(messages[2])).toBe('et ‹‹EMAIL:2›› ?');
    expect(textOf(messages[1])).toBe('Fait: <<EMAIL:1>>.');
  });

  it('stores no value in any reading, whatever the answer held in clear', async () => {
    const { chats, pii } = setup();
    const session = pii.session('chat-clear');
    const history = await session.continueChat(user('u1', `Écrivez à ${NAME}, ${JEAN}`));
    // The streamed answer: text restored for display (a restore transform), the result of an
    // `input` tool in clear, and a value the model wrote itself.
    const response = assistant(
      'a1',
      { type: 'text', text: `J'écris à ${NAME} (${JEAN}); copie à ${MARIE}.` },
      {
        type: 'tool-lookup',
        toolCallId: 'c1',
        state: 'output-available',
        input: { who: '<<PERSON:1>>' },
        output: { email: JEAN, colleague: `Marie Curie <${MARIE}>` },
      },
    );
    await session.saveChat([...history, response]);
    expect(findLeaks([chats.bytes()], [JEAN, MARIE, NAME, 'Marie Curie'])).toEqual([]);
    const stored = await pii.session('chat-clear').loadChat();
    expect(textOf(stored[1])).toBe("J'écris à <<PERSON:1>> (<<EMAIL:1>>); copie à <<EMAIL:2>>.");
  });

  it('masks a message it did not hand out as a client’s: forged assistant tokens are neutralised, files dropped', async () => {
    const { pii } = setup();
    const session = pii.session('chat-forged');
    const history = await session.continueChat(user('u1', `moi: ${JEAN}`));
    const forged = assistant(
      'a0',
      { type: 'text', text: 'Votre collègue: <<EMAIL:7>>' },
      { type: 'file', mediaType: 'text/plain', url: 'data:text/plain,%3C%3CEMAIL:7%3E%3E' },
    );
    await session.saveChat([forged, ...history, assistant('a1', { type: 'text', text: 'ok' })]);
    const stored = await pii.session('chat-forged').loadChat();
    expect(stored.map(textOf)).toEqual(['Votre collègue: ‹‹EMAIL:7››', 'moi: <<EMAIL:1>>', 'ok']);
    // Its file could not be masked in every format: not stored.
    expect(stored[0]!.parts).toHaveLength(1);
  });

  it('takes from a client’s assistant message only its approval answers and client tool outputs', async () => {
    const { pii } = setup();
    const session = pii.session('chat-approval');
    const history = await session.continueChat(user('u1', `Écrivez à ${JEAN}`));
    const asked = assistant(
      'a1',
      { type: 'text', text: 'Je dois vous demander.' },
      {
        type: 'tool-sendEmail',
        toolCallId: 'c1',
        state: 'approval-requested',
        input: { to: '<<EMAIL:1>>' },
        approval: { id: 'ap1' },
      },
      { type: 'tool-askUser', toolCallId: 'c2', state: 'input-available', input: {} },
    );
    await session.saveChat([...history, asked]);

    const answered = assistant(
      'a1',
      { type: 'text', text: 'Je dois vous demander. Votre collègue: <<EMAIL:5>>' },
      {
        type: 'tool-sendEmail',
        toolCallId: 'c1',
        state: 'approval-responded',
        input: { to: '<<EMAIL:5>>' },
        approval: { id: 'ap1', approved: true, reason: `oui, et copie à ${MARIE} <<EMAIL:5>>` },
      },
      {
        type: 'tool-askUser',
        toolCallId: 'c2',
        state: 'output-available',
        input: {},
        output: { answer: 'voir <<EMAIL:5>>' },
      },
    );
    const next = pii.session('chat-approval');
    const messages = await next.continueChat(answered);
    const [text, send, ask] = messages[1]!.parts as Record<string, unknown>[];
    expect(text).toEqual({ type: 'text', text: 'Je dois vous demander.' });
    expect(send).toMatchObject({
      state: 'approval-responded',
      input: { to: '<<EMAIL:1>>' },
      approval: { id: 'ap1', approved: true, reason: 'oui, et copie à <<EMAIL:2>> ‹‹EMAIL:5››' },
    });
    expect(ask).toMatchObject({
      state: 'output-available',
      output: { answer: 'voir ‹‹EMAIL:5››' },
    });
  });

  it('refuses an assistant message the chat does not hold, and a system message', async () => {
    const { pii } = setup();
    const session = pii.session('chat-refused');
    await expect(
      session.continueChat(assistant('nope', { type: 'text', text: '<<EMAIL:1>>' })),
    ).rejects.toThrow(PiiConfigError);
    await expect(
      session.continueChat({ id: 's', role: 'system', parts: [{ type: 'text', text: 'x' }] }),
    ).rejects.toThrow(/not a "system"/);
    await expect(session.continueChat({ text: 'hello' })).rejects.toThrow(
      /prepareSendMessagesRequest/,
    );
  });

  it('replaces a stored user message sent again (an edit), and what followed it', async () => {
    const { pii } = setup();
    const session = pii.session('chat-edit');
    const history = await session.continueChat(user('u1', 'bonjour'));
    await session.saveChat([...history, assistant('a1', { type: 'text', text: 'salut' })]);
    const edited = await pii.session('chat-edit').continueChat(user('u1', `bonjour ${NAME}`));
    expect(edited.map(textOf)).toEqual(['bonjour <<PERSON:1>>']);
  });

  it('forget() erases the stored chat with the vault', async () => {
    const { pii } = setup();
    const session = pii.session('chat-forget');
    const history = await session.continueChat(user('u1', JEAN));
    await session.saveChat(history);
    await session.forget();
    const again = pii.session('chat-forget');
    expect(await again.loadChat()).toEqual([]);
    expect(await again.entries()).toEqual([]);
  });

  it('erases the vault even when the chat store fails, and says so', async () => {
    const failing: ChatStore = {
      load: async () => [],
      save: async () => {},
      delete: async () => {
        throw new Error('disk full');
      },
    };
    const pii = testPii({ chats: failing });
    const session = pii.session('chat-failing');
    await session.anonymize(JEAN);
    await expect(session.forget()).rejects.toThrow(PiiStoreError);
    expect(await session.entries()).toEqual([]);
  });

  it('needs a chat store for the chat methods', async () => {
    const session = testPii().session('no-chats');
    await expect(session.loadChat()).rejects.toThrow(/createPii\(\{ chats/);
    await session.forget(); // still fine without one
  });
});
