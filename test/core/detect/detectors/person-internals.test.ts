import { describe, expect, it } from 'vitest';
import { C_WORD, unitClass } from '../../../../src/core/detect/detectors/person/chars';
import {
  announcesName,
  CONTEXT,
  JSON_KEY_BEFORE,
  LABEL_BEFORE,
  SIGN_OFF,
  STRONG_INTRO,
} from '../../../../src/core/detect/detectors/person/context';
import { EmailParts } from '../../../../src/core/detect/detectors/person/emails';
import {
  COMPUTED,
  codeOfKey,
  FIRST,
  FOLD_DROP,
  FOLD_SLOW,
  foldUnit,
  HASH_SEED,
  hashKey,
  hashString,
  KEY_RELATION,
  KEY_TITLE_TAIL,
  KEY_YOU,
  keyEquals,
  lexiconFlagsOf,
  NO_CODE,
  SAINT,
  SURNAME,
  wordFlags,
} from '../../../../src/core/detect/detectors/person/keys';
import {
  NO_HASH,
  S_CAP,
  S_INITIAL,
  S_LOWER,
  S_OTHER,
  S_UPPER,
  TokenTable,
  tokenize,
} from '../../../../src/core/detect/detectors/person/tokens';
import { KEY_FLAGS, nameKey } from '../../../../src/core/detect/detectors/person-names/lexicon';

