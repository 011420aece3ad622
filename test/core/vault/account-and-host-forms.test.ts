import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { valueParts } from '../../../src/core/vault/value-parts';

const IBAN = 'FR76 3000 6000 0112 3456 7890 189';

async function knowing(...values: [string, string][]) {
  const session = createPii({ detectors: [] }).session(`forms-${Math.random()}`);
  for (const [label, value] of values) await session.remember(label, value);
  return session;
}

describe('the fields of a known IBAN written as a national account number', () => {
  it('are the RIB of a French IBAN: bank, branch, account, key', () => {
    expect(valueParts({ label: 'IBAN', value: IBAN, canonical: IBAN.replace(/ /g, '') })).toEqual([
      '30006',
      '00001',
      '12345678901',
      '89',
    ]);
  });

  const cases: [string, string][] = [
    ['RIB 30006 00001 12345678901 89', 'RIB <<IBAN:1.1>> <<IBAN:1.2>> <<IBAN:1.3>> <<IBAN:1.4>>'],
    ['RIB 30006-00001-12345678901-89', 'RIB <<IBAN:1.1>>-<<IBAN:1.2>>-<<IBAN:1.3>>-<<IBAN:1.4>>'],
    ['RIB 30006000011234567890189', 'RIB <<IBAN:1.1>><<IBAN:1.2>><<IBAN:1.3>><<IBAN:1.4>>'],
    ['compte 12345678901', 'compte <<IBAN:1.3>>'],
    ['account no. 123 456 789 01', 'account no. <<IBAN:1.3>>'],
    ['compte 12345678901 clé 89', 'compte <<IBAN:1.3>> clé 89'],
    ['compte 12345678901 89', 'compte <<IBAN:1.3>> <<IBAN:1.4>>'],
  ];
  it.each(cases)('%s', async (text, masked) => {
    const s = await knowing(['IBAN', IBAN]);
    expect(await s.anonymize(text)).toBe(masked);
    // Restoring gives the digits back as written, separators and all.
    expect((await s.restore(masked)).replace(/\D/g, '')).toBe(text.replace(/\D/g, ''));
  });

  it('alone, bank and branch codes are no personal data: they stay', async () => {
    const s = await knowing(['IBAN', IBAN]);
    expect(await s.anonymize('banque 30006, guichet 00001, clé 89')).toBe(
      'banque 30006, guichet 00001, clé 89',
    );
  });

  it('are found for other countries’ layouts, and without the leading zeros', async () => {
    const s = await knowing(['IBAN', 'DE89 3704 0044 0532 0130 00']);
    expect(await s.anonymize('BLZ 37040044, Konto 0532013000 / 532013000')).toBe(
      'BLZ 37040044, Konto <<IBAN:1.2>> / <<IBAN:1.2>>',
    );
  });

  it('are not found inside a longer number', async () => {
    const s = await knowing(['IBAN', IBAN]);
    expect(await s.anonymize('ref 9912345678901, 123456789012')).toBe(
      'ref 9912345678901, 123456789012',
    );
  });
});

describe('a known IPv4 address in a host name, reversed or zero-padded', () => {
  const cases: [string, string][] = [
    [
      'ssh ip-10-20-30-40.eu-west-1.compute.internal',
      'ssh ip-<<IP_ADDRESS:1.1>>-<<IP_ADDRESS:1.2>>-<<IP_ADDRESS:1.3>>-<<IP_ADDRESS:1.4>>.eu-west-1.compute.internal',
    ],
    [
      'http://10-20-30-40.nip.io/',
      'http://<<IP_ADDRESS:1.1>>-<<IP_ADDRESS:1.2>>-<<IP_ADDRESS:1.3>>-<<IP_ADDRESS:1.4>>.nip.io/',
    ],
    [
      'host_10_20_30_40',
      'host_<<IP_ADDRESS:1.1>>_<<IP_ADDRESS:1.2>>_<<IP_ADDRESS:1.3>>_<<IP_ADDRESS:1.4>>',
    ],
    [
      '40.30.20.10.in-addr.arpa',
      '<<IP_ADDRESS:1.4>>.<<IP_ADDRESS:1.3>>.<<IP_ADDRESS:1.2>>.<<IP_ADDRESS:1.1>>.in-addr.arpa',
    ],
  ];
  it.each(cases)('%s keeps its shape: each octet is a part', async (text, masked) => {
    const s = await knowing(['IP_ADDRESS', '10.20.30.40']);
    expect(await s.anonymize(text)).toBe(masked);
    expect(await s.restore(masked)).toBe(text);
  });

  it('zero-padded, is the same address', async () => {
    const s = await knowing(['IP_ADDRESS', '10.20.30.40']);
    expect(await s.anonymize('ping 010.020.030.040')).toBe('ping <<IP_ADDRESS:1>>');
  });

  it('is not found in a longer run of groups, nor in another address', async () => {
    const s = await knowing(['IP_ADDRESS', '10.20.30.40']);
    const text = 'ip-10-20-30-40-50, 110-20-30-40, 10.20.30.401';
    expect(await s.anonymize(text)).toBe(text);
  });
});
