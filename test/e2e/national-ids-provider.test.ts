import { describe, expect, it } from 'vitest';
import { createPii } from '../../src/core/create-pii';
import { findLeaks } from '../support/leak-readings';
import { lastUserText, tokensOf } from './support/mock-openai-server';
import { oneToolTurn } from './support/one-tool-turn';

/**
 * The national identifiers through the real `@ai-sdk/openai` provider with a recording fetch:
 * none of them reaches a request body in clear, in any reading of the bytes (their digits
 * whatever separates them, their letters and digits, case folded), and the tool that files
 * them receives each one exactly as the user typed it.
 */
const IDS: Record<string, string> = {
  ES_NIF: '12.345.678-Z',
  IT_FISCAL_CODE: 'rssmra80a01h501u',
  UK_NINO: 'AB 12 34 56 C',
  DE_TAX_ID: '12 345 678 995',
  NL_BSN: '111 222 333',
  BE_NATIONAL_NUMBER: '93.05.18-223.61',
  CH_AHV: '756.1234.5678.97',
};
const MESSAGE = `Please file these: DNI ${IDS.ES_NIF}, codice fiscale ${IDS.IT_FISCAL_CODE}, NI number ${IDS.UK_NINO}, Steuer-ID ${IDS.DE_TAX_ID}, BSN ${IDS.NL_BSN}, numéro national ${IDS.BE_NATIONAL_NUMBER}, AHV ${IDS.CH_AHV}.`;
const LABELS = Object.keys(IDS);

describe('national identifiers on the wire', () => {
  it('sends none of them in clear, and the tool receives each as typed', async () => {
    const session = createPii().session('national-ids-on-the-wire');
    const { bodies, received } = await oneToolTurn({
      session,
      message: MESSAGE,
      labels: LABELS,
      answer: (id) => ({ filed: true, echo: id }),
    });
    expect(bodies).toHaveLength(2);
    expect(findLeaks(bodies, Object.values(IDS), { variants: true })).toEqual([]);
    // One token per identifier, under its own label.
    const sent = lastUserText(JSON.parse(bodies[0]!));
    for (const label of LABELS) expect(tokensOf(sent, label), label).toHaveLength(1);
    expect([...received].sort()).toEqual(Object.values(IDS).sort());
  });
});
