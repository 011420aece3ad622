import type { JSONSchema7 } from 'ai';
import { checkOptions, type OptionKeys } from '../core/check-options';
import { PiiConfigError } from '../core/errors';
import { checkChoice } from '../core/messages/anonymize-messages';
import { type InventedTokenPolicy, restoreWith } from '../core/restore';
import type { PiiSession } from '../core/session';
import { createSchemaLiterals } from './schema/schema-literals';
import { relaxStringConstraints } from './tools/relax-string-constraints';

export interface WithPiiOutputOptions {
  /** The conversation whose tokens the model's answer holds: `pii.session(chatId)`. */
  session: PiiSession;
  /**
   * A token the conversation never issued: `keep` (default: left as written, then the schema
   * decides), `remove`, or `throw` (the output fails to parse).
   */
  invented?: InventedTokenPolicy;
}

const WITH_PII_OUTPUT_KEYS = {
  session: { required: 'the conversation, pii.session(chatId)' },
  invented: 'optional',
} as const satisfies OptionKeys<WithPiiOutputOptions>;

/** The part of the AI SDK's `Output` interface (both majors) that this wrapper touches. */
interface OutputSpec {
  responseFormat: PromiseLike<unknown>;
  parseCompleteOutput(options: { text: string }, context: never): Promise<unknown>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Wraps an output specification (`Output.object`, `Output.array`, `Output.choice`,
 * `Output.json`) for a model wrapped with `piiMiddleware`, which sends the model the output
 * schema with tokens in place of values (`enum: ['<<EMAIL:1>>', …]`, defaults, descriptions).
 * The model answers with tokens; this wrapper:
 *
 * - **restores them before the SDK validates the answer**, so the output schema validates the
 *   real values (`z.enum(contacts)`, `z.string().email()`) and `output` holds them: the final
 *   `output` of `generateText` and `streamText` is the restored, validated value. A token
 *   taken from an enum or a const restores to the literal as the schema writes it;
 * - **relaxes the schema sent to the provider** as `withPiiTools` does for tools (`format`,
 *   `pattern`, `minLength`, `maxLength` move into the description), so that strict structured
 *   outputs let the model write a token.
 *
 * The answer's text (`text`, steps, the UI message stream, the next prompt) keeps its tokens,
 * and so do partial outputs (`partialOutputStream`, `elementStream`), which are parsed from the
 * text as it streams and are what a display shows: restore them for people with the UI
 * message stream's entries, never by sending real values to the browser. (`Output.array`'s
 * partial elements are validated by the SDK: one holding a token where its schema lists real
 * values appears in the final output only.)
 *
 * @example
 * const { output } = await generateText({
 *   model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
 *   output: withPiiOutput(Output.object({ schema: z.object({ assignee: z.enum(contacts) }) }), { session }),
 *   prompt,
 * });
 * output.assignee; // 'marie.curie@exemple.fr' (the model wrote <<EMAIL:2>>)
 */
export function withPiiOutput<OUTPUT extends OutputSpec>(
  output: OUTPUT,
  options: WithPiiOutputOptions,
): OUTPUT {
  checkOptions('withPiiOutput', options, WITH_PII_OUTPUT_KEYS);
  const { session, invented = 'keep' } = options;
  if (typeof session?.entries !== 'function') {
    throw new PiiConfigError(
      'withPiiOutput(output, { session }) needs a session: pii.session(chatId).',
    );
  }
  if (
    typeof output?.parseCompleteOutput !== 'function' ||
    typeof output.responseFormat?.then !== 'function'
  ) {
    throw new PiiConfigError(
      'withPiiOutput(output, options): `output` must be an output specification such as Output.object({ schema }).',
    );
  }
  checkChoice('invented', invented, ['keep', 'remove', 'throw'] as const);
  const format = session.format;

  const responseFormat = Promise.resolve(output.responseFormat).then((rf) =>
    isObj(rf) && rf.type === 'json' && isObj(rf.schema)
      ? { ...rf, schema: relaxStringConstraints(rf.schema as JSONSchema7, format) }
      : rf,
  );
  const literals = createSchemaLiterals(session, async () => {
    const rf = await output.responseFormat;
    return isObj(rf) ? rf.schema : undefined;
  });

  /** The answer's JSON text with its tokens restored, each value written JSON-escaped. */
  const restoreJson = async (text: string): Promise<string> => {
    const tokens = [...new Set(format.findAll(text).map((m) => format.render(m.label, m.n)))];
    if (tokens.length === 0) return text;
    const entries = await session.entries(tokens);
    const swaps = await literals.swaps(entries.map((e) => ({ token: e.token, restored: e.value })));
    const values = new Map(entries.map((e, i) => [e.token, swaps[i] ?? e.value]));
    return restoreWith(
      text,
      format,
      (m) => {
        const value = values.get(format.render(m.label, m.n));
        return value === undefined ? undefined : JSON.stringify(value).slice(1, -1);
      },
      { invented },
    );
  };

  const descriptors = Object.getOwnPropertyDescriptors(output);
  const wrapped = Object.create(Object.getPrototypeOf(output), descriptors) as OUTPUT;
  Object.defineProperties(wrapped, {
    responseFormat: { value: responseFormat, enumerable: true, configurable: true, writable: true },
    parseCompleteOutput: {
      value: async (opts: { text: string }, context: never) =>
        output.parseCompleteOutput.call(
          output,
          { ...opts, text: await restoreJson(opts.text) },
          context,
        ),
      enumerable: true,
      configurable: true,
      writable: true,
    },
  });
  return wrapped;
}
