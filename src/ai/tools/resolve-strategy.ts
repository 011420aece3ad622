import { LABEL_PATTERN } from '../../core/detect/types';
import { PiiConfigError } from '../../core/errors';
import type { InventedTokenPolicy } from '../../core/restore';
import { TOOL_STRATEGIES, type ToolStrategy } from '../../core/tool-strategy';

/** One strategy for every tool, or one per tool name with a `default` for the others. */
export type ToolStrategyOption<NAME extends string = string> =
  | ToolStrategy
  | ({ default?: ToolStrategy } & { [K in NAME]?: ToolStrategy });

/** Per tool name, the labels whose real values the tool may receive. */
export type ToolRestoreOption<NAME extends string = string> = { [K in NAME]?: readonly string[] };

/** Per tool name, `false` for a tool whose results the user may not see. */
export type ToolRevealOption<NAME extends string = string> = { [K in NAME]?: boolean };

const INVENTED_POLICIES: readonly InventedTokenPolicy[] = ['throw', 'remove', 'keep'];

/** What `withPiiTools` does to one tool. */
export interface ResolvedToolPlan {
  strategy: ToolStrategy;
  /** Labels restored in the arguments; `undefined` = every label. */
  labels: readonly string[] | undefined;
  /** Whether the browser may receive the values first found in the tool's results. */
  reveal: boolean;
}

const quote = (s: string) => JSON.stringify(s);

function assertStrategy(value: unknown, where: string): asserts value is ToolStrategy {
  if (!TOOL_STRATEGIES.includes(value as ToolStrategy)) {
    throw new PiiConfigError(
      `withPiiTools: unknown strategy ${JSON.stringify(value)} ${where}. Use one of ${TOOL_STRATEGIES.map(quote).join(', ')}.`,
    );
  }
}

function assertToolName(name: string, toolNames: readonly string[], option: string): void {
  if (!toolNames.includes(name)) {
    throw new PiiConfigError(
      `withPiiTools: \`${option}\` names the tool ${quote(name)}, which is not in the tool set (${
        toolNames.map(quote).join(', ') || 'no tools'
      }). Check its spelling.`,
    );
  }
}

/**
 * Checks the options of `withPiiTools` once, when the tools are wrapped, and gives each tool
 * its strategy and label allow-list. Mistakes (a misspelled tool or strategy) throw
 * `PiiConfigError` at start-up rather than silently leaving a tool unprotected.
 */
export function resolveToolPlans(
  toolNames: readonly string[],
  options: {
    strategy?: ToolStrategyOption;
    restore?: ToolRestoreOption;
    reveal?: ToolRevealOption;
    invented?: InventedTokenPolicy;
  },
): Map<string, ResolvedToolPlan> {
  if (options.invented !== undefined && !INVENTED_POLICIES.includes(options.invented)) {
    throw new PiiConfigError(
      `withPiiTools: unknown \`invented\` choice ${JSON.stringify(options.invented)}. Use one of ${INVENTED_POLICIES.map(quote).join(', ')}.`,
    );
  }

  const strategyOf = new Map<string, ToolStrategy>();
  let fallback: ToolStrategy = 'full';
  const { strategy } = options;
  if (typeof strategy === 'object' && strategy !== null) {
    for (const [name, value] of Object.entries(strategy)) {
      if (value === undefined) continue;
      if (name === 'default') {
        assertStrategy(value, 'for `default`');
        fallback = value;
        continue;
      }
      assertToolName(name, toolNames, 'strategy');
      assertStrategy(value, `for the tool ${quote(name)}`);
      strategyOf.set(name, value);
    }
  } else if (strategy !== undefined) {
    assertStrategy(strategy, 'in `strategy`');
    fallback = strategy;
  }

  const plans = new Map<string, ResolvedToolPlan>();
  for (const name of toolNames)
    plans.set(name, {
      strategy: strategyOf.get(name) ?? fallback,
      labels: undefined,
      reveal: true,
    });

  for (const [name, labels] of Object.entries(options.restore ?? {})) {
    if (labels === undefined) continue;
    assertToolName(name, toolNames, 'restore');
    if (
      !Array.isArray(labels) ||
      labels.some((l) => typeof l !== 'string' || !LABEL_PATTERN.test(l))
    ) {
      throw new PiiConfigError(
        `withPiiTools: \`restore.${name}\` must be an array of labels such as ['EMAIL', 'PERSON'] (each matching [A-Z][A-Z0-9_]*).`,
      );
    }
    const plan = plans.get(name)!;
    if (plan.strategy === 'output' || plan.strategy === 'passthrough') {
      throw new PiiConfigError(
        `withPiiTools: \`restore.${name}\` lists labels to restore, but the tool's strategy ${quote(plan.strategy)} never restores its arguments. Use 'full' or 'input', or remove the list.`,
      );
    }
    plan.labels = [...labels];
  }

  const { reveal } = options;
  if (reveal !== undefined && (typeof reveal !== 'object' || reveal === null)) {
    throw new PiiConfigError(
      'withPiiTools: `reveal` must be an object of tool names, e.g. { lookupColleague: false }.',
    );
  }
  for (const [name, value] of Object.entries(reveal ?? {})) {
    if (value === undefined) continue;
    assertToolName(name, toolNames, 'reveal');
    if (typeof value !== 'boolean') {
      throw new PiiConfigError(
        `withPiiTools: \`reveal.${name}\` must be true or false (got ${JSON.stringify(value)}).`,
      );
    }
    plans.get(name)!.reveal = value;
  }
  return plans;
}
