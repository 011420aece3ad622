// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createPiiEntryStore } from '../../src/core/client/pii-entry-store';
import { createPlaceholderFormat } from '../../src/core/placeholder/format';
import { PiiText } from '../../src/react/pii-text';

afterEach(cleanup);

const JEAN = { token: '<<PERSON:1>>', label: 'PERSON', value: 'Jean Dupont' };
const MAIL = { token: '<<EMAIL:1>>', label: 'EMAIL', value: 'jean.dupont@exemple.fr' };

describe('PiiText', () => {
  it('marks restored values with their label and token; unknown tokens stay as written', () => {
    const { container } = render(
      <PiiText
        text="À <<PERSON:1>> (<<EMAIL:1>>), pas <<EMAIL:9>>."
        entries={[JEAN, MAIL]}
        className="msg"
        markClassName="pii"
      />,
    );
    expect(container.textContent).toBe('À Jean Dupont (jean.dupont@exemple.fr), pas <<EMAIL:9>>.');
    const marks = container.querySelectorAll('span.msg > mark.pii');
    expect(marks).toHaveLength(2);
    expect(marks[0]!.textContent).toBe('Jean Dupont');
    expect(marks[0]!.getAttribute('title')).toBe('PERSON <<PERSON:1>>');
    expect(marks[0]!.getAttribute('data-pii-label')).toBe('PERSON');
    expect(marks[1]!.getAttribute('data-pii-token')).toBe('<<EMAIL:1>>');
  });

  it('takes render props for values and unknown tokens', () => {
    const { container } = render(
      <PiiText
        text="<<PERSON:1>> / <<EMAIL:9>>"
        entries={[JEAN]}
        renderValue={(e) => <b data-label={e.label}>{e.value.toUpperCase()}</b>}
        renderToken={(t) => <i>{t.label.toLowerCase()} inconnu</i>}
      />,
    );
    expect(container.innerHTML).toBe(
      '<span><b data-label="PERSON">JEAN DUPONT</b> / <i>email inconnu</i></span>',
    );
  });

  it('hides a trailing fragment while streaming and follows the store as entries arrive', () => {
    const store = createPiiEntryStore({ entries: [JEAN] });
    const { container, rerender } = render(
      <PiiText text="<<PERSON:1>> et <<EMAIL:1" entries={store} streaming />,
    );
    expect(container.textContent).toBe('Jean Dupont et ');
    rerender(<PiiText text="<<PERSON:1>> et <<EMAIL:1>>" entries={store} streaming />);
    expect(container.textContent).toBe('Jean Dupont et <<EMAIL:1>>');
    act(() => {
      store.add([MAIL]);
    });
    expect(container.querySelectorAll('mark')).toHaveLength(2);
    expect(container.textContent).toBe('Jean Dupont et jean.dupont@exemple.fr');
  });

  it('uses the given placeholder format with a list of entries', () => {
    const square = createPlaceholderFormat({ open: '[[', close: ']]' });
    const { container } = render(
      <PiiText text="[[EMAIL:1]]" entries={[{ ...MAIL, token: '[[EMAIL:1]]' }]} format={square} />,
    );
    expect(container.querySelector('mark')?.textContent).toBe('jean.dupont@exemple.fr');
  });
});
