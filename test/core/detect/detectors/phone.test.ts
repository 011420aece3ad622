import { describe, expect, it } from 'vitest';
import { defaultDetectors } from '../../../../src/core/detect/default-detectors';
import { createDetectionPipeline } from '../../../../src/core/detect/detect-spans';
import {
  DEFAULT_PHONE_COUNTRIES,
  phoneDetector,
} from '../../../../src/core/detect/detectors/phone';
import type { DetectedSpan } from '../../../../src/core/detect/types';
import { scanWorkOf } from '../../helpers';
import { canonicals, found } from './helpers';

const phone = phoneDetector();

describe('phoneDetector', () => {
  it.each([
    ['Appelez le 06 12 34 56 78 svp', '06 12 34 56 78', '+33612345678'],
    ['fixe : 01.42.68.53.00', '01.42.68.53.00', '+33142685300'],
    ['Call (415) 555-2671 today', '(415) 555-2671', '+14155552671'],
    ['toll free 1-800-555-0199', '1-800-555-0199', '+18005550199'],
    ['UK office 020 7946 0958', '020 7946 0958', '+442079460958'],
    ['from abroad +44 (0)20 7946 0958', '+44 (0)20 7946 0958', '+442079460958'],
    ['Tel. 030 12345678', '030 12345678', '+493012345678'],
    ['Tel. 030/1234567', '030/1234567', '+49301234567'],
    ['móvil 612 34 56 78', '612 34 56 78', '+34612345678'],
    ['cell 347 123 4567', '347 123 4567', '+393471234567'],
    ['GSM 0470 12 34 56', '0470 12 34 56', '+32470123456'],
    ['Natel 079 123 45 67', '079 123 45 67', '+41791234567'],
    ['dial 0044 20 7946 0958', '0044 20 7946 0958', '+442079460958'],
    ['+33 6 12 34 56 78', '+33 6 12 34 56 78', '+33612345678'],
    ['+49 151 23456789', '+49 151 23456789', '+4915123456789'],
  ])('finds %j', (text, value, e164) => {
    expect(found(phone, text)).toEqual([value]);
    expect(canonicals(phone, text)).toEqual([e164]);
  });

  it('gives one E.164 form to the spellings of one number', () => {
    const text = '06 12 34 56 78, 0612345678, +33 6 12 34 56 78, 0033612345678';
    expect(canonicals(phone, text)).toEqual([
      '+33612345678',
      '+33612345678',
      '+33612345678',
      '+33612345678',
    ]);
  });

  it('keeps two listed numbers apart', () => {
    expect(found(phone, '06 12 34 56 78 - 01 42 68 53 00')).toEqual([
      '06 12 34 56 78',
      '01 42 68 53 00',
    ]);
    expect(found(phone, 'Mobile: 0470 12 34 56 / 02 512 34 56')).toEqual([
      '0470 12 34 56',
      '02 512 34 56',
    ]);
  });

  it('finds a number joined to the one before by a slash or a no-break space alone', () => {
    // The second number (tel/fax) must not be left in clear.
    expect(found(phone, 'Tél/Fax : 06 12 34 56 78/01 23 45 67 89')).toEqual([
      '06 12 34 56 78',
      '01 23 45 67 89',
    ]);
    expect(found(phone, 'Tel 030 1234567/0171 2345678')).toEqual(['030 1234567', '0171 2345678']);
    expect(found(phone, '06 12 34 56 78\u00a001 23 45 67 89')).toEqual([
      '06 12 34 56 78',
      '01 23 45 67 89',
    ]);
    expect(found(phone, '06 12 34 56 78\u202f/\u202f01 23 45 67 89.')).toEqual([
      '06 12 34 56 78',
      '01 23 45 67 89',
    ]);
    // Three in a row: the reading had taken `23 45 67 89/04`, which the joined numbers hold.
    expect(found(phone, 'T/F/M 06 12 34 56 78/01 23 45 67 89/04 91 23 45 67')).toEqual([
      '06 12 34 56 78',
      '01 23 45 67 89',
      '04 91 23 45 67',
    ]);
  });

  it('finds numbers grouped with narrow no-break spaces (U+202F)', () => {
    // libphonenumber-js refuses U+202F: without a reading of their own these stay whole in clear.
    const n = '\u202f';
    expect(found(phone, `Tél${n}: 06${n}12${n}34${n}56${n}78.`)).toEqual([
      `06${n}12${n}34${n}56${n}78`,
    ]);
    expect(canonicals(phone, `+33${n}6${n}12${n}34${n}56${n}78`)).toEqual(['+33612345678']);
    expect(canonicals(phone, `Call (415)${n}555-2671 now`)).toEqual(['+14155552671']);
    expect(canonicals(phone, `0044${n}20${n}7946${n}0958`)).toEqual(['+442079460958']);
    // After a number of the usual reading, joined to it by a slash (tel/fax).
    expect(found(phone, `06 12 34 56 78/01${n}23${n}45${n}67${n}89`)).toEqual([
      '06 12 34 56 78',
      `01${n}23${n}45${n}67${n}89`,
    ]);
    // What the first reading found is kept as it was; the second only adds numbers next to it.
    expect(found(phone, `06 12 34 56 78 et 07${n}81${n}22${n}93${n}40`)).toEqual([
      '06 12 34 56 78',
      `07${n}81${n}22${n}93${n}40`,
    ]);
    // Apart from another chunk grouped with U+202F after a space: a German
    // number, then a French one; a number, then a time.
    expect(
      found(
        phoneDetector({ defaultCountries: ['FR'] }),
        `+49${n}89${n}1238780 (0450${n}14${n}20${n}64, merci`,
      ),
    ).toEqual([`+49${n}89${n}1238780`, `0450${n}14${n}20${n}64`]);
    expect(found(phone, `+43${n}664${n}849109 21${n}h${n}37`)).toEqual([`+43${n}664${n}849109`]);
    // A space next to a chunk grouped otherwise joins: one number, not `6\u202f12388417` in Spain.
    expect(canonicals(phone, `+31 6${n}12388417`)).toEqual(['+31612388417']);
    // A date with U+202F around its slashes lists numbers, as ` / ` does.
    expect(found(phone, `le 07${n}/${n}10${n}/${n}2009`)).toEqual([]);
    // One kind of no-break space per number, as for cards; amounts stay amounts.
    expect(found(phone, `06${n}12\u00a034${n}56${n}78`)).toEqual([]);
    expect(found(phone, `Total 1${n}234${n}567${n}890 €, le 12${n}/${n}03`)).toEqual([]);
  });

  it('never lets a date or a stray group take the digits of a number', () => {
    // A number may not start after just any slash or no-break space: the date before a number
    // would take its first digits.
    expect(found(phone, 'RDV le 12/03 06 12 34 56 78')).toEqual(['06 12 34 56 78']);
    expect(found(phone, '12/03/24 06 12 34 56 78')).toEqual(['06 12 34 56 78']);
    const de = phoneDetector({ defaultCountries: ['DE'] });
    expect(found(de, '12/03/2024 06 12 34 56 78')).toEqual(['06 12 34 56 78']);
    expect(found(phone, '0\u00a001 05 35 22 39 89')).toEqual(['05 35 22 39 89']);
    expect(found(phone, '+41\u00a061\u00a0001\u00a086\u00a022) 2024-02-22')).toEqual([
      '+41\u00a061\u00a0001\u00a086\u00a022',
    ]);
    // After a number, a date or a path is no number either.
    expect(found(phone, '06 12 34 56 78/12/03/2024')).toEqual(['06 12 34 56 78']);
    // Nor a date-time, a path, or a number in no usual grouping.
    expect(found(phone, '06 12 34 56 78/2024/06/16 09:05')).toEqual(['06 12 34 56 78']);
    expect(found(phone, '06 12 34 56 78/0292/096/0480')).toEqual(['06 12 34 56 78']);
    expect(found(phone, 'see /files/0612345678/0123456789')).toEqual([]);
  });

  it('reads a run as the numbers that leave no digits over, not greedily', () => {
    // Read from the left, each run once gave a number that ate the next one's first group
    // (`123-45-6789 06`, `555 0199 06 12 34`) and left the rest of that one in clear.
    expect(found(phone, 'SSN 123-45-6789 06 12 34 56 78')).toEqual(['06 12 34 56 78']);
    expect(found(phone, 'nums 06 12 34 56 78 07 98 76 54 32')).toEqual([
      '06 12 34 56 78',
      '07 98 76 54 32',
    ]);
    expect(found(phone, 'phone 555 0199 06 12 34 56 78')).toEqual(['06 12 34 56 78']);
    // A number in no usual grouping is still found when nothing better covers its digits.
    expect(found(phone, 'call 415-555-2671 020 7946 0958')).toEqual([
      '415-555-2671',
      '020 7946 0958',
    ]);
  });

  it('finds a number after a group glued to letters, in the same run', async () => {
    // The run starts inside an IBAN (`ES63…`) or a code (`A1`): that group starts no number,
    // a number after a space may follow.
    expect(found(phone, 'ES63 5880 8699 4015 4157 6666  612 34 56 78')).toEqual(['612 34 56 78']);
    // Digits inside the IBAN may read as a number too: the IBAN, longer, wins in the pipeline.
    const text = 'DE89 3704 0044 0532 0130 00  (415) 555-0132';
    expect(found(phone, text)).toContain('(415) 555-0132');
    const pipeline = createDetectionPipeline({ detectors: defaultDetectors() });
    expect((await pipeline.run(text)).map((s) => [s.label, s.value])).toEqual([
      ['IBAN', 'DE89 3704 0044 0532 0130 00'],
      ['PHONE', '(415) 555-0132'],
    ]);
    expect(found(phone, 'box A1 06 12 34 56 78')).toEqual(['06 12 34 56 78']);
    expect(found(phone, 'v1.2.3 4 5, prix €1 234 567 890')).toEqual([]);
  });

  it('counts nine digits in threes as a usual grouping (Spain, Portugal)', () => {
    // Read as ungrouped, `915 123 456` lost to `123 456 258-89` and `915` stayed in clear.
    expect(found(phone, 'tel 915 123 456 258-89-6239')).toEqual(['915 123 456']);
    expect(canonicals(phone, 'móvil 612 345 678')).toEqual(['+34612345678']);
  });

  it('has exact offsets next to accents, CJK and emoji', () => {
    const text = '📞电话06 12 34 56 78，é';
    const [span] = phone.detect(text) as unknown as { start: number; end: number }[];
    expect(text.slice(span!.start, span!.end)).toBe('06 12 34 56 78');
  });

  it('ignores dates, times, prices, versions, order numbers and short numbers', () => {
    expect(found(phone, 'le 15.01.2024 à 10:30, 2024-01-15, 15/01/2024')).toEqual([]);
    expect(found(phone, 'price 1 299,00 € or $1,234.56')).toEqual([]);
    expect(found(phone, 'version 1.2.3.4 and 10.0.19045.3570')).toEqual([]);
    expect(found(phone, 'order #123456789, commande 4155552671')).toEqual([]);
    expect(found(phone, 'call 911 or 112 or 15')).toEqual([]);
    expect(found(phone, 'ID12345678 and v0612345678')).toEqual([]);
  });

  it('finds numbers in CSV fields, URIs and key=value pairs', () => {
    const csv = 'name,phone\nJean Dupont,0612345678\nBob Smith,(415) 555-0132\n';
    expect(found(phone, csv)).toEqual(['0612345678', '(415) 555-0132']);
    expect(found(phone, 'tel:+33612345678 and phone=0612345678')).toEqual([
      '+33612345678',
      '0612345678',
    ]);
    expect(found(phone, 'id,phone\n1,+33612345678\n2,0612345678\n3,0145678912,x')).toEqual([
      '+33612345678',
      '0612345678',
      '0145678912',
    ]);
    // After a digit, `,` `:` and `=` still continue a number (decimals, times).
    expect(found(phone, 'pi is 3,14159265358 and at 10:0612345678')).toEqual([]);
    expect(found(phone, 'ratio 1,0612345678 over 2,0612345678.')).toEqual([]);
  });

  it('needs a phone word before bare digits that do not start with 0', () => {
    expect(found(phone, 'ref 4155552671')).toEqual([]);
    expect(found(phone, 'phone: 4155552671')).toEqual(['4155552671']);
  });

  it('refuses invalid national numbers and short ones', () => {
    expect(found(phone, 'fake 123 456 7890')).toEqual([]);
    expect(found(phone, 'short 06 12 34')).toEqual([]);
    expect(found(phone, '+33 1 23')).toEqual([]);
  });

  it('masks a number written with + and a country code whole, valid or not', () => {
    // `+33 690…` is no French number: it was read as the Spanish `690 62 87 03`, `+33` left out.
    for (const text of [
      '+33 690 62 87 03',
      '+33 690 628 703',
      '+33690628703',
      'fake +1 123 456 7890',
    ]) {
      const spans = phone.detect(text) as DetectedSpan[];
      expect(spans.map((s) => text.slice(s.start, s.end))).toEqual([
        text.replace(/^\D*(?=\+)/, ''),
      ]);
    }
    expect(canonicals(phone, '+33 690 62 87 03')).toEqual(['+33690628703']);
    // Its own digits only: up to one more than the longest number of its country code.
    expect(found(phone, '+33 690 62 87 03 et 06 12 34 56 78')).toEqual([
      '+33 690 62 87 03',
      '06 12 34 56 78',
    ]);
    expect(found(phone, '+33 4 12 34 56 7')).toEqual(['+33 4 12 34 56 7']);
    // A `+` before decimals is no number.
    expect(found(phone, 'change +1.25 0.50 0.75 1.00')).toEqual([]);
  });

  it('reads 00 across groups as an international prefix, however many digits follow', () => {
    const text = 'dial 0 0 1 415 555 2671 or 0 044 20 7946 0958';
    expect(found(phone, text)).toEqual(['0 0 1 415 555 2671', '0 044 20 7946 0958']);
    expect(canonicals(phone, text)).toEqual(['+14155552671', '+442079460958']);
  });

  it('refuses an identifier the same way when its number is already known', () => {
    const text = 'commande 01 23 45 67 89, appelez 01 23 45 67 89';
    const detector = phoneDetector();
    expect(found(detector, text)).toEqual(['01 23 45 67 89']);
    expect(detector.detect(text)).toEqual(detector.detect(text));
    expect(found(detector, text)).toEqual(['01 23 45 67 89']);
    expect(found(detector, 'commande 01 23 45 67 89')).toEqual([]);
  });

  it('honours defaultCountries', () => {
    const usOnly = phoneDetector({ defaultCountries: ['US'] });
    expect(found(usOnly, 'Voilà 06 12 34 56 78')).toEqual([]);
    expect(found(usOnly, '+33 6 12 34 56 78')).toEqual(['+33 6 12 34 56 78']);
    // After a phone word, a number of another country is masked, its digits as canonical.
    expect(canonicals(usOnly, 'Appelez le 06 12 34 56 78')).toEqual(['0612345678']);
  });

  it('reads a number written without the national prefix where its country allows it', () => {
    // India writes `098765 43210` as `98765 43210` too, which must not be left in clear.
    const india = phoneDetector({ defaultCountries: ['IN'] });
    expect(found(india, 'call me on 98765 43210 today')).toEqual(['98765 43210']);
    expect(canonicals(india, 'call me on 98765 43210 today')).toEqual(['+919876543210']);
    expect(found(india, 'call me on 098765 43210 today')).toEqual(['098765 43210']);
    expect(found(india, 'phone 9876543210')).toEqual(['9876543210']);
    const russia = phoneDetector({ defaultCountries: ['RU'] });
    expect(canonicals(russia, 'тел. (912) 345-67-89')).toEqual(['+79123456789']);
    expect(found(russia, 'тел. (912) 345-67-89')).toEqual(['(912) 345-67-89']);
    expect(canonicals(phoneDetector({ defaultCountries: ['TR'] }), 'cep 532 123 45 67')).toEqual([
      '+905321234567',
    ]);
    // Timestamps and versions are no Indian numbers.
    expect(found(india, 'log 2025-01-07 09:15:02 done, 2025/01/07 09:15')).toEqual([]);
    expect(found(india, 'v 10.2.3.4567 and 1.22.333.4444')).toEqual([]);
    // Only where the country allows it: a German number needs its `0`.
    expect(found(phoneDetector({ defaultCountries: ['DE'] }), 'Büro 30 12345678')).toEqual([]);
  });

  it('never lets a number without its prefix take digits from another', () => {
    // Counted as the usual reading, such a number would split runs otherwise.
    const vietnam = phoneDetector({ defaultCountries: ['VN'] });
    const withoutPrefix = phoneDetector({ defaultCountries: ['IN', ...DEFAULT_PHONE_COUNTRIES] });
    expect(found(vietnam, 'call 12 128 46 02/706 490 470')).toEqual(['02/706 490 470']);
    expect(found(withoutPrefix, 'call 2901 244 336\u00a007366 275')).toEqual([
      '336\u00a007366 275',
    ]);
  });
});

