import { describe, expect, it } from 'vitest';
import { createPii } from '../../src/core/create-pii';
import { findLeaks } from '../support/leak-readings';
import { lastUserText, tokensOf } from './support/mock-openai-server';
import { oneToolTurn } from './support/one-tool-turn';

/**
 * Postal addresses through the real `@ai-sdk/openai` provider with a recording fetch: the ones
 * the user typed (on one line, on several, in a JSON field) and the one a tool returns reach no
 * request body in clear, in any reading of the bytes; the tool receives each address as typed.
 */
const TYPED = [
  '12 rue des Lilas, 69003 Lyon',
  'Hauptstraße 5\nD-10115 Berlin',
  'Calle Mayor 10, 28013 Madrid',
  'Via Roma 1, 00184 Roma',
  '221B Baker Street, London NW1 6XE',
];
const FIELD = 'Kerkstraat 12, 1012 AB Amsterdam';
const MESSAGE = `Deliver to ${TYPED[0]}, then ${TYPED[1]}, then ${TYPED[2]}, ${TYPED[3]} and ${TYPED[4]}. Billing: {"street": "${FIELD}"}`;
/** The depot the tool answers with: an address the conversation has not seen. */
const DEPOT = 'Postfach 10 12 34, 80331 München';

/** Each address, and its street and number alone (a leak of half of one is a leak). */
const clearForms = [...TYPED, FIELD, DEPOT].flatMap((a) => [a, a.split(/,|\n/)[0]!.trim()]);

describe('addresses on the wire', () => {
  it('sends none in clear, from the user or from a tool, and the tool receives each as typed', async () => {
    const session = createPii().session('addresses-on-the-wire');
    const { bodies, received } = await oneToolTurn({
      session,
      message: MESSAGE,
      labels: ['ADDRESS'],
      answer: () => ({ booked: true, pickUpAt: DEPOT }),
    });
    expect(bodies).toHaveLength(2);
    expect(findLeaks(bodies, clearForms)).toEqual([]);
    // One token per address, the JSON field's too; the tool got each one as the user wrote it.
    expect(tokensOf(lastUserText(JSON.parse(bodies[0]!)), 'ADDRESS')).toHaveLength(
      TYPED.length + 1,
    );
    expect([...received].sort()).toEqual([...TYPED, FIELD].sort());
    // The tool's answer reached the model as a token.
    expect(bodies[1]).toMatch(/<<ADDRESS:\d+>>/);
  });
});
