import { randomBytes } from 'node:crypto';
import type { UIMessageChunk } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import * as library from '../../src/index';
import {
  addressDetector,
  chunkedDetector,
  createDetectionPipeline,
  createPii,
  createPiiUIMessageStream,
  createPiiUIMessageStreamResponse,
  createPlaceholderFormat,
  createStreamRestorer,
  defaultDetectors,
  defaultPlaceholderFormat,
  emailDetector,
  knownValuesDetector,
  llmDetector,
  memoryChatStore,
  memoryVaultStore,
  PiiConfigError,
  personDetector,
  phoneCanonicalizer,
  phoneDetector,
  piiMiddleware,
  piiRestoreTransform,
  presidioDetector,
  resolveOverlaps,
  restoreWith,
  tokensInMessages,
  transformersDetector,
  verifyAuditTrail,
  verifySignedHistory,
  withPiiOutput,
  withPiiTools,
} from '../../src/index';

/**
 * Every function of `ai-sdk-pii` that takes options refuses, with a `PiiConfigError`, an
 * options object missing a required option, and a key it does not know, naming the closest
 * known one. The last test keeps the list whole: a new export must be listed here, either
 * with its options or among the functions that take none.
 */

const session = createPii().session('options');
const stream = () => new ReadableStream<UIMessageChunk>();
const model = new MockLanguageModelV3({});
const output = {
  responseFormat: Promise.resolve({ type: 'text' }),
  parseCompleteOutput: async () => undefined,
} as never;

interface Case {
  /** Calls the entry point with these options (and valid other arguments). */
  call: (options: never) => unknown;
  /** Options it accepts. */
  valid: Record<string, unknown>;
  /** A typo and the key it should be told apart from. */
  typo: [string, string];
  required?: string[];
}

const AUDIT_SECRET = 'options-audit-secret-0123456789abcdef-01';

const CASES: Record<string, Case> = {
  createPii: { call: (o) => createPii(o), valid: {}, typo: ['detector', 'detectors'] },
  verifyAuditTrail: {
    call: (o) => verifyAuditTrail([], o),
    valid: { secret: AUDIT_SECRET },
    typo: ['partiel', 'partial'],
  },
  createDetectionPipeline: {
    call: (o) => createDetectionPipeline(o),
    valid: { detectors: [] },
    typo: ['allowed', 'allow'],
    required: ['detectors'],
  },
  defaultDetectors: { call: (o) => defaultDetectors(o), valid: {}, typo: ['locale', 'locales'] },
  personDetector: { call: (o) => personDetector(o), valid: {}, typo: ['taggr', 'tagger'] },
  addressDetector: {
    call: (o) => addressDetector(o),
    valid: { countries: ['FR'] },
    typo: ['country', 'countries'],
  },
  phoneDetector: {
    call: (o) => phoneDetector(o),
    valid: {},
    typo: ['defaultCountry', 'defaultCountries'],
  },
  knownValuesDetector: {
    call: (o) => knownValuesDetector({ PERSON: ['Jean Dupont'] }, o),
    valid: {},
    typo: ['nmae', 'name'],
  },
  transformersDetector: {
    call: (o) => transformersDetector(o),
    valid: { pipeline: async () => [] },
    typo: ['labelsMap', 'labelMap'],
    required: ['pipeline'],
  },
  presidioDetector: {
    call: (o) => presidioDetector(o),
    valid: { url: 'http://127.0.0.1:5002' },
    typo: ['lang', 'language'],
    required: ['url'],
  },
  chunkedDetector: {
    call: (o) => chunkedDetector(emailDetector(), o),
    valid: { size: 100, overlap: 10 },
    typo: ['overlaps', 'overlap'],
    required: ['size', 'overlap'],
  },
  createPlaceholderFormat: {
    call: (o) => createPlaceholderFormat(o),
    valid: {},
    typo: ['opening', 'open'],
  },
  memoryVaultStore: { call: (o) => memoryVaultStore(o), valid: {}, typo: ['idleTtl', 'idleTtlMs'] },
  resolveOverlaps: {
    call: (o) => resolveOverlaps([], new Map(), o),
    valid: {},
    typo: ['mergeCrossing', 'mergeCrossingIn'],
  },
  restoreWith: {
    call: (o) => restoreWith('text', defaultPlaceholderFormat, () => undefined, o),
    valid: {},
    typo: ['invent', 'invented'],
  },
  llmDetector: {
    call: (o) => llmDetector(o),
    valid: { model },
    typo: ['chunksize', 'chunkSize'],
    required: ['model'],
  },
  piiMiddleware: {
    call: (o) => piiMiddleware(o),
    valid: { session },
    typo: ['histroy', 'history'],
    required: ['session'],
  },
  createPiiUIMessageStream: {
    call: (o) => createPiiUIMessageStream(o),
    valid: { session, stream: stream() },
    typo: ['part', 'parts'],
    required: ['session', 'stream'],
  },
  createPiiUIMessageStreamResponse: {
    call: (o) => createPiiUIMessageStreamResponse(o),
    valid: { session, stream: stream(), status: 200 },
    typo: ['reveals', 'reveal'],
    required: ['session', 'stream'],
  },
  piiRestoreTransform: {
    call: (o) => piiRestoreTransform(o),
    valid: { session },
    typo: ['toolInputs', 'toolInput'],
    required: ['session'],
  },
  tokensInMessages: { call: (o) => tokensInMessages([], o), valid: {}, typo: ['fromat', 'format'] },
  withPiiOutput: {
    call: (o) => withPiiOutput(output, o),
    valid: { session },
    typo: ['invent', 'invented'],
    required: ['session'],
  },
  withPiiTools: {
    call: (o) => withPiiTools({}, o),
    valid: { session },
    typo: ['strategies', 'strategy'],
    required: ['session'],
  },
  memoryChatStore: {
    call: (o) => memoryChatStore(o),
    valid: {},
    typo: ['maxChat', 'maxChats'],
  },
  verifySignedHistory: {
    call: (o) => verifySignedHistory(o),
    valid: {
      session: createPii({ historySecret: randomBytes(32).toString('base64') }).session('signed'),
      messages: [],
    },
    typo: ['message', 'messages'],
    required: ['session', 'messages'],
  },
};

