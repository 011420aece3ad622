import { describe, expect, it } from 'vitest';
import { isNamedMention } from '../../../scripts/eval-data/named-mention';

describe('isNamedMention', () => {
  it('keeps names, with titles and particles', () => {
    for (const m of [
      'Pauline',
      'M. de Kerlon',
      "l'abbé Birotteau",
      'Madame Bovary',
      'Jean-Christophe',
      'la Maheude',
    ]) {
      expect(isNamedMention(m), m).toBe(true);
    }
  });

  it('drops common nouns, titles alone, and pronouns or common nouns capitalised at a sentence start', () => {
    for (const m of [
      'femme',
      'la vieille dame',
      'Madame',
      'Le docteur',
      'son oncle Jules de la ville',
      'Elle',
      'Vous',
      'Celui-ci',
    ]) {
      expect(isNamedMention(m), m).toBe(false);
    }
  });
});
