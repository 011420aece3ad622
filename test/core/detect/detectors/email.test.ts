import { describe, expect, it } from 'vitest';
import { emailDetector } from '../../../../src/core/detect/detectors/email';
import { found } from './helpers';

const email = emailDetector();

describe('emailDetector', () => {
  it('leaves the letter of an escape out of the local part (JSON read as written)', () => {
    expect(found(email, '{"to":"ok\\njean.dupont@example.com"}')).toEqual([
      'jean.dupont@example.com',
    ]);
    expect(found(email, 'x\\tana@example.org')).toEqual(['ana@example.org']);
    // An escaped backslash before the letter: the letter is text.
    expect(found(email, 'C:\\\\nadia@example.org')).toEqual(['nadia@example.org']);
  });

  it('finds plain addresses with their offsets', () => {
    const text = 'Écrivez à jean.dupont@exemple.fr, merci.';
    const spans = email.detect(text) as { start: number; end: number; label: string }[];
    expect(spans).toHaveLength(1);
    expect(spans[0]).toMatchObject({ start: 10, end: 32, label: 'EMAIL' });
    expect(text.slice(spans[0]!.start, spans[0]!.end)).toBe('jean.dupont@exemple.fr');
  });

  it('finds internationalised addresses', () => {
    expect(found(email, 'mail: é.lise@café.example.')).toEqual(['é.lise@café.example']);
    expect(found(email, 'Почта: иван@пример.рф')).toEqual(['иван@пример.рф']);
  });

  it('stops at CJK text glued to the address', () => {
    expect(found(email, '邮件:wang.wei@example.cn电话')).toEqual(['wang.wei@example.cn']);
    expect(found(email, '連絡先はtanaka@example.jpです')).toEqual(['tanaka@example.jp']);
  });

  it('keeps emoji and quotes outside the span', () => {
    expect(found(email, '📧 "anna.k+news@mail.co.uk" 🎉')).toEqual(['anna.k+news@mail.co.uk']);
    expect(found(email, "send to 'o.brien@example.ie'")).toEqual(['o.brien@example.ie']);
  });

  it('finds several addresses in a list', () => {
    expect(found(email, 'a.b@x.io,c_d@y.fr; e-f@z.de')).toEqual([
      'a.b@x.io',
      'c_d@y.fr',
      'e-f@z.de',
    ]);
  });

  it('ignores handles, localhost and file names', () => {
    expect(found(email, 'ping @john or @marie.curie')).toEqual([]);
    expect(found(email, 'ssh user@localhost and root@server')).toEqual([]);
    expect(found(email, 'logo@2x.png and icon@3x.webp')).toEqual([]);
    expect(found(email, 'npm i react@18.2.0')).toEqual([]);
  });

  it('refuses malformed addresses', () => {
    expect(found(email, 'a..b@example.com')).toEqual([]);
    expect(found(email, 'x.@example.com')).toEqual([]);
    expect(found(email, 'name@-bad.com')).toEqual([]);
    expect(found(email, `${'x'.repeat(70)}@example.com`)).toEqual([]);
  });
});
