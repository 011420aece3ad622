import { describe, expect, it } from 'vitest';
import {
  BUILTIN_LABELS,
  DEFAULT_LABELS,
  defaultDetectors,
} from '../../../../src/core/detect/default-detectors';
import { createDetectionPipeline } from '../../../../src/core/detect/detect-spans';

describe('defaultDetectors', () => {
  it('turns on the default labels only', () => {
    const labels = defaultDetectors().flatMap((d) => d.labels ?? []);
    expect(new Set(labels)).toEqual(new Set(DEFAULT_LABELS));
    expect(labels).not.toContain('URL');
    expect(labels).not.toContain('FR_SIRET');
  });

  it('picks labels on demand, in a stable order', () => {
    const a = defaultDetectors({ labels: ['URL', 'EMAIL', 'FR_SIREN'] }).map((d) => d.name);
    const b = defaultDetectors({ labels: ['FR_SIREN', 'URL', 'EMAIL'] }).map((d) => d.name);
    expect(a).toEqual(['email', 'url', 'fr-siren']);
    expect(b).toEqual(a);
    expect(defaultDetectors({ labels: BUILTIN_LABELS })).toHaveLength(20);
  });

  it('turns on every national identifier without locales, and those of the locales with them', () => {
    const labelsOf = (locales?: string[]) =>
      defaultDetectors(locales ? { locales } : {}).flatMap((d) => d.labels ?? []);
    const ids = [
      'ES_NIF',
      'IT_FISCAL_CODE',
      'UK_NINO',
      'DE_TAX_ID',
      'NL_BSN',
      'BE_NATIONAL_NUMBER',
      'CH_AHV',
    ];
    expect(labelsOf()).toEqual(expect.arrayContaining(ids));
    const swissGerman = labelsOf(['de-CH']);
    expect(swissGerman.filter((l) => ids.includes(l))).toEqual(['DE_TAX_ID', 'CH_AHV']);
    // The identifiers that were on for every locale before these labels stay on.
    expect(swissGerman).toEqual(expect.arrayContaining(['FR_NIR', 'US_SSN', 'PHONE']));
    expect(labelsOf(['nl-BE']).filter((l) => ids.includes(l))).toEqual([
      'NL_BSN',
      'BE_NATIONAL_NUMBER',
    ]);
    // Italian is also spoken in Switzerland.
    expect(labelsOf(['es', 'it-IT']).filter((l) => ids.includes(l))).toEqual([
      'ES_NIF',
      'IT_FISCAL_CODE',
      'CH_AHV',
    ]);
    expect(labelsOf(['en-US']).filter((l) => ids.includes(l))).toEqual(['UK_NINO']);
    expect(labelsOf(['ja-JP']).filter((l) => ids.includes(l))).toEqual([]);
    // Labels named explicitly are on whatever the locales.
    const named = defaultDetectors({ labels: ['NL_BSN'], locales: ['fr-FR'] });
    expect(named.flatMap((d) => d.labels ?? [])).toEqual(['NL_BSN']);
  });

  it('turns ADDRESS on for every locale of its countries, their postcode formats only', async () => {
    const labelsOf = (locales?: string[]) =>
      defaultDetectors(locales ? { locales } : {}).flatMap((d) => d.labels ?? []);
    expect(labelsOf()).toContain('ADDRESS');
    expect(labelsOf(['fr-FR'])).toContain('ADDRESS');
    expect(labelsOf(['ja-JP'])).not.toContain('ADDRESS');
    // Named in `labels`, it is on whatever the locales.
    expect(
      defaultDetectors({ labels: ['ADDRESS'], locales: ['ja-JP'] }).map((d) => d.name),
    ).toEqual(['address']);
    const french = createDetectionPipeline({
      detectors: defaultDetectors({ labels: ['ADDRESS'], locales: ['fr-FR'] }),
    });
    // A Dutch postcode is no French one (and no Belgian or Swiss one: fr gives FR, BE, CH, LU, CA).
    expect((await french.run('Kerkstraat 12, 1012 AB Amsterdam')).map((s) => s.value)).toEqual([
      'Kerkstraat 12',
    ]);
    expect((await french.run('12 rue des Lilas, 69003 Lyon')).map((s) => s.value)).toEqual([
      '12 rue des Lilas, 69003 Lyon',
    ]);
  });

  it('a de-CH conversation masks a Swiss AHV number and a German tax id, not a Dutch BSN', async () => {
    const pipeline = createDetectionPipeline({
      detectors: defaultDetectors({ locales: ['de-CH'] }),
    });
    const spans = await pipeline.run(
      'AHV 756.1234.5678.97, Steuer-ID 12 345 678 995, BSN 111222333',
    );
    expect(spans.map((s) => [s.label, s.value])).toEqual([
      ['CH_AHV', '756.1234.5678.97'],
      ['DE_TAX_ID', '12 345 678 995'],
    ]);
  });

  it('refuses unknown labels', () => {
    expect(() => defaultDetectors({ labels: ['PASSPORT'] })).toThrow(/unknown label "PASSPORT"/);
  });

  it('uses locales for national phone numbers', async () => {
    const text = 'Tel 030 12345678';
    const de = createDetectionPipeline({
      detectors: defaultDetectors({ labels: ['PHONE'], locales: ['de-DE'] }),
    });
    const us = createDetectionPipeline({
      detectors: defaultDetectors({ labels: ['PHONE'], locales: ['en-US'] }),
    });
    expect((await de.run(text)).map((s) => s.canonical)).toEqual(['+493012345678']);
    // Under en-US it is no US number: after a phone word it is masked all the same, with its
    // digits as canonical form; with no word around it, it is not read.
    expect((await us.run(text)).map((s) => s.canonical)).toEqual(['03012345678']);
    expect(await us.run('Büro 030 12345678')).toEqual([]);
  });

  it('gives the countries of a language given without a region', async () => {
    const phones = (locales: string[], text: string) =>
      createDetectionPipeline({ detectors: defaultDetectors({ labels: ['PHONE'], locales }) })
        .run(text)
        .then((spans) => spans.map((s) => s.canonical));
    // `ru`, `tr`, `vi` give their own countries, not the default ones (FR, US…) silently.
    expect(await phones(['ru'], 'тел. 8 (912) 345-67-89')).toEqual(['+79123456789']);
    expect(await phones(['tr'], 'cep 0532 123 45 67')).toEqual(['+905321234567']);
    expect(await phones(['hi'], 'call 98765 43210')).toEqual(['+919876543210']);
  });

  it('refuses a locale that gives no country, rather than reading no national number', () => {
    // `en-ZZ` read national numbers for no country at all: every one was left in clear.
    expect(() => defaultDetectors({ locales: ['en-ZZ'] })).toThrow(/no region known/);
    expect(() => defaultDetectors({ locales: ['xx'] })).toThrow(/gives no country/);
    // Without PHONE, locales are not read.
    expect(() => defaultDetectors({ labels: ['EMAIL'], locales: ['xx'] })).not.toThrow();
  });

  it('finds every label in one mixed text through the pipeline, longer spans first', async () => {
    const pipeline = createDetectionPipeline({ detectors: defaultDetectors() });
    const text = [
      'Bonjour, je suis Jean Dupont (jean.dupont@exemple.fr, 06 12 34 56 78).',
      'Carte 4111 1111 1111 1111, IBAN FR76 3000 6000 0112 3456 7890 189, IP 192.168.1.20,',
      'SSN 536-22-8174, NIR 1 85 05 78 006 084 91, clé sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z.',
    ].join('\n');
    const spans = await pipeline.run(text);
    expect(spans.map((s) => [s.label, s.value])).toEqual([
      ['PERSON', 'Jean Dupont'],
      ['EMAIL', 'jean.dupont@exemple.fr'],
      ['PHONE', '06 12 34 56 78'],
      ['CREDIT_CARD', '4111 1111 1111 1111'],
      ['IBAN', 'FR76 3000 6000 0112 3456 7890 189'],
      ['IP_ADDRESS', '192.168.1.20'],
      ['US_SSN', '536-22-8174'],
      ['FR_NIR', '1 85 05 78 006 084 91'],
      ['API_KEY', 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z'],
    ]);
  });

  it('passes knownNames to the person detector', async () => {
    const pipeline = createDetectionPipeline({
      detectors: defaultDetectors({ knownNames: ['Zora Quillfeather'] }),
    });
    expect((await pipeline.run('zora quillfeather wrote')).map((s) => s.value)).toEqual([
      'zora quillfeather',
    ]);
  });
});
