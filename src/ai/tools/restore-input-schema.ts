import { asSchema, type FlexibleSchema, type JSONSchema7, jsonSchema, type Schema } from 'ai';
import { PiiInventedTokenError } from '../../core/errors';
import type { LabelCounts, ToolRefusal } from '../../core/events';
import { collectStrings, replaceStrings } from '../../core/map-strings';
import type { InventedTokenPolicy } from '../../core/restore';
import { RestoreTally, TokenCounter } from '../../core/restore-tally';
import type { PiiSession } from '../../core/session';
import { createSchemaLiterals } from '../schema/schema-literals';
import { explainInventedTokens } from './explain-invented-tokens';
import { relaxStringConstraints } from './relax-string-constraints';

export interface ToolInputRestorerOptions {
  session: PiiSession;
  /** The tool's own input schema; validation always runs with it. */
  inputSchema: FlexibleSchema<unknown> | undefined;
  /**
   * `restore`: the tool receives the real values (`full`, `input`); `tokens`: the tool receives
   * the tokens as the model wrote them (`output`).
   */
  mode: 'restore' | 'tokens';
  invented: InventedTokenPolicy;
  /** Labels whose real values the tool may receive; `undefined` = every label. */
  labels: readonly string[] | undefined;
  /**
   * Called, and awaited, when an input is refused before the tool runs (the audit trail's
   * `tool-call` event); a rejection takes the place of the refusal's error.
   */
  onRefused?: (refusal: InputRefusal) => Promise<void>;
}

/** An input refused before the tool runs: why, and what its restoration met. */
export interface InputRefusal {
  reason: Exclude<ToolRefusal, 'unverified-call'>;
  /** The invented tokens that `invented: 'throw'` refused, by label. */
  invented: LabelCounts;
  tally: RestoreTally | undefined;
}

/** An input ready for `execute`, and what its restoration did (with `onRefused` only). */
export interface PreparedInput {
  value: unknown;
  tally: RestoreTally | undefined;
}

/**
 * The input side of a wrapped tool. The SDK validates the model's input against `inputSchema`
 * before `execute`, and records what `validate` returns as the tool call's input (steps,
 * response messages, UI stream). So the replacement schema validates the restored values with
 * the tool's own schema, but returns the input as the model wrote it (tokens, BR-TOOL-10), and
 * keeps what the tool must receive for `execute` to `take`.
 */
export interface ToolInputRestorer {
  /** The schema to put on the wrapped tool; `undefined` when the tool had none. */
  readonly inputSchema: Schema<unknown> | undefined;
  /** The prepared input of a call that `validate` accepted, once; `undefined` if not seen. */
  take(input: unknown): PreparedInput | undefined;
  /** Restores (per the mode) and validates an input; throws what the model should read. */
  prepare(input: unknown): Promise<PreparedInput>;
}

const isPromiseLike = (v: unknown): v is PromiseLike<unknown> =>
  typeof (v as PromiseLike<unknown> | null)?.then === 'function';

const asKey = (v: unknown): object | undefined =>
  typeof v === 'object' && v !== null ? v : undefined;

const messageOf = (error: unknown): string =>
  error instanceof Error
    ? error.message
    : typeof error === 'string'
      ? error
      : (JSON.stringify(error) ?? String(error));

/**
 * Builds the input side of a wrapped tool (see `ToolInputRestorer`).
 *
 * @example
 * const input = createToolInputRestorer({ session, inputSchema: z.object({ to: z.string().email() }),
 *   mode: 'restore', invented: 'throw', labels: undefined });
 * await asSchema(input.inputSchema).validate?.({ to: '<<EMAIL:1>>' });
 * // { success: true, value: { to: '<<EMAIL:1>>' } }; input.take(thatValue) -> { value: { to: 'jean@x.fr' } }
 */
