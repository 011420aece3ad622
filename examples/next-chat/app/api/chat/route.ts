import { convertToModelMessages, stepCountIs, streamText, wrapLanguageModel } from 'ai';
import {
  createPii,
  createPiiUIMessageStreamResponse,
  piiMiddleware,
  withPiiTools,
} from 'ai-sdk-pii';
import { chatAudit } from '../../audit';
import { chatDetectors } from '../../detectors';
import { model } from '../../model';
import { tools } from '../../tools';

// Once per process: in-memory vault; the default detectors, plus a local LLM detector when
// PII_DETECTOR_URL is set (see detectors.ts); an audit trail in Redis when REDIS_URL is set
// (see audit.ts).
const pii = createPii({ detectors: chatDetectors(), audit: chatAudit() });

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
