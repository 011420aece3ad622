/**
 * National numbers written without their optional national prefix (AR CN IN KZ LT RU SY TR VN),
 * read in the groups the usual reading leaves: in conversations the compact form is still swept,
 * a misread run is masked whole, earlier tokens are kept, the prefix of a glued occurrence is
 * masked with it; amounts, tables and addresses are not read as numbers, and the reading parses
 * no more than twice as often as the usual one.
 */
import { describe, expect, it, vi } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { phoneDetector } from '../../../src/core/detect/detectors/phone';
import type { DetectedSpan } from '../../../src/core/detect/types';

// Counts libphonenumber's parses (the cost test at the end); the module is otherwise the real one.
const parses = vi.hoisted(() => ({ count: 0 }));
vi.mock('libphonenumber-js/max', async (importOriginal) => {
  const real = await importOriginal<typeof import('libphonenumber-js/max')>();
  return {
    ...real,
    parsePhoneNumberFromString: (...args: Parameters<typeof real.parsePhoneNumberFromString>) => {
      parses.count++;
      return real.parsePhoneNumberFromString(...args);
    },
  };
});

const phones = (detector: ReturnType<typeof phoneDetector>, text: string) =>
  (detector.detect(text) as readonly DetectedSpan[]).map((s) => s.value);

describe('a number first written without its prefix is swept in its compact form', () => {
  // G1, a whole number. The vault keeps, for a canonical, the spelling seen first. A
  // number written without its prefix (`532 123 45 67`, `75939-25051`) is detected now, so that
  // spelling is the conversation's value, where 94b9c57 stored the one written later with the
  // prefix (`05321234567`). The sweep matches a value's own text where the detector refuses a
  // number (an `ID`/`ref` context, digits glued to it), but its other spellings (national and
  // international formats, digits) only as whole digit runs: `ref 05321234567/2`,
  // `ID 07593925051-07593925051`, the first of `ID 05321234567 05321234567` are left in clear,
  // whole, where 94b9c57 masked them. (The old tree has the same gap when the number was first
  // written `098765 43210` and later `09876543210/2`: the change makes it reachable from the
  // form people write most.)
  it('masks the compact national form glued to other digits (tr-TR)', async () => {
    const pii = createPii({ detectors: defaultDetectors({ locales: ['tr-TR'] }) });
    const session = pii.session('ae1-tr');
    await session.anonymize('ara 532 123 45 67');
    await session.anonymize('ya da 05321234567');
    expect(await session.anonymize('ref 05321234567/2')).toBe('ref <<PHONE:1>>/2');
    expect(await session.anonymize('ID 05321234567 05321234567')).toBe(
      'ID <<PHONE:1>> <<PHONE:1>>',
    );
  });

  it('masks two occurrences joined by a dash (en-IN, found by the generator)', async () => {
    const pii = createPii({ detectors: defaultDetectors({ locales: ['en-IN'] }) });
    const session = pii.session('ae1-in');
    await session.anonymize('Contacts: 75939-25051 / 07593925051');
    expect(await session.anonymize('ID 07593925051-07593925051')).toBe(
      'ID <<PHONE:1>>-<<PHONE:1>>',
    );
  });
});

describe('a number read without its prefix does not stop the masking of a misread run', () => {
  // G1. Where readings cross (a card written twice, `4589 6469 1794 6106 4589 …`, read
  // from every group), `mergeCrossing` masks the whole digit run "up to the spans next to it".
  // A number read without its prefix inside the run is such a span now: the merge stops at it
  // and the groups beyond it, masked by 94b9c57, are left in clear (`10 868 547`). On either
  // side: after the number too. In the generated conversations: 16 messages of 47,000 lost
  // characters, 3 of them whole groups (the rest: a glued prefix, below, and a separator).
  it('masks the groups before the number, as 94b9c57 did (en-IN)', async () => {
    const pii = createPii({ detectors: defaultDetectors({ locales: ['en-IN'] }) });
    const text = 'no 10 868 547 98765 43210 4589 6469 1794 6106 4589 6469 1794 6106';
    const masked = await pii.session('ae2-before').anonymize(text);
    expect(masked).not.toContain('10 868 547');
  });

  it('masks the groups after the number, as 94b9c57 did (tr-TR)', async () => {
    const pii = createPii({ detectors: defaultDetectors({ locales: ['tr-TR'] }) });
    const text = 'kart 4589 6469 1794 6106 4589 6469 1794 6106 532 123 45 67 10 868 547';
    const masked = await pii.session('ae2-after').anonymize(text);
    expect(masked).not.toContain('10 868 547');
  });
});

