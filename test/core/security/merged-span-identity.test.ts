/**
 * A merged span (a value read across another one, masked as one span over both) has an identity
 * of its own: it never shares a token with one of its parts, nor with a value that looks like a
 * merged span's canonical form.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';

describe('merged spans have an identity of their own (G2/G3)', () => {
  // A losing span that reaches past the winner is merged with it. The merged span has the
  // winner's label; without a canonical form of its own, `canonicalize('PHONE', union)` runs
  // libphonenumber on the whole union, which reads the phone and ignores what follows it: the
  // union would have the bare phone's canonical form, hence its token.
  const BARE = '+33 (0)1 44 55 66 77';
  const GLUED = `${BARE}-info@empresa.es`; // eval-set values, glued by a dash

  it('a phone known first: the phone+address union gets a token of its own and restores whole', async () => {
    const session = createPii().session('known-first');
    expect(await session.anonymize(`Standard : ${BARE}`)).toBe('Standard : <<PHONE:1>>');
    const text = `Contact : ${GLUED}`;
    const masked = await session.anonymize(text);
    // `info@empresa.es` is dropped from what people and tools get back.
    expect(await session.restore(masked)).toBe(text);
  });

  it('the union seen first: the bare phone later gets a token of its own, restoring as written', async () => {
    const session = createPii().session('union-first');
    await session.anonymize(`Contact : ${GLUED}`);
    const text = 'Rappelez le 01 44 55 66 77 svp';
    const masked = await session.anonymize(text);
    // Was restored (screen, tool argument) as `+33 (0)1 44 55 66 77-info@empresa.es svp`. The
    // union now has an identity of its own: the bare phone gets a token of its own and
    // restores as written.
    expect(await session.restore(masked)).toBe(text);
    const [phone] = await session.entries([masked.match(/<<PHONE:\d+>>/)![0]]);
    expect(phone!.value).not.toContain('@');
  });
});

describe('the `merged:` namespace is reserved (G2/G3)', () => {
  // `mergedCanonical` prefixes a merged span's text with `merged:`, in the label's own
  // namespace; `isMergedCanonical` tells a merged entry by that prefix alone. A value whose
  // label's canonicaliser keeps the prefix (EMAIL and PERSON lower-case it, any other label's
  // default canonicaliser keeps it as is) would be taken for a merged entry, or collide with one,
  // without the escape of canonical forms that start like a merged span's.
  const UNION = '4111 1111 1111 1111-jean.dupont.longname@exemple.fr'; // merged, label EMAIL

  it('gives a remembered EMAIL `merged:<union>` and the merged union two tokens: the message restores as written', async () => {
    const session = createPii().session('merged-prefix-collision');
    await session.remember('EMAIL', `merged:${UNION}`);
    const text = `Paiement ${UNION} merci`;
    const masked = await session.anonymize(text);
    expect(masked).not.toContain('4111');
    expect(await session.restore(masked)).toBe(text);
  });

  it('sweeps a remembered value whose canonical form starts with `merged:` under its own token', async () => {
    const session = createPii().session('merged-prefix-identity');
    const token = await session.remember('TICKET', 'merged:abc-123');
    // `matchIdentifier` reads the entry as merged and identifies the match as
    // `merged:merged:abc-123`: a second entry for the same value.
    expect(await session.anonymize('Ticket merged:abc-123 ici')).toBe(`Ticket ${token} ici`);
  });

  it('gives `merged:abc` and `\\merged:abc` two tokens (the escape is injective)', async () => {
    // `merged:abc` is escaped to `\merged:abc`, which is also the canonical form of the value
    // `\merged:abc` (it does not start with `merged:`, so it is left as is).
    const session = createPii().session('merged-escape');
    const a = await session.remember('TICKET', 'merged:abc');
    const b = await session.remember('TICKET', '\\merged:abc');
    expect(b).not.toBe(a);
    expect(await session.restore(b)).toBe('\\merged:abc');
  });
});
