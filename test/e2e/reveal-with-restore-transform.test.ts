import { stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { piiMiddleware } from '../../src/ai/pii-middleware';
import { createPiiUIMessageStreamResponse } from '../../src/ai/pii-ui-message-stream';
import { piiRestoreTransform } from '../../src/ai/restore-transform';
import { withPiiTools } from '../../src/ai/with-pii-tools';
import { PiiConfigError } from '../../src/core/errors';
import type { PiiEntry } from '../../src/core/session';
import { testPii } from '../core/helpers';
import { findLeaks } from '../support/leak-readings';
import { recordingProvider } from './support/recording-provider';

/**
 * G6 when a chat route combines `piiRestoreTransform` (real values in the server's stream) with
 * a `reveal` policy on the UI message stream: a value the policy refuses must never reach the
 * browser in clear, whatever the route combines. Checked on the bytes of the HTTP response.
 */
const EMAIL = 'jean.dupont@exemple.fr';
const NAME = 'Jean Dupont';
const noEmails = (entry: PiiEntry) => entry.label !== 'EMAIL';

type PiiSession = ReturnType<ReturnType<typeof testPii>['session']>;

function route(
  session: PiiSession,
  transform: Parameters<typeof piiRestoreTransform>[0] | undefined,
  reveal: ((entry: PiiEntry) => boolean) | undefined,
) {
  const recorder = recordingProvider(({ index }) =>
    index === 0
      ? { toolCalls: [{ name: 'notify', args: { to: '<<EMAIL:1>>', who: '<<PERSON:1>>' } }] }
      : { text: ['Sent to <<EMAIL:1', '>> for <<PERSON:1>>.'] },
  );
  const result = streamText({
    model: wrapLanguageModel({ model: recorder.model(), middleware: piiMiddleware({ session }) }),
    tools: withPiiTools(
      {
        notify: tool({
          inputSchema: z.object({ to: z.string(), who: z.string() }),
          execute: async () => 'ok',
        }),
      },
      { session },
    ),
    stopWhen: stepCountIs(2),
    prompt: `Tell ${NAME} at ${EMAIL} that it is done.`,
    ...(transform ? { experimental_transform: piiRestoreTransform(transform) } : {}),
  });
  return {
    recorder,
    respond: () =>
      createPiiUIMessageStreamResponse({ session, stream: result.toUIMessageStream(), reveal }),
  };
}

describe('reveal and the restore transform on one route', () => {
  it('a reveal policy on the UI stream that the transform does not know is refused up front', async () => {
    const session = testPii().session('g6-disagree');
    const { respond } = route(session, { session }, noEmails);
    expect(respond).toThrow(PiiConfigError);
    expect(respond).toThrow(/piiRestoreTransform\(\{ session, reveal \}\)/);
  });

  it('the same policy on both: refused values stay tokens in the bytes, others are restored', async () => {
    const session = testPii().session('g6-agree');
    const { respond, recorder } = route(
      session,
      { session, reveal: noEmails, toolInput: true },
      noEmails,
    );
    const bytes = await respond().text();
    expect(findLeaks([bytes], [EMAIL])).toEqual([]);
    expect(bytes).toContain('<<EMAIL:1>>');
    expect(bytes).toContain(`for ${NAME}.`);
    // The tool call shown for approval: the name restored, the address still a token.
    expect(bytes).toContain(`"input":{"to":"<<EMAIL:1>>","who":"${NAME}"}`);
    expect(bytes).not.toContain('"label":"EMAIL"');
    expect(findLeaks(recorder.bodies(), [EMAIL, NAME])).toEqual([]);
  });

  it('a policy given to the transform only is applied to the UI stream too', async () => {
    const session = testPii().session('g6-transform-only');
    const { respond } = route(session, { session, reveal: noEmails, toolInput: true }, undefined);
    const bytes = await respond().text();
    expect(findLeaks([bytes], [EMAIL])).toEqual([]);
    expect(bytes).toContain(`for ${NAME}.`);
  });

  it('two different policies are refused', async () => {
    const session = testPii().session('g6-two');
    const { respond } = route(session, { session, reveal: noEmails }, (e) => e.label !== 'PERSON');
    expect(respond).toThrow(PiiConfigError);
  });
});
