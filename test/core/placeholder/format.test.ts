import { describe, expect, it } from 'vitest';
import { PiiConfigError } from '../../../src/core/errors';
import {
  createPlaceholderFormat,
  defaultPlaceholderFormat as f,
} from '../../../src/core/placeholder/format';

describe('default placeholder format', () => {
  it('renders and parses <<LABEL:n>>', () => {
    expect(f.render('EMAIL', 1)).toBe('<<EMAIL:1>>');
    expect(f.parse('<<FR_NIR:12>>')).toEqual({ label: 'FR_NIR', n: 12 });
    expect(f.parse('<<email:1>>')).toBeUndefined();
    expect(f.parse('<<EMAIL:0>>')).toBeUndefined();
    expect(f.parse('<<EMAIL:01>>')).toBeUndefined();
    expect(f.parse(' <<EMAIL:1>>')).toBeUndefined();
  });

  it('finds whole tokens only, with offsets', () => {
    const text = 'à <<PERSON:1>>, <<EMAIL:2>> <<EMAIL:>> <EMAIL:3> <<<PHONE:4>>>';
    expect(f.findAll(text).map((m) => [m.token, m.start, m.label, m.n])).toEqual([
      ['<<PERSON:1>>', 2, 'PERSON', 1],
      ['<<EMAIL:2>>', 16, 'EMAIL', 2],
      ['<<PHONE:4>>', text.indexOf('<<PHONE:4>>'), 'PHONE', 4],
    ]);
  });

  it('rejects labels longer than the maximum so tokens stay bounded', () => {
    expect(f.parse(`<<${'A'.repeat(32)}:1>>`)).toBeDefined();
    expect(f.parse(`<<${'A'.repeat(33)}:1>>`)).toBeUndefined();
    expect(f.maxLength).toBe(`<<${'A'.repeat(32)}:999999999.9>>`.length);
  });

  it('renders, parses and finds the token of one part of a value', () => {
    expect(f.render('PERSON', 1, 2)).toBe('<<PERSON:1.2>>');
    expect(f.render('PERSON', 1, 0)).toBe('<<PERSON:1>>');
    expect(f.render('PERSON', 1, 10)).toBe('<<PERSON:1>>');
    expect(f.parse('<<PERSON:1.2>>')).toEqual({ label: 'PERSON', n: 1, part: 2 });
    expect(f.parse('<<PERSON:1.0>>')).toBeUndefined();
    expect(f.parse('<<PERSON:1.12>>')).toBeUndefined();
    expect(f.parse('<<PERSON:1.>>')).toBeUndefined();
    const text = 'Bonjour <<PERSON:1.1>>, <<PERSON:1>> et <<IBAN:2.3>>.';
    expect(f.findAll(text).map((m) => [m.token, m.n, m.part])).toEqual([
      ['<<PERSON:1.1>>', 1, 1],
      ['<<PERSON:1>>', 1, undefined],
      ['<<IBAN:2.3>>', 2, 3],
    ]);
    expect(f.partialStart('x <<PERSON:1.')).toBe(2);
    expect(f.partialStart('x <<PERSON:1.2')).toBe(2);
    expect(f.partialStart('x <<PERSON:1.2>')).toBe(2);
    expect(f.partialStart('x <<PERSON:1.x')).toBe(14);
    // Typed by a user, a part's token is neutralised like any other (G8).
    expect(f.findAll(f.neutralize('<<PERSON:1.2>>'))).toEqual([]);
  });

  it('tells where a trailing token fragment starts', () => {
    expect(f.partialStart('hello <<EMA')).toBe(6);
    expect(f.partialStart('hello <')).toBe(6);
    expect(f.partialStart('hello <<EMAIL:1>')).toBe(6);
    expect(f.partialStart('hello <<EMAIL:1>>')).toBe(17);
    expect(f.partialStart('a << b')).toBe(6);
    expect(f.partialStart('cout <<')).toBe(5);
    expect(f.partialStart('x <<email')).toBe(9);
    expect(f.partialStart('<<<EMAIL:1')).toBe(1);
    expect(f.partialStart('<<EMAIL:0')).toBe(9);
    expect(f.partialStart(`<<${'A'.repeat(40)}`)).toBe(42);
  });

  it('neutralises token-shaped text so it can never be found again', () => {
    const typed = 'my address is <<EMAIL:1>> and <<<<PERSON:2>>>>';
    const safe = f.neutralize(typed);
    expect(f.findAll(safe)).toEqual([]);
    expect(safe).toContain('EMAIL:1');
    expect(f.neutralize('no tokens << here >>')).toBe('no tokens << here >>');
  });
});

describe('createPlaceholderFormat', () => {
  it('supports other delimiters', () => {
    const sq = createPlaceholderFormat({ open: '[[', close: ']]', separator: '#' });
    expect(sq.render('EMAIL', 3)).toBe('[[EMAIL#3]]');
    expect(sq.findAll('to [[EMAIL#3]] and <<EMAIL:1>>').map((m) => m.token)).toEqual([
      '[[EMAIL#3]]',
    ]);
    expect(sq.partialStart('to [[EMAIL#')).toBe(3);
    expect(sq.findAll(sq.neutralize('[[EMAIL#3]]'))).toEqual([]);
  });

  it('neutralises delimiters that have no look-alike', () => {
    const bars = createPlaceholderFormat({ open: '||', close: '||' });
    expect(bars.findAll(bars.neutralize('||EMAIL:1|| ||PHONE:2||'))).toEqual([]);
  });

  it('refuses delimiters that would merge with labels', () => {
    expect(() => createPlaceholderFormat({ open: 'X' })).toThrow(PiiConfigError);
    expect(() => createPlaceholderFormat({ close: '' })).toThrow(PiiConfigError);
  });
});
