import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PiiConfigError } from '../../src/core/errors';
import { defaultPlaceholderFormat } from '../../src/core/placeholder/format';
import * as react from '../../src/react/index';
import {
  createPiiEntryStore,
  displayText,
  PiiText,
  type PiiTextProps,
  usePiiChat,
} from '../../src/react/index';

/**
 * The browser entry checks its options as the server entry does: a missing required prop or
 * option and an unknown key throw `PiiConfigError`, naming the closest known key. Rendered on
 * the server (`renderToString`), which throws what a component throws.
 */

const JEAN = { token: '<<PERSON:1>>', label: 'PERSON', value: 'Jean Dupont' };

function Chat(props: { options: Parameters<typeof usePiiChat>[0] }) {
  const { messages } = usePiiChat(props.options);
  return <span>{messages.length}</span>;
}

describe('PiiText', () => {
  it('renders with its props', () => {
    expect(renderToString(<PiiText text="À <<PERSON:1>>" entries={[JEAN]} />)).toContain(
      'Jean Dupont',
    );
  });

  it('refuses an unknown prop, naming the closest one', () => {
    const props = { text: 'À <<PERSON:1>>', entries: [JEAN], markClass: 'pii' };
    expect(() => renderToString(<PiiText {...(props as unknown as PiiTextProps)} />)).toThrow(
      /^PiiText: unknown option `markClass`; did you mean `markClassName`\?/,
    );
  });

  it('requires `text` and `entries`', () => {
    expect(() =>
      renderToString(<PiiText {...({ entries: [JEAN] } as unknown as PiiTextProps)} />),
    ).toThrow(/^PiiText: `text` is required/);
    expect(() =>
      renderToString(<PiiText {...({ text: 'x' } as unknown as PiiTextProps)} />),
    ).toThrow(/^PiiText: `entries` is required/);
    expect(() =>
      renderToString(<PiiText {...({ text: 1, entries: [] } as unknown as PiiTextProps)} />),
    ).toThrow(PiiConfigError);
  });
});

describe('usePiiChat', () => {
  it('renders with useChat options and its own', () => {
    expect(renderToString(<Chat options={{ id: 'c', initialEntries: [JEAN] }} />)).toContain('0');
  });

  it('refuses a near miss of one of its own options or of useChat', () => {
    expect(() => renderToString(<Chat options={{ initalEntries: [JEAN] } as never} />)).toThrow(
      /^usePiiChat: unknown option `initalEntries`; did you mean `initialEntries`\?/,
    );
    expect(() => renderToString(<Chat options={{ messags: [] } as never} />)).toThrow(
      /did you mean `messages`\?/,
    );
  });

  it('passes on to useChat an option far from every known one (a newer useChat may have it)', () => {
    expect(() =>
      renderToString(<Chat options={{ id: 'c', experimental_futureOption: 1 } as never} />),
    ).not.toThrow();
  });
});

describe('createPiiEntryStore and displayText', () => {
  it('refuse unknown options, naming the closest one', () => {
    expect(() => createPiiEntryStore({ entry: [JEAN] } as never)).toThrow(
      /^createPiiEntryStore: unknown option `entry`; did you mean `entries`\?/,
    );
    const lookup = () => undefined;
    expect(() =>
      displayText('x', defaultPlaceholderFormat, lookup, { stream: true } as never),
    ).toThrow(/^displayText: unknown option `stream`; did you mean `streaming`\?/);
  });
});

describe('the list above', () => {
  it('covers every function of ai-sdk-pii/react that takes options', () => {
    const functions = Object.entries(react)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name)
      .sort();
    // readPiiDataPart reads a stream part, and takes no options.
    expect(functions).toEqual([
      'PiiText',
      'createPiiEntryStore',
      'displayText',
      'readPiiDataPart',
      'usePiiChat',
    ]);
  });
});
