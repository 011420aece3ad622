// PERSON design "tagger": the shipped detector, the trained tagger over the hand-written signals.
import { personDetector } from '../../src/core/detect/detectors/person';

export const detectors = [personDetector()];
