import type { PiiRevealEntry, PiiSession } from '../../core/session';
import { aiSessionState, type RevealPolicy } from '../session-state';

/**
 * Whether a person may see an entry's value: not first found in the result of a tool wrapped
 * with `reveal: false` (read when asked, so a tool set wrapped later counts too), and allowed by
 * `policy` when there is one. What the UI message stream sends and the restore transform
 * restores both go through it.
 *
 * @example
 * const visible = revealsEntry(session, (e) => e.label !== 'IBAN');
 * entries.filter(visible);
 */
export function revealsEntry(
  session: PiiSession,
  policy: RevealPolicy | undefined,
): (entry: PiiRevealEntry) => boolean {
  const hidden = aiSessionState(session).hiddenTools;
  return (entry) => {
    if (entry.origin.kind === 'tool' && hidden.has(entry.origin.tool)) return false;
    return policy === undefined || policy(entry) === true;
  };
}
