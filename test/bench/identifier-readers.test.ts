import { describe, expect, it } from 'vitest';
import {
  readDoctestVerdicts,
  readJestVerdicts,
  readPresidioContext,
  readPytestSentences,
  readPytestVerdicts,
  readStdnumNames,
  readValidatorTable,
} from '../../bench/external/identifier-readers';

// Fragments in the shape of each project's test files (values made up for these tests).

describe('readPytestSentences (pytest parametrize rows: text, expected_len, positions)', () => {
  it('reads sentences with their spans, negatives, line joins and comments', () => {
    const source = [
      '@pytest.mark.parametrize(',
      '    "text, expected_len, expected_positions",',
      '    [',
      '        # valid',
      '        ("Mi NIE es X0000000T", 1, ((10, 19),),),',
      '        ("A long sentence with # in it 1", 1, \\',
      '            ((29, 30),),),',
      '        ("AB 1 and CD 2", 2, ((0, 4), (9, 13),),),',
      '        ("nothing here", 0, ()),',
      '    ],',
      ')',
    ].join('\n');
    expect(readPytestSentences(source)).toEqual([
      { text: 'Mi NIE es X0000000T', spans: [[10, 19]] },
      { text: 'A long sentence with # in it 1', spans: [[29, 30]] },
      {
        text: 'AB 1 and CD 2',
        spans: [
          [0, 4],
          [9, 13],
        ],
      },
      { text: 'nothing here', spans: [] },
    ]);
  });

  it('skips a row whose count does not match its positions', () => {
    expect(readPytestSentences('("x", 2, ((0, 1),)),')).toEqual([]);
  });

  it('reads validator rows (number, True|False)', () => {
    expect(readPytestVerdicts('[("111", True),\n ("112", False), # wrong\n]')).toEqual([
      { value: '111', valid: true },
      { value: '112', valid: false },
    ]);
  });

  it("reads a recognizer's CONTEXT words", () => {
    expect(
      readPresidioContext('    CONTEXT = [\n        "tax id",\n        "tin",\n    ]'),
    ).toEqual(['tax id', 'tin']);
  });
});

describe('readDoctestVerdicts (python-stdnum doctests)', () => {
  it('reads validate() results, tracebacks with their exception, and comments', () => {
    const doc = [
      ">>> validate('12 34')",
      "'1234'",
      ">>> validate('1235')  # invalid check digit",
      'Traceback (most recent call last):',
      '    ...',
      'InvalidChecksum: ...',
      ">>> mod.validate('99')",
      'Traceback (most recent call last):',
      '    ...',
      'InvalidLength: ...',
    ].join('\n');
    expect(readDoctestVerdicts(doc)).toEqual([
      { value: '12 34', valid: true },
      { value: '1235', valid: false, reason: 'InvalidChecksum', comment: 'invalid check digit' },
      { value: '99', valid: false, reason: 'InvalidLength' },
    ]);
  });

  it('reads is_valid() and check() results', () => {
    const doc = [
      ">>> is_valid('A1')",
      'True',
      ">>> check('B2')  # a company",
      "['nif', 'cif']",
      ">>> check('C3')",
      '[]',
    ].join('\n');
    expect(readDoctestVerdicts(doc)).toEqual([
      { value: 'A1', valid: true },
      { value: 'B2', valid: true, kinds: ['nif', 'cif'], comment: 'a company' },
      { value: 'C3', valid: false, kinds: [] },
    ]);
  });

  it('reads a numbers list shown all valid, and one shown all invalid', () => {
    const doc = [
      ">>> numbers = '''",
      '... AAA1',
      '... ',
      '... BBB2',
      "... '''",
      '>>> [x for x in numbers.splitlines() if x and not mod.is_valid(x)]',
      '[]',
      ">>> numbers = '''",
      '... CCC3',
      "... '''",
      '>>> [x for x in numbers.splitlines() if x and mod.is_valid(x)]',
      '[]',
    ].join('\n');
    expect(readDoctestVerdicts(doc)).toEqual([
      { value: 'AAA1', valid: true },
      { value: 'BBB2', valid: true },
      { value: 'CCC3', valid: false },
    ]);
  });

  it('ignores a list whose check shows other numbers', () => {
    const doc = [
      ">>> numbers = '''",
      '... AAA1',
      "... '''",
      '>>> [x for x in numbers.splitlines() if x and not mod.is_valid(x)]',
      "['AAA1']",
    ].join('\n');
    expect(readDoctestVerdicts(doc)).toEqual([]);
  });

  it("reads a module's names for its number from its docstring", () => {
    expect(readStdnumNames('"""NN, NISS, RRN (Belgian national number).\n')).toEqual([
      'NN',
      'NISS',
      'RRN',
      'Belgian national number',
    ]);
    expect(
      readStdnumNames('"""Swiss social security number ("Sozialversicherungsnummer").'),
    ).toEqual(['Swiss social security number', 'Sozialversicherungsnummer']);
  });
});

describe('readJestVerdicts (stdnum-js specs)', () => {
  it('reads valid and invalid literals, and test.each tables', () => {
    const spec = [
      "  it('validate:A1', () => {",
      "    const result = validate('A1');",
      "    expect(result.isValid && result.compact).toEqual('A1');",
      '  });',
      "  it('validate:A2', () => {",
      "    const result = validate('A2');",
      '    expect(result.error).toBeInstanceOf(InvalidChecksum);',
      '  });',
      '  test.each([',
      "    'B1', // a comment",
      "    'B2',",
      "  ])('isValid', value => {",
      '    const result = validate(value);',
      '    expect(result.isValid).toEqual(true);',
      '  });',
      "  it('format:C1', () => {",
      "    expect(format('C1')).toEqual('C 1');",
      '  });',
    ].join('\n');
    expect(readJestVerdicts(spec)).toEqual([
      { value: 'A1', valid: true },
      { value: 'A2', valid: false, reason: 'InvalidChecksum' },
      { value: 'B1', valid: true },
      { value: 'B2', valid: true },
    ]);
  });
});

describe('readValidatorTable (validator.js test tables)', () => {
  const source = [
    '    test({',
    "      validator: 'isTaxID',",
    "      args: ['xx-XX'],",
    '      valid: [',
    "        '111',",
    "        '222'],",
    '      invalid: [',
    "        '333'],",
    '    });',
    '    test({',
    "      validator: 'isTaxID',",
    "      args: ['yy-YY'],",
    '      valid: [',
    "        '444'],",
    '    });',
    "  it('should validate identity cards', () => {",
    '    const fixtures = [',
    '      {',
    "        locale: 'XX',",
    "        valid: ['555'],",
    "        invalid: ['666'],",
    '      },',
    '    ];',
    '  });',
    "  it('should validate postal code', () => {",
    '    const fixtures = [',
    "      { locale: 'XX', valid: ['777'] },",
    '    ];',
    '  });',
  ].join('\n');

  it("reads one locale's valid and invalid values", () => {
    expect(readValidatorTable(source, 'isTaxID', 'xx-XX')).toEqual([
      { value: '111', valid: true },
      { value: '222', valid: true },
      { value: '333', valid: false },
    ]);
    expect(readValidatorTable(source, 'isTaxID', 'yy-YY')).toEqual([{ value: '444', valid: true }]);
  });

  it("reads isIdentityCard's fixtures only, not another validator's", () => {
    expect(readValidatorTable(source, 'isIdentityCard', 'XX')).toEqual([
      { value: '555', valid: true },
      { value: '666', valid: false },
    ]);
  });
});