/** The session's methods that take options, after their other arguments. */
const SESSION_CASES: Record<string, Case> = {
  'session.anonymize': {
    call: (o) => session.anonymize('text', o),
    valid: {},
    typo: ['roles', 'role'],
  },
  'session.anonymizeMany': {
    call: (o) => session.anonymizeMany(['text'], o),
    valid: {},
    typo: ['token', 'tokens'],
  },
  'session.anonymizeValue': {
    call: (o) => session.anonymizeValue({ a: 'text' }, o),
    valid: {},
    typo: ['detects', 'detect'],
  },
  'session.anonymizeMessages': {
    call: (o) => session.anonymizeMessages([], o),
    valid: {},
    typo: ['toolResult', 'toolResults'],
  },
  'session.restore': {
    call: (o) => session.restore('text', o),
    valid: {},
    typo: ['label', 'labels'],
  },
  'session.restoreValue': {
    call: (o) => session.restoreValue({ a: 'text' }, o),
    valid: {},
    typo: ['Invented', 'invented'],
  },
  'session.createStreamRestorer': {
    call: (o) => session.createStreamRestorer(o),
    valid: {},
    typo: ['labls', 'labels'],
  },
};

/** Options objects inside another function's options. */
const NESTED_CASES: Record<string, Case> = {
  'createPii: audit': {
    call: (o) => createPii({ audit: o }),
    valid: { sink: () => {}, secret: AUDIT_SECRET },
    typo: ['secrets', 'secret'],
    required: ['sink', 'secret'],
  },
};

/** Exported functions that take no options object (detectors, checks, classes). */
const NO_OPTIONS = new Set([
  'PiiAuditError',
  'PiiConfigError',
  'PiiDetectionError',
  'PiiError',
  'PiiInventedTokenError',
  'PiiSession',
  'PiiStoreError',
  'PiiUnverifiedToolCallError',
  'RestoreTally',
  'TokenCounter',
  'apiKeyDetector',
  'callbackAuditSink',
  'canonicalJson',
  'beNationalNumberDetector',
  'canonicalizeAddress',
  'canonicalizeDefault',
  'canonicalizePerson',
  'chAhvDetector',
  'createStreamRestorer',
  'creditCardDetector',
  'deTaxIdDetector',
  'emailDetector',
  'esNifDetector',
  'frNirDetector',
  'frSirenDetector',
  'frSiretDetector',
  'ibanDetector',
  'ipAddressDetector',
  'isIPv6',
  'isValidAhv',
  'isValidBelgianNationalNumber',
  'isValidBsn',
  'isValidFiscalCode',
  'isValidGermanTaxId',
  'isValidIban',
  'isValidNino',
  'isValidNir',
  'isValidSiret',
  'isValidSpanishNif',
  'isValidSsn',
  'itFiscalCodeDetector',
  'knownCardNetwork',
  'luhn',
  'mod97',
  'nlBsnDetector',
  'phoneCanonicalizer',
  'ukNinoDetector',
  'urlDetector',
  'usSsnDetector',
]);

