import type { UIMessage } from 'ai';
import { createPii, tokensInMessages } from 'ai-sdk-pii';

/** The conversation as it happened: what the user typed, and the model's answer (tokens). */
const CONVERSATION: UIMessage[] = [
  {
    id: 'stored-1',
    role: 'user',
    parts: [
      {
        type: 'text',
        text: 'Écrivez à Jean Dupont, jean.dupont@exemple.fr, que son dossier est prêt',
      },
    ],
  },
  {
    id: 'stored-2',
    role: 'assistant',
    parts: [{ type: 'text', text: 'Done: email sent to <<PERSON:1>> (<<EMAIL:1>>).' }],
  },
];

const pii = createPii();

/**
 * A chat as the server keeps it: tokenized messages (`session.anonymizeMessages`, so nothing
 * at rest is personal data) and, to show them, the entries of exactly the tokens they hold.
 * It stands in for the app's chat store: load the messages by chat id, then ask the session
 * for their entries.
 */
export async function storedChat(chatId: string) {
  const session = pii.session(chatId);
  const messages = await session.anonymizeMessages(CONVERSATION);
  const entries = await session.entries(tokensInMessages(messages, { format: session.format }));
  return { messages, entries };
}
