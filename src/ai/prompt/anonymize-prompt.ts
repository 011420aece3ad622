import { PiiConfigError } from '../../core/errors';
import { anonymizeMessages } from '../../core/messages/anonymize-messages';
import type { PiiSession } from '../../core/session';
import { aiSessionState } from '../session-state';
import { queueResultsOf } from './mask-known-in-results';
import { StringBatch } from './string-batch';
import { withInstruction } from './system-instruction';

// `input` tools under `inputResults: 'mask-known'`: known values only, no detection.
const KNOWN_ONLY = { role: 'tool', tokens: 'keep', detect: false } as const;

export interface AnonymizePromptOptions {
  system: 'keep' | 'anonymize';
  files: 'allow' | 'reject';
  history: 'untrusted' | 'trusted' | 'anonymized';
  assistant: 'known' | 'all';
  /** The instruction to add, or `false`. */
  instruction: string | false;
  /**
   * Work that must run once the prompt's files are checked (a refused file fails the call
   * first) and before its texts are anonymized (values it finds are then known to them): the
   * rest of the call, in `piiMiddleware`.
   */
  before?: () => Promise<void>;
}

/**
 * Anonymizes a provider prompt (what a middleware's `transformParams` receives) and adds the
 * placeholder instruction. Text files are anonymized like the text around them; other files
 * are checked first, so a refused file fails the call before any detector or store work.
 * Results of `input` and `passthrough` tools stay as returned, but for `input` tools wrapped
 * with `inputResults: 'mask-known'`, whose known values are then masked.
 */
export async function anonymizePrompt<M extends { role: string }>(
  session: PiiSession,
  prompt: readonly M[],
  options: AnonymizePromptOptions,
): Promise<M[]> {
  const onFile =
    options.files === 'reject'
      ? ({ role, mediaType }: { role: string; mediaType: string | undefined }) => {
          throw new PiiConfigError(
            `piiMiddleware({ files: 'reject' }) refused a file (${mediaType ?? 'unknown type'}) in a ${role} message: it cannot be scanned for personal data, so it is not sent to the model. Text files given inline in UTF-8, UTF-16 (with a byte order mark) or declared Windows-1252 (charset=windows-1252) are scanned; undeclared 8-bit text is a guess and counts as not scanned; images, audio, PDFs, other binary files, text in other charsets, remote URLs and provider file references are not. Remove the file, or use files: 'allow' if sending it unscanned is acceptable.`,
          );
        }
      : undefined;
  // The walk over the prompt (which refuses files) is done before the first text batch runs.
  let before: Promise<void> | undefined;
  const ready = () => (before ??= options.before ? options.before() : Promise.resolve());
  const anonymized = await anonymizeMessages(
    prompt,
    async (texts, o) => {
      await ready();
      return session.anonymizeMany(texts, o);
    },
    {
      system: options.system,
      history: options.history,
      assistant: options.assistant,
      toolResults: 'strategy',
      toolStrategies: session.toolStrategies,
      onFile,
    },
  );
  await ready(); // a prompt without texts
  const maskKnown = [...aiSessionState(session).maskKnownResults].filter(
    (name) => session.toolStrategies.get(name) === 'input',
  );
  let out = anonymized;
  if (maskKnown.length > 0) {
    // After the prompt's own pass, which neutralised forged tokens in these results (G8):
    // the tokens this pass writes are ours and are kept.
    const batch = new StringBatch();
    out = queueResultsOf(batch, anonymized, new Set(maskKnown));
    await batch.run((texts, o) => session.anonymizeMany(texts, o), KNOWN_ONLY);
  }
  return options.instruction === false ? out : withInstruction(out, options.instruction);
}
