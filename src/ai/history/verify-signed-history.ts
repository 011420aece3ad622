import type { UIMessage } from 'ai';
import { chatFieldsOf } from '../../core/chats/client-input';
import { checkOptions, type OptionKeys } from '../../core/check-options';
import { PiiConfigError } from '../../core/errors';
import { verifySignatures } from '../../core/history/verify-signatures';
import { historySignerOf, type PiiSession } from '../../core/session';
import { aiSessionState, type VouchedTokens } from '../session-state';

export interface VerifySignedHistoryOptions<UI_MESSAGE extends UIMessage = UIMessage> {
  /** The conversation: `pii.session(chatId)`, of a `createPii({ historySecret })`. */
  session: PiiSession;
  /** The messages the client sent (the default `useChat` body's `messages`). */
  messages: readonly UI_MESSAGE[];
}

const VERIFY_SIGNED_HISTORY_KEYS = {
  session: { required: 'the conversation, pii.session(chatId)' },
  messages: { required: "the client's messages (the useChat body's `messages`)" },
} as const satisfies OptionKeys<VerifySignedHistoryOptions>;

const WHERE: Record<string, keyof VouchedTokens> = {
  text: 'text',
  input: 'call',
  rawInput: 'call',
  output: 'result',
  errorText: 'result',
};

/**
 * Checks the history a client sent back against the signatures that the UI message stream put
 * in each assistant message's metadata (`createPii({ historySecret })`). Every assistant piece
 * (a text, a reasoning, a tool call's input, output or error) whose signature does not hold
 * (forged, altered, unsigned, from another chat) is masked as user input: its values get
 * tokens and the tokens it holds are neutralised, so the model reads it as it reads what a user
 * typed. System messages from the client are masked the same way. The tokens of what holds are
 * vouched for, where they stand, to `piiMiddleware({ history: 'signed' })`, which neutralises
 * any other token in assistant text, tool calls and tool results.
 *
 * @example
 * const { id, messages } = await req.json();
 * const session = pii.session(id);
 * const history = await verifySignedHistory({ session, messages });
 * const result = streamText({
 *   model: wrapLanguageModel({ model, middleware: piiMiddleware({ session, history: 'signed' }) }),
 *   messages: await convertToModelMessages(history),
 * });
 */
export async function verifySignedHistory<UI_MESSAGE extends UIMessage = UIMessage>(
  options: VerifySignedHistoryOptions<UI_MESSAGE>,
): Promise<UI_MESSAGE[]> {
  checkOptions('verifySignedHistory', options, VERIFY_SIGNED_HISTORY_KEYS);
  const { session, messages } = options;
  if (typeof session?.anonymizeValue !== 'function') {
    throw new PiiConfigError(
      'verifySignedHistory({ session, messages }) needs a session: pii.session(chatId).',
    );
  }
  const signer = historySignerOf(session);
  if (!signer) {
    throw new PiiConfigError(
      'verifySignedHistory needs the secret that signs assistant messages: createPii({ historySecret }).',
    );
  }
  if (!Array.isArray(messages)) {
    throw new PiiConfigError(
      'verifySignedHistory({ session, messages }): `messages` must be an array.',
    );
  }
  const checked = await verifySignatures(messages, {
    chatId: session.id,
    signer,
    maskUserValues: (values) => session.anonymizeValue(values, { role: 'user' }),
  });
  const vouched: VouchedTokens = { text: new Set(), call: new Set(), result: new Set() };
  for (const message of checked) {
    if (message.role !== 'assistant') continue;
    for (const part of message.parts) {
      for (const field of chatFieldsOf(part)) {
        const value = (part as unknown as Record<string, unknown>)[field];
        for (const token of session.tokensIn(value)) vouched[WHERE[field]!].add(token);
      }
    }
  }
  aiSessionState(session).vouched = vouched;
  return checked;
}
