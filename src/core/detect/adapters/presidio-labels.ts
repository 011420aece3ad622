/**
 * Presidio's entity types (its supported entities, global and per country) and the labels they
 * take here. `presidioDetector` asks for the types of `PRESIDIO_DEFAULT_ENTITIES` unless told
 * otherwise; a type that is not in this table keeps its own name as label (a custom
 * recognizer's `EMPLOYEE_ID`).
 */
export const PRESIDIO_LABELS: Readonly<Record<string, string>> = {
  PERSON: 'PERSON',
  EMAIL_ADDRESS: 'EMAIL',
  PHONE_NUMBER: 'PHONE',
  CREDIT_CARD: 'CREDIT_CARD',
  IBAN_CODE: 'IBAN',
  IP_ADDRESS: 'IP_ADDRESS',
  MAC_ADDRESS: 'MAC_ADDRESS',
  LOCATION: 'LOCATION',
  CRYPTO: 'CRYPTO_WALLET',
  MEDICAL_LICENSE: 'MEDICAL_LICENSE',
  URL: 'URL',
  DATE_TIME: 'DATE_TIME',
  NRP: 'NRP',
  US_SSN: 'US_SSN',
  US_ITIN: 'US_ITIN',
  US_PASSPORT: 'US_PASSPORT',
  US_DRIVER_LICENSE: 'US_DRIVER_LICENSE',
  US_BANK_NUMBER: 'US_BANK_NUMBER',
  UK_NHS: 'UK_NHS',
  UK_NINO: 'UK_NINO',
  ES_NIF: 'ES_NIF',
  // The NIE is one of the forms of our ES_NIF (a DNI or an NIE), as the default detector reads it.
  ES_NIE: 'ES_NIF',
  IT_FISCAL_CODE: 'IT_FISCAL_CODE',
  IT_VAT_CODE: 'IT_VAT_CODE',
  IT_PASSPORT: 'IT_PASSPORT',
  IT_IDENTITY_CARD: 'IT_IDENTITY_CARD',
  IT_DRIVER_LICENSE: 'IT_DRIVER_LICENSE',
  PL_PESEL: 'PL_PESEL',
  FI_PERSONAL_IDENTITY_CODE: 'FI_PERSONAL_IDENTITY_CODE',
  SG_NRIC_FIN: 'SG_NRIC_FIN',
  SG_UEN: 'SG_UEN',
  AU_ABN: 'AU_ABN',
  AU_ACN: 'AU_ACN',
  AU_TFN: 'AU_TFN',
  AU_MEDICARE: 'AU_MEDICARE',
  IN_PAN: 'IN_PAN',
  IN_AADHAAR: 'IN_AADHAAR',
  IN_VEHICLE_REGISTRATION: 'IN_VEHICLE_REGISTRATION',
  IN_VOTER: 'IN_VOTER',
  IN_PASSPORT: 'IN_PASSPORT',
  KR_RRN: 'KR_RRN',
  TH_TNIN: 'TH_TNIN',
};

/**
 * The types asked for by default: every one of the table but dates and times, nationalities,
 * religious or political groups (`NRP`) and URLs, which a model needs to read to be of use,
 * and which our default detectors leave in clear too. Ask for them with `entities`.
 */
export const PRESIDIO_DEFAULT_ENTITIES: readonly string[] = Object.keys(PRESIDIO_LABELS).filter(
  (type) => type !== 'DATE_TIME' && type !== 'NRP' && type !== 'URL',
);
