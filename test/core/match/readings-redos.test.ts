import { afterEach, describe, expect, it } from 'vitest';
import { PAYLOAD_PATTERNS } from '../../../src/core/match/encoded-payloads';
import { LAYOUT_PATTERNS } from '../../../src/core/match/layout-pieces';
import { MAIL_PATTERNS } from '../../../src/core/match/mail-encodings';
import { OBFUSCATED_EMAIL_PATTERNS } from '../../../src/core/match/obfuscated-emails';
import { payloadTexts } from '../../../src/core/match/payload-texts';
import { readingsOf } from '../../../src/core/match/text-reading';
import { JOINED_PARTS_PATTERNS } from '../../../src/core/messages/joined-parts';
import { TEXT_CONTENT_PATTERNS } from '../../../src/core/messages/text-content';
import { unboundedQuantifiers } from '../regex-shape';

const PATTERNS: Record<string, readonly RegExp[]> = {
  'mail encodings': MAIL_PATTERNS,
  'base64 payloads': PAYLOAD_PATTERNS,
  layout: LAYOUT_PATTERNS,
  'spelled-out addresses': OBFUSCATED_EMAIL_PATTERNS,
  'joined parts': JOINED_PARTS_PATTERNS,
  'text content': TEXT_CONTENT_PATTERNS,
};

describe('ReDoS: the readings’ regexes have bounded quantifiers only', () => {
  it.each(Object.entries(PATTERNS))('%s', (_, patterns) => {
    expect(patterns.length).toBeGreaterThan(0);
    for (const re of patterns) expect(unboundedQuantifiers(re.source), re.source).toEqual([]);
  });
});

// Work counter: every RegExp#exec adds the characters it may have scanned (no clock). A sticky
// regex tries one position only: with bounded quantifiers (checked above), a failure there
// costs a constant, counted as one.
let work = 0;
const originalExec = RegExp.prototype.exec;
function countWork(run: () => unknown): number {
  work = 0;
  RegExp.prototype.exec = function exec(this: RegExp, input: string) {
    const from = this.global || this.sticky ? this.lastIndex : 0;
    const result = originalExec.call(this, input);
    const failed = this.sticky ? 0 : String(input).length - from;
    work += 1 + (result ? result.index + result[0].length - from : failed);
    return result;
  };
  try {
    run();
    return work;
  } finally {
    RegExp.prototype.exec = originalExec;
  }
}
afterEach(() => {
  RegExp.prototype.exec = originalExec;
});

const INPUTS: Record<string, string> = {
  'open encoded words': '=?UTF-8?Q?',
  'escapes without end': '=C3=',
  'soft line breaks': 'a=\n',
  'spelled @ without a domain': 'jean [at] ',
  'bare at and dot': 'a at b dot ',
  'full-width runs': '０ ',
  'digit lines': '12 34\n',
  'address wraps': 'a-\nb@',
  'base64 words': 'QUJDREVGR0hJSktM ',
  'B words': '=?UTF-8?B?QUJD',
  invisible: 'a\u00ad',
};

describe('ReDoS: reading a text costs work linear in its length', () => {
  it.each(Object.entries(INPUTS))('%s', (_, unit) => {
    const read = (size: number) => {
      const text = unit.repeat(Math.ceil(size / unit.length));
      return () => {
        for (const r of readingsOf(text)) r.toOriginal([]);
        payloadTexts([text], (t) => t);
      };
    };
    const small = countWork(read(20_000));
    const large = countWork(read(40_000));
    expect(large).toBeLessThanOrEqual(3 * small + 1000);
  });
});

describe('ReDoS: the counter', () => {
  it('catches a quadratic scan', () => {
    const quadratic = (text: string) => () => {
      const re = /@/g;
      for (let i = 0; i < text.length; i++) {
        re.lastIndex = i;
        re.exec(text);
      }
    };
    const small = countWork(quadratic('a'.repeat(2000)));
    const large = countWork(quadratic('a'.repeat(4000)));
    expect(large).toBeGreaterThan(3 * small);
  });
});
