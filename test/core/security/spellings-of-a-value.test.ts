/**
 * Which spellings of a value are one value, with one token, and which are another: case and
 * accents in identifiers, invisible characters, full-width forms, missing accents, `ß` and `ss`,
 * encodings, IPv6 notations, and spellings met in one call.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { buildKnownValueMatcher } from '../../../src/core/vault/known-value-matcher';

describe('values that differ only in case or accents', () => {
  it('gives two API keys that differ only in case two tokens, each restoring to itself (G2)', async () => {
    const session = createPii().session('keys');
    const key1 = 'sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd';
    const key2 = key1.toLowerCase();
    const t1 = await session.anonymize(`old key ${key1}`);
    const t2 = await session.anonymize(`new key ${key2}`);
    expect(t1).toBe('old key <<API_KEY:1>>');
    expect(t2).toBe('new key <<API_KEY:2>>');
    expect(await session.restore(t2)).toBe(`new key ${key2}`);
  });

  it('masks an email that differs only by accents as another address, under its own token', async () => {
    const session = createPii().session('idn');
    await session.anonymize('écrire à élise@café.example');
    expect(await session.anonymize('et à elise@cafe.example, puis ÉLISE@CAFÉ.EXAMPLE')).toBe(
      'et à <<EMAIL:2>>, puis <<EMAIL:1>>',
    );
  });
});

describe('spellings met in one call', () => {
  it('masks another spelling of a value first found in the same request in that request (G1)', async () => {
    const session = createPii().session('same-batch');
    const [out] = await session.anonymizeMany([
      'Écrivez à Jean Dupont. PS: jean dupont sera absent, appelez JEAN DUPONT demain.',
    ]);
    expect(out).toBe(
      'Écrivez à <<PERSON:1>>. PS: <<PERSON:1>> sera absent, appelez <<PERSON:1>> demain.',
    );
  });

  it('gives two spellings of one name in one call one token', async () => {
    const session = createPii().session('w1');
    expect(await session.anonymize('Contact José García today. Later Jose Garcia replied.')).toBe(
      'Contact <<PERSON:1>> today. Later <<PERSON:1>> replied.',
    );
    expect(await session.anonymize('Jürgen Weiß schreibt. Gruß an Jürgen Weiss.')).toBe(
      '<<PERSON:2>> schreibt. Gruß an <<PERSON:2>>.',
    );
  });

  it('masks the other spellings of a name found inside a longer known value', async () => {
    const session = createPii().session('w2');
    await session.remember('ORG', 'Jean Dupont SARL');
    expect(await session.anonymize('Client: Jean Dupont SARL. Merci jean dupont.')).toBe(
      'Client: <<ORG:1>>. Merci <<PERSON:1>>.',
    );
  });

  it('takes an address percent-encoded and written plainly as one value, stored decoded', async () => {
    const session = createPii().session('x3');
    const out = await session.anonymizeMany(
      ['Write to ottoline%2Elefevre@example.fr', 'or ottoline.lefevre@example.fr'],
      { role: 'tool' },
    );
    expect(out).toEqual(['Write to <<EMAIL:1>>', 'or <<EMAIL:1>>']);
    expect(await session.restore('<<EMAIL:1>>')).toBe('ottoline.lefevre@example.fr');
  });
});

describe('variants of a known value', () => {
  it('masks a known value through invisible characters, full-width forms, missing accents and soft hyphens (G1)', async () => {
    const session = createPii().session('variants');
    await session.anonymize('Écrivez à Élodie Müller, elodie.muller@exemple.fr');
    const variants = [
      'elodie.muller\u200b@exemple.fr',
      'ｅｌｏｄｉｅ．ｍｕｌｌｅｒ＠ｅｘｅｍｐｌｅ．ｆｒ',
      'elodie muller',
      'Elodie Muller',
      'Élodie Mül\u00adler',
      'E\u0301lodie Mu\u0308ller',
    ];
    const outs = await session.anonymizeMany(variants.map((v) => `voir ${v} svp`));
    expect(outs).toEqual([
      'voir <<EMAIL:1>> svp',
      'voir <<EMAIL:1>> svp',
      'voir <<PERSON:1>> svp',
      'voir <<PERSON:1>> svp',
      'voir <<PERSON:1>> svp',
      'voir <<PERSON:1>> svp',
    ]);
  });

  it('masks a known value with ß written as SS or ss, under its token (G1, G2)', async () => {
    const session = createPii().session('sharp-s');
    await session.anonymize('Kontakt: Jörg Weiß, Karl Strauß, joerg.weiss@beispiel.de');
    const outs = await session.anonymizeMany([
      'von JÖRG WEISS',
      'von jörg weiss',
      'an Karl Strauss und KARL STRAUẞ',
      'an Jörg Wei\u200bss',
      'an JOERG.WEISS@BEISPIEL.DE',
    ]);
    expect(outs).toEqual([
      'von <<PERSON:1>>',
      'von <<PERSON:1>>',
      'an <<PERSON:2>> und <<PERSON:2>>',
      'an <<PERSON:1>>',
      'an <<EMAIL:1>>',
    ]);
  });

  it('masks a known value ending in `s` followed by another `s` (no ss→ß pairing, G1)', async () => {
    // Values of several parts are found glued to letters, and the model's own text is swept with
    // no boundary at all; a folded view that read `ss` as one `ß` would no longer find `dubois`
    // in `duboiß`.
    const session = createPii().session('s-after-value');
    expect(await session.anonymize('Écrivez à Jean Dubois, jean.dubois@exemple.fr')).toBe(
      'Écrivez à <<PERSON:1>>, <<EMAIL:1>>',
    );
    await session.remember('PERSON', 'Thomas');
    // The model wrote `<<PERSON:1>>s Adresse` (German genitive); piiRestoreTransform restored it
    // and the next step's prompt holds the assistant text below.
    const assistant = await session.anonymize(
      'Ich schreibe an Jean Duboiss Adresse und an Thomass Büro.',
      { role: 'assistant' },
    );
    expect(assistant).not.toContain('Dubois');
    expect(assistant).not.toContain('Thomas');
    expect(assistant).toBe('Ich schreibe an <<PERSON:1>>s Adresse und an <<PERSON:2>>s Büro.');
  });

  it('finds a value in every occurrence whatever `s` touches it (offsets exact)', () => {
    const matcher = buildKnownValueMatcher([
      { label: 'PERSON', n: 1, value: 'Jean Dubois', canonical: 'jean dubois' },
      {
        label: 'EMAIL',
        n: 1,
        value: 'sophie.martin@exemple.es',
        canonical: 'sophie.martin@exemple.es',
      },
    ]);
    const text = 'Jean Duboiss / sophie.martin@exemple.ess / Msophie.martin@exemple.es';
    const found = matcher.find(text, 'none').map((s) => text.slice(s.start, s.end));
    expect(found).toEqual(['Jean Dubois', 'sophie.martin@exemple.es', 'sophie.martin@exemple.es']);
    // Left side: an `s` glued before a value that starts with `s`.
    const glued = 'Mrssophie.martin@exemple.es';
    expect(matcher.find(glued, 'none').map((s) => glued.slice(s.start, s.end))).toEqual([
      'sophie.martin@exemple.es',
    ]);
  });
});

describe('notations and encodings of a value', () => {
  it('gives one IPv6 address in two notations one token (G2)', async () => {
    const session = createPii().session('ipv6');
    const out = await session.anonymize(
      'ip 2001:db8::1 puis 2001:0db8:0000:0000:0000:0000:0000:0001',
    );
    expect(out).toBe('ip <<IP_ADDRESS:1>> puis <<IP_ADDRESS:1>>');
  });

  it('masks known values JSON-escaped, HTML-encoded or percent-encoded in a tool result (G1)', async () => {
    const session = createPii().session('escaped');
    await session.anonymize('Écrivez à Élodie Müller, elodie.muller@exemple.fr');
    const outs = await session.anonymizeMany(
      [
        '{"name":"\\u00c9lodie M\\u00fcller","mail":"elodie.muller\\u0040exemple.fr"}',
        '<a href="mailto:elodie.muller&#64;exemple.fr">&Eacute;lodie M&uuml;ller</a>',
        'https://crm.example/search?q=elodie.muller%40exemple.fr&n=%C3%89lodie%20M%C3%BCller',
      ],
      { role: 'tool' },
    );
    expect(outs).toEqual([
      '{"name":"<<PERSON:1>>","mail":"<<EMAIL:1>>"}',
      '<a href="mailto:<<EMAIL:1>>"><<PERSON:1>></a>',
      'https://crm.example/search?q=<<EMAIL:1>>&n=<<PERSON:1>>',
    ]);
  });

  it('detects a new value hidden by an encoding and restores it decoded', async () => {
    const session = createPii().session('escaped-new');
    const [out] = await session.anonymizeMany(['{"mail":"marie.curie\\u0040exemple.fr"}'], {
      role: 'tool',
    });
    expect(out).toBe('{"mail":"<<EMAIL:1>>"}');
    expect(await session.restore(out!)).toBe('{"mail":"marie.curie@exemple.fr"}');
  });
});
