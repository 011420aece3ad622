import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import type { Piece } from '../../../src/core/match/edited-view';
import { viewWithPieces } from '../../../src/core/match/edited-view';
import { obfuscatedEmailPieces } from '../../../src/core/match/obfuscated-emails';

const undone = (text: string) => {
  const pieces: Piece[] = [];
  obfuscatedEmailPieces(text, pieces);
  return viewWithPieces(text, pieces).text;
};

describe('spelled-out e-mail addresses', () => {
  it.each([
    ['jean.dupont [at] exemple [dot] fr', 'jean.dupont@exemple.fr'],
    ['jean.dupont[at]exemple[dot]fr', 'jean.dupont@exemple.fr'],
    ['jean (at) exemple (dot) co (dot) uk', 'jean@exemple.co.uk'],
    ['jean {at} exemple {dot} fr', 'jean@exemple.fr'],
    ['jean [@] exemple [.] fr', 'jean@exemple.fr'],
    ['jean [AT] exemple [DOT] fr', 'jean@exemple.fr'],
    ['jean.dupont [at] exemple.fr', 'jean.dupont@exemple.fr'], // a strong @, literal dots
    ['jean @ exemple.fr', 'jean@exemple.fr'], // a spaced @
    ['jean (at) exemple dot fr', 'jean@exemple.fr'],
    ['jean at exemple dot fr', 'jean@exemple.fr'], // bare words together, known domain
    ['jean AT exemple DOT fr', 'jean@exemple.fr'],
    ['jean arobase exemple point fr', 'jean@exemple.fr'],
    ['jean ( at ) exemple ( dot ) fr', 'jean@exemple.fr'], // spaces inside the brackets
  ])('%s', (text, address) => {
    expect(undone(`Écrivez à ${text}.`)).toBe(`Écrivez à ${address}.`);
  });

  it('a spelling is found after a first look-alike that is none (`dot` opening the text)', () => {
    expect(undone('dot com: jean at exemple dot fr')).toBe('dot com: jean@exemple.fr');
    expect(undone('@ home, (x) [y] jean [at] exemple.fr')).toBe('@ home, (x) [y] jean@exemple.fr');
  });

  it.each([
    'Contact us at example.com for help.', // a bare `at` before a dotted domain is prose
    'Meet me at noon dot com.', // a stop word as the local part
    'They worked at a dot com in 1999.', // …or as the domain
    'Look at the dot product of the vectors.',
    'I am at home dot net is down',
    'jean at exemple dot notatld', // an unknown top-level domain
    'See [at] the office', // no domain
    'Written at Paris.', // no dot at all
  ])('not an address: %s', (text) => {
    expect(undone(text)).toBe(text);
  });
});

describe('anonymize: spelled-out addresses are masked as the address', () => {
  it('gets the token of the address, however it is spelled', async () => {
    const session = createPii({ detectors: defaultDetectors() }).session('spelled');
    expect(
      await session.anonymize(
        'Écrivez à jean.dupont [at] exemple [dot] fr, ou jean.dupont at exemple dot fr, ou jean.dupont@exemple.fr.',
      ),
    ).toBe('Écrivez à <<EMAIL:1>>, ou <<EMAIL:1>>, ou <<EMAIL:1>>.');
    expect(await session.restore('<<EMAIL:1>>')).toBe('jean.dupont@exemple.fr');
  });
});
