import { PiiInventedTokenError } from '../../core/errors';
import type { PiiSession } from '../../core/session';

/**
 * Rewrites an invented-token error for the model: besides naming the unknown tokens, it shows
 * the valid form and the range of tokens the conversation did issue for the same labels, so the
 * model can correct its call and retry. Tokens only: no value is ever named.
 *
 * @example
 * await explainInventedTokens(session, new PiiInventedTokenError(['<<EMAIL:7>>']));
 * // message: 'Unknown placeholder <<EMAIL:7>>: ... Valid placeholders of this conversation:
 * //   <<EMAIL:1>> to <<EMAIL:2>>.'
 */
export async function explainInventedTokens(
  session: PiiSession,
  error: PiiInventedTokenError,
): Promise<PiiInventedTokenError> {
  const { format } = session;
  const labels = [...new Set(error.tokens.flatMap((t) => format.parse(t)?.label ?? []))];
  let counts: Record<string, number>;
  try {
    counts = (await session.summary()).labels;
  } catch {
    return error; // The explanation is a help; the refusal itself must not fail.
  }
  const known = labels.map((label) => {
    const count = counts[label] ?? 0;
    if (count === 0) return `none for ${label}`;
    if (count === 1) return format.render(label, 1);
    return `${format.render(label, 1)} to ${format.render(label, count)}`;
  });
  const explained = new PiiInventedTokenError(error.tokens);
  explained.message = `${error.message} Placeholders are written like ${format.render('EMAIL', 1)}. Valid placeholders of this conversation: ${known.join('; ')}.`;
  return explained;
}
