import type { Meta, StoryObj } from '@storybook/react';
import { APPROVAL_CHAT, ENTRIES, STORED_CHAT } from './demo/fixtures';
import { PiiChatDemo } from './demo/pii-chat-demo';
import { entriesChunk, textChunks } from './demo/scripted-transport';

const meta = {
  title: 'ai-sdk-pii/usePiiChat',
  component: PiiChatDemo,
} satisfies Meta<typeof PiiChatDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A stored chat (tokens only) reloaded with the entries of its displayed tokens. */
export const Transcript: Story = {
  args: { messages: STORED_CHAT, initialEntries: ENTRIES },
};

/** The same transcript with restored values marked by `PiiText`. */
export const HighlightedTranscript: Story = {
  args: { messages: STORED_CHAT, initialEntries: ENTRIES, highlight: true },
};

/**
 * An answer whose tokens are split across deltas (`<<PERS` + `ON:1>>`): the fragment is held
 * back until the token completes, its entry arriving just before.
 */
export const StreamingSplitToken: Story = {
  args: {
    delayMs: 120,
    autoSend: 'Écrivez à Jean Dupont, jean.dupont@exemple.fr',
    turns: [
      [
        { type: 'start' },
        { type: 'start-step' },
        ...textChunks('t1', 'C’est fait : e-mail envoyé à <<PERS').slice(0, 2),
        entriesChunk(ENTRIES[0]!),
        { type: 'text-delta', id: 't1', delta: 'ON:1>> (<<EMA' },
        { type: 'text-delta', id: 't1', delta: 'IL:1' },
        entriesChunk(ENTRIES[1]!),
        { type: 'text-delta', id: 't1', delta: '>>).' },
        { type: 'text-end', id: 't1' },
        { type: 'finish-step' },
        { type: 'finish' },
      ],
    ],
  },
};

/** An approval screen: the tool's arguments shown with real values, the state keeps tokens. */
export const ToolCallApproval: Story = {
  args: { messages: APPROVAL_CHAT, initialEntries: ENTRIES },
};
