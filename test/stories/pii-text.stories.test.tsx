// @vitest-environment jsdom
import { composeStories } from '@storybook/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as stories from '../../stories/pii-text.stories';

const { Highlighted, UnknownToken, CustomRender, Streaming } = composeStories(stories);

afterEach(cleanup);

describe('PiiText stories', () => {
  it('Highlighted: each restored value in a mark with label and token', () => {
    const { container } = render(<Highlighted />);
    expect(container.querySelector('span')?.textContent).toBe(
      'E-mail envoyé à Jean Dupont (jean.dupont@exemple.fr), copie à marie.curie@exemple.fr.',
    );
    const marks = [...container.querySelectorAll('mark.pii')];
    expect(marks.map((m) => m.getAttribute('title'))).toEqual([
      'PERSON <<PERSON:1>>',
      'EMAIL <<EMAIL:1>>',
      'EMAIL <<EMAIL:2>>',
    ]);
  });

  it('UnknownToken: a token without entry goes through renderToken', () => {
    const { container } = render(<UnknownToken />);
    expect(container.textContent).toBe('Rappeler Jean Dupont au [phone masqué].');
    expect(container.querySelector('.pii-unknown')).not.toBeNull();
  });

  it('CustomRender: the app renders values its own way', () => {
    const { container } = render(<CustomRender />);
    expect([...container.querySelectorAll('abbr.pii-email')].map((a) => a.textContent)).toEqual([
      'jean.dupont@exemple.fr',
      'marie.curie@exemple.fr',
    ]);
    expect(container.querySelector('mark')).toBeNull();
  });

  it('Streaming: the trailing fragment is held back', () => {
    const { container } = render(<Streaming />);
    expect(container.textContent).toBe('E-mail envoyé à Jean Dupont (');
  });
});
