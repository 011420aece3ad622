/**
 * Long texts (over 16 KB) that hold encodings: the decoded reading is whole, so a signal in one
 * paragraph (an address, a table header, a speaker, a label, a deny rule) still supports a value
 * encoded in another; the reading as written keeps what it finds next to an encoding.
 */
import { describe, expect, it } from 'vitest';
import { type CreatePiiOptions, createPii } from '../../../src/core/create-pii';

// About 17 KB of paragraphs: past the 16 KB under which a text is read whole both ways.
const PAD =
  'The quarterly report is attached; totals are unchanged since the last review.\n\n'.repeat(210);

async function masked(
  text: string,
  options: CreatePiiOptions = {},
  remember: [string, string][] = [],
): Promise<string> {
  const session = createPii(options).session('long-encoded');
  for (const [label, value] of remember) await session.remember(label, value);
  const [out] = await session.anonymizeMany([text], { role: 'tool' });
  return out!;
}

describe('signals far from an encoded value in a long text (G1)', () => {
  it('masks a plain name supported only by an e-mail address encoded in another paragraph', async () => {
    for (const address of [
      'thaddeus.whitmore&#64;example.com',
      'https://crm.example/?m=thaddeus.whitmore%40example.com',
    ]) {
      const text = `Write to ${address} today.\n\n${PAD}Thaddeus Whitmore will present.`;
      expect(text.length).toBeGreaterThan(16_384);
      const out = await masked(text);
      expect(out).not.toContain('Whitmore');
      expect(out).not.toContain('Thaddeus');
    }
  });

  it('masks an encoded name supported only by a plain e-mail address in another paragraph', async () => {
    const out = await masked(
      `Write to thaddeus.whitmore@example.com today.\n\n${PAD}Th&#97;ddeus Whitmore will present.`,
    );
    expect(out).not.toMatch(/ddeus|Whitmore/);
  });

  it('masks an encoded name in a TSV table with a row of tabs only, its header far above', async () => {
    const table = `Nom\tPrénom\tVille\n${'Martin\tJean\tLyon\n'.repeat(15)}\t\t\nOy&#101;laran\tPaul\tParis\n`;
    const out = await masked(`${PAD}${table}`);
    expect(out).not.toMatch(/laran|Paul/);
  });

  it('keeps context, a known value or a deny rule across a blank line, next to another encoding', async () => {
    expect(await masked(`${PAD}R&amp;D file, SSN:\n\n&#49;23456789`)).not.toContain('23456789');
    expect(
      await masked(`${PAD}Signed: Jos&eacute;\n\nGarc&iacute;a`, {}, [['PERSON', 'José García']]),
    ).not.toContain('Garc');
    expect(
      await masked(`${PAD}Notes &amp; IDs:\n\nRef&#58; XK-12`, { deny: [/IDs:\s+Ref: \S+/] }),
    ).not.toContain('XK-12');
  });

  it('masks a chat speaker whose name is encoded, the speakers before it far above', async () => {
    expect(await masked(`Tom: hi all\n\n${PAD}G&#114;ace: see you`)).not.toContain('ace:');
  });

  it('masks a name glued to an encoded letter, supported by an address far away', async () => {
    const prose = 'The quarterly report is attached; totals are unchanged since the last review. ';
    const text = `Write to thaddeus.whitmore@example.com today.\n\n${prose.repeat(230)}\n\nThaddeus Whitmore&#x41; will present.`;
    expect(text.length).toBeGreaterThan(16_384);
    const session = createPii().session('glued-encoded-letter');
    const out = await session.anonymize(text);
    expect(out).not.toMatch(/Thaddeus|Whitmore/);
    // The name's token, with or without the encoded letter glued to it (the tagger reads the
    // decoded `WhitmoreA` as one word, and a value read decoded is restored decoded).
    expect(out).toMatch(/<<PERSON:1>>(&#x41;)? will present\.$/);
    expect(await session.restore(out)).toMatch(/Thaddeus Whitmore(&#x41;|A) will present\.$/);
  });

  it('does not read a run too long for an address as one, in a long encoded text', async () => {
    const fill = 'The quarterly report is attached. '.repeat(600);
    const text = `${fill}\n\nmail ${'a'.repeat(70)}@example.fr here\n\n${fill}\n\ncaf&eacute;\n`;
    expect(text.length).toBeGreaterThan(16_384);
    const session = createPii().session('long-local-part');
    const out = await session.anonymize(text);
    expect(out).toContain(`mail ${'a'.repeat(70)}@example.fr here`);
    expect(await session.entries()).toEqual([]);
  });
});
