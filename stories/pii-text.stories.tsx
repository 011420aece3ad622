import type { Meta, StoryObj } from '@storybook/react';
import { PiiText } from '../src/react/index';
import { ENTRIES } from './demo/fixtures';

const meta = {
  title: 'ai-sdk-pii/PiiText',
  component: PiiText,
  args: {
    text: 'E-mail envoyé à <<PERSON:1>> (<<EMAIL:1>>), copie à <<EMAIL:2>>.',
    entries: ENTRIES,
  },
} satisfies Meta<typeof PiiText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Restored values in `<mark>`, with the label and token in `title` and `data-*`. */
export const Highlighted: Story = {
  args: { markClassName: 'pii' },
  decorators: [
    (Story) => (
      <>
        <style>{'.pii { background: #fff3bf; border-radius: 3px; padding: 0 2px; }'}</style>
        <Story />
      </>
    ),
  ],
};

/** A token the browser has no entry for (invented by the model, or never shown). */
export const UnknownToken: Story = {
  args: {
    text: 'Rappeler <<PERSON:1>> au <<PHONE:1>>.',
    renderToken: (token) => (
      <span className="pii-unknown">[{token.label.toLowerCase()} masqué]</span>
    ),
  },
};

/** The app's own rendering of a restored value. */
export const CustomRender: Story = {
  args: {
    renderValue: (entry) => (
      <abbr title={entry.label} className={`pii-${entry.label.toLowerCase()}`}>
        {entry.value}
      </abbr>
    ),
  },
};

/** A text still streaming: the trailing fragment is held back. */
export const Streaming: Story = {
  args: { text: 'E-mail envoyé à <<PERSON:1>> (<<EMA', streaming: true },
};
