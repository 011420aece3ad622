import {
  convertToModelMessages,
  generateId,
  stepCountIs,
  streamText,
  type UIMessage,
  wrapLanguageModel,
} from 'ai';
import { createPiiUIMessageStreamResponse, piiMiddleware, withPiiTools } from 'ai-sdk-pii';
import { INSPECTOR_TURN_HEADER } from '../../inspector-log';
import { model } from '../../model';
import { pii } from '../../pii';
import { tools } from '../../tools';

// The route of the AI SDK's persistence guide, kept tokenized: the page sends its last message
// only (`prepareSendMessagesRequest`), the server loads the history it stored, and saves the
// answer when it is done. A client cannot forge the history the model reads.
export async function POST(req: Request) {
  const { id, message } = await req.json();
  const session = pii().session(id); // one vault and one stored chat per conversation
  // The stored history, and the new message masked (token-shaped text typed in it neutralised).
  const messages = await session.continueChat<UIMessage>(message);
  // The turn's id, made here (a client-made id would go to the provider as it was written): the
  // requests of this turn carry it in a header, the answer in its metadata, and the page's
  // inspector finds them in the log of the local mock server by it (inspector.tsx).
  const turn = generateId();
  const result = streamText({
    // The stored user messages hold the server's own tokens: keep them.
    model: wrapLanguageModel({
      model,
      middleware: piiMiddleware({ session, history: 'anonymized' }),
    }),
    tools: withPiiTools(tools, { session }), // tools get real values; results are masked
    messages: await convertToModelMessages(messages),
    stopWhen: stepCountIs(5),
    headers: { [INSPECTOR_TURN_HEADER]: turn },
  });
  return createPiiUIMessageStreamResponse({
    session,
    stream: result.toUIMessageStream({
      originalMessages: messages,
      generateMessageId: generateId, // ids the server keeps, so the page and the store agree
      messageMetadata: ({ part }) => (part.type === 'start' ? { turn } : undefined),
      onFinish: ({ messages: all }) => session.saveChat(all), // tokens only
    }),
    // Secrets stay tokens on screen, whatever the model is asked to write.
    reveal: (entry) => entry.label !== 'API_KEY',
  });
}
