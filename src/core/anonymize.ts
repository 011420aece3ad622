import type { OptionKeys } from './check-options';
import type { Detection } from './detect/detect-spans';
import { detectBehind, keyContext } from './detect/detection-behind-key';
import { resolveOverlaps } from './detect/resolve-overlaps';
import { hasSpanAt, sortByStart } from './detect/sorted-spans';
import type { PiiSpan } from './detect/types';
import { type Engine, type MatcherCache, matchIdentifier } from './engine';
import { PiiConfigError, PiiStoreError } from './errors';
import { readBatch } from './match/batch-readings';
import { CONTROL_ESCAPE } from './match/encoded-windows';
import { isDigitCode } from './match/fold';
import { payloadTexts } from './match/payload-texts';
import { buildKnownValueMatcher, isMatchAcrossJoin } from './vault/known-value-matcher';
import { LabelValueMap } from './vault/label-value-map';
import { spanWhole } from './vault/name-mentions';
import { checkOrigin } from './vault/origin';
import { renderSpan } from './vault/render-parts';
import type { PiiOrigin, VaultEntry, VaultItem } from './vault/types';

/** Who wrote the text: decides what happens to token-shaped text and to new values. */
export type AnonymizeRole = 'user' | 'assistant' | 'tool';

export interface AnonymizeOptions {
  /** Default `user`. */
  role?: AnonymizeRole;
  /**
   * Token-shaped text already in the input. `neutralize` rewrites it so it can never be
   * restored (G8: a user typing `<<EMAIL:1>>` must not obtain the value); `keep` leaves it (the
   * model's own tokens). Default: `keep` for `assistant`, `neutralize` otherwise.
   */
  tokens?: 'keep' | 'neutralize';
  /**
   * Run the detectors to find new values. Default `true`, except for `assistant`: values the
   * model introduced itself stay as written (BR-TOOL-09); known values are masked in every role.
   */
  detect?: boolean;
  /**
   * Mask the values the conversation already knows (default `true`). `false` with
   * `detect: false` only neutralises token-shaped text: for results that must reach the model
   * as the tool returned them (`input` strategy, BR-TOOL-02) but may not forge tokens (G8).
   */
  sweep?: boolean;
  /**
   * For each text, the key it is the value of in a structured value (`anonymizeValue` and the
   * middleware pass them), or `undefined`. A text under a key that names a person (`first_name`,
   * `prénom`, `Nachname`, `name`: see docs/detectors.md) is read behind its key, as the same
   * JSON pair in a text is: `gwénola` under `Vorname` is a name. The same length as the texts.
   */
  keys?: readonly (string | undefined)[];
  /**
   * Where the values first found in these texts come from, recorded with their new entries
   * (the first origin wins) and given to `reveal`. Default by `role`: `{ kind: 'user' }`,
   * `{ kind: 'model' }` for `assistant`, and for `tool` `{ kind: 'tool', tool: '' }`: give the
   * tool's name, `{ kind: 'tool', tool: 'lookupCustomer' }`.
   */
  origin?: PiiOrigin;
}

/** The known keys of {@link AnonymizeOptions}, for `checkOptions`. */
export const ANONYMIZE_KEYS = {
  role: 'optional',
  tokens: 'optional',
  detect: 'optional',
  sweep: 'optional',
  keys: 'optional',
  origin: 'optional',
} as const satisfies OptionKeys<AnonymizeOptions>;

const ROLE_ORIGINS: Record<AnonymizeRole, PiiOrigin> = {
  user: { kind: 'user' },
  assistant: { kind: 'model' },
  tool: { kind: 'tool', tool: '' },
};

const RANK_VAULT_FIRST = new Map([['vault', -1]]);
const NOTHING_DETECTED: Detection = { spans: [], crossing: [] };

/**
 * `swept` without the matches the sweep took next to digits across a slash or a no-break space
 * (`isMatchAcrossJoin`) whose every digit a detector reads in spans at other ranges: there the
 * digits are other numbers, grouped with those characters (`01\u00a023\u00a045\u00a067\u00a039
 * 015 9433` holds a French number and `015 9433`, not the known `39 015 9433` from the French
 * number's last group on), which the detectors' readings mask with their own tokens. A match
 * that detectors read only in part is kept: it is masked with the spans it crosses, and none of
 * its digits is left.
 */
