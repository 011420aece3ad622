/**
 * The fence around the text that the detector's model reads: two marker lines carrying a
 * random id, drawn for each call and absent from the text, so that nothing written in the text
 * can close the fence and speak to the model outside it.
 */
export interface Fence {
  readonly id: string;
  readonly open: string;
  readonly close: string;
}

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A fence whose id (128 random bits) does not occur in `text`. A text cannot guess an id drawn
 * after it was written; one that holds it anyway (a copy of an earlier prompt) gets another.
 *
 * @example
 * const fence = newFence('Call Jean');
 * fencedText('Call Jean', fence); // 'BEGIN DATA 3f…\nCall Jean\nEND DATA 3f…'
 */
export function newFence(text: string): Fence {
  for (;;) {
    const id = hex(globalThis.crypto.getRandomValues(new Uint8Array(16)));
    if (!text.includes(id)) return { id, open: `BEGIN DATA ${id}`, close: `END DATA ${id}` };
  }
}

/** The user message: the text between the fence's two lines. */
export function fencedText(text: string, fence: Fence): string {
  return `${fence.open}\n${text}\n${fence.close}`;
}
