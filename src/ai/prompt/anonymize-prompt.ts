import { PiiConfigError } from '../../core/errors';
import { anonymizeMessages } from '../../core/messages/anonymize-messages';
import type { PiiSession } from '../../core/session';
import { withInstruction } from './system-instruction';

export interface AnonymizePromptOptions {
  system: 'keep' | 'anonymize';
  files: 'allow' | 'reject';
  history: 'untrusted' | 'trusted' | 'anonymized';
  assistant: 'known' | 'all';
  /** The instruction to add, or `false`. */
  instruction: string | false;
}

/**
 * Anonymizes a provider prompt (what a middleware's `transformParams` receives) and adds the
 * placeholder instruction. Text files are anonymized like the text around them; other files
 * are checked first, so a refused file fails the call before any detector or store work.
 * Results of `input` and `passthrough` tools stay as returned.
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
  const anonymized = await anonymizeMessages(
    prompt,
    (texts, o) => session.anonymizeMany(texts, o),
    {
      system: options.system,
      history: options.history,
      assistant: options.assistant,
      toolResults: 'strategy',
      toolStrategies: session.toolStrategies,
      onFile,
    },
  );
  return options.instruction === false
    ? anonymized
    : withInstruction(anonymized, options.instruction);
}
