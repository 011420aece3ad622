import { Fragment, type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { checkOptions, type OptionKeys } from '../core/check-options';
import type { PiiEntryStore } from '../core/client/pii-entry-store';
import { PiiConfigError } from '../core/errors';
import {
  defaultPlaceholderFormat,
  type PlaceholderFormat,
  type TokenMatch,
} from '../core/placeholder/format';
import type { PiiEntry } from '../core/session';

export interface PiiTextProps {
  /** The tokenized text, e.g. a text part of `rawMessages`. */
  text: string;
  /** `piiEntries` from `usePiiChat`, or a list of entries. */
  entries: PiiEntryStore | readonly PiiEntry[];
  /** Hide a trailing token fragment (the text part is still streaming). */
  streaming?: boolean;
  /** Class of the wrapping `<span>`. */
  className?: string;
  /** Class of each `<mark>` around a restored value. */
  markClassName?: string;
  /** Renders a restored value instead of the default `<mark>`. */
  renderValue?: (entry: PiiEntry) => ReactNode;
  /** Renders a complete token that has no entry (default: the token as written). */
  renderToken?: (token: TokenMatch) => ReactNode;
  /** Placeholder format, when `entries` is a list and the format is not `<<LABEL:n>>`. */
  format?: PlaceholderFormat;
}

const PII_TEXT_KEYS = {
  text: { required: 'the tokenized text, e.g. a text part of rawMessages' },
  entries: { required: 'piiEntries from usePiiChat, or a list of entries { token, label, value }' },
  streaming: 'optional',
  className: 'optional',
  markClassName: 'optional',
  renderValue: 'optional',
  renderToken: 'optional',
  format: 'optional',
} as const satisfies OptionKeys<PiiTextProps>;

const noSubscribe = () => () => {};
const zero = () => 0;

/**
 * Renders a text with its protected values restored and marked, so users see what was kept
 * from the model: `<mark data-pii-label="EMAIL" data-pii-token="<<EMAIL:1>>" title="EMAIL
 * <<EMAIL:1>>">jean@exemple.fr</mark>`. No styles of its own: use the class names or
 * `renderValue`.
 *
 * @example
 * <PiiText text={part.text} entries={piiEntries} markClassName="pii" />
 */
export function PiiText(props: PiiTextProps): ReactNode {
  checkOptions('PiiText', props, PII_TEXT_KEYS);
  const { text, entries, streaming, className, markClassName, renderValue, renderToken, format } =
    props;
  if (typeof text !== 'string') {
    throw new PiiConfigError(`PiiText: \`text\` must be a string, got ${typeof text}.`);
  }
  const store = Array.isArray(entries) ? undefined : (entries as PiiEntryStore);
  const version = useSyncExternalStore(
    store?.subscribe ?? noSubscribe,
    store?.getSnapshot ?? zero,
    store?.getSnapshot ?? zero,
  );
  const list = store ? undefined : (entries as readonly PiiEntry[]);
  const byToken = useMemo(
    () => (list ? new Map(list.map((e) => [e.token, e])) : undefined),
    [list],
  );
  const fmt = store?.format ?? format ?? defaultPlaceholderFormat;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` marks new entries.
  const nodes = useMemo(() => {
    const shown = streaming ? text.slice(0, fmt.partialStart(text)) : text;
    const out: ReactNode[] = [];
    let at = 0;
    for (const m of fmt.findAll(shown)) {
      if (m.start > at) out.push(shown.slice(at, m.start));
      const key = `${m.start}`;
      const entry = store ? store.get(m.token) : byToken?.get(m.token);
      if (!entry) out.push(renderToken ? <Fragment key={key}>{renderToken(m)}</Fragment> : m.token);
      else if (renderValue) out.push(<Fragment key={key}>{renderValue(entry)}</Fragment>);
      else
        out.push(
          <mark
            key={key}
            className={markClassName}
            title={`${entry.label} ${entry.token}`}
            data-pii-label={entry.label}
            data-pii-token={entry.token}
          >
            {entry.value}
          </mark>,
        );
      at = m.end;
    }
    if (at < shown.length) out.push(shown.slice(at));
    return out;
  }, [text, streaming, fmt, store, byToken, version, renderValue, renderToken, markClassName]);

  return <span className={className}>{nodes}</span>;
}