/** A small deterministic generator, so that failures repeat. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) | 0;
    return ((state >>> 8) & 0xffffff) / 0x1000000;
  };
}

const WORD_UNITS: string[] = [];
for (let code = 0; code < 0x10000; code++) {
  if (code >= 0xd800 && code <= 0xdfff) continue;
  if (unitClass(code) & C_WORD) WORD_UNITS.push(String.fromCharCode(code));
}
// Letters a name is written with, and the other characters of words.
const COMMON = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ...'éèêëàâäîïôöùûüçÉÈÀÇÔÖÜñÑßœŒæøØåÅłŁıİǅǆ',
  '\u0301',
  '\u0308',
  "'",
  '’',
  '-',
  'Σ',
  'σ',
  'ς',
  'Ж',
  'ж',
  '𝐉',
];

function randomWord(next: () => number, units: readonly string[], size: number): string {
  let word = '';
  for (let i = 0; i < size; i++) word += units[Math.floor(next() * units.length)];
  return word;
}

describe('person keys: nameKey read from the text', () => {
  it('folds every word code unit into its key, or says it cannot', () => {
    for (const unit of [...WORD_UNITS, "'", '’', '-']) {
      const folded = foldUnit(unit.charCodeAt(0));
      if (folded === FOLD_SLOW) continue;
      expect(folded === FOLD_DROP ? '' : String.fromCharCode(folded)).toBe(nameKey(unit));
    }
    // Greek is left to `nameKey` (a final sigma depends on what follows it).
    expect(foldUnit('Σ'.charCodeAt(0))).toBe(FOLD_SLOW);
    expect(nameKey('ΟΔΥΣΣΕΥΣ')).toBe('οδυσσευς');
  });

  it('puts the keys of code units together as nameKey does for a whole word', () => {
    const next = random(1);
    const foldable = WORD_UNITS.filter((u) => foldUnit(u.charCodeAt(0)) !== FOLD_SLOW);
    for (let n = 0; n < 20000; n++) {
      const a = foldable[Math.floor(next() * foldable.length)]!;
      const b = foldable[Math.floor(next() * foldable.length)]!;
      expect(nameKey(a + b)).toBe(nameKey(a) + nameKey(b));
    }
  });

  it('hashes and compares keys as nameKey gives them', () => {
    const next = random(2);
    for (let n = 0; n < 5000; n++) {
      const word = randomWord(next, n % 2 ? COMMON : WORD_UNITS, 1 + Math.floor(next() * 12));
      const text = `x ${word} y`;
      const key = nameKey(word);
      expect(hashKey(text, 2, 2 + word.length)).toBe(hashString(key));
      expect(hashKey(text, 2, 2 + word.length, 42)).toBe(hashString(key, 42));
      expect(keyEquals(text, 2, 2 + word.length, key)).toBe(true);
      expect(keyEquals(text, 2, 2 + word.length, `${key}a`)).toBe(false);
      if (key.length > 0) expect(keyEquals(text, 2, 2 + word.length, key.slice(1))).toBe(false);
    }
    expect(hashKey('Hélène', 0, 6)).toBe(hashString('helene'));
    expect(hashString('')).toBe(HASH_SEED);
  });

  it('codes keys of 1 to 10 letters a–z, one code per key', () => {
    const seen = new Map<number, string>();
    const next = random(3);
    for (let n = 0; n < 20000; n++) {
      const key = randomWord(next, [...'abcdefghijklmnopqrstuvwxyz'], 1 + Math.floor(next() * 10));
      const code = codeOfKey(key);
      expect(code).not.toBe(NO_CODE);
      expect(seen.get(code) ?? key).toBe(key);
      seen.set(code, key);
    }
    for (const key of ['', 'abcdefghijk', "o'brien", 'jean-paul', 'zoé', 'a1']) {
      expect(codeOfKey(key)).toBe(NO_CODE);
    }
  });

  it('gives the flags of the lexicon, and of compound words from their parts', () => {
    const LIST_BITS = (1 << 10) - 1;
    const flagsOfWord = (word: string) => {
      const text = ` ${word}.`;
      const to = 1 + word.length;
      return lexiconFlagsOf(text, 1, to, hashKey(text, 1, to), codeOfKey(nameKey(word)));
    };
    const expected = (word: string) => {
      const key = nameKey(word);
      return wordFlags(key, KEY_FLAGS.get(key) ?? 0) & (LIST_BITS | FIRST | SURNAME | SAINT);
    };
    const words = [...KEY_FLAGS.keys()].filter((_, i) => i % 7 === 0);
    words.push('Jean-Pierre', 'Marie-Zéphyrine', 'Saint-Jean', 'St-Louis', 'Sao-Paulo', 'Foo-Bar');
    words.push('Pouvez-vous', 'JEAN', 'Hélène', 'Zoe\u0301', 'Dupont', "O'Brien", 'unknownword');
    for (const word of words) {
      const flags = flagsOfWord(word);
      expect(flags & COMPUTED).toBe(COMPUTED);
      expect(flags & (LIST_BITS | FIRST | SURNAME | SAINT)).toBe(expected(word));
    }
    expect(flagsOfWord('Jean-Pierre') & FIRST).toBe(FIRST);
    expect(flagsOfWord('Saint-Jean') & SAINT).toBe(SAINT);
    expect(flagsOfWord('YOU') & KEY_YOU).toBe(KEY_YOU);
    // The ends of titles after a dot (`sig.ra`, `Dr.ⁱⁿ`) and the words before a relative's name.
    expect(flagsOfWord('ssa') & KEY_TITLE_TAIL).toBe(KEY_TITLE_TAIL);
    expect(flagsOfWord('ⁱⁿ') & KEY_TITLE_TAIL).toBe(KEY_TITLE_TAIL);
    expect(flagsOfWord('Compagnon') & KEY_RELATION).toBe(KEY_RELATION);
    expect(flagsOfWord("s'appelle") & KEY_RELATION).toBe(KEY_RELATION);
    expect(flagsOfWord('madame') & KEY_TITLE_TAIL).toBe(0);
  });
});

describe('person tokens', () => {
  it('reads words with their shapes, and hashes their keys', () => {
    const table = new TokenTable();
    const text = "Jean DUPONT, l'Anna J. McDonald JeAn jean-Pierre Zoé Sarah's 𝐉";
    const n = tokenize(text, table);
    const words: string[] = [];
    for (let i = 0; i < n; i++) {
      words.push(text.slice(table.start[i]!, table.end[i]!));
      const hash = table.hashOf(text, i);
      expect(hash).toBe(hashString(nameKey(words[i]!)));
      const code = table.code[i]!;
      if (code !== NO_CODE) expect(code).toBe(codeOfKey(nameKey(words[i]!)));
    }
    expect(words).toEqual([
      'Jean',
      'DUPONT',
      'Anna',
      'J',
      'McDonald',
      'JeAn',
      'jean-Pierre',
      'Zoé',
      'Sarah',
    ]);
    expect([...table.shape.subarray(0, n)]).toEqual([
      S_CAP,
      S_UPPER,
      S_CAP,
      S_INITIAL,
      S_CAP,
      S_OTHER,
      S_LOWER,
      S_CAP,
      S_CAP,
    ]);
  });

  it('grows its table, keeping what it read', () => {
    const table = new TokenTable();
    const text = 'Jean dupont '.repeat(3000);
    const n = tokenize(text, table);
    expect(n).toBe(6000);
    expect(table.start[5999]).toBe(text.length - 7);
    expect(table.shape[5998]).toBe(S_CAP);
    expect(table.hash[5998]).toBe(hashString('jean'));
    expect(table.hash[5999]).toBe(NO_HASH);
    // Words with accents take the general path, which grows the table too.
    const accented = 'Élodie d’Hélène '.repeat(1500);
    const other = new TokenTable();
    expect(tokenize(accented, other)).toBe(3000);
    expect(accented.slice(other.start[2999]!, other.end[2999]!)).toBe('Hélène');
    expect(other.hashOf(accented, 2999)).toBe(hashString('helene'));
    expect(other.code[2999]).toBe(codeOfKey('helene'));
  });
});

/** The e-mail part keys as a set of strings, the way the detector first built them. */
function emailKeys(text: string): Set<string> {
  const parts = new Set<string>();
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && at - start < 64 && /^[\p{L}\p{N}._-]$/u.test(text[start - 1]!)) start--;
    const local = nameKey(text.slice(start, at));
    if (local.length >= 3) {
      parts.add(local.replace(/[._-]/g, ''));
      for (const part of local.split(/[._-]/)) if (part.length >= 3) parts.add(part);
    }
  }
  return parts;
}

