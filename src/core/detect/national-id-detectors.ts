import type { CountryCode } from 'libphonenumber-js/max';
import { beNationalNumberDetector } from './detectors/be-national-number';
import { chAhvDetector } from './detectors/ch-ahv';
import { deTaxIdDetector } from './detectors/de-tax-id';
import { esNifDetector } from './detectors/es-nif';
import { itFiscalCodeDetector } from './detectors/it-fiscal-code';
import { nlBsnDetector } from './detectors/nl-bsn';
import { ukNinoDetector } from './detectors/uk-nino';
import type { Detector } from './types';

/**
 * The national identifiers that `defaultDetectors({ locales })` picks by country: each label,
 * the country that issues it, and its detector. Without `locales`, all are on.
 */
export const NATIONAL_ID_DETECTORS: Readonly<
  Record<string, { country: CountryCode; create: () => Detector }>
> = {
  ES_NIF: { country: 'ES', create: esNifDetector },
  IT_FISCAL_CODE: { country: 'IT', create: itFiscalCodeDetector },
  UK_NINO: { country: 'GB', create: ukNinoDetector },
  DE_TAX_ID: { country: 'DE', create: deTaxIdDetector },
  NL_BSN: { country: 'NL', create: nlBsnDetector },
  BE_NATIONAL_NUMBER: { country: 'BE', create: beNationalNumberDetector },
  CH_AHV: { country: 'CH', create: chAhvDetector },
};

/** The labels of {@link NATIONAL_ID_DETECTORS}, in the order their detectors run. */
export const NATIONAL_ID_LABELS: readonly string[] = Object.keys(NATIONAL_ID_DETECTORS);