describe('a number read without its prefix keeps the token of a value masked before', () => {
  // G2, token identity. The pass reads only the groups the phone reading left, but
  // another detector's value may hold them: a card's last group and the digits after it are
  // read as an Indian number (`4632 544 333`, +91 4632 544333), which crosses the card. The
  // pipeline masks the union (`mergeCrossingIn`) as a CREDIT_CARD with the canonical
  // `merged:4832 6046 4538 4632 544 333`: the card, masked as <<CREDIT_CARD:1>> in the first
  // message, is <<CREDIT_CARD:2>> in the second. 94b9c57 kept <<CREDIT_CARD:1>> and left
  // `544 333` in clear. Under `locales: ['en-IN']`; 3 to 12 of every 1,000 generated messages.
  it('keeps the token of a card masked earlier in the conversation', async () => {
    const pii = createPii({ detectors: defaultDetectors({ locales: ['en-IN'] }) });
    const session = pii.session('ae3-card');
    expect(await session.anonymize('card 4832 6046 4538 4632')).toBe('card <<CREDIT_CARD:1>>');
    const second = await session.anonymize('card 4832 6046 4538 4632 544 333');
    expect(second).toContain('<<CREDIT_CARD:1>>');
  });

  it('gives the card its own span, not one merged with a number that starts inside it', async () => {
    const pii = createPii({ detectors: defaultDetectors({ locales: ['en-IN'] }) });
    const spans = await pii.detect('card 4832 6046 4538 4632 544 333');
    expect(spans.find((s) => s.label === 'CREDIT_CARD')?.value).toBe('4832 6046 4538 4632');
  });
});

describe('the prefix of a number written twice in a batch is masked with it', () => {
  // G1, a trunk prefix or a country code. Where a number's first group is glued
  // (`тел.8 800 …`, `184-00370 …`), the detector reads the rest without its prefix now; that
  // spelling, first in the batch, is the value swept for the number's canonical, and the
  // prefix of that occurrence stays in clear. 94b9c57 read the number only where written
  // cleanly and swept that spelling, prefix included, over the glued one. The number stays
  // masked; its trunk prefix (`8`, `0`) or `00` and country code (`00370`, `007`) do not.
  it('masks the trunk prefix of the glued occurrence (ru-RU)', async () => {
    const pii = createPii({ detectors: defaultDetectors({ locales: ['ru-RU'] }) });
    const masked = await pii
      .session('ae4-ru')
      .anonymize('тел.8 800 704 88 28, звоните 8 800 704 88 28');
    expect(masked).toBe('тел.<<PHONE:1>>, звоните <<PHONE:1>>');
  });

  it('masks the 00 and country code of the glued occurrence (lt-LT)', async () => {
    const pii = createPii({ detectors: defaultDetectors({ locales: ['lt-LT'] }) });
    const masked = await pii
      .session('ae4-lt')
      .anonymize('Tel: 184-00370 380 43394, 00370 380 43394');
    expect(masked).toBe('Tel: 184-<<PHONE:1>>, <<PHONE:1>>');
  });
});

describe('amounts, tables and addresses are not numbers without their prefix', () => {
  // Precision. Read whatever the text, every grouping that a country's format without its prefix
  // uses is read, whatever the text: Vietnamese amounts of millions of dong (`350.000.000`,
  // `562 993 151`, 37 % of nine-digit amounts in threes), Syrian amounts in threes, pairs of
  // five-digit counts under IN (37 % of them), 3-3-2-2 statistics under RU, KZ and TR (22 %),
  // whole IPv4 addresses under TR (`212.123.45.67`, the IP detector wins in the pipeline).
  // 94b9c57 read none of them. Dates, date-times, versions, timestamps, ISBNs and Chinese ID
  // numbers are not read (the time guard and the grouping hold).
  it('does not read amounts in dong as Vietnamese mobiles', () => {
    const vietnam = phoneDetector({ defaultCountries: ['VN'] });
    expect(phones(vietnam, 'Giá 350.000.000 đồng')).toEqual([]);
    expect(phones(vietnam, 'Tổng cộng 562 993 151 đồng')).toEqual([]);
  });

  it('does not read an amount in threes as a Syrian number', () => {
    expect(phones(phoneDetector({ defaultCountries: ['SY'] }), 'costs 15 655 199,75')).toEqual([]);
  });

  it('does not read two five-digit counts as an Indian mobile', () => {
    const india = phoneDetector({ defaultCountries: ['IN'] });
    expect(phones(india, '9754 users 97601 99579 sessions')).toEqual([]);
  });

  it('does not read a row of figures as a Russian number', () => {
    const russia = phoneDetector({ defaultCountries: ['RU'] });
    expect(phones(russia, 'Итого 954 141 87 33 руб')).toEqual([]);
  });

  it('does not read an IPv4 address as a Turkish number', () => {
    const turkey = phoneDetector({ defaultCountries: ['TR'] });
    expect(phones(turkey, 'host 212.123.45.67 down')).toEqual([]);
  });
});

describe('the reading without prefix parses a bounded number of candidates (G7)', () => {
  // Without a pre-test, `validateWithoutPrefix` (`nationalFormTest` refuses most
  // candidates of the usual reading without a parse) and runs on every group the reading left:
  // on runs of digit groups it costs 3 to 13 times the old reading under the nine countries
  // (100 KB of two-digit groups under CN: 465 ms before, 2,372 ms after; linear). This text
  // (10 KB of two-digit groups) made 94b9c57 parse 759 times under ['IN'].
  it('parses no more than twice as often as the usual reading did', () => {
    let seed = 7;
    let text = '';
    while (text.length < 10_240) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      text += `${String(seed % 100).padStart(2, '0')} `;
    }
    parses.count = 0;
    phoneDetector({ defaultCountries: ['IN'] }).detect(text);
    expect(parses.count).toBeLessThanOrEqual(2 * OLD_PARSES);
  });
});

/** Parses of the text above by 94b9c57 under ['IN'] (measured with the same mock). */
const OLD_PARSES = 759;
