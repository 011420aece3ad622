/**
 * The request log the inspector reads: the local mock OpenAI server
 * (`test/e2e/support/mock-openai-server.ts`) keeps every request it received, byte for byte, with
 * what it answered, and lists them at `GET {OPENAI_BASE_URL}/__requests?turn=…`. The chat route
 * tags its requests with the turn's id in this header. Against OpenAI itself there is no such log:
 * the inspector says so.
 */
export const INSPECTOR_TURN_HEADER = 'x-inspector-turn';

/** One model call of a turn, as the provider received it and as the model answered. */
export interface InspectedStep {
  index: number;
  /** The request body exactly as it left for the provider. */
  raw: string;
  /** What the model wrote, tokens and all; null while it has not answered. */
  reply: { text: string; toolCalls: { name: string; args: unknown }[] } | null;
}

/** The steps of one turn, read from the mock server; an explanation when there is no log. */
export async function readTurn(
  turn: string,
  baseURL: string | undefined = process.env.OPENAI_BASE_URL,
): Promise<{ steps: InspectedStep[] } | { error: string }> {
  const noLog = `No request log: the inspector reads the local mock OpenAI server (OPENAI_BASE_URL=${baseURL ?? 'unset'}). See examples/next-chat/README.md.`;
  if (!baseURL) return { error: noLog };
  const url = `${baseURL.replace(/\/+$/, '')}/__requests?turn=${encodeURIComponent(turn)}`;
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) return { error: noLog };
    const { requests } = (await response.json()) as { requests: InspectedStep[] };
    return { steps: requests.map(({ index, raw, reply }) => ({ index, raw, reply })) };
  } catch {
    return { error: noLog };
  }
}
