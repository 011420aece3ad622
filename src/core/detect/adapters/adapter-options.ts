import { PiiConfigError } from '../../errors';
import { MAX_LABEL_LENGTH } from '../../placeholder/format';
import { LABEL_PATTERN } from '../types';

/** Checks a label given in an adapter's options: `[A-Z][A-Z0-9_]*`, at most 32 characters. */
export function checkLabel(label: unknown, where: string): string {
  if (typeof label !== 'string' || !LABEL_PATTERN.test(label) || label.length > MAX_LABEL_LENGTH) {
    throw new PiiConfigError(
      `${where}: the label ${JSON.stringify(label)} is not a label (labels match [A-Z][A-Z0-9_]* and have at most ${MAX_LABEL_LENGTH} characters, e.g. PERSON, CUSTOMER_ID)`,
    );
  }
  return label;
}

/** Checks a detector name given in an adapter's options: a non-empty string. */
export function checkName(name: unknown, where: string): string {
  if (typeof name !== 'string' || name.trim() === '') {
    throw new PiiConfigError(`${where}: \`name\` must be a non-empty string.`);
  }
  return name;
}

/** Checks a number option: finite, within [min, max], a whole number if asked. */
export function checkNumber(
  value: unknown,
  where: string,
  {
    min,
    max = Number.POSITIVE_INFINITY,
    integer = false,
  }: { min: number; max?: number; integer?: boolean },
): number {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    const range = max === Number.POSITIVE_INFINITY ? `${min} or more` : `between ${min} and ${max}`;
    throw new PiiConfigError(
      `${where} must be ${integer ? 'a whole number' : 'a number'} ${range}.`,
    );
  }
  return value;
}
