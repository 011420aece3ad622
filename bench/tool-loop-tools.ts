import { tool } from 'ai';
import { z } from 'zod';

/** The signed-in user and the account address that the tools below are built for. */
export const USER = 'Camille Laurent';
export const ACCOUNT = 'camille.laurent@exemple.fr';
const CONTACTS = Array.from({ length: 20 }, (_, i) => `contact${i + 1}.nom@entreprise-${i % 4}.fr`);

/**
 * Ten tools as apps write them, built per user: zod schemas with descriptions, an enum of 20
 * contact addresses, a default holding the account's address, the user named in descriptions.
 */
export function toolSet(execute: () => Promise<unknown>) {
  const text = (what: string) =>
    `${what}. Use it when the user asks for it explicitly; never guess missing identifiers, ask instead. Results are paginated by 20; pass the cursor of the previous page to read the next one.`;
  return {
    searchMail: tool({
      description: text(`Searches the mailbox of ${USER} (${ACCOUNT})`),
      inputSchema: z.object({
        query: z
          .string()
          .describe('Search terms, Gmail syntax (from:, to:, subject:, has:attachment)'),
        folder: z.enum(['inbox', 'sent', 'archive', 'spam']).default('inbox'),
        cursor: z.string().optional().describe('The cursor of the previous page'),
      }),
      execute,
    }),
    sendEmail: tool({
      description: text('Sends an e-mail to one of the contacts'),
      inputSchema: z.object({
        to: z
          .enum(CONTACTS as [string, ...string[]])
          .describe('The recipient, one of the contacts'),
        cc: z.string().email().default(ACCOUNT).describe('A copy, by default to the account'),
        subject: z.string().min(3).describe('The subject line'),
        body: z.string().describe('The body, plain text'),
      }),
      execute,
    }),
    listInvoices: tool({
      description: text(`Lists the invoices of ${USER}`),
      inputSchema: z.object({
        year: z.number().int().describe('The year, four digits'),
        status: z.enum(['paid', 'due', 'overdue']).optional(),
      }),
      execute,
    }),
    createTicket: tool({
      description: text('Opens a support ticket'),
      inputSchema: z.object({
        title: z.string().describe('A short title'),
        priority: z.enum(['low', 'normal', 'high', 'urgent']).default('normal'),
        details: z.string().describe('What happened, steps to reproduce, what was expected'),
      }),
      execute,
    }),
    calendar: tool({
      description: text('Reads the calendar'),
      inputSchema: z.object({
        from: z.string().describe('ISO date, inclusive'),
        to: z.string().describe('ISO date, exclusive'),
      }),
      execute,
    }),
    bookRoom: tool({
      description: text('Books a meeting room'),
      inputSchema: z.object({
        room: z.enum(['Orion', 'Lyra', 'Vega', 'Atlas']),
        start: z.string().describe('ISO date and time'),
        minutes: z.number().int().min(15).max(240),
      }),
      execute,
    }),
    lookupContact: tool({
      description: text('Looks a contact up by name or address'),
      inputSchema: z.object({ who: z.string().describe('A name or an e-mail address') }),
      execute,
    }),
    weather: tool({
      description: text('Gives the weather forecast for a city'),
      inputSchema: z.object({ city: z.string(), days: z.number().int().min(1).max(7).default(1) }),
      execute,
    }),
    translate: tool({
      description: text('Translates a text'),
      inputSchema: z.object({
        text: z.string(),
        to: z.enum(['fr', 'en', 'de', 'es', 'it']).describe('The target language'),
      }),
      execute,
    }),
    expenses: tool({
      description: text(`Files an expense report for ${USER}`),
      inputSchema: z.object({
        amount: z.number().describe('In euros'),
        category: z.enum(['travel', 'meals', 'equipment', 'other']),
        note: z.string().optional(),
      }),
      execute,
    }),
  };
}
