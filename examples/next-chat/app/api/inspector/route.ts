import { readTurn } from '../../inspector-log';

// Read at request time: the log grows while the server runs.
export const dynamic = 'force-dynamic';

/**
 * GET ?turn=…: the model calls of one chat turn, as the provider received them (tokens only) and
 * as the model answered. The page's inspector shows them next to the restored messages.
 */
export async function GET(req: Request) {
  const turn = new URL(req.url).searchParams.get('turn') ?? '';
  // The route's own ids (generateId): anything else is not a turn of ours.
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(turn)) {
    return Response.json({ error: 'turn: expected the id of a chat turn' }, { status: 400 });
  }
  const log = await readTurn(turn);
  return Response.json(log, { status: 'error' in log ? 503 : 200 });
}
