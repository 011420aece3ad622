/**
 * What each label means, as the detector's model reads it. Labels without a line here are
 * shown to the model by their name alone (give a description through `labels: { LABEL: '…' }`).
 */
export const LLM_LABEL_DESCRIPTIONS: Readonly<Record<string, string>> = {
  PERSON:
    "a person's name: given name, surname or both, a nickname, with the title or initials written with it (not a company, a product or a place)",
  EMAIL: 'an e-mail address, however it is written',
  PHONE: 'a phone or fax number, in any format',
  ADDRESS:
    'a postal address or a part of one that locates a home or a person: street and number, postcode and city, P.O. box',
  IBAN: 'an IBAN or other bank account number',
  CREDIT_CARD: 'a payment card number',
  IP_ADDRESS: 'an IPv4 or IPv6 address',
  US_SSN: 'a US Social Security number',
  FR_NIR: 'a French social security number (NIR)',
  DATE_OF_BIRTH: "a person's date of birth",
  API_KEY: 'a secret key, token or password',
};

/**
 * What `llmDetector` asks for by default: the kinds of data a language model finds better than
 * patterns do (names and addresses written any way), with e-mails and phone numbers in formats
 * the patterns miss. Checksummed numbers (IBAN, cards, NIR) are left to the default detectors.
 */
export const DEFAULT_LLM_LABELS: readonly string[] = ['PERSON', 'EMAIL', 'PHONE', 'ADDRESS'];
