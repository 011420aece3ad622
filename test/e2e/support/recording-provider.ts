import { createOpenAI } from '@ai-sdk/openai';
import {
  type ChatCompletionsBody,
  completion,
  type MockReply,
  type MockScript,
  replyEvents,
} from './mock-openai-server';

/** One HTTP request that the provider made: its URL and its body exactly as sent. */
export interface RecordedRequest {
  index: number;
  url: string;
  /** The bytes of the body, as the provider serialised them. */
  raw: string;
  body: ChatCompletionsBody;
}

export interface RecordingProvider {
  /** The real `@ai-sdk/openai` chat model (Chat Completions API), talking to the recorder. */
  model(modelId?: string): ReturnType<ReturnType<typeof createOpenAI>['chat']>;
  /**
   * The real `@ai-sdk/openai` Responses API model, talking to the recorder: the one that sends
   * files other than PDFs (`input_file`, with `providerOptions.openai.passThroughUnsupportedFiles`).
   * Non-streamed answers only (`generateText`), text only.
   */
  responses(modelId?: string): ReturnType<ReturnType<typeof createOpenAI>['responses']>;
  /** Every request, in order. */
  requests: RecordedRequest[];
  /** The raw bodies, in order: what "the provider" received. */
  bodies(): string[];
}

/** A non-streaming Responses API answer: one assistant message with the reply's text. */
function response(reply: MockReply) {
  return {
    id: 'resp_recorded',
    object: 'response',
    created_at: 1,
    status: 'completed',
    model: 'gpt-test',
    output: [
      {
        type: 'message',
        id: 'msg_recorded',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: (reply.text ?? []).join(''), annotations: [] }],
      },
    ],
    incomplete_details: null,
    usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
  };
}

function sse(reply: MockReply): string {
  return `${replyEvents(reply)
    .map((event) => `data: ${JSON.stringify(event)}\n\n`)
    .join('')}data: [DONE]\n\n`;
}

async function bodyText(body: unknown): Promise<string> {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return new TextDecoder().decode(body);
  if (body === undefined || body === null) return '';
  return new Response(body as BodyInit).text();
}

/**
 * The real `@ai-sdk/openai` provider with a recording `fetch`: every request body is kept
 * byte for byte, and the script answers each request (streamed or not, as the provider asked).
 * Nothing leaves the process. Under the `ai@6` vitest project, `@ai-sdk/openai` resolves to its
 * v3 major, the one that pairs with ai@6.
 *
 * @example
 * const recorder = recordingProvider(() => ({ text: ['Bonjour <<PERSON:1>>'] }));
 * await generateText({ model: wrap(recorder.model(), session), prompt });
 * expect(findLeaks(recorder.bodies(), ['Jean Dupont'])).toEqual([]);
 */
export function recordingProvider(script: MockScript): RecordingProvider {
  const requests: RecordedRequest[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const raw = await bodyText(init?.body ?? (input instanceof Request ? input.body : undefined));
    const body = JSON.parse(raw) as ChatCompletionsBody & { stream?: boolean };
    const request: RecordedRequest = { index: requests.length, url, raw, body };
    requests.push(request);
    let reply: MockReply;
    try {
      reply = await script({ index: request.index, url, raw, body });
    } catch (error) {
      return new Response(
        JSON.stringify({ error: { message: (error as Error).message, type: 'server_error' } }),
        { status: 500, headers: { 'content-type': 'application/json' } },
      );
    }
    if (/\/responses$/.test(url)) {
      if (body.stream) throw new Error('The recorder answers the Responses API unstreamed only.');
      return new Response(JSON.stringify(response(reply)), {
        headers: { 'content-type': 'application/json' },
      });
    }
    return body.stream
      ? new Response(sse(reply), { headers: { 'content-type': 'text/event-stream' } })
      : new Response(JSON.stringify(completion(reply)), {
          headers: { 'content-type': 'application/json' },
        });
  };
  const provider = createOpenAI({ apiKey: 'test', baseURL: 'https://provider.invalid/v1', fetch });
  return {
    model: (modelId = 'gpt-test') => provider.chat(modelId),
    responses: (modelId = 'gpt-test') => provider.responses(modelId),
    requests,
    bodies: () => requests.map((r) => r.raw),
  };
}
