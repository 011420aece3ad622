import { outbox } from '../../tools';

// Read at request time: the outbox changes while the server runs.
export const dynamic = 'force-dynamic';

/** What `sendEmail` received, for the end-to-end test and for curious developers. */
export function GET() {
  return Response.json(outbox());
}
