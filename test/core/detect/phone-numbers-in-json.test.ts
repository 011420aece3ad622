/**
 * Phone numbers in JSON strings: after an escaped line break (`\n`), or one escaped twice (JSON
 * inside a JSON string), the `n` glues nothing to the number, which is masked whole with the token
 * of the same number written elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { createPii } from '../../../src/core/create-pii';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { memoryVaultStore } from '../../../src/core/vault/memory-store';

const session = (id: string, locales?: string[]) =>
  createPii({
    store: memoryVaultStore(),
    ...(locales ? { detectors: defaultDetectors({ locales }) } : {}),
  }).session(id);

describe('an international number after an escaped newline in JSON', () => {
  // G1: the country code would be left in clear; G2: the number would get another country's
  // canonical form, and another token than the same number elsewhere. The JSON string is read as written (the
  // text holds no escape that a decoded reading is made for), and the `n` of `\n` glues the `+`.
  it('masks `+33 6 12 34 56 78` after `\\n` whole, with the token of the same number written elsewhere', async () => {
    const s = session('escaped-newline');
    // f6f7c44 and 4e6194d: `{"result":"ok\\n+33 <<PHONE:1>>"}`, PHONE:1 being +34612345678.
    expect(await s.anonymize('{"result":"ok\\n+33 6 12 34 56 78"}', { role: 'tool' })).toBe(
      '{"result":"ok\\n<<PHONE:1>>"}',
    );
    expect(await s.anonymize('tel +33 6 12 34 56 78')).toBe('tel <<PHONE:1>>');
  });
});

describe('a number after a line break escaped twice (JSON in a JSON string)', () => {
  // G1: digits in clear; G2: another country's token. `\n` (an odd number of backslashes) is
  // read as a line break; JSON written in a JSON string escapes it as `\\n`,
  // and the `n` glues the number again. 33 of 42 numbers keep digits in clear so (3 of 42
  // encoded once). Suggested fix: read a run of backslashes and `n`, `r`, `t` as a break
  // whatever its parity when the number after it is no word's continuation (a `+`, or a
  // digit followed by a separator).
  const twice = (value: string) => JSON.stringify(JSON.stringify({ result: `ok\n${value}` }));

  it('masks `+33 6 12 34 56 78` whole, with the token of the same number written elsewhere', async () => {
    // The number first seen so (seen before in plain text, the sweep masks it whole).
    const s = session('twice-intl');
    // f71cfe9: `"{\"result\":\"ok\\\\n+33 <<PHONE:1>>\"}"`, PHONE:1 being +34612345678.
    expect(await s.anonymize(twice('+33 6 12 34 56 78'), { role: 'tool' })).toBe(
      twice('<<PHONE:1>>'),
    );
    // f71cfe9: `tel <<PHONE:2>>`.
    expect(await s.anonymize('tel +33 6 12 34 56 78')).toBe('tel <<PHONE:1>>');
  });

  it('masks a national number (fr-FR) and a German one (defaults)', async () => {
    expect(await session('twice-de').anonymize(twice('+49 151 23456789'), { role: 'tool' })).toBe(
      twice('<<PHONE:1>>'),
    );
    // f71cfe9: the text as it is.
    expect(
      await session('twice-national', ['fr-FR']).anonymize(twice('06 12 34 56 78'), {
        role: 'tool',
      }),
    ).toBe(twice('<<PHONE:1>>'));
  });
});
