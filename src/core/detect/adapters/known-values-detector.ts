import { checkOptions, type OptionKeys } from '../../check-options';
import { PiiConfigError } from '../../errors';
import { foldString } from '../../match/fold';
import { canonicalizeDefault, defaultCanonicalizers } from '../../vault/canonical';
import { buildKnownValueMatcher, MIN_LENGTH } from '../../vault/known-value-matcher';
import type { VaultEntry } from '../../vault/types';
import type { DetectedSpan, Detector } from '../types';
import { checkLabel, checkName } from './adapter-options';

/** Values the app knows, by label: `{ PERSON: ['Jean Dupont'], EMAIL: ['jean@exemple.fr'] }`. */
export type KnownValues = Readonly<Record<string, Iterable<string>>>;

export interface KnownValuesDetectorOptions {
  /** Default `known-values`. */
  name?: string;
}

const WHERE = 'knownValuesDetector';

const KNOWN_VALUES_DETECTOR_KEYS = {
  name: 'optional',
} as const satisfies OptionKeys<KnownValuesDetectorOptions>;

/**
 * Finds values the app already knows in every conversation (a CRM's contacts, a directory of
 * employees), whatever their case, spacing and accents: `Jean Dupont` finds `JEAN  DUPONT` and
 * `Jéan Dupont`, never `Jean` inside `Jeanne`. Phones, cards and IBANs are found however their
 * digits are grouped. All the values are compiled into one automaton when the detector is
 * made (the one the vault sweep uses), so a text is read once, in time linear in its length,
 * however many values there are: build it once, at startup, and reuse it.
 *
 * Errors name a value by its label and position (`PERSON[3]`), never by the value itself.
 *
 * @example
 * import { createPii, defaultDetectors, knownValuesDetector } from 'ai-sdk-pii';
 * const pii = createPii({
 *   detectors: [
 *     ...defaultDetectors(),
 *     knownValuesDetector({ PERSON: crm.contacts.map((c) => c.name), CUSTOMER_ID: crm.ids }),
 *   ],
 * });
 * await pii.detect('Rappeler JEAN DUPONT'); // [{ label: 'PERSON', value: 'JEAN DUPONT', … }]
 */
export function knownValuesDetector(
  values: KnownValues,
  options: KnownValuesDetectorOptions = {},
): Detector {
  if (values === null || typeof values !== 'object' || Array.isArray(values)) {
    throw new PiiConfigError(
      `${WHERE} expects an object of value lists by label, e.g. { PERSON: ['Jean Dupont'] }.`,
    );
  }
  checkOptions(WHERE, options, KNOWN_VALUES_DETECTOR_KEYS);
  const name = checkName(options.name ?? 'known-values', WHERE);
  const entries: VaultEntry[] = [];
  // Where each folded value was first listed: one value under two labels would be ambiguous.
  const listedAt = new Map<string, string>();
  for (const [label, list] of Object.entries(values)) {
    checkLabel(label, WHERE);
    if (typeof list === 'string' || typeof list?.[Symbol.iterator] !== 'function') {
      throw new PiiConfigError(`${WHERE}: ${label} must be an array (or iterable) of strings.`);
    }
    const canonicalize = defaultCanonicalizers[label] ?? canonicalizeDefault;
    let i = 0;
    for (const value of list) {
      const at = `${label}[${i++}]`;
      if (typeof value !== 'string') {
        throw new PiiConfigError(`${WHERE}: the value at ${at} is not a string.`);
      }
      const folded = foldString(value.trim());
      if (folded.length < MIN_LENGTH) {
        throw new PiiConfigError(
          `${WHERE}: the value at ${at} is ${value.trim() === '' ? 'empty' : 'shorter than 2 characters'}; a known value must be at least 2 characters, or it would match inside ordinary words.`,
        );
      }
      const first = listedAt.get(folded);
      if (first === undefined) listedAt.set(folded, at);
      else if (!first.startsWith(`${label}[`)) {
        throw new PiiConfigError(
          `${WHERE}: the value at ${at} is also listed at ${first} (ignoring case, spacing and accents); list each value under one label.`,
        );
      } else continue;
      // The canonical form gives the matcher the value's other spellings (a phone's E.164).
      entries.push({ label, n: 0, value, canonical: canonicalize(value) });
    }
  }
  // The values as listed: their other forms (`Dupont` alone) are the vault sweep's, with part
  // tokens of the entry they belong to, once a conversation knows them.
  const matcher = buildKnownValueMatcher(entries, undefined, { otherForms: false });
  const labels = [...new Set(entries.map((e) => e.label))];
  return {
    name,
    labels,
    detect(text) {
      // No canonical form: the engine's canonicalisers give each match its identity, so a known
      // value shares its token with the same value found by any other detector.
      return matcher
        .find(text, 'words')
        .map((s): DetectedSpan => ({ start: s.start, end: s.end, label: s.label, score: 1 }));
    },
  };
}