export function createToolInputRestorer(options: ToolInputRestorerOptions): ToolInputRestorer {
  const { session, mode, invented, labels, onRefused } = options;
  const { inputSchema: given } = options;
  // Resolved on first use, as the SDK does: lazy schemas stay lazy until a tool is called.
  let resolved: Schema<unknown> | undefined;
  const original = () => (resolved ??= asSchema(given));
  const prepared = new WeakMap<object, PreparedInput>();

  type Checked = { ok: true; value: unknown } | { ok: false; error: unknown };
  const check = async (value: unknown): Promise<Checked> => {
    const schema = original();
    if (given === undefined || schema.validate === undefined) return { ok: true, value };
    try {
      const result = await schema.validate(value);
      return result.success
        ? { ok: true, value: result.value }
        : { ok: false, error: result.error };
    } catch (error) {
      return { ok: false, error };
    }
  };

  // The validator saw restored values: its message may quote them. The model reads this text.
  const maskedValidationError = async (error: unknown): Promise<Error> => {
    const masked = new Error(
      await session.anonymize(messageOf(error), {
        role: 'tool',
        tokens: 'keep',
        origin: { kind: 'app' },
      }),
    );
    masked.name = 'PiiToolInputError';
    return masked;
  };

  const literals = createSchemaLiterals(session, () => original().jsonSchema);
  // A token the model took from an enum or a const stands for that literal, as the schema
  // writes it (see `SchemaLiterals`).
  const asLiterals = async (input: unknown, restored: unknown): Promise<unknown> => {
    if (given === undefined) return restored;
    const written = collectStrings(input);
    if (!written.some((s) => session.format.parse(s))) return restored;
    const out = collectStrings(restored);
    const pairs = written.flatMap((token, i) =>
      session.format.parse(token) ? [{ i, token, restored: out[i]! }] : [],
    );
    const swaps = await literals.swaps(pairs);
    if (swaps.every((s) => s === undefined)) return restored;
    pairs.forEach((p, k) => {
      if (swaps[k] !== undefined) out[p.i] = swaps[k]!;
    });
    return replaceStrings(restored, out);
  };

  /** What one preparation met: its tally, and why it was refused if it was. */
  interface Attempt {
    tally: RestoreTally | undefined;
    refusal?: InputRefusal['reason'];
    invented?: LabelCounts;
  }

  const restore = async (
    input: unknown,
    policy: InventedTokenPolicy,
    attempt?: Attempt,
  ): Promise<unknown> => {
    try {
      return await asLiterals(
        input,
        await session.restoreValue(input, { invented: policy, labels, tally: attempt?.tally }),
      );
    } catch (error) {
      if (error instanceof PiiInventedTokenError) {
        if (attempt) {
          attempt.refusal = 'invented-tokens';
          const counter = new TokenCounter();
          for (const token of error.tokens) {
            const parsed = session.format.parse(token);
            if (parsed) counter.add(token, parsed.label);
          }
          attempt.invented = counter.counts();
        }
        throw await explainInventedTokens(session, error);
      }
      throw error;
    }
  };

  const prepareWith = async (input: unknown, attempt: Attempt): Promise<unknown> => {
    if (mode === 'restore') {
      const checked = await check(await restore(input, invented, attempt));
      if (checked.ok) return checked.value;
      attempt.refusal = 'invalid-input';
      throw await maskedValidationError(checked.error);
    }
    // `output`: the tool gets tokens. Its schema may accept them (then its defaults apply);
    // otherwise the constraints are checked on the values that the tokens stand for.
    const direct = await check(input);
    if (direct.ok) return direct.value;
    const checked = await check(await restore(input, 'keep'));
    if (checked.ok) return input;
    attempt.refusal = 'invalid-input';
    throw await maskedValidationError(checked.error);
  };

  // Only the tools given real values restore: their tally is what the audit trail reports.
  const prepare = async (input: unknown): Promise<PreparedInput> => {
    const attempt: Attempt = {
      tally: onRefused && mode === 'restore' ? new RestoreTally() : undefined,
    };
    try {
      return { value: await prepareWith(input, attempt), tally: attempt.tally };
    } catch (error) {
      if (onRefused && attempt.refusal) {
        await onRefused({
          reason: attempt.refusal,
          invented: attempt.invented ?? {},
          tally: attempt.tally,
        });
      }
      throw error;
    }
  };

  const inputSchema =
    given === undefined
      ? undefined
      : jsonSchema<unknown>(
          () => {
            const schema = original().jsonSchema;
            const relax = (s: JSONSchema7) => relaxStringConstraints(s, session.format);
            return isPromiseLike(schema) ? Promise.resolve(schema).then(relax) : relax(schema);
          },
          {
            validate: async (value) => {
              try {
                const ready = await prepare(value);
                const key = asKey(value);
                if (key) prepared.set(key, ready);
                return { success: true, value };
              } catch (error) {
                return {
                  success: false,
                  error: error instanceof Error ? error : new Error(messageOf(error)),
                };
              }
            },
          },
        );

  return {
    inputSchema,
    prepare,
    take(input) {
      const key = asKey(input);
      if (!key || !prepared.has(key)) return undefined;
      const ready = prepared.get(key)!;
      prepared.delete(key); // real values live only until the tool runs
      return ready;
    },
  };
}
