import { createHash } from 'node:crypto';

/**
 * The text a unit is compared by against the evaluation set: Unicode NFKC, lower case, no white
 * space at all, so that one sentence detokenized two ways (`Dupont ,` and `Dupont,`) compares
 * equal. This is the evaluation build's own normalisation (`scripts/eval-data/unit.ts` on the
 * external-eval branch, whose `eval-units.sha256` holds one hex SHA-256 a line): both must agree.
 */
export function normaliseUnitText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');
}

/**
 * SHA-256 (hex) of a unit's normalised text.
 *
 * @example
 * unitHash('Ada Lovelace ,') === unitHash('ada lovelace,'); // true
 */
export function unitHash(text: string): string {
  return createHash('sha256').update(normaliseUnitText(text), 'utf8').digest('hex');
}

/** Reads a file of hashes, one hex SHA-256 a line (blank lines and `#` comments ignored). */
export function readHashes(content: string): Set<string> {
  const out = new Set<string>();
  for (const line of content.split(/\r?\n/u)) {
    const hash = line.trim().split(/\s+/u)[0]?.toLowerCase() ?? '';
    if (hash === '' || hash.startsWith('#')) continue;
    if (!/^[0-9a-f]{64}$/u.test(hash)) throw new Error(`not a SHA-256: '${line}'`);
    out.add(hash);
  }
  return out;
}
