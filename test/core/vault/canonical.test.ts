import { describe, expect, it } from 'vitest';
import {
  canonicalizeIp,
  canonicalizePerson,
  defaultCanonicalizers,
  phoneCanonicalizer,
} from '../../../src/core/vault/canonical';

describe('canonical forms', () => {
  it('gives one IPv6 address one form whatever its notation', () => {
    const forms = [
      '2001:db8::1',
      '2001:0db8:0000:0000:0000:0000:0000:0001',
      '2001:DB8:0:0:0:0:0:1',
      '2001:db8:0::0:1',
    ];
    expect(new Set(forms.map(canonicalizeIp))).toEqual(new Set(['2001:db8::1']));
    expect(canonicalizeIp('::ffff:192.0.2.1')).toBe('::ffff:c000:201');
    expect(canonicalizeIp('fe80:0:0:1:0:0:0:1')).toBe('fe80:0:0:1::1');
    expect(canonicalizeIp('::')).toBe('::');
    expect(canonicalizeIp('192.168.1.1')).toBe('192.168.1.1');
  });

  it('gives phones their E.164 form, national numbers read in the listed countries', () => {
    const phone = phoneCanonicalizer(['FR', 'US']);
    expect(phone('06 12 34 56 78')).toBe('+33612345678');
    expect(phone('+33 (0)6 12 34 56 78')).toBe('+33612345678');
    expect(phone('0033 6 12 34 56 78')).toBe('+33612345678');
    expect(phone('(415) 555-2671')).toBe('+14155552671');
  });

  it('treats case, spacing, apostrophes and hyphen spacing of names as one person', () => {
    expect(canonicalizePerson('  Michael   O’Brien ')).toBe("michael o'brien");
    expect(canonicalizePerson('Jean - Pierre Martin')).toBe('jean-pierre martin');
  });

  it('compacts digit groups and lower-cases emails', () => {
    expect(defaultCanonicalizers.IBAN!('fr76 3000-6000 0112')).toBe('FR76300060000112');
    expect(defaultCanonicalizers.EMAIL!(' Jean.Dupont@Exemple.FR ')).toBe('jean.dupont@exemple.fr');
  });
});
