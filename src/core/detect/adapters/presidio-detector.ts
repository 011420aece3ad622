import { checkOptions, type OptionKeys } from '../../check-options';
import { PiiConfigError, PiiDetectionError } from '../../errors';
import { type DetectedSpan, type Detector, LABEL_PATTERN } from '../types';
import { checkLabel, checkName, checkNumber } from './adapter-options';
import { codePointToUtf16 } from './code-point-offsets';
import { PRESIDIO_DEFAULT_ENTITIES, PRESIDIO_LABELS } from './presidio-labels';

export interface PresidioDetectorOptions {
  /** The analyzer's base URL (`http://localhost:5002`): the detector POSTs to `${url}/analyze`. */
  url: string;
  /** The language of the texts, as the analyzer knows it. Default `en`. */
  language?: string;
  /** Presidio entity types to ask for. Default `PRESIDIO_DEFAULT_ENTITIES`. */
  entities?: readonly string[];
  /** Sent as `score_threshold`: the analyzer leaves out what scores lower. Default: not sent. */
  scoreThreshold?: number;
  /** The whole call (connection, answer, body) must end within this. Default 10,000 ms. */
  timeoutMs?: number;
  /** Presidio types to labels, merged over `PRESIDIO_LABELS`; `null` drops a type. */
  labelMap?: Readonly<Record<string, string | null>>;
  /** Sent with each request (a gateway's authorization). */
  headers?: Readonly<Record<string, string>>;
  /** Default: the global `fetch`. */
  fetch?: typeof globalThis.fetch;
  /** Default `presidio`. */
  name?: string;
}

const WHERE = 'presidioDetector';

const PRESIDIO_DETECTOR_KEYS = {
  url: { required: 'the http(s) URL of a Presidio analyzer, e.g. http://localhost:5002' },
  language: 'optional',
  entities: 'optional',
  scoreThreshold: 'optional',
  timeoutMs: 'optional',
  labelMap: 'optional',
  headers: 'optional',
  fetch: 'optional',
  name: 'optional',
} as const satisfies OptionKeys<PresidioDetectorOptions>;

