// What the name scan (`../person.ts`) shows of itself to the deciders in their own files
// (`./title-reader`, `./initials`, `./last-first`, `./lower-case-names`): the words of the text
// being read, their flags on demand, and the run being decided.
import type { TitleCue } from './titles';

export interface ScanView {
  readonly text: string;
  /** How many words the text holds. */
  readonly n: number;
  /** Offsets and shapes (`S_…` of `./tokens`) of the words. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly shapes: Uint8Array;
  /** The words of the run being decided, particles aside, and how many. */
  readonly runWords: Int32Array;
  readonly count: number;
  /** Flags of word `i`: its lists (`IN_…`) and the bits of `./keys`. */
  flagsOf(i: number): number;
  /** A single space (or no-break space) before word `i`. */
  gapIsBlank(i: number): boolean;
  /** Last word of the longest name-shaped run from word `i`. */
  runEnd(i: number, afterTitle?: boolean): number;
  /** The title that word `i` ends before a name, or `undefined`. */
  titleAt(i: number, elided?: boolean): TitleCue | undefined;
  /** Whether the key of word `i` is an e-mail part of at least `minLength` characters. */
  isEmailPart(i: number, minLength: number): boolean;
  /** An e-mail address of the text names words `first` to `last` of the run. */
  emailSupports(first: number, last: number): boolean;
  /** A greeting or thanks right before word `head`. */
  greetedBefore(head: number): boolean;
  /** A weak introduction right before the name at `start`. */
  weakIntroBefore(start: number): boolean;
}
