import { FEATURES } from './features';
import { hashString } from './hash';
import { LISTS } from './word-reads';

/**
 * A short fingerprint of what the weights were trained against: the names of the features and
 * of the lists, in order. Weights trained on another table would score nonsense, so the
 * detector refuses them (a test checks the shipped weights).
 */
export function featureTableFingerprint(): string {
  const names = [
    ...FEATURES.map((f) => `${f.name}:${f.parts.map(String).join('+')}:${f.only ?? ''}`),
    '|',
    ...LISTS.map(([name]) => name),
  ];
  return hashString(names.join(',')).toString(16).padStart(8, '0');
}
