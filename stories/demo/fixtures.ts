import type { UIMessage } from 'ai';
import type { PiiEntry } from '../../src/react/index';

/** Entries the server would send for the stored chat below (its displayed tokens only). */
export const ENTRIES: PiiEntry[] = [
  { token: '<<PERSON:1>>', label: 'PERSON', value: 'Jean Dupont' },
  { token: '<<EMAIL:1>>', label: 'EMAIL', value: 'jean.dupont@exemple.fr' },
  { token: '<<EMAIL:2>>', label: 'EMAIL', value: 'marie.curie@exemple.fr' },
];

/** A chat as the app stores it: tokens only. */
export const STORED_CHAT: UIMessage[] = [
  {
    id: 'u1',
    role: 'user',
    parts: [{ type: 'text', text: 'Écrivez à <<PERSON:1>>, <<EMAIL:1>>.' }],
  },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      {
        type: 'text',
        text: 'C’est fait : e-mail envoyé à <<PERSON:1>> (<<EMAIL:1>>), copie à <<EMAIL:2>>.',
        state: 'done',
      },
    ],
  },
];

/** An assistant message waiting for the user to approve a tool call. */
export const APPROVAL_CHAT: UIMessage[] = [
  { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Envoyez le dossier à <<PERSON:1>>.' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      {
        type: 'tool-sendEmail',
        toolCallId: 'call-1',
        state: 'approval-requested',
        input: {
          to: '<<EMAIL:1>>',
          cc: ['<<EMAIL:2>>'],
          body: 'Bonjour <<PERSON:1>>, voici votre dossier.',
        },
        approval: { id: 'approval-1' },
      } as UIMessage['parts'][number],
    ],
  },
];
