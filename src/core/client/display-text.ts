import { checkOptions, type OptionKeys } from '../check-options';
import type { PlaceholderFormat, TokenMatch } from '../placeholder/format';

/** Options of {@link displayText}. */
export interface DisplayTextOptions {
  /**
   * The text is still streaming: a trailing token fragment (`<<EMA`) is held back until the
   * token is complete, so no render ever shows part of a token.
   */
  streaming?: boolean;
  /**
   * Text for a complete token that has no entry (unknown to the browser, or invented by the
   * model). Default: the token as written.
   */
  renderToken?: (token: TokenMatch) => string;
  /** Receives every complete token that had no entry (to re-restore once it arrives). */
  onMissing?: (token: string) => void;
}

const DISPLAY_TEXT_KEYS = {
  streaming: 'optional',
  renderToken: 'optional',
  onMissing: 'optional',
} as const satisfies OptionKeys<DisplayTextOptions>;

/**
 * Restores a text for display: whole tokens with an entry become their value, other whole
 * tokens stay as written (or go through `renderToken`), and while streaming the trailing
 * partial token is hidden. Pure and synchronous, for the browser.
 *
 * @example
 * const lookup = (t: string) => (t === '<<EMAIL:1>>' ? 'jean@exemple.fr' : undefined);
 * displayText('À <<EMAIL:1>>, cc <<EMA', defaultPlaceholderFormat, lookup, { streaming: true });
 * // 'À jean@exemple.fr, cc '
 */
export function displayText(
  text: string,
  format: PlaceholderFormat,
  lookup: (token: string) => string | undefined,
  options: DisplayTextOptions = {},
): string {
  checkOptions('displayText', options, DISPLAY_TEXT_KEYS);
  const shown = options.streaming ? text.slice(0, format.partialStart(text)) : text;
  const matches = format.findAll(shown);
  if (matches.length === 0) return shown;
  let out = '';
  let at = 0;
  for (const m of matches) {
    let value = lookup(m.token);
    if (value === undefined) {
      options.onMissing?.(m.token);
      value = options.renderToken ? options.renderToken(m) : m.token;
    }
    out += shown.slice(at, m.start) + value;
    at = m.end;
  }
  return out + shown.slice(at);
}
