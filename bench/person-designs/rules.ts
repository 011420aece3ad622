// PERSON design "rules": the hand-written signals alone (the detector before the tagger).
import { personDetector } from '../../src/core/detect/detectors/person';

export const detectors = [personDetector({ tagger: false })];
