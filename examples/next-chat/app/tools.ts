import { tool } from 'ai';
import { z } from 'zod';

/** What `sendEmail` received: the real values, restored by `withPiiTools`. */
export interface SentEmail {
  to: string;
  subject: string;
  body: string;
}

// Kept on globalThis: Next bundles each route separately, so a module-level array in the
// chat route would not be the one the outbox route reads.
const OUTBOX = Symbol.for('ai-sdk-pii.next-chat.outbox');
type OutboxHolder = { [OUTBOX]?: SentEmail[] };

/** The in-memory outbox of this process (a stand-in for a mail provider). */
export function outbox(): SentEmail[] {
  const holder = globalThis as OutboxHolder;
  holder[OUTBOX] ??= [];
  return holder[OUTBOX];
}

/** A small customer base: every record is personal data. */
const CUSTOMERS = [
  {
    name: 'Marie Curie',
    email: 'marie.curie@exemple.fr',
    phone: '+33 6 12 34 56 78',
    city: 'Lyon',
  },
  {
    name: 'Pierre Martin',
    email: 'pierre.martin@exemple.fr',
    phone: '06 98 76 54 32',
    city: 'Lyon',
  },
  {
    name: 'Sophie Bernard',
    email: 'sophie.bernard@exemple.fr',
    phone: '07 11 22 33 44',
    city: 'Nantes',
  },
];

export const tools = {
  sendEmail: tool({
    description: 'Send an email to one recipient.',
    // `z.email()` still validates: withPiiTools restores `<<EMAIL:1>>` before validation.
    inputSchema: z.object({
      to: z.email().describe('Recipient address'),
      subject: z.string().describe('Subject line'),
      body: z.string().describe('Plain-text body'),
    }),
    execute: async ({ to, subject, body }) => {
      outbox().push({ to, subject, body });
      // The model reads this back masked: "Email sent to <<EMAIL:1>>".
      return `Email sent to ${to}`;
    },
  }),
  searchCustomers: tool({
    description: 'Search customers by city or name. Returns name, email and phone.',
    inputSchema: z.object({ query: z.string().describe('A city or a name') }),
    execute: async ({ query }) => {
      const q = query.toLowerCase();
      // Masked before the model reads it; the page shows only how many records came back, so
      // the browser gets no entry for these values (tool outputs are not shown by default).
      return CUSTOMERS.filter(
        (c) => c.city.toLowerCase() === q || c.name.toLowerCase().includes(q),
      );
    },
  }),
};
