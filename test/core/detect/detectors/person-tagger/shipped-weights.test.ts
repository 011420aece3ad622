import { describe, expect, it } from 'vitest';
import { featureTableFingerprint } from '../../../../../src/core/detect/detectors/person-tagger/fingerprint';
import { loadModel } from '../../../../../src/core/detect/detectors/person-tagger/model';
import { PERSON_TAGGER_WEIGHTS } from '../../../../../src/core/detect/detectors/person-tagger/weights.data';

describe('the shipped tagger weights', () => {
  it('were trained with the feature table the detector reads', () => {
    expect(PERSON_TAGGER_WEIGHTS.features).toBe(featureTableFingerprint());
    expect(() => loadModel(PERSON_TAGGER_WEIGHTS)).not.toThrow();
  });

  it('are refused when trained with another table, rather than scoring nonsense', () => {
    expect(() => loadModel({ ...PERSON_TAGGER_WEIGHTS, features: '00000000' })).toThrow(
      /train them again/,
    );
  });
});
