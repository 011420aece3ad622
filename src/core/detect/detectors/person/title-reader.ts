// Reads a title before a name in the words of the scan, as `./titles` says it may be written.
import { IN_TITLES } from '../person-names/lexicon';
import { isSpaceOrNbsp } from './chars';
import { KEY_TITLE_TAIL } from './keys';
import type { ScanView } from './scan-view';
import { type TitleCue, titleCueOf, writtenAs } from './titles';
import { S_INITIAL, S_UPPER } from './tokens';

/**
 * The title that word `i` ends right before a name, as `./person/titles` reads it with how it
 * is written (`Dr.`, `Mme`, `M.`, `dott.`, `Me`; `sig.ra`, `dott.ssa`, `Dr.ⁱⁿ`: word `i` is their
 * end; `l'avv.` after an elision), or `undefined`. `elided`: a `d'` is between it and the name
 * (`Mme d'Arcy`).
 */
export function readTitle(view: ScanView, i: number, elided: boolean): TitleCue | undefined {
  if (i < 0 || i >= view.n) return undefined;
  const flags = view.flagsOf(i);
  let head = i;
  if ((flags & IN_TITLES) === 0) {
    if ((flags & KEY_TITLE_TAIL) === 0 || !isTitleTail(view, i)) return undefined;
    head = i - 1;
  }
  const text = view.text;
  // The text after the word, up to the next word (or its elided particle); none after the last
  // word.
  const from = view.ends[i]!;
  const size = i + 1 < view.n ? view.starts[i + 1]! - from - (elided ? 2 : 0) : 0;
  const c0 = size > 0 ? text.charCodeAt(from) : -1;
  const dot = c0 === 46 && (size === 1 || (size === 2 && isSpaceOrNbsp(text.charCodeAt(from + 1))));
  if (!dot && !(size === 1 && isSpaceOrNbsp(c0))) return undefined;
  const start = view.starts[head]!;
  const cue = titleCueOf(text.slice(start, from));
  if (cue === undefined || !writtenAs(cue.case, text.slice(start, view.ends[head]!), dot)) {
    return undefined;
  }
  // `Mme M. Lefèvre`: after a title, `M.` is an initial.
  if (view.shapes[head] === S_INITIAL && head > 0 && readTitle(view, head - 1, false))
    return undefined;
  return !dot && view.shapes[head] === S_UPPER ? cue.inCapitals : cue;
}

/** Word `i` ends a title after a dot (`sig.ra`, `dott.ssa`, `Dr.in`) before the next word. */
function isTitleTail(view: ScanView, i: number): boolean {
  return (
    i > 0 &&
    view.starts[i]! - view.ends[i - 1]! === 1 &&
    view.text.charCodeAt(view.ends[i - 1]!) === 46 &&
    (view.flagsOf(i - 1) & IN_TITLES) !== 0 &&
    i + 1 < view.n
  );
}

/**
 * Whether the word `[from, to)` is a title as written, whatever follows it (the cells of a
 * table): a form of `./titles` in the case its row allows, its dot after it or not (`Dr`,
 * `Mme`; not `Don`, a given name, nor `ME`).
 */
export function writtenAsTitle(text: string, from: number, to: number): boolean {
  const cue = titleCueOf(text.slice(from, to));
  return cue !== undefined && writtenAs(cue.case, text.slice(from, to), text.charCodeAt(to) === 46);
}