function withoutMisreadJoins(
  text: string,
  swept: PiiSpan[],
  spans: readonly PiiSpan[],
  crossing: readonly PiiSpan[],
): PiiSpan[] {
  let kept: PiiSpan[] | undefined;
  for (let k = 0; k < swept.length; k++) {
    const s = swept[k]!;
    const misread = isMatchAcrossJoin(s) && digitsReadElsewhere(text, s, [...spans, ...crossing]);
    if (misread) kept ??= swept.slice(0, k);
    else kept?.push(s);
  }
  return kept ?? swept;
}

/** Whether every digit of `match` lies in one of `spans` at another range than its own. */
function digitsReadElsewhere(text: string, match: PiiSpan, spans: readonly PiiSpan[]): boolean {
  const others = spans.filter(
    (d) =>
      d.start < match.end &&
      match.start < d.end &&
      (d.start !== match.start || d.end !== match.end),
  );
  if (others.length === 0) return false;
  for (let i = match.start; i < match.end; i++) {
    if (!isDigitCode(text.charCodeAt(i))) continue;
    if (!others.some((d) => d.start <= i && i < d.end)) return false;
  }
  return true;
}

/**
 * The spans of every reading of `text` (the decoded one first), one list. Where the decoded
 * reading and another find a value at the exact same range across an escaped line break or tab
 * (a private key's PEM block in a JSON text), the value as written is kept: the decoded one
 * would keep a space for each line break (see `decodedReading`), and restoring gives the text
 * back as it was.
 */
function writtenOverEscapes(text: string, readings: readonly PiiSpan[][]): PiiSpan[] {
  const [decoded, ...others] = readings;
  if (!decoded || others.length === 0) return decoded ?? [];
  const written = new Set<string>();
  for (const spans of others) for (const s of spans) written.add(`${s.start}:${s.end}:${s.label}`);
  const kept = decoded.filter(
    (s) =>
      !written.has(`${s.start}:${s.end}:${s.label}`) ||
      !CONTROL_ESCAPE.test(text.slice(s.start, s.end)),
  );
  return kept.concat(...others);
}

/**
 * The life of the conversation's values (the generation of `listing`), which the
 * conversation's memos of texts are read in (`DetectionMemo.keyOf`).
 */
function lifeOf(
  cache: MatcherCache,
  listing: Promise<readonly VaultEntry[]> | undefined,
): Promise<string | undefined> {
  const life = (listing ?? Promise.resolve(undefined)).then((entries) =>
    entries ? cache.generationOf(entries) : undefined,
  );
  // A failed listing fails the call (through `listing` itself); texts that never read `life`
  // (short ones) must not leave its rejection unhandled.
  life.catch(() => {});
  return life;
}

/** Whether a span overlaps one of `ranges` (sorted, disjoint): a binary search. */
function overlapsAny(span: PiiSpan, ranges: readonly { start: number; end: number }[]): boolean {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid]!.end <= span.start) lo = mid + 1;
    else hi = mid;
  }
  // ranges[lo] is the first range ending after the span starts.
  return lo < ranges.length && ranges[lo]!.start < span.end;
}

/**
 * Anonymizes a batch of texts of one conversation with one vault listing and one atomic
 * allocation: detection, plus the sweep of every value the conversation already knows. The
 * listing goes through `cache`, which asks a store with `listSince` only for the entries
 * allocated since the session's previous call.
 */
