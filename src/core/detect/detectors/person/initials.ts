// Names that open with initials (`F. Rossi`, `J.-P. Martin`, `M. A. Castellanos`), decided on
// the run the scan is reading.
import { IN_AMBIGUOUS, IN_EXTENDED_NAMES, IN_STOP_WORDS } from '../person-names/lexicon';
import { announcesName, CONTEXT, INITIAL_INTRO } from './context';
import { FIRST, SURNAME } from './keys';
import type { ScanView } from './scan-view';
import { S_CAP, S_INITIAL } from './tokens';

/**
 * `decide` for a run that opens with initials (`F. Rossi`, `J.-P. Martin`, `M. A. Castellanos`),
 * each with its dot (`A Rossi` opens with an article). `titleWeight` is the weight of a title
 * before it, or 0. Initials joined by a dot alone are an acronym (`U.S. Army`) unless a family
 * name of the lists follows; one initial before a name of no list needs a cue before it
 * (`cc F. Whitfield`): `A. Introduction`, `Section B. Results` are outlines.
 */
export function decideAfterInitials(
  view: ScanView,
  head: number,
  titleWeight: number,
): number | undefined {
  const count = view.count;
  const text = view.text;
  let initials = 0;
  let glued = true;
  while (initials < count && view.shapes[view.runWords[initials]!] === S_INITIAL) {
    const word = view.runWords[initials]!;
    if (text.charCodeAt(view.ends[word]!) !== 46) return undefined;
    if (initials > 0 && view.starts[word]! - view.ends[view.runWords[initials - 1]!]! !== 1) {
      glued = false;
    }
    initials++;
  }
  if (initials === count) return undefined;
  for (let w = initials; w < count; w++) {
    const word = view.runWords[w]!;
    const flags = view.flagsOf(word);
    if ((flags & (IN_STOP_WORDS | SURNAME | FIRST)) === IN_STOP_WORDS) return undefined;
    if (view.shapes[word] !== S_CAP && titleWeight === 0) return undefined;
    // `I. Handelsagent Anton Albrecht`: the name starts at its given name.
    if (w > initials && (flags & (FIRST | IN_AMBIGUOUS | IN_EXTENDED_NAMES)) === FIRST) {
      return undefined;
    }
  }
  // `N.Oe`: the name after the initials stands apart from them.
  const named = view.runWords[initials]!;
  if (view.starts[named]! - view.ends[view.runWords[initials - 1]!]! < 2 && titleWeight === 0) {
    return undefined;
  }
  if (titleWeight > 0) return titleWeight;
  const start = view.starts[head]!;
  const last = view.runWords[count - 1]!;
  if (announcesName(text, start) || view.greetedBefore(head) || view.emailSupports(head, last)) {
    return 0.9;
  }
  if (view.flagsOf(last) & SURNAME) return 0.8;
  if (initials === 1) {
    const context = text.slice(Math.max(0, start - CONTEXT), start);
    return view.weakIntroBefore(start) || INITIAL_INTRO.test(context) ? 0.75 : undefined;
  }
  return glued ? undefined : 0.8;
}
