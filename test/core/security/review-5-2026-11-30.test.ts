/**
 * Security review 5 of 2026-11-30 (decoded reading by windows, 2ac16f5 and a0ed7a4), core
 * findings. A differential review against the previous tree: every test here failed on the
 * reviewed tree (each needs a text over 16 KB) and passes since the fix: the decoded reading is
 * whole again, only the reading as written is cut to windows. Findings in FINDINGS.md.
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
  const session = createPii(options).session('review-5');
  for (const [label, value] of remember) await session.remember(label, value);
  const [out] = await session.anonymizeMany([text], { role: 'tool' });
  return out!;
}

describe('review 5: signals outside the windows of a long text (G1)', () => {
  it('V1: a plain name supported only by an e-mail address encoded in another paragraph', async () => {
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

  it('V2: an encoded name supported only by a plain e-mail address in another paragraph', async () => {
    const out = await masked(
      `Write to thaddeus.whitmore@example.com today.\n\n${PAD}Th&#97;ddeus Whitmore will present.`,
    );
    expect(out).not.toMatch(/ddeus|Whitmore/);
  });

  it('V3: a TSV table with a row of tabs only, its header far above the encoded name', async () => {
    const table = `Nom\tPrénom\tVille\n${'Martin\tJean\tLyon\n'.repeat(15)}\t\t\nOy&#101;laran\tPaul\tParis\n`;
    const out = await masked(`${PAD}${table}`);
    expect(out).not.toMatch(/laran|Paul/);
  });

  it('V4: context, a known value or a deny rule across a blank line, next to another encoding', async () => {
    expect(await masked(`${PAD}R&amp;D file, SSN:\n\n&#49;23456789`)).not.toContain('23456789');
    expect(
      await masked(`${PAD}Signed: Jos&eacute;\n\nGarc&iacute;a`, {}, [['PERSON', 'José García']]),
    ).not.toContain('Garc');
    expect(
      await masked(`${PAD}Notes &amp; IDs:\n\nRef&#58; XK-12`, { deny: [/IDs:\s+Ref: \S+/] }),
    ).not.toContain('XK-12');
  });

  it('V5: a chat speaker whose name is encoded, the speakers before it far above', async () => {
    expect(await masked(`Tom: hi all\n\n${PAD}G&#114;ace: see you`)).not.toContain('ace:');
  });
});