describe('person e-mail parts', () => {
  const LOCALS = ['jean.dupont', 'j.dupont', 'zoé_martin', 'σοφια', '한', 'jd', '...', 'a-b-cde'];
  const WORDS = ['Jean', 'Dupont', 'jdupont', 'JeanDupont', 'Zoé', 'Zoe\u0301', 'Martin', 'Σοφία'];

  it('knows the keys the former string set held', () => {
    const next = random(4);
    for (let n = 0; n < 300; n++) {
      let text = '';
      for (let w = 0; w < 8; w++) {
        text += `${WORDS[Math.floor(next() * WORDS.length)]} `;
        if (next() < 0.3) text += `${LOCALS[Math.floor(next() * LOCALS.length)]}@x.fr `;
      }
      const expected = emailKeys(text);
      const parts = new EmailParts(text);
      expect(parts.isEmpty).toBe(expected.size === 0);
      for (const word of [...WORDS, 'dupont', 'cde', 'ab', 'abcde', 'jeandupont']) {
        const probe = `${word}.`;
        const key = nameKey(word);
        for (const minLength of [0, 3]) {
          expect(parts.has(probe, 0, word.length, hashString(key), minLength)).toBe(
            key.length >= minLength && expected.has(key),
          );
        }
        // A first letter before the word: `j` + `dupont`.
        expect(parts.has(probe, 0, word.length, hashString(key, hashString('j')), 0, 'j')).toBe(
          expected.has(`j${key}`),
        );
      }
    }
  });
});

/** The context test as the detector first wrote it: each regex on its slice of the context. */
function announcesByRegexes(text: string, start: number): boolean {
  const from = Math.max(0, start - CONTEXT);
  const blankBefore = start > 0 && /[ \t]/.test(text[start - 1]!);
  if (blankBefore && STRONG_INTRO.test(text.slice(Math.max(0, start - 24), start))) return true;
  const context = text.slice(from, start);
  if (LABEL_BEFORE.test(context) || JSON_KEY_BEFORE.test(context)) return true;
  return SIGN_OFF.test(text.slice(Math.max(0, start - 32), start));
}

describe('person context', () => {
  it('says what the context regexes say', () => {
    const pieces = [
      'My name is',
      "i'm",
      'Je m’appelle',
      'il mio nome è',
      'SOY',
      'Name:',
      'full name =',
      '"customer":',
      '"customer"',
      "'nom':",
      ' "',
      "'",
      'Best regards,',
      'Cordialement',
      'Grüße!',
      'merci .',
      '--',
      '—',
      '\n',
      '\r\n',
      ' ',
      '  ',
      '\t',
      '    ',
      'x',
      'is',
      'foo:',
      ',',
    ];
    const next = random(5);
    for (let n = 0; n < 20000; n++) {
      let text = '';
      const count = 1 + Math.floor(next() * 6);
      for (let p = 0; p < count; p++) text += pieces[Math.floor(next() * pieces.length)];
      expect(announcesName(`${text}Jean`, text.length)).toBe(
        announcesByRegexes(`${text}Jean`, text.length),
      );
    }
    expect(announcesName('My name is Jean', 11)).toBe(true);
    expect(announcesName('Best regards,\n  Jean', 16)).toBe(true);
    expect(announcesName('{"name": "Jean"}', 10)).toBe(true);
    expect(announcesName('with Jean', 5)).toBe(false);
  });
});
