/**
 * Entity types of the common NER tag sets (CoNLL, OntoNotes, WikiNER, the multilingual HRL
 * models), as `transformersDetector` reads them once their `B-`/`I-` prefix is removed, and
 * the labels they may take here. Only names are masked by default (`DEFAULT_NER_LABEL_MAP`):
 * places, organisations and dates are what a model needs to be useful, and masking them is a
 * choice to make (`labelMap: NER_LABELS`, or `{ LOC: 'LOCATION' }`).
 */
export const NER_LABELS: Readonly<Record<string, string>> = {
  PER: 'PERSON',
  PERS: 'PERSON',
  PERSON: 'PERSON',
  LOC: 'LOCATION',
  LOCATION: 'LOCATION',
  GPE: 'LOCATION',
  ORG: 'ORGANIZATION',
  ORGANIZATION: 'ORGANIZATION',
  ORGANISATION: 'ORGANIZATION',
  MISC: 'MISC',
  DATE: 'DATE',
};

/** What `transformersDetector` masks unless `labelMap` says otherwise: people's names. */
export const DEFAULT_NER_LABEL_MAP: Readonly<Record<string, string>> = {
  PER: 'PERSON',
  PERS: 'PERSON',
  PERSON: 'PERSON',
};