describe('phoneDetector: numbers with no word around them', () => {
  it.each([
    ['Mi dato: 612345678', '612345678', '+34612345678'],
    ['Eccolo 3471234567.', '3471234567', '+393471234567'],
    ['ok so 2025550143?', '2025550143', '+12025550143'],
    ['Hier: 015112345678', '015112345678', '+4915112345678'],
    ['voilà 0612345678', '0612345678', '+33612345678'],
    ['here 07400 123456', '07400 123456', '+447400123456'],
    ['347 1234567 è giusto', '347 1234567', '+393471234567'],
  ])('finds the national number in %j', (text, value, e164) => {
    expect(found(phone, text)).toEqual([value]);
    expect(canonicals(phone, text)).toEqual([e164]);
  });

  it('reads international digits written without + (MSISDN) in text and JSON', () => {
    expect(canonicals(phone, 'le 33612345678 marche')).toEqual(['+33612345678']);
    expect(canonicals(phone, '{"wa_id":"4915112345678"}')).toEqual(['+4915112345678']);
    expect(canonicals(phone, '{"wa_id":4915112345678,"n":1}')).toEqual(['+4915112345678']);
    // A tool result's JSON number reaches detection as its digits alone.
    expect(canonicals(phone, '447400123456')).toEqual(['+447400123456']);
    // Of another country, only after a phone word or key; short ones are versions or counts.
    expect(found(phone, 'voilà 5511987654321')).toEqual([]);
    expect(canonicals(phone, '"msisdn": "5511987654321"')).toEqual(['+5511987654321']);
    expect(found(phone, '4.999.9beta est 49990091')).toEqual([]);
  });

  it('masks the digits after a phone label or word when no country validates them', () => {
    // Numbers of other countries, or that the metadata does not know (`(64) 3591-3246`).
    for (const text of ['Phone:\n780 6326', 'call me on (64) 3591-3246?', '"tel": "9472 7916"']) {
      expect(found(phone, text)).toHaveLength(1);
    }
    expect(canonicals(phone, 'Phone:\n780 6326')).toEqual(['7806326']);
    // Not after a word for any number, nor over the shapes of other values.
    expect(found(phone, 'number 780 6326')).toEqual([]);
    expect(found(phone, 'Tel: 15.01.2024')).toEqual([]);
    expect(found(phone, 'tel 4111 1111 1111 1112')).toEqual([]);
  });

  it('keeps an extension with its number', () => {
    expect(found(phone, 'Fax: 212-428-1181x4587, ok')).toEqual(['212-428-1181x4587']);
    expect(canonicals(phone, 'call 212-428-1181 ext. 12')).toEqual(['+12124281181;ext=12']);
  });

  it('reads groups around a slash after an area code as one number', () => {
    expect(found(phone, 'Büro 0171 / 2345678')).toEqual(['0171 / 2345678']);
    expect(canonicals(phone, 'Büro +49 171 / 234 56 78')).toEqual(['+491712345678']);
    // Two numbers listed with ` / ` stay two.
    expect(found(phone, '06 12 34 56 78 / 01 42 68 53 00')).toEqual([
      '06 12 34 56 78',
      '01 42 68 53 00',
    ]);
  });

  it('reads the nearest word before a number: a phone word raises it, an identifier word lowers it', () => {
    expect(found(phone, 'numéro de commande 612345678')).toEqual([]);
    expect(found(phone, 'n° de tél 612 34 56 78')).toEqual(['612 34 56 78']);
    expect(found(phone, '{"order_id": 3471234567}')).toEqual([]);
    expect(found(phone, 'Total : 612 345 678 €')).toEqual([]);
    // A phone word makes a number in no usual grouping one.
    expect(found(phone, '391 16 9088 ok')).toEqual([]);
    expect(found(phone, 'tel 391 16 9088')).toEqual(['391 16 9088']);
  });
});

