import type { UIMessage } from 'ai';
import { checkOptions, type OptionKeys } from '../../core/check-options';
import { PiiConfigError } from '../../core/errors';
import { tokensInValue } from '../../core/map-strings';
import { defaultPlaceholderFormat, type PlaceholderFormat } from '../../core/placeholder/format';
import { DEFAULT_SHOWN_PARTS, isToolPartType, type PiiShownPart } from './shown-parts';

export interface TokensInMessagesOptions {
  /** Which parts the page shows. Default `['text', 'reasoning', 'tool-input']`. */
  parts?: readonly PiiShownPart[];
  /** The placeholder format (`session.format`). Default `<<LABEL:n>>`. */
  format?: PlaceholderFormat;
}

const TOKENS_IN_MESSAGES_KEYS = {
  parts: 'optional',
  format: 'optional',
} as const satisfies OptionKeys<TokensInMessagesOptions>;

type AnyPart = { type: string } & Record<string, unknown>;

/**
 * Every token that a set of UI messages shows, without duplicates, in order of appearance.
 * A page that reloads a stored chat passes exactly these entries to the browser.
 *
 * @example
 * const messages = await loadChat(chatId);
 * const initialEntries = await session.entries(tokensInMessages(messages, { format: session.format }));
 * return <Chat id={chatId} initialMessages={messages} initialEntries={initialEntries} />;
 */
export function tokensInMessages(
  messages: readonly UIMessage[],
  options: TokensInMessagesOptions = {},
): string[] {
  checkOptions('tokensInMessages', options, TOKENS_IN_MESSAGES_KEYS);
  if (!Array.isArray(messages)) {
    throw new PiiConfigError('tokensInMessages(messages) expects an array of UI messages.');
  }
  const shown = new Set(options.parts ?? DEFAULT_SHOWN_PARTS);
  const format = options.format ?? defaultPlaceholderFormat;
  const strings: unknown[] = [];
  const visit = (part: AnyPart) => {
    if (part.type === 'text' && shown.has('text')) strings.push(part.text);
    else if (part.type === 'reasoning' && shown.has('reasoning')) strings.push(part.text);
    else if (part.type === 'steering-message' && Array.isArray(part.parts))
      (part.parts as AnyPart[]).forEach(visit);
    else if (isToolPartType(part.type)) {
      if (shown.has('tool-input')) strings.push(part.input);
      if (shown.has('tool-output')) strings.push(part.output, part.errorText);
    }
  };
  for (const message of messages) for (const part of message.parts as AnyPart[]) visit(part);
  return tokensInValue(strings, format);
}
