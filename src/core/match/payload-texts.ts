import type { PiiSpan } from '../detect/types';
import { encodedPayloads, type Payload } from './encoded-payloads';

/** How deep payloads are read inside payloads (a Gmail raw message holding a base64 part). */
export const MAX_PAYLOAD_DEPTH = 3;

/** A payload of one text, and the index of its decoded text in `PayloadTexts.texts`. */
interface Nested {
  payload: Payload;
  child: number;
}

/**
 * A batch of texts with the base64 payloads they hold (`encodedPayloads`) added as texts of
 * their own, so that detection and the sweep read them decoded, in the same call.
 */
export interface PayloadTexts {
  /** The texts given, then the decoded text of each payload (after the text holding it). */
  readonly texts: readonly string[];
  /** Whether text `i` holds payloads. */
  holds(i: number): boolean;
  /**
   * `spans` of text `i` without those inside one of its payloads: there the characters are
   * base64, read decoded in the payload's own text; what they spell as written is no value.
   */
  outsidePayloads(i: number, spans: PiiSpan[]): PiiSpan[];
  /**
   * The texts given, each with its spans replaced by their tokens and each payload whose text
   * changed written back encoded as it came. A span that reaches into a payload (a JWT across
   * its base64 parts) covers the whole payload.
   */
  write(
    spans: readonly (readonly PiiSpan[])[],
    token: (text: number, span: number) => string,
  ): string[];
}

/** The first of `payloads` (sorted, disjoint) that ends after `at`: a binary search. */
function firstEndingAfter(payloads: readonly Nested[], at: number): number {
  let lo = 0;
  let hi = payloads.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (payloads[mid]!.payload.end <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether span `s` lies inside one of `payloads` (sorted, disjoint). */
function insideOne(s: PiiSpan, payloads: readonly Nested[]): boolean {
  const p = payloads[firstEndingAfter(payloads, s.start)]?.payload;
  return p !== undefined && p.start <= s.start && s.end <= p.end;
}

/**
 * Reads the payloads of `texts` (and of their decoded texts, `MAX_PAYLOAD_DEPTH` deep).
 * `prepare` is applied to each decoded text, as it was to the texts given (token-shaped text
 * neutralised). Texts without payloads cost one scan each, and none when `holds[i]` is `false`
 * (a text scanned before, whose scan a memo remembers: `ReadingMemo`).
 *
 * @example
 * const batch = payloadTexts(['{"data":"amVhbi5kdXBvbnRAZXhlbXBsZS5mcg"}'], (t) => t);
 * batch.texts; // ['{"data":"amVhbi5kdXBvbnRAZXhlbXBsZS5mcg"}', 'jean.dupont@exemple.fr']
 */
export function payloadTexts(
  texts: readonly string[],
  prepare: (text: string) => string,
  holds: readonly (boolean | undefined)[] = [],
): PayloadTexts {
  const all = [...texts];
  const nested: Nested[][] = [];
  const depth: number[] = texts.map(() => 0);
  for (let k = 0; k < all.length; k++) {
    const read = depth[k]! < MAX_PAYLOAD_DEPTH && holds[k] !== false;
    const found = read ? encodedPayloads(all[k]!) : [];
    nested.push(
      found.map((payload) => {
        all.push(prepare(payload.text));
        depth.push(depth[k]! + 1);
        return { payload, child: all.length - 1 };
      }),
    );
  }
  const count = texts.length;
  return {
    texts: all,
    holds: (i) => nested[i]!.length > 0,
    outsidePayloads(i, spans) {
      const own = nested[i]!;
      return own.length === 0 ? spans : spans.filter((s) => !insideOne(s, own));
    },
    write(spans, token) {
      const out = new Array<string>(all.length);
      // Decoded texts come after the texts holding them: written first, from the last.
      for (let k = all.length - 1; k >= 0; k--) {
        out[k] = writeText(all[k]!, spans[k] ?? [], nested[k]!, out, (j) => token(k, j));
      }
      return out.slice(0, count);
    },
  };
}

/** `text` with each of `spans` (sorted) replaced by its token. */
function spliced(text: string, spans: readonly PiiSpan[], token: (span: number) => string): string {
  let result = '';
  let at = 0;
  for (let j = 0; j < spans.length; j++) {
    const span = spans[j]!;
    if (span.start > at) result += text.slice(at, span.start);
    result += token(j);
    if (span.end > at) at = span.end;
  }
  return at < text.length ? result + text.slice(at) : result;
}

/** How a joint between text parts read as one starts (`messages/joined-parts.ts`). */
const JOINT_START = '\u2063';
const JOINT = /\u2063[\u2061\u2062]{1,32}\u2064/g;

/**
 * The joints of text parts read as one (`messages/joined-parts.ts`) inside a masked value: kept
 * next to its token, so that the text around the value stays in the parts it came in.
 */
function jointsIn(masked: string): string {
  return masked.match(JOINT)?.join('') ?? '';
}

/** One text with its spans replaced and its changed payloads written back (see `write`). */
function writeText(
  text: string,
  spans: readonly PiiSpan[],
  own: readonly Nested[],
  out: readonly string[],
  token: (span: number) => string,
): string {
  if (own.length === 0 && spans.length === 0) return text;
  const joints = text.includes(JOINT_START);
  // Most texts: no payload, no joint; each span's token in its place (what follows, for them).
  if (own.length === 0 && !joints) return spliced(text, spans, token);
  let result = '';
  let at = 0; // the text before this offset is written
  let p = 0; // the next payload not yet written or covered
  /** The text from `at` to `to`, its payloads written back where their text changed. */
  const copyTo = (to: number) => {
    while (p < own.length && own[p]!.payload.end <= to) {
      const { payload, child } = own[p]!;
      if (payload.start >= at) {
        const masked = out[child]!;
        result += text.slice(at, payload.start);
        result +=
          masked === payload.text ? text.slice(payload.start, payload.end) : payload.encode(masked);
        at = payload.end;
      }
      p++;
    }
    if (to > at) result += text.slice(at, to);
    at = Math.max(at, to);
  };
  spans.forEach((span, j) => {
    if (insideOne(span, own)) return;
    let { start, end } = span;
    // A span reaching into payloads covers them whole: no half-encoded rest is left.
    let q = Math.max(p, firstEndingAfter(own, start));
    if (q < own.length && own[q]!.payload.start < end)
      start = Math.min(start, own[q]!.payload.start);
    for (; q < own.length && own[q]!.payload.start < end; q++) {
      end = Math.max(end, own[q]!.payload.end);
    }
    start = Math.max(start, at);
    copyTo(start);
    // The payloads the span covers are not written.
    p = Math.max(p, q);
    const covered = joints ? jointsIn(text.slice(start, end)) : '';
    // The token goes where its part keeps some text: before the joints when the value ends
    // its last part (`jean.dupont@` + `exemple.fr`), else after them.
    const endsPart = end === text.length || text.startsWith(JOINT_START, end);
    result += covered && endsPart ? covered + token(j) : token(j) + covered;
    at = Math.max(at, end);
  });
  copyTo(text.length);
  return result;
}