/** The error a call throws (or the promise it returns rejects with). */
async function errorOf(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe.each(Object.entries({ ...CASES, ...SESSION_CASES, ...NESTED_CASES }))('%s', (name, c) => {
  it('accepts its options', async () => {
    expect(await errorOf(() => c.call(c.valid as never))).toBeUndefined();
  });

  it('refuses an unknown key, naming the closest known one', async () => {
    const [typo, known] = c.typo;
    const error = await errorOf(() => c.call({ ...c.valid, [typo]: 1 } as never));
    expect(error).toBeInstanceOf(PiiConfigError);
    expect((error as Error).message).toContain(`${name}: unknown option \`${typo}\``);
    expect((error as Error).message).toContain(`did you mean \`${known}\`?`);
  });

  it.each(c.required ?? [])('requires `%s`', async (key) => {
    const { [key]: _left, ...rest } = c.valid;
    const error = await errorOf(() => c.call(rest as never));
    expect(error).toBeInstanceOf(PiiConfigError);
    expect((error as Error).message).toContain(`${name}: \`${key}\` is required`);
  });

  it('refuses what is not an options object', async () => {
    const error = await errorOf(() => c.call('options' as never));
    expect(error).toBeInstanceOf(PiiConfigError);
    expect((error as Error).message).toContain('expects an options object, got string');
  });
});

describe('the errors of the issue', () => {
  it('createPiiUIMessageStreamResponse({ stream }) says that `session` is missing', () => {
    expect(() => createPiiUIMessageStreamResponse({ stream: stream() } as never)).toThrow(
      new PiiConfigError(
        'createPiiUIMessageStreamResponse: `session` is required: the conversation, pii.session(chatId).',
      ),
    );
  });

  it('createPii({ detector: [] }) names `detectors`', () => {
    expect(() => createPii({ detector: [] } as never)).toThrow(
      /^createPii: unknown option `detector`; did you mean `detectors`\?/,
    );
  });

  it('a session option given the createPii object is told apart from a session', () => {
    const pii = createPii();
    expect(() => createPiiUIMessageStream({ session: pii as never, stream: stream() })).toThrow(
      /`session` must be a PiiSession: pii.session\(chatId\)/,
    );
    expect(() => createPiiUIMessageStream({ session, stream: {} as never })).toThrow(
      /`stream` must be a ReadableStream/,
    );
  });
});

describe('createPiiUIMessageStreamResponse: the options it passes to the AI SDK', () => {
  it('refuses a near miss of a response option', () => {
    expect(() =>
      createPiiUIMessageStreamResponse({ session, stream: stream(), satus: 201 } as never),
    ).toThrow(/unknown option `satus`; did you mean `status`\?/);
  });

  it('passes on an option that is far from every known one (a newer SDK may have it)', () => {
    const response = createPiiUIMessageStreamResponse({
      session,
      stream: stream(),
      status: 201,
      experimental_futureOption: true,
    } as never);
    expect(response.status).toBe(201);
  });
});

describe('the required arguments of functions without options', () => {
  it('createStreamRestorer needs a placeholder format and a restore function', () => {
    const restore = async (text: string) => text;
    expect(() => createStreamRestorer(undefined as never, restore)).toThrow(PiiConfigError);
    expect(() => createStreamRestorer(defaultPlaceholderFormat, undefined as never)).toThrow(
      /`restore` must be a function/,
    );
    expect(createStreamRestorer(defaultPlaceholderFormat, restore).pending).toBe('');
  });

  it('phoneCanonicalizer needs a list of country codes', () => {
    expect(() => phoneCanonicalizer('FR' as never)).toThrow(PiiConfigError);
    expect(phoneCanonicalizer(['FR'])('06 12 34 56 78')).toBe('+33612345678');
  });

  it('resolveOverlaps needs an array of spans', () => {
    expect(() => resolveOverlaps(undefined as never)).toThrow(PiiConfigError);
  });
});

describe('the list above', () => {
  it('covers every function that ai-sdk-pii exports', () => {
    const functions = Object.entries(library)
      .filter(([, value]) => typeof value === 'function')
      .map(([name]) => name);
    const unlisted = functions.filter((name) => !(name in CASES) && !NO_OPTIONS.has(name));
    expect(unlisted).toEqual([]);
    for (const name of [...Object.keys(CASES), ...NO_OPTIONS]) expect(functions).toContain(name);
  });
});
