import { convertToModelMessages, stepCountIs, streamText, wrapLanguageModel } from 'ai';
import {
  createPii,
  createPiiUIMessageStreamResponse,
  piiMiddleware,
  withPiiTools,
} from 'ai-sdk-pii';
import { model } from '../../model';
import { tools } from '../../tools';

const pii = createPii(); // once per process: default detectors, in-memory vault

export async function POST(req: Request) {
  const { id, messages } = await req.json();
  const session = pii.session(id); // one vault per conversation
  const result = streamText({
    model: wrapLanguageModel({ model, middleware: piiMiddleware({ session }) }),
    tools: withPiiTools(tools, { session }), // tools get real values; results are masked
    messages: await convertToModelMessages(messages),
    stopWhen: stepCountIs(5),
  });
  return createPiiUIMessageStreamResponse({
    session,
    stream: result.toUIMessageStream(),
    // Secrets stay tokens on screen, whatever the model is asked to write.
    reveal: (entry) => entry.label !== 'API_KEY',
  });
}
