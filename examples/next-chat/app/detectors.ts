import { createOpenAI } from '@ai-sdk/openai';
import { type Detector, defaultDetectors, llmDetector } from 'ai-sdk-pii';

/**
 * The chat route's detectors: the default ones (offline, no model), plus an LLM detector when
 * `PII_DETECTOR_URL` names an OpenAI-compatible server that runs a model on your machine or
 * network (Ollama `http://127.0.0.1:11434/v1`, LM Studio `http://127.0.0.1:1234/v1`, vLLM
 * `http://127.0.0.1:8000/v1`), with the model `PII_DETECTOR_MODEL`.
 *
 * That server reads the user's text in clear, before any masking: point it only at a model you
 * run or trust with the data, never at a public API.
 *
 * @example
 * // PII_DETECTOR_URL=http://127.0.0.1:11434/v1 PII_DETECTOR_MODEL=qwen2.5:7b-instruct
 * const pii = createPii({ detectors: chatDetectors() });
 */
export function chatDetectors(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Detector[] {
  const url = env.PII_DETECTOR_URL;
  if (!url) return defaultDetectors();
  const modelId = env.PII_DETECTOR_MODEL;
  if (!modelId) {
    throw new Error(
      'PII_DETECTOR_URL is set but PII_DETECTOR_MODEL is not: name the model the server runs (e.g. qwen2.5:7b-instruct).',
    );
  }
  // `@ai-sdk/openai` with a `baseURL` speaks to any OpenAI-compatible server (the repository has
  // no `@ai-sdk/openai-compatible`; `createOpenAICompatible({ name, baseURL })` works the same).
  const local = createOpenAI({ baseURL: url, apiKey: env.PII_DETECTOR_API_KEY ?? 'local' });
  return [...defaultDetectors(), llmDetector({ model: local.chat(modelId) })];
}