export async function anonymizeTexts(
  engine: Engine,
  conversationId: string,
  cache: MatcherCache,
  texts: readonly string[],
  options: AnonymizeOptions = {},
): Promise<string[]> {
  const role = options.role ?? 'user';
  const keepTokens = (options.tokens ?? (role === 'assistant' ? 'keep' : 'neutralize')) === 'keep';
  const detect = options.detect ?? role !== 'assistant';
  const origin =
    options.origin === undefined
      ? (ROLE_ORIGINS[role] ?? ROLE_ORIGINS.user)
      : checkOrigin(options.origin, 'anonymize');
  const { format, pipeline, store } = engine;
  if (options.keys !== undefined && options.keys.length !== texts.length) {
    throw new PiiConfigError(
      `anonymize: \`keys\` has ${options.keys.length} entries for ${texts.length} texts; give one per text (undefined for a text under no key).`,
    );
  }

  const prepare = keepTokens ? (t: string) => t : (t: string) => format.neutralize(t);
  const given = texts.map(prepare);
  const sweep = options.sweep ?? true;
  // Base64 payloads (a mail body, a Secret's data) are read decoded, as texts of their own, and
  // written back encoded as they came.
  if (!detect && !sweep) return payloadTexts(given, prepare).write([], () => '');
  const listing = sweep ? cache.known(store, conversationId) : undefined;
  // A long text the conversation sent before (its history, at every turn) is scanned and
  // detected once, within one life of its values (the listing's generation: a forgotten
  // conversation's texts are detected again); one digest keys it in both memos. Without a
  // listing, every text is scanned and detected.
  const life = lifeOf(cache, listing);
  const memoKeys = engine.rememberDetections
    ? given.map((text) => cache.detections.keyOf(text, life))
    : [];
  const digests = (await Promise.all(memoKeys)).map((key) => key?.digest);
  // Texts with JSON escapes, HTML references or percent-encoding are read decoded too.
  const { payloads, readings } = readBatch(given, prepare, digests, cache.readings);
  const prepared = payloads.texts;
  const untouched = () => payloads.write([], () => '');
  // Values under a key that names a person are read behind it (payload texts have no key).
  const contexts = prepared.map((_, i) => {
    const key = i < texts.length ? options.keys?.[i] : undefined;
    return key === undefined ? undefined : keyContext(key);
  });
  const detectReadings = async (i: number): Promise<Detection> => {
    const ways = readings[i]!;
    const context = contexts[i];
    const detectOne = context
      ? (t: string) => detectBehind((u) => pipeline.detect(u), context, t)
      : (t: string) => pipeline.detect(t);
    // A text read as it is: its spans need no moving.
    if (ways.length === 1 && ways[0]!.text === prepared[i]) return detectOne(ways[0]!.text);
    const found = await Promise.all(ways.map((way) => detectOne(way.text)));
    return {
      spans: writtenOverEscapes(
        prepared[i]!,
        found.map((d, k) => ways[k]!.toOriginal(d.spans)),
      ),
      crossing: found.flatMap((d, k) => ways[k]!.toOriginal(d.crossing)),
    };
  };
  // A text read behind its key is not remembered: the detection memo knows texts by themselves.
  const memo = engine.rememberDetections
    ? (i: number) =>
        cache.detections.detect(prepared[i]!, () => detectReadings(i), life, memoKeys[i])
    : detectReadings;
  const detectIn = (i: number) => (contexts[i] ? detectReadings(i) : memo(i));
  const [detections, known] = await Promise.all([
    detect
      ? Promise.all(prepared.map((_, i) => detectIn(i)))
      : prepared.map(() => NOTHING_DETECTED),
    listing ?? ([] as VaultEntry[]),
  ]);
  const identify = matchIdentifier(engine.canonicalize);
  const { matcher } = cache.get(known, identify);
  // The model's own text gets every occurrence: restored values come back glued to what it
  // wrote around a token (`<<PERSON:1>>s`), and masking part of a word restores to the same text.
  const boundaries = role === 'assistant' ? 'none' : 'words';
  /** Matches of `sweep` in every reading of text `i`. */
  const sweepAll = (sweep: (t: string) => PiiSpan[], i: number) => {
    const ways = readings[i]!;
    if (ways.length === 1 && ways[0]!.text === prepared[i]) return sweep(ways[0]!.text);
    return ways.flatMap((way) => way.toOriginal(sweep(way.text)));
  };
  // Sorted by start (stably: `resolveOverlaps` reads them in that order anyway), so that a
  // detector span at the exact range of a swept one is found by binary search.
  const knownSpans = prepared.map((_, i) =>
    matcher.size > 0 ? sortByStart(sweepAll((t) => matcher.find(t, boundaries), i)) : [],
  );
  /**
   * The spans of text `i`: those `swept` (sorted by start; at their exact ranges they beat the
   * detectors'; a detector span there is that value and needs no canonical form), and the
   * detectors'. Spans that reach past the ones that beat them are resolved again here, with the
   * sweep's: a span that loses again is masked with the spans it crosses.
   */
  const resolve = (i: number, found: PiiSpan[]): PiiSpan[] => {
    const text = prepared[i]!;
    const { spans, crossing } = detections[i]!;
    const swept = withoutMisreadJoins(text, found, spans, crossing);
    let all: PiiSpan[];
    if (swept.length === 0) all = crossing.length > 0 ? [...spans, ...crossing] : spans;
    else {
      all = [...swept];
      for (const s of spans) if (!hasSpanAt(swept, s.start, s.end)) all.push(s);
      for (const s of crossing) if (!hasSpanAt(swept, s.start, s.end)) all.push(s);
    }
    if (keepTokens) {
      const tokens = format.findAll(text);
      if (tokens.length > 0) all = all.filter((s) => !overlapsAny(s, tokens));
    }
    all = payloads.outsidePayloads(i, all);
    return resolveOverlaps(all, RANK_VAULT_FIRST, { mergeCrossingIn: text });
  };
  // Values first found in this very batch are swept too, so that another spelling of one in
  // the same request (`Jean Dupont` ... `jean dupont`) is masked now, not from the next call;
  // so are those that lose to a longer value (`Jean Dupont` in the known `Jean Dupont SARL`):
  // the detectors found them, their other spellings are personal data too. Every spelling the
  // detectors found is swept, and so is a known value's where the sweep did not find it: the
  // vault keeps one spelling of a value, and where the detectors cannot read an occurrence
  // (glued to a word, `Tel.074. 438. 66. 91`) only the sweep masks it.
  const fresh = new LabelValueMap<VaultEntry>();
  detections.forEach(({ spans }, i) => {
    const known = knownSpans[i]!;
    for (const span of spans) {
      if (hasSpanAt(known, span.start, span.end)) continue;
      // Computed once here, reused at allocation (detector spans are the pipeline's own copies).
      span.canonical ??= engine.canonicalize(span.label, span.value);
      const { label, canonical, value } = span;
      const spelling = `${canonical}\u0000${value}`;
      if (!fresh.has(label, spelling))
        fresh.add(label, spelling, { label, n: 0, value, canonical });
    }
  });
  const freshMatcher =
    fresh.size > 0 ? buildKnownValueMatcher(fresh.values(), identify) : undefined;
  const spansPerText = prepared.map((_, i) => {
    const found = freshMatcher ? sweepAll((t) => freshMatcher.find(t, boundaries), i) : [];
    if (found.length === 0) return resolve(i, knownSpans[i]!);
    // Stably: on a tie a known value's span still comes before a fresh one's.
    return resolve(i, sortByStart([...knownSpans[i]!, ...found]));
  });

  const items: VaultItem[] = [];
  const index = new LabelValueMap<number>();
  const itemOf = (label: string, canonical: string, value: string) => {
    let at = index.get(label, canonical);
    if (at === undefined) {
      at = items.length;
      index.add(label, canonical, at);
      items.push({ label, canonical, value, origin });
    }
    return at;
  };
  // A span of parts (`Dupont` of `Jean Dupont`) is allocated with the value it is part of.
  const keys = spansPerText.map((spans) =>
    spans.map((span) =>
      itemOf(
        span.label,
        span.canonical ?? engine.canonicalize(span.label, span.value),
        spanWhole(span),
      ),
    ),
  );
  if (items.length === 0) return untouched();
  const entries: VaultEntry[] = await store.allocate(conversationId, items);
  if (entries.length !== items.length) {
    throw new PiiStoreError(
      `The vault store allocated ${entries.length} entries for ${items.length} values`,
    );
  }
  // One token per value, however many times the texts hold it; a part's token for each part.
  const tokens = entries.map((entry) => format.render(entry.label, entry.n));
  return payloads.write(spansPerText, (i, j) => {
    const k = keys[i]![j]!;
    return renderSpan(prepared[i]!, spansPerText[i]![j]!, entries[k]!, tokens[k]!, format);
  });
}
