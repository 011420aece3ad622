import { type ChatCompletionsBody, lastUserText, type MockScript } from './mock-openai-server';

/** The text between the fence lines of the detector's user message (`BEGIN DATA <id>` … `END DATA <id>`). */
export function fencedTextOf(body: ChatCompletionsBody): string {
  const lines = lastUserText(body).split('\n');
  const id = /^BEGIN DATA ([0-9a-f]{32})$/.exec(lines[0] ?? '')?.[1];
  if (!id || lines.at(-1) !== `END DATA ${id}`) throw new Error('the text is not fenced');
  return lines.slice(1, -1).join('\n');
}

/**
 * A local PII model for `llmDetector`, as an OpenAI-compatible server would run it: it answers
 * each request with the JSON entities `{ label, text }` of the values of `known` that the fenced
 * text holds, as a model that knows them would.
 *
 * @example
 * const local = await startMockOpenAI(detectorModelScript({ 'Zéphyrin Quaglieri': 'PERSON' }));
 */
export function detectorModelScript(known: Readonly<Record<string, string>>): MockScript {
  return ({ body }) => {
    const text = fencedTextOf(body);
    const entities = Object.entries(known)
      .filter(([value]) => text.includes(value))
      .map(([value, label]) => ({ label, text: value }));
    return { text: [JSON.stringify({ entities })] };
  };
}
