/**
 * A copy of `s` that shares no memory with the text it was cut from.
 *
 * JavaScript engines make `text.slice(a, b)` (and so `text.slice(...) + x`) a view into `text`
 * rather than a copy: a 20-character phone number cut from a 100 KB message keeps the whole
 * message alive for as long as the number is kept. Anything that outlives the call it was found
 * in (a cache of recent verdicts, a vault entry) keeps a detached copy instead, so that it holds
 * the value and only the value: no memory blow-up, and no text of a conversation kept after the
 * conversation is forgotten. `JSON.parse` always builds new strings, on every engine.
 */
export function detachedString(s: string): string {
  // A value that is no string (a JavaScript caller of a store, out of its types) is kept as
  // given, as before copies were made.
  return typeof s === 'string' ? (JSON.parse(JSON.stringify(s)) as string) : s;
}
