/** Shows one string of a message part; `streaming` when the string may still grow. */
export type ShowText = (text: string, streaming: boolean) => string;

/** Deeper values are shown as they are (tool inputs and outputs are JSON, rarely this deep). */
const MAX_DEPTH = 64;

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** Maps string leaves of plain objects and arrays; unchanged branches keep their identity. */
function mapLeaves(value: unknown, show: (s: string) => string, depth = 0): unknown {
  if (typeof value === 'string') return show(value);
  if (depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const copy = value.map((v) => {
      const next = mapLeaves(v, show, depth + 1);
      if (next !== v) changed = true;
      return next;
    });
    return changed ? copy : value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(value)) {
    const next = mapLeaves(v, show, depth + 1);
    if (next !== v) {
      copy ??= { ...value };
      copy[k] = next;
    }
  }
  return copy ?? value;
}

function restorePart(part: unknown, show: ShowText): unknown {
  if (!isPlainObject(part)) return part;
  const { type } = part;
  if ((type === 'text' || type === 'reasoning') && typeof part.text === 'string') {
    const text = show(part.text, part.state === 'streaming');
    return text === part.text ? part : { ...part, text };
  }
  if (typeof type === 'string' && (type.startsWith('tool-') || type === 'dynamic-tool')) {
    // What the model asks a tool to do (approval screens), its output, its error.
    const inputStreaming = part.state === 'input-streaming';
    let copy: Record<string, unknown> | undefined;
    for (const key of ['input', 'output', 'errorText'] as const) {
      if (!(key in part)) continue;
      const next = mapLeaves(part[key], (s) => show(s, key === 'input' && inputStreaming));
      if (next !== part[key]) {
        copy ??= { ...part };
        copy[key] = next;
      }
    }
    return copy ?? part;
  }
  if (type === 'steering-message' && Array.isArray(part.parts)) {
    const parts = restoreParts(part.parts, show);
    return parts === part.parts ? part : { ...part, parts };
  }
  return part;
}

function restoreParts(parts: readonly unknown[], show: ShowText): readonly unknown[] {
  let copy: unknown[] | undefined;
  parts.forEach((part, i) => {
    const next = restorePart(part, show);
    if (next !== part) {
      copy ??= [...parts];
      copy[i] = next;
    }
  });
  return copy ?? parts;
}

/**
 * A display copy of a UI message: text, reasoning, and tool inputs, outputs and errors shown
 * through `show`. Parts without tokens keep their identity, and a message without any keeps
 * its own. Data, file and source parts are left alone.
 *
 * @example
 * const shown = restoreUIMessage(message, (text, streaming) =>
 *   displayText(text, format, lookup, { streaming }),
 * );
 */
export function restoreUIMessage<M extends { parts: readonly unknown[] }>(
  message: M,
  show: ShowText,
): M {
  if (!Array.isArray(message.parts)) return message;
  const parts = restoreParts(message.parts, show);
  return parts === message.parts ? message : { ...message, parts };
}
