/**
 * What the library reports as it works, through `createPii({ onEvent })`: facts about the work
 * (which detector, how long), never a value nor a piece of the text.
 */

/**
 * One detector ran over one text: its name, its wall time in milliseconds (from the call to the
 * moment its spans were checked; asynchronous detectors run in parallel, so their times
 * overlap) and how many spans it returned. Texts found again in a conversation's detection memo
 * are not detected again, so they report nothing.
 */
export interface DetectorTimingEvent {
  type: 'detector-timing';
  detector: string;
  ms: number;
  spans: number;
}

/** Every event `onEvent` may receive; switch on `type` (more types may come). */
export type PiiEvent = DetectorTimingEvent;

/** Receives each event, synchronously; an exception thrown here fails the call. */
export type PiiEventListener = (event: PiiEvent) => void;
