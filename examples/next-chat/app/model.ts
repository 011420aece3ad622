import { createOpenAI } from '@ai-sdk/openai';

// The real OpenAI provider. OPENAI_BASE_URL lets the same code talk to any OpenAI-compatible
// server: the local mock of the end-to-end test, a proxy, or a self-hosted model.
const openai = createOpenAI({
  baseURL: process.env.OPENAI_BASE_URL,
  apiKey: process.env.OPENAI_API_KEY,
});

export const model = openai.chat('gpt-4o-mini');
