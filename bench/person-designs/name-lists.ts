// PERSON design "name lists": the hand-written signals, plus every capitalised word that the
// census and birth statistics know as a surname or a given name (band 3 or more: among the
// 20,000 most common US surnames, or 1,000 births in France), that is no common word of the
// training texts and does not open a sentence. Measured against the other designs
// (`bench/person-designs.ts`); not shipped.

import { personDetector } from '../../src/core/detect/detectors/person';
import { nameBands } from '../../src/core/detect/detectors/person-names/name-bands';
import { loadCommonWords } from '../../src/core/detect/detectors/person-tagger/common-words';
import { COMMON_WORDS } from '../../src/core/detect/detectors/person-tagger/common-words.data';
import { prepareText } from '../../src/core/detect/detectors/person-tagger/sequence';
import { T_WORD } from '../../src/core/detect/detectors/person-tagger/tokens';
import type { DetectedSpan, Detector } from '../../src/core/detect/types';

const rules = personDetector({ tagger: false });
const bands = nameBands();
const common = loadCommonWords(COMMON_WORDS);

const lists: Detector = {
  name: 'person',
  labels: ['PERSON'],
  detect(text) {
    const found = [...(rules.detect(text) as DetectedSpan[])];
    const { tokens, sentenceStart } = prepareText(text);
    let open = -1;
    const close = (end: number) => {
      if (open === -1) return;
      const start = tokens.start[open]!;
      if (!found.some((s) => s.start < end && start < s.end)) {
        found.push({ start, end, label: 'PERSON', score: 0.7 });
      }
      open = -1;
    };
    for (let i = 0; i < tokens.count; i++) {
      const word = text.slice(tokens.start[i]!, tokens.end[i]!);
      const named =
        tokens.kind[i] === T_WORD &&
        tokens.capitalised[i] === 1 &&
        !sentenceStart[i] &&
        common.band(word) === 0 &&
        Math.max(bands.surname(word), bands.given(word)) >= 3;
      if (named && open === -1) open = i;
      else if (!named) close(tokens.end[i - 1] ?? 0);
    }
    close(tokens.end[tokens.count - 1] ?? 0);
    return found;
  },
};

export const detectors = [lists];