describe('phoneDetector: numbers that are not phones', () => {
  it.each([
    ['a standings row', 'Real Sociedad 15 7 3 5 20 18 24'],
    ['a standings row with a zero', 'Sheffield 22 10 0 12 599 730 20'],
    ['baseball standings', 'BOSTON 63 64 .496 10 1/2'],
    ['american football standings', 'BUFFALO 9 4 0 267 215'],
    ['a results list', 'Results: 1-0 2-1 3-3 0-2'],
    ['squash games', 'beat Peter Nicol 15-7 17-15 14-15'],
    ['cricket wickets', 'Fall of wickets : 1-64 2-85 3-116 4-205 5-248'],
    ['a cricket score', 'Pakistan 245/6 ( 50 overs )'],
    ['runs of decimals', '0.25 0.50 0.75 1.00'],
    ['a price table', 'Wheat 387.4 4677.8 4553.6'],
    ['a row of figures', 'Operating Income 906 962 599 515'],
    ['a list of models', 'PowerPC 821/850/860'],
    ['an address block', 'ranges 169.254/16 and 0..1048575'],
    ['a date and a time', 'PO-Revision-Date: 2023-01-24 18:09+0100'],
    ['a decimal', 'values are 2.0 and 0.939000'],
  ])('finds none in %s', (_kind, text) => {
    expect(found(phone, text)).toEqual([]);
  });

  it('finds none in a table whose rows hold numbers', () => {
    const table = ['Consumer magazines 618 90 568 80', 'Newspapers 363 49 295 46'].join('\n');
    expect(found(phone, table)).toEqual([]);
  });

  it('reads no number inside the printed groups of a card or after an IBAN opening', () => {
    expect(found(phone, '4111 0612 3456 7890')).toEqual([]);
    expect(found(phone, 'FR76 3000 6000 0112 3456 7890 18')).toEqual([]);
    expect(found(phone, 'GB29 NWBK 6016 1331 9268 19')).toEqual([]);
    // A phone number in groups of four, with its country code, is one.
    expect(found(phone, '+49 1511 2345 6789')).toEqual(['+49 1511 2345 6789']);
  });
});

describe('phoneDetector: linear work on shapes of numbers', () => {
  it.each([
    ['table rows', (n: number) => 'Team 15 7 3 5 20 18 24 0 12 599\n'.repeat(n)],
    ['one long line of scores', (n: number) => '15-7 0 12 599 730 20 '.repeat(n)],
    ['one long line of groups of four', (n: number) => '4111 0612 '.repeat(n)],
    ['labels and numbers of other countries', (n: number) => 'Phone: 780 6326 x12\n'.repeat(n)],
  ])('%s (work counted, not timed)', (_kind, make) => {
    const work = (n: number) => scanWorkOf(() => phoneDetector().detect(make(n)));
    const small = work(500);
    const large = work(1000);
    // Doubling the input may double the work, plus slack; never square it.
    expect(large).toBeLessThanOrEqual(2.5 * small + 1000);
  });
});
