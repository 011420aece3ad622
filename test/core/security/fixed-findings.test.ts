/**
 * Findings of the security review (FINDINGS.md beside this file) that are fixed, kept as
 * regression tests under their finding's number.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';

describe('fixed findings of the security review', () => {
  it('M2: two API keys that differ only in case get two tokens, each restoring to itself (G2)', async () => {
    const session = createPii().session('keys');
    const key1 = 'sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd';
    const key2 = key1.toLowerCase();
    const t1 = await session.anonymize(`old key ${key1}`);
    const t2 = await session.anonymize(`new key ${key2}`);
    expect(t1).toBe('old key <<API_KEY:1>>');
    expect(t2).toBe('new key <<API_KEY:2>>');
    expect(await session.restore(t2)).toBe(`new key ${key2}`);
  });

  it('M2: an email that differs only by accents is another address, masked under its own token', async () => {
    const session = createPii().session('idn');
    await session.anonymize('écrire à élise@café.example');
    expect(await session.anonymize('et à elise@cafe.example, puis ÉLISE@CAFÉ.EXAMPLE')).toBe(
      'et à <<EMAIL:2>>, puis <<EMAIL:1>>',
    );
  });

  it('M3: another spelling of a value first found in the same request is masked in that request (G1)', async () => {
    const session = createPii().session('same-batch');
    const [out] = await session.anonymizeMany([
      'Écrivez à Jean Dupont. PS: jean dupont sera absent, appelez JEAN DUPONT demain.',
    ]);
    expect(out).toBe(
      'Écrivez à <<PERSON:1>>. PS: <<PERSON:1>> sera absent, appelez <<PERSON:1>> demain.',
    );
  });

  it('M5: invisible characters, full-width forms, missing accents and soft hyphens do not hide a known value (G1)', async () => {
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

  it('M5: ß written as SS or ss does not hide a known value, and keeps its token (G1, G2)', async () => {
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

  it('L6: one IPv6 address in two notations gets one token (G2)', async () => {
    const session = createPii().session('ipv6');
    const out = await session.anonymize(
      'ip 2001:db8::1 puis 2001:0db8:0000:0000:0000:0000:0000:0001',
    );
    expect(out).toBe('ip <<IP_ADDRESS:1>> puis <<IP_ADDRESS:1>>');
  });

  it('H3: known values JSON-escaped, HTML-encoded or percent-encoded in a tool result are masked (G1)', async () => {
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

  it('H3: a new value hidden by an encoding is detected and restored decoded', async () => {
    const session = createPii().session('escaped-new');
    const [out] = await session.anonymizeMany(['{"mail":"marie.curie\\u0040exemple.fr"}'], {
      role: 'tool',
    });
    expect(out).toBe('{"mail":"<<EMAIL:1>>"}');
    expect(await session.restore(out!)).toBe('{"mail":"marie.curie@exemple.fr"}');
  });
});
