/**
 * A label that names an identifier (`tax number`, `numéro fiscal`, `Steuernummer`, `número de
 * la seguridad social`, `numero di tessera`) is no phone label, even when it holds a word for
 * numbers; digits announced as the end of another value (`ends with`, `termina en`) are no
 * phone number. Real phone labels (`phone number:`, `mobile number`, `Telefonnummer:`) still
 * are, next to such words.
 */
import { describe, expect, it } from 'vitest';
import { defaultDetectors } from '../../../src/core/detect/default-detectors';
import { createDetectionPipeline } from '../../../src/core/detect/detect-spans';
import { isValidBsn } from '../../../src/core/detect/detectors/nl-bsn';
import { phoneDetector } from '../../../src/core/detect/detectors/phone';
import { found } from './detectors/helpers';

const phone = phoneDetector();

// Valid national numbers of default countries, each a phone number with no word before it.
const FR = '06 41 27 93 58';
const ES = '655 213 487';
const IT = '347 582 1946';
const DE = '0171 4829365';

describe('the numbers of these tests', () => {
  it.each([FR, ES, IT, DE])('%s is a phone number after a neutral word', (number) => {
    expect(found(phone, `voilà ${number}`)).toEqual([number]);
  });
});

describe('after a label that names an identifier, a valid phone number is no phone', () => {
  it.each([
    // English: the name comes before the word for numbers.
    [`Her tax number: ${ES}`],
    [`my social security number is ${ES}`],
    [`Customer number ${DE} (see your last invoice)`],
    [`Ihre Kundennummer: ${DE}`],
    [`Kunden-Nr. ${DE}`],
    [`passport number: ${IT}`],
    [`Please quote your membership number ${FR}.`],
    [`is my citizen service number still ${ES}?`],
    [`ID number ${IT}`],
    // French, Spanish, Italian: the name follows it, nearer the digits.
    [`Mon numéro fiscal : ${FR}`],
    [`numéro de sécurité sociale : ${FR}`],
    [`Votre numéro d’assuré est ${FR}`],
    [`Número de identificación fiscal: ${ES}`],
    [`mi número de la seguridad social es ${ES}`],
    [`numero de afiliacion ${ES}`],
    [`il numero di tessera è ${IT}`],
    [`Numero di previdenza sociale: ${IT}`],
    [`numero di passaporto ${IT}`],
    // German and Dutch compounds.
    [`Meine Steuernummer: ${DE}`],
    [`Sozialversicherungsnummer ${DE}`],
    [`Versichertennummer: ${DE}`],
    [`Mijn klantnummer is ${DE}`],
    [`btw-nummer: ${FR}`],
    // Keys and labels that spell such a name.
    [`"taxNumber": "${ES.replaceAll(' ', '')}"`],
    [`customer_number=${DE.replace(' ', '')}`],
    [`numero_de_socio: ${ES}`],
  ])('%j holds no phone number', (text) => {
    expect(found(phone, text)).toEqual([]);
  });

  it('leaves a wrong citizen service number whole, never relabelled as a phone', async () => {
    // Nine digits in the Spanish mobile grouping whose 11-test fails: no BSN.
    const digits = '655 213 487';
    expect(isValidBsn(digits.replaceAll(' ', ''))).toBe(false);
    const pipeline = createDetectionPipeline({ detectors: defaultDetectors() });
    for (const text of [
      `My citizen service number is ${digits}, the portal refuses it.`,
      `Burgerservicenummer: ${digits}`,
      `social security number ${digits}`,
    ]) {
      expect(await pipeline.run(text), text).toEqual([]);
    }
  });
});

describe('after a phone label, next to words that name identifiers, a number is a phone', () => {
  it.each([
    [`Tel.: ${FR}`, FR],
    [`phone number: ${ES}`, ES],
    [`mobile number: ${IT}`, IT],
    [`contact number ${DE}`, DE],
    [`customer service number: ${DE}`, DE],
    [`Kundenservice: ${DE}`, DE],
    [`unser Kundendienst ist unter ${DE} erreichbar`, DE],
    [`numéro de téléphone : ${FR}`, FR],
    [`Telefonnummer: ${DE}`, DE],
    [`número de teléfono: ${ES}`, ES],
    [`numero di telefono: ${IT}`, IT],
    // A phone label after an identifier's name: the nearest word says.
    [`Account number 12345678, phone number: ${ES}`, ES],
    [`Steuernummer 21/815/08150, Tel. ${DE}`, DE],
    [`numéro fiscal 1234567890123 ; portable : ${FR}`, FR],
    [`codice fiscale RSSMRA85T10A562S, cellulare ${IT}`, IT],
    [`la tarjeta acaba en 4242, mi móvil: ${ES}`, ES],
  ])('%j holds the phone number', (text, number) => {
    expect(found(phone, text)).toEqual([number]);
  });

  it('a phone number written with + stays one after an identifier label', () => {
    expect(found(phone, 'customer number: +34 655 213 487')).toEqual(['+34 655 213 487']);
  });
});

describe('digits announced as the end of another value are no phone number', () => {
  // Each run holds a valid national number in its groups after a neutral word.
  const RUNS = ['7300 0641 2793', '5500 0521 4836', '0341 5829 4617', '0687 5521 94'];

  it.each(RUNS)('%s holds a phone number after a neutral word', (run) => {
    expect(found(phone, `see ${run}`)).not.toEqual([]);
  });

  it.each([
    [`my card ends with ${RUNS[0]}`],
    [`the account ending in ${RUNS[1]} was closed`],
    [`L'IBAN se termine par ${RUNS[2]}.`],
    [`le compte finissant par ${RUNS[3]}`],
    [`Die Karte endet mit ${RUNS[0]}.`],
    [`Konto endend auf ${RUNS[1]}`],
    [`La tarjeta acaba en ${RUNS[2]}.`],
    [`tarjeta terminada en ${RUNS[3]}`],
    [`Il conto finisce per ${RUNS[0]}.`],
    [`la carta che termina con ${RUNS[1]}`],
    [`De rekening eindigt op ${RUNS[2]}.`],
  ])('%j holds no phone number', (text) => {
    expect(found(phone, text)).toEqual([]);
  });
});
