import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { isNameHere, nameWordKind, wordSignals } from '../../../src/core/vault/name-word-gate';
import { testNameDetector } from '../helpers';

/** A conversation that knows `names`, and no detector: only the sweep masks. */
async function knowing(...names: string[]) {
  const session = createPii({ detectors: [] }).session(`alone-${Math.random()}`);
  for (const name of names) await session.remember('PERSON', name);
  return session;
}

describe('a word of a known name written alone', () => {
  it('gets a token naming the person and restores to what was written', async () => {
    const s = await knowing('Jean Dupont');
    const masked = await s.anonymize('Dupont a rappelé. Jean says hi.');
    expect(masked).toBe('<<PERSON:1.2>> a rappelé. <<PERSON:1.1>> says hi.');
    expect(await s.restore(masked)).toBe('Dupont a rappelé. Jean says hi.');
    expect(await s.restore('<<PERSON:1>>')).toBe('Jean Dupont');
  });

  it('is the name whatever its case when it is no common word', async () => {
    const s = await knowing('Jean Dupont');
    expect(await s.anonymize('DUPONT et dupont, Dupont.')).toBe(
      '<<PERSON:1.2>> et <<PERSON:1.2>>, <<PERSON:1.2>>.',
    );
  });

  it('is found in a message that also brings the full name (one request)', async () => {
    const pii = createPii({ detectors: [testNameDetector(['Jean Dupont'])] });
    const s = pii.session('same-batch');
    expect(await s.anonymize('Dupont a rappelé : Jean Dupont.')).toBe(
      '<<PERSON:1.2>> a rappelé : <<PERSON:1>>.',
    );
    // The entry holds the full name, not the first word the text showed.
    expect(await s.restore('<<PERSON:1>>')).toBe('Jean Dupont');
  });

  it('is not found inside another word, a compound name or a longer name', async () => {
    const s = await knowing('Jean Dupont');
    const text = 'Jeanne, Jean-Pierre, Duponteau, Marie-Jean, jeandu';
    expect(await s.anonymize(text)).toBe(text);
  });

  it('after a title abbreviation that is also an initial, is the title’s (M. is Monsieur)', async () => {
    const s = await knowing('Marie Dupont', 'Jean Dupont');
    // Two known names hold `Dupont`: with no initial to tell them apart it gets its own token.
    expect(await s.anonymize('M. Dupont a rappelé')).toBe('M. <<PERSON:3>> a rappelé');
    expect(await s.restore('<<PERSON:3>>')).toBe('Dupont');
    // An initial tells whose it is.
    expect(await s.anonymize('J. Dupont et Dupont J.')).toBe(
      'J. <<PERSON:2.2>> et <<PERSON:2.2>> J.',
    );
  });
});

describe('a word of a known name after a preposition or its own particles', () => {
  it('after `à` or `a` (to), is the name: a preposition is no article', async () => {
    const s = await knowing('Suzanne Barre', 'Teodoro Solano', 'Rosoiana Zanotti');
    expect(await s.anonymize('Dites à Barre que les documents sont prêts.')).toBe(
      'Dites à <<PERSON:1.2>> que les documents sont prêts.',
    );
    expect(await s.anonymize('Por favor, recuérdele a Solano el plazo.')).toBe(
      'Por favor, recuérdele a <<PERSON:2.2>> el plazo.',
    );
    expect(await s.anonymize('Può ricordare a Zanotti la scadenza?')).toBe(
      'Può ricordare a <<PERSON:3.2>> la scadenza?',
    );
    // An article before the same word still makes it a common noun.
    expect(await s.anonymize('Passe-moi la barre.')).toBe('Passe-moi la barre.');
    expect(await s.anonymize('la Barre est haute')).toBe('la Barre est haute');
  });

  it('after the particles it has in the name, is the family name (`van der Batz`)', async () => {
    const s = await knowing('Eveline van der Batz', 'Ignacio de la Suárez', 'Rosa La Panico');
    expect(await s.anonymize('Tell van der Batz the documents are ready.')).toBe(
      'Tell van der <<PERSON:1.4>> the documents are ready.',
    );
    expect(await s.anonymize('¿Ha vuelto a llamar de la Suárez?')).toBe(
      '¿Ha vuelto a llamar de la <<PERSON:2.4>>?',
    );
    expect(await s.anonymize('La Panico ha pagato l’acconto.')).toBe(
      'La <<PERSON:3.3>> ha pagato l’acconto.',
    );
    // Other words before it are the determiners they are.
    expect(await s.anonymize('der Batz und die Suárez')).toBe('der Batz und die Suárez');
  });
});

