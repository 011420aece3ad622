import type { UIMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { displayText } from '../../src/core/client/display-text';
import { readPiiDataPart } from '../../src/core/client/pii-data-part';
import { createPiiEntryStore } from '../../src/core/client/pii-entry-store';
import { defaultPlaceholderFormat as format } from '../../src/core/placeholder/format';

const JEAN = { token: '<<PERSON:1>>', label: 'PERSON', value: 'Jean Dupont' };
const MAIL = { token: '<<EMAIL:1>>', label: 'EMAIL', value: 'jean.dupont@exemple.fr' };
const lookup = (t: string) => [JEAN, MAIL].find((e) => e.token === t)?.value;

describe('displayText', () => {
  it('restores known tokens, keeps unknown ones as written or through renderToken', () => {
    expect(displayText('À <<PERSON:1>> (<<EMAIL:1>>), pas <<EMAIL:9>>', format, lookup)).toBe(
      'À Jean Dupont (jean.dupont@exemple.fr), pas <<EMAIL:9>>',
    );
    expect(
      displayText('pas <<EMAIL:9>>', format, lookup, { renderToken: (m) => `[${m.label} ${m.n}]` }),
    ).toBe('pas [EMAIL 9]');
  });

  it('while streaming, holds a trailing token fragment back; once done, shows the text as written', () => {
    expect(displayText('À <<PERSON:1>> et <<EMA', format, lookup, { streaming: true })).toBe(
      'À Jean Dupont et ',
    );
    expect(displayText('À <<PERSON:1>> et <', format, lookup, { streaming: true })).toBe(
      'À Jean Dupont et ',
    );
    expect(displayText('À <<PERSON:1>> et <<EMA', format, lookup)).toBe('À Jean Dupont et <<EMA');
  });

  it('property: every streamed prefix displays a prefix of the final display (no fragment, no flicker)', () => {
    const pieces = fc.constantFrom(
      '<<PERSON:1>>',
      '<<EMAIL:1>>',
      ' et ',
      '<',
      '>',
      'x',
      'é',
      ':1>>',
      '<<A',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const full = parts.join('');
        const final = displayText(full, format, lookup);
        for (let i = 0; i <= full.length; i++) {
          const shown = displayText(full.slice(0, i), format, lookup, { streaming: true });
          // A fragment of a known token (`<<PERS`) is never a prefix of the restored text.
          expect(final.startsWith(shown)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('readPiiDataPart', () => {
  it('reads data-pii parts only, dropping malformed entries', () => {
    expect(readPiiDataPart({ type: 'data-other', data: [JEAN] })).toBeUndefined();
    expect(readPiiDataPart({ type: 'data-pii', data: [JEAN, { token: 1 }, null, 'x'] })).toEqual([
      JEAN,
    ]);
    expect(readPiiDataPart({ type: 'data-pii', data: 'nope' })).toBeUndefined();
  });
});

const assistant = (id: string, parts: UIMessage['parts']): UIMessage => ({
  id,
  role: 'assistant',
  parts,
});

describe('createPiiEntryStore', () => {
  it('adds entries, notifies only on change, and takes them from data-pii parts', () => {
    const store = createPiiEntryStore({ entries: [JEAN] });
    const listener = vi.fn();
    store.subscribe(listener);
    const v0 = store.getSnapshot();
    expect(store.add([JEAN])).toBe(false);
    expect(listener).not.toHaveBeenCalled();
    expect(store.receive({ type: 'data-notification', data: [MAIL] })).toBe(false);
    expect(store.receive({ type: 'data-pii', data: [MAIL] })).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).not.toBe(v0);
    expect(store.list()).toEqual([JEAN, MAIL]);
    expect(store.get('<<EMAIL:1>>')).toEqual(MAIL);
  });

  it('memoizes display copies per message object; only the arrival of a missing entry renews one', () => {
    const store = createPiiEntryStore({ entries: [JEAN] });
    const plain = assistant('a0', [{ type: 'text', text: 'Bonjour', state: 'done' }]);
    const withJean = assistant('a1', [{ type: 'text', text: 'À <<PERSON:1>>', state: 'done' }]);
    const withMail = assistant('a2', [
      { type: 'step-start' },
      { type: 'text', text: 'Écrire à <<EMAIL:1>>', state: 'done' },
    ]);

    expect(store.restoreMessage(plain)).toBe(plain); // nothing to restore: the message itself
    const jean1 = store.restoreMessage(withJean);
    expect(jean1).not.toBe(withJean);
    expect(jean1.parts[0]).toEqual({ type: 'text', text: 'À Jean Dupont', state: 'done' });
    expect(withJean.parts[0]).toEqual({ type: 'text', text: 'À <<PERSON:1>>', state: 'done' }); // state untouched
    const mail1 = store.restoreMessage(withMail);
    expect(mail1.parts[1]).toMatchObject({ text: 'Écrire à <<EMAIL:1>>' });
    expect(mail1.parts[0]).toBe(withMail.parts[0]); // unchanged parts keep identity

    store.add([{ token: '<<PHONE:1>>', label: 'PHONE', value: '+33 6 12 34 56 78' }]);
    expect(store.restoreMessage(withJean)).toBe(jean1);
    expect(store.restoreMessage(withMail)).toBe(mail1); // PHONE:1 is not one it misses

    store.add([MAIL]);
    expect(store.restoreMessage(withJean)).toBe(jean1);
    const mail2 = store.restoreMessage(withMail);
    expect(mail2).not.toBe(mail1);
    expect(mail2.parts[1]).toMatchObject({ text: 'Écrire à jean.dupont@exemple.fr' });

    // A different renderToken is a different display.
    const render = () => '[?]';
    expect(store.restoreMessage(withJean, render)).not.toBe(jean1);
    expect(store.restoreMessages([plain, withJean], render)[1]).toBe(
      store.restoreMessage(withJean, render),
    );
  });

  it('restores tool inputs (hiding a fragment while the input streams), outputs and errors; leaves data parts alone', () => {
    const store = createPiiEntryStore({ entries: [JEAN, MAIL] });
    const message = assistant('a', [
      {
        type: 'tool-sendEmail',
        toolCallId: 'c1',
        state: 'input-streaming',
        input: { to: ['<<EMAIL:1>>'], body: 'Bonjour <<PERS' },
      },
      {
        type: 'tool-sendEmail',
        toolCallId: 'c2',
        state: 'output-available',
        input: { to: '<<EMAIL:1>>', n: 3, ok: true },
        output: { sentTo: '<<PERSON:1>>', cc: '<<EMAIL:2>>' },
      },
      {
        type: 'dynamic-tool',
        toolName: 'x',
        toolCallId: 'c3',
        state: 'output-error',
        input: {},
        errorText: 'Refusé pour <<PERSON:1>>',
      },
      { type: 'data-note', data: { who: '<<PERSON:1>>' } },
      { type: 'reasoning', text: 'Penser à <<EMAIL:1', state: 'streaming' },
    ] as UIMessage['parts']);
    const shown = store.restoreMessage(message);
    expect(shown.parts[0]).toMatchObject({
      input: { to: ['jean.dupont@exemple.fr'], body: 'Bonjour ' },
    });
    expect(shown.parts[1]).toMatchObject({
      input: { to: 'jean.dupont@exemple.fr', n: 3, ok: true },
      output: { sentTo: 'Jean Dupont', cc: '<<EMAIL:2>>' },
    });
    expect(shown.parts[2]).toMatchObject({ errorText: 'Refusé pour Jean Dupont' });
    expect(shown.parts[3]).toBe(message.parts[3]);
    expect(shown.parts[4]).toMatchObject({ text: 'Penser à ' });
  });
});
