/**
 * What the browser shows, and so what it gets entries for: `text`, `reasoning`, `tool-input`
 * (what the model asks a tool to do, for approval screens) and `tool-output` (tool results
 * and errors; off by default, since a search result can hold many records nobody looks at).
 */
export type PiiShownPart = 'text' | 'reasoning' | 'tool-input' | 'tool-output';

export const DEFAULT_SHOWN_PARTS: readonly PiiShownPart[] = ['text', 'reasoning', 'tool-input'];

/** Whether a UI message part or chunk type is a tool's (static `tool-NAME` or dynamic). */
export const isToolPartType = (type: string): boolean =>
  type.startsWith('tool-') || type === 'dynamic-tool';
