import { generateText, stepCountIs, streamText, tool } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { withPiiTools } from '../../../src/ai/with-pii-tools';
import {
  clearValuesIn,
  conversation,
  JEAN_EMAIL,
  MARIE_EMAIL,
  toolResultsIn,
} from './conversation';
import { toolCallingModel } from './model-fixtures';

const sendEmailSchema = z.object({ to: z.string().email(), body: z.string() });

function sendEmailTool() {
  const received: unknown[] = [];
  const sendEmail = tool({
    description: 'Sends an e-mail',
    inputSchema: sendEmailSchema,
    execute: async ({ to }) => {
      received.push(to);
      return `Envoyé à ${to}, copie à ${MARIE_EMAIL}`;
    },
  });
  return { sendEmail, received };
}

const callSendEmail = {
  toolName: 'sendEmail',
  input: { to: '<<EMAIL:1>>', body: 'Bonjour <<PERSON:1>>' },
};

describe('BR-TOOL rules (seed 000)', () => {
  it('BR-TOOL-01 full: the tool receives the real values and the model reads its result masked', async () => {
    const { session, prompt } = await conversation();
    const body: string[] = [];
    const sendEmail = tool({
      inputSchema: sendEmailSchema,
      execute: async (input) => {
        body.push(input.to, input.body);
        return `Envoyé à ${input.to}, copie à ${MARIE_EMAIL}`;
      },
    });
    const model = toolCallingModel(callSendEmail);
    await generateText({
      model,
      tools: withPiiTools({ sendEmail }, { session, strategy: 'full' }),
      prompt,
      stopWhen: stepCountIs(3),
    });

    expect(body).toEqual([JEAN_EMAIL, 'Bonjour Jean Dupont']);
    const step2 = model.doGenerateCalls[1]!.prompt;
    expect(toolResultsIn(step2)[0]!.output).toEqual({
      type: 'text',
      value: 'Envoyé à <<EMAIL:1>>, copie à <<EMAIL:2>>',
    });
    expect(clearValuesIn(step2)).toEqual([]);
  });

  it('BR-TOOL-02 input: the tool receives the real values and its result reaches the model as returned', async () => {
    const { session, prompt } = await conversation();
    const { sendEmail, received } = sendEmailTool();
    const model = toolCallingModel(callSendEmail);
    await generateText({
      model,
      tools: withPiiTools({ sendEmail }, { session, strategy: 'input' }),
      prompt,
      stopWhen: stepCountIs(3),
    });

    expect(received).toEqual([JEAN_EMAIL]);
    expect(toolResultsIn(model.doGenerateCalls[1]!.prompt)[0]!.output.value).toBe(
      `Envoyé à ${JEAN_EMAIL}, copie à ${MARIE_EMAIL}`,
    );
  });

  it('BR-TOOL-03 output: the tool receives the tokens and its result is masked', async () => {
    const { session, prompt } = await conversation();
    const { sendEmail, received } = sendEmailTool();
    const model = toolCallingModel(callSendEmail);
    await generateText({
      model,
      tools: withPiiTools({ sendEmail }, { session, strategy: 'output' }),
      prompt,
      stopWhen: stepCountIs(3),
    });

    // The address does not exist: this is what `output` means (the seed's own example).
    expect(received).toEqual(['<<EMAIL:1>>']);
    const step2 = model.doGenerateCalls[1]!.prompt;
    // The echoed token is kept (the tool was given tokens, G8); the new address is masked.
    expect(toolResultsIn(step2)[0]!.output.value).toBe('Envoyé à <<EMAIL:1>>, copie à <<EMAIL:2>>');
    expect(clearValuesIn(step2)).toEqual([]);
  });

  it('BR-TOOL-04 passthrough: neither the arguments nor the result are touched', async () => {
    const { session, prompt } = await conversation();
    const received: unknown[] = [];
    const lookup = tool({
      inputSchema: z.object({ who: z.string() }),
      execute: async ({ who }) => {
        received.push(who);
        return `${who} <<EMAIL:1>> ${MARIE_EMAIL}`;
      },
    });
    const tools = { lookup };
    const wrapped = withPiiTools(tools, { session, strategy: 'passthrough' });
    expect(wrapped.lookup).toBe(lookup);

    const model = toolCallingModel({ toolName: 'lookup', input: { who: '<<PERSON:1>>' } });
    await generateText({ model, tools: wrapped, prompt, stopWhen: stepCountIs(3) });
    expect(received).toEqual(['<<PERSON:1>>']);
    expect(toolResultsIn(model.doGenerateCalls[1]!.prompt)[0]!.output.value).toBe(
      `<<PERSON:1>> <<EMAIL:1>> ${MARIE_EMAIL}`,
    );
  });

  it('BR-TOOL-05 a masked result goes through full detection: known values keep their token, new ones get the next number', async () => {
    const { session, prompt } = await conversation();
    const report = tool({
      inputSchema: z.object({}),
      // The known address in another case, a new address, a new name.
      execute: async () =>
        `De JEAN.DUPONT@EXEMPLE.FR à ${MARIE_EMAIL} (Marie Curie), puis Jean Dupont`,
    });
    const model = toolCallingModel({ toolName: 'report', input: {} });
    await generateText({
      model,
      tools: withPiiTools({ report }, { session }),
      prompt,
      stopWhen: stepCountIs(3),
    });

    expect(toolResultsIn(model.doGenerateCalls[1]!.prompt)[0]!.output.value).toBe(
      'De <<EMAIL:1>> à <<EMAIL:2>> (<<PERSON:2>>), puis <<PERSON:1>>',
    );
  });

  it('BR-TOOL-06 a value first seen in a tool result counts as known and stays masked later in the conversation', async () => {
    const { session, prompt } = await conversation();
    const { sendEmail } = sendEmailTool();
    await generateText({
      model: toolCallingModel(callSendEmail),
      tools: withPiiTools({ sendEmail }, { session }),
      prompt,
      stopWhen: stepCountIs(3),
    });

    expect(await session.restore('<<EMAIL:2>>')).toBe(MARIE_EMAIL);
    // Later, even where nothing detects it (assistant text is swept, not detected), it is masked.
    expect(
      await session.anonymize(`Copie à ${MARIE_EMAIL.toUpperCase()}`, { role: 'assistant' }),
    ).toBe('Copie à <<EMAIL:2>>');
  });

  it('BR-TOOL-07 an invented token refuses the call before execute (throw); remove gives "", keep gives the token', async () => {
    for (const [invented, expected] of [
      ['remove', ''],
      ['keep', '<<EMAIL:7>>'],
    ] as const) {
      const { session, prompt } = await conversation();
      const received: unknown[] = [];
      const sendEmail = tool({
        inputSchema: z.object({ to: z.string() }),
        execute: async (input) => {
          received.push(input);
          return 'ok';
        },
      });
      await generateText({
        model: toolCallingModel({ toolName: 'sendEmail', input: { to: '<<EMAIL:7>>' } }),
        tools: withPiiTools({ sendEmail }, { session, invented }),
        prompt,
        stopWhen: stepCountIs(3),
      });
      expect(received).toEqual([{ to: expected }]);
    }

    const { session, prompt } = await conversation();
    const execute = vi.fn(async () => 'sent');
    const model = toolCallingModel({ toolName: 'sendEmail', input: { to: '<<EMAIL:7>>' } });
    const result = await generateText({
      model,
      tools: withPiiTools(
        { sendEmail: tool({ inputSchema: z.object({ to: z.string() }), execute }) },
        { session },
      ),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(execute).not.toHaveBeenCalled();
    expect(result.text).toBe('Done.'); // the loop went on
    const [error] = toolResultsIn(model.doGenerateCalls[1]!.prompt);
    expect(error!.output.type).toBe('error-text');
    expect(error!.output.value).toContain('<<EMAIL:7>>');
  });

  it('BR-TOOL-08 every string of nested objects and arrays is restored; numbers and booleans stay intact', async () => {
    const { session, prompt } = await conversation();
    const received: unknown[] = [];
    const schedule = tool({
      inputSchema: z.object({
        attendees: z.array(
          z.object({ name: z.string(), email: z.string().email(), seats: z.number() }),
        ),
        notes: z.array(z.string()),
        urgent: z.boolean(),
        meta: z.object({ greeting: z.string(), retries: z.number(), nothing: z.null() }),
      }),
      execute: async (input) => {
        received.push(input);
        return 'scheduled';
      },
    });
    const input = {
      attendees: [{ name: '<<PERSON:1>>', email: '<<EMAIL:1>>', seats: 2 }],
      notes: ['Appeler <<PERSON:1>>', 'sans jeton'],
      urgent: true,
      meta: { greeting: 'Bonjour <<PERSON:1>> (<<EMAIL:1>>)', retries: 3, nothing: null },
    };
    await generateText({
      model: toolCallingModel({ toolName: 'schedule', input }),
      tools: withPiiTools({ schedule }, { session }),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(received).toEqual([
      {
        attendees: [{ name: 'Jean Dupont', email: JEAN_EMAIL, seats: 2 }],
        notes: ['Appeler Jean Dupont', 'sans jeton'],
        urgent: true,
        meta: { greeting: `Bonjour Jean Dupont (${JEAN_EMAIL})`, retries: 3, nothing: null },
      },
    ]);
  });

  it('BR-TOOL-09 (tool side) a clear value the model wrote itself reaches the tool as written, and the result masks it if known', async () => {
    // Re-masking the recorded tool call before the next model call is piiMiddleware's part.
    const { session, prompt } = await conversation();
    const received: unknown[] = [];
    const lookup = tool({
      inputSchema: z.object({ email: z.string() }),
      execute: async ({ email }) => {
        received.push(email);
        return `Dossier de ${email}`;
      },
    });
    const model = toolCallingModel({ toolName: 'lookup', input: { email: JEAN_EMAIL } });
    await generateText({
      model,
      tools: withPiiTools({ lookup }, { session }),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(received).toEqual([JEAN_EMAIL]);
    expect(toolResultsIn(model.doGenerateCalls[1]!.prompt)[0]!.output.value).toBe(
      'Dossier de <<EMAIL:1>>',
    );
  });

  it('BR-TOOL-10 the tool call stays written with its tokens in steps, response messages and the UI stream', async () => {
    const { session, prompt } = await conversation();
    const { sendEmail, received } = sendEmailTool();
    const tools = withPiiTools({ sendEmail }, { session });

    const generated = await generateText({
      model: toolCallingModel(callSendEmail),
      tools,
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(generated.steps[0]!.toolCalls[0]!.input).toEqual(callSendEmail.input);
    expect(generated.steps[0]!.toolResults[0]!.input).toEqual(callSendEmail.input);
    expect(clearValuesIn(generated.steps)).toEqual([]);
    expect(clearValuesIn(generated.response.messages)).toEqual([]);

    const streamed = streamText({
      model: toolCallingModel(callSendEmail),
      tools,
      prompt,
      stopWhen: stepCountIs(3),
    });
    const chunks: unknown[] = [];
    for await (const chunk of streamed.toUIMessageStream()) chunks.push(chunk);
    expect(chunks).toContainEqual(
      expect.objectContaining({ type: 'tool-input-available', input: callSendEmail.input }),
    );
    expect(chunks).toContainEqual(
      expect.objectContaining({
        type: 'tool-output-available',
        output: 'Envoyé à <<EMAIL:1>>, copie à <<EMAIL:2>>',
      }),
    );
    expect(clearValuesIn(chunks)).toEqual([]);
    expect(clearValuesIn((await streamed.response).messages)).toEqual([]);
    // Meanwhile both runs sent the real e-mail.
    expect(received).toEqual([JEAN_EMAIL, JEAN_EMAIL]);
  });

  it('BR-TOOL-11 only whole tokens are restored; cut or reworded tokens reach the tool as written', async () => {
    const { session, prompt } = await conversation();
    const received: unknown[] = [];
    const note = tool({
      inputSchema: z.object({ text: z.string() }),
      execute: async ({ text }) => {
        received.push(text);
        return 'noted';
      },
    });
    const text =
      '<<EMAIL:1>> | <<EMAIL:1 | EMAIL:1 | << EMAIL:1 >> | <<email:1>> | <<EMAIL:01>> | <<PERSON:1>>';
    await generateText({
      model: toolCallingModel({ toolName: 'note', input: { text } }),
      tools: withPiiTools({ note }, { session }),
      prompt,
      stopWhen: stepCountIs(3),
    });
    expect(received).toEqual([
      `${JEAN_EMAIL} | <<EMAIL:1 | EMAIL:1 | << EMAIL:1 >> | <<email:1>> | <<EMAIL:01>> | Jean Dupont`,
    ]);
  });
});
