import { describe, expect, it } from 'vitest';
import { urlDetector } from '../../../../src/core/detect/detectors/url';
import { found } from './helpers';

const url = urlDetector();

describe('urlDetector', () => {
  it('finds URLs without trailing punctuation', () => {
    expect(found(url, 'Voir https://exemple.fr/a?b=1.')).toEqual(['https://exemple.fr/a?b=1']);
    expect(found(url, '(see www.example.com/path)')).toEqual(['www.example.com/path']);
    expect(found(url, 'wiki https://en.wikipedia.org/wiki/Foo_(bar), ok')).toEqual([
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ]);
  });

  it('stops at CJK punctuation and quotes', () => {
    expect(found(url, '链接：https://example.cn/a。谢谢')).toEqual(['https://example.cn/a']);
    expect(found(url, '"http://x.io/p"')).toEqual(['http://x.io/p']);
  });

  it('ignores bare domains and e-mail addresses', () => {
    expect(found(url, 'example.com and jean@www.example.com')).toEqual([]);
  });
});