describe('a word that several known names share', () => {
  it('gets a token of its own, kept from then on, and still only where it is a name', async () => {
    const s = await knowing('Pierre Martin', 'Anne Martin');
    expect(await s.anonymize('Martin viendra demain.')).toBe('<<PERSON:3>> viendra demain.');
    expect(await s.restore('<<PERSON:3>>')).toBe('Martin');
    expect(await s.anonymize('Je verrai Martin, pas le martin-pêcheur ni un martin.')).toBe(
      'Je verrai <<PERSON:3>>, pas le martin-pêcheur ni un martin.',
    );
    // Written with the other words of one name, it is that name's.
    expect(await s.anonymize('Martin, Anne et P. Martin')).toBe(
      '<<PERSON:2.2>>, <<PERSON:2.1>> et P. <<PERSON:1.2>>',
    );
  });
});

describe('a word of a known name that is also a common word', () => {
  const cases: [string, string, string][] = [
    // [known name, text, masked]
    ['Pierre Martin', 'la pierre est lourde', 'la pierre est lourde'],
    ['Pierre Martin', 'Pierre a appelé', '<<PERSON:1.1>> a appelé'],
    ['Pierre Martin', 'le livre de Pierre', 'le livre de <<PERSON:1.1>>'],
    ['Pierre Martin', 'le martin-pêcheur', 'le martin-pêcheur'],
    ['Pierre Martin', 'il a vu Martin hier', 'il a vu <<PERSON:1.2>> hier'],
    ['Will Grace', 'Will you come? I will.', 'Will you come? I will.'],
    ['Will Grace', 'I told Will and Grace.', 'I told <<PERSON:1.1>> and <<PERSON:1.2>>.'],
    [
      'Will Grace',
      'Grace period ends by the grace of God',
      'Grace period ends by the grace of God',
    ],
    ['Rose Koch', 'eine Rose für dich', 'eine Rose für dich'],
    ['Rose Koch', 'Der Koch kocht.', 'Der Koch kocht.'],
    ['Rose Koch', 'Ich habe mit Koch gesprochen.', 'Ich habe mit <<PERSON:1.2>> gesprochen.'],
    ['Hans Fischer', 'der Fischer und Herr Fischer', 'der Fischer und Herr <<PERSON:1.2>>'],
    ['Marc Boulanger', 'chez le boulanger', 'chez le boulanger'],
    ['Marc Boulanger', 'M. Boulanger a appelé', 'M. <<PERSON:1.2>> a appelé'],
    ['Amy Brown', 'the brown fox; Mrs Brown called', 'the brown fox; Mrs <<PERSON:1.2>> called'],
    ['Jean Dupont', 'a jean jacket, I bought jeans', 'a jean jacket, I bought jeans'],
    ['Jean Dupont', 'jean a appelé ce matin', '<<PERSON:1.1>> a appelé ce matin'],
    ['Li Wei', '<li>item</li>, Li said, Mr Li', '<li>item</li>, Li said, Mr <<PERSON:1.1>>'],
    ['Pierre Martin', 'voir MARTIN ici', 'voir <<PERSON:1.2>> ici'],
    // A word of a place before it: a place (the Debian catalogues' country and language names).
    ['Harrison Cruz', 'Santa Cruz de Tenerife', 'Santa Cruz de Tenerife'],
    ['Jean Dupont', 'au 3 rue Dupont, chez Dupont', 'au 3 rue Dupont, chez <<PERSON:1.2>>'],
    ['Pierre Martin', 'Saint Pierre and Miquelon', 'Saint Pierre and Miquelon'],
    // Two spaces start a column (`--help` output): no word before it says it is a name.
    [
      'Mark King',
      '  -m4byte-align  Mark the binary as aligned',
      '  -m4byte-align  Mark the binary as aligned',
    ],
    ['Mark King', 'le nom est trop long dans (*MARK)', 'le nom est trop long dans (*MARK)'],
    // An initial glued to a short family name spells words (`adang`, a language).
    ['Asier Dang', 'adang, ga’dang', 'adang, ga’dang'],
  ];
  it.each(cases)('%s: %s', async (name, text, masked) => {
    const s = await knowing(name);
    expect(await s.anonymize(text)).toBe(masked);
  });

  it('in a text that writes it in lower case too, is a word there (a name a detector misread)', async () => {
    const s = await knowing('Claude Code Provider');
    expect(await s.anonymize('Ask Provider today.')).toBe('Ask <<PERSON:1.3>> today.');
    // Used as a word here, it is a name only where a frequent word would be one.
    expect(await s.anonymize('Pick a provider. Ask Provider today.')).toBe(
      'Pick a provider. Ask Provider today.',
    );
  });

  it('of no list of names, is one inside a sentence only (not a heading’s or a sentence’s first word)', async () => {
    const s = await knowing('Tool Calling', 'Perielle Jasard');
    for (const text of [
      'Tool results come back.',
      '## Calling Tools',
      'Use the OpenAI Tool here.',
      'see the TOOL docs',
    ]) {
      expect(await s.anonymize(text)).toBe(text);
    }
    expect(await s.anonymize('Tell Jasard the documents are ready.')).toBe(
      'Tell <<PERSON:2.2>> the documents are ready.',
    );
    expect(await s.anonymize('Has Perielle paid the deposit?')).toBe(
      'Has <<PERSON:2.1>> paid the deposit?',
    );
    expect(await s.anonymize('voir JASARD ici')).toBe('voir <<PERSON:2.2>> ici');
  });

  it('in lower case, is a word wherever capitals stand nearby, past a line break or a URL', async () => {
    const s = await knowing('Claude Code Provider', 'Pierre Martin');
    for (const text of [
      'This uses the [AI Gateway](https://vercel.com/ai-gateway) provider, the [global provider](/docs/p).',
      'You can change model and providers with just\n  one line of code!',
      'Profile: Alice. sans pierre ni martin',
    ]) {
      expect(await s.anonymize(text)).toBe(text);
    }
    // A message typed without any capital still names people in lower case.
    expect(await s.anonymize('dis à pierre que je passe\net à martin aussi')).toBe(
      'dis à <<PERSON:2.1>> que je passe\net à <<PERSON:2.2>> aussi',
    );
  });

  it('is sorted into a kind by readable data', () => {
    expect(
      ['Dupont', 'Pierre', 'Koch', 'Will', 'Rose', 'Paris', 'Li', 'Provider'].map(nameWordKind),
    ).toEqual(['name', 'word', 'word', 'frequent', 'frequent', 'proper', 'short', 'unlisted']);
  });

  it('is a name by the signals of its kind', () => {
    const signals = (text: string, word: string) =>
      wordSignals(text, text.indexOf(word), text.indexOf(word) + word.length);
    expect(signals('il a vu Martin hier', 'Martin')).toMatchObject({
      shape: 'capitalised',
      afterLowerWord: true,
      sentenceStart: false,
    });
    expect(signals('Merci. Will you', 'Will')).toMatchObject({ sentenceStart: true });
    expect(signals('Dr. Koch', 'Koch')).toMatchObject({ titled: true });
    expect(signals('der Koch', 'Koch')).toMatchObject({ determined: true });
    expect(isNameHere('frequent', signals('Merci. Will you', 'Will'))).toBe(false);
    expect(isNameHere('word', signals('Merci. Pierre a', 'Pierre'))).toBe(true);
    expect(isNameHere('proper', signals('in Paris', 'Paris'))).toBe(false);
  });
});