/** The analyzer's URL, checked: http or https, no query. */
function analyzeUrl(url: unknown): { endpoint: string; shown: string } {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new PiiConfigError(
      `${WHERE}: \`url\` must be the http(s) URL of a Presidio analyzer, e.g. http://localhost:5002.`,
    );
  }
  const base = parsed.href.replace(/[?#].*$/, '').replace(/\/+$/, '');
  // Errors show the origin only: a URL may carry credentials.
  return {
    endpoint: `${base}/analyze`,
    shown: `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`,
  };
}

/**
 * Asks a Presidio analyzer (Microsoft's PII service, run by the app) for the personal data in
 * each text: `POST ${url}/analyze` with `{ text, language, entities, score_threshold }`. Its
 * answer counts offsets in code points (Python); they become UTF-16 offsets here. Its entity
 * types take our labels (`PRESIDIO_LABELS`: `EMAIL_ADDRESS` → `EMAIL`, `PHONE_NUMBER` →
 * `PHONE`, `IBAN_CODE` → `IBAN`…). No answer within `timeoutMs`, an HTTP error, or an answer
 * that is not Presidio's fails closed with `PiiDetectionError`.
 *
 * The text goes to that server: run it next to the app (same host or private network).
 *
 * @example
 * import { createPii, defaultDetectors, presidioDetector } from 'ai-sdk-pii';
 * const pii = createPii({
 *   detectors: [
 *     ...defaultDetectors(),
 *     presidioDetector({ url: process.env.PRESIDIO_URL ?? 'http://localhost:5002', language: 'es' }),
 *   ],
 * });
 */
export function presidioDetector(options: PresidioDetectorOptions): Detector {
  checkOptions(WHERE, options, PRESIDIO_DETECTOR_KEYS);
  const { endpoint, shown } = analyzeUrl(options.url);
  const name = checkName(options.name ?? 'presidio', WHERE);
  const language = options.language ?? 'en';
  if (typeof language !== 'string' || language.trim() === '') {
    throw new PiiConfigError(`${WHERE}: \`language\` must be a language code, e.g. 'en'.`);
  }
  const entities = options.entities ?? PRESIDIO_DEFAULT_ENTITIES;
  if (!Array.isArray(entities) || entities.some((e) => typeof e !== 'string' || e === '')) {
    throw new PiiConfigError(`${WHERE}: \`entities\` must be an array of Presidio entity types.`);
  }
  const timeoutMs = checkNumber(options.timeoutMs ?? 10_000, `${WHERE}: \`timeoutMs\``, {
    min: 1,
    integer: true,
  });
  const scoreThreshold =
    options.scoreThreshold === undefined
      ? undefined
      : checkNumber(options.scoreThreshold, `${WHERE}: \`scoreThreshold\``, { min: 0, max: 1 });
  const labels = new Map<string, string | null>(Object.entries(PRESIDIO_LABELS));
  for (const [type, label] of Object.entries(options.labelMap ?? {})) {
    labels.set(type, label === null ? null : checkLabel(label, `${WHERE}: labelMap.${type}`));
  }
  const fetchFn = options.fetch ?? globalThis.fetch;
  if (typeof fetchFn !== 'function') {
    throw new PiiConfigError(`${WHERE}: no \`fetch\` here; pass one in the options.`);
  }
  const headers = { 'content-type': 'application/json', ...options.headers };

  const fail: (message: string, cause?: unknown) => never = (message, cause) => {
    throw new PiiDetectionError(`Detector "${name}" (Presidio at ${shown}): ${message}`, {
      detector: name,
      cause,
    });
  };

  return {
    name,
    labels: [...new Set(entities.map((e) => labels.get(e) ?? e))].filter(
      (l): l is string => l !== null && LABEL_PATTERN.test(l),
    ),
    async detect(text) {
      const body: Record<string, unknown> = { text, language, entities };
      if (scoreThreshold !== undefined) body.score_threshold = scoreThreshold;
      let answer: unknown;
      try {
        const response = await fetchFn(endpoint, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) {
          // The body is not shown: an error page may quote the text.
          await response.body?.cancel().catch(() => {});
          fail(`the analyzer answered HTTP ${response.status}`);
        }
        const raw = await response.text();
        try {
          answer = JSON.parse(raw);
        } catch (error) {
          fail('the analyzer answered with malformed JSON', error);
        }
      } catch (error) {
        if (error instanceof PiiDetectionError) throw error;
        const err = error as Error;
        if (err?.name === 'TimeoutError' || err?.name === 'AbortError') {
          fail(`no answer within ${timeoutMs} ms`, error);
        }
        fail(`the request failed: ${err?.message ?? String(error)}`, error);
      }
      if (!Array.isArray(answer)) fail('the answer is not an array of results');
      const toUtf16 = codePointToUtf16(text);
      const spans: DetectedSpan[] = [];
      (answer as unknown[]).forEach((item, k) => {
        const r = item as Record<string, unknown> | null;
        if (
          r === null ||
          typeof r !== 'object' ||
          typeof r.entity_type !== 'string' ||
          typeof r.score !== 'number' ||
          !Number.isFinite(r.score)
        ) {
          fail(`result ${k} is not { entity_type, start, end, score }`);
        }
        const start = toUtf16(r.start as number);
        const end = toUtf16(r.end as number);
        if (start === undefined || end === undefined || start >= end) {
          fail(`result ${k} has offsets out of the text: [${String(r.start)}, ${String(r.end)})`);
        }
        const type = r.entity_type as string;
        const label = labels.has(type) ? labels.get(type) : type;
        if (label === null) return;
        if (!LABEL_PATTERN.test(label as string)) {
          fail(
            `result ${k} has the entity type ${JSON.stringify(type)}, which is not a label; map it with labelMap`,
          );
        }
        spans.push({
          start,
          end,
          label: label as string,
          score: Math.min(1, Math.max(0, r.score as number)),
        });
      });
      return spans;
    },
  };
}
