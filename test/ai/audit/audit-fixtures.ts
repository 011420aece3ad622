import type { AuditEntry } from '../../../src/core/audit/audit-entry';
import type { CreatePiiOptions } from '../../../src/core/create-pii';
import type { PiiEvent } from '../../../src/core/events';
import { testPii } from '../../core/helpers';

export const SECRET = 'audit-test-secret-0123456789abcdef-0123';

/** A `testPii` whose audit trail and `onEvent` events are collected, as a DPO would get them. */
export function auditedPii(options: CreatePiiOptions = {}) {
  const entries: AuditEntry[] = [];
  const events: PiiEvent[] = [];
  const pii = testPii({
    audit: {
      // As a callback sink would store them: JSON, read back.
      sink: (entry) => {
        entries.push(JSON.parse(JSON.stringify(entry)) as AuditEntry);
      },
      secret: SECRET,
    },
    onEvent: (event) => {
      events.push(event);
    },
    ...options,
  });
  return { pii, entries, events };
}

/** The entries of one type. */
export function ofType<T extends AuditEntry['type']>(entries: readonly AuditEntry[], type: T) {
  return entries.filter((e) => e.type === type) as Extract<AuditEntry, { type: T }>[];
}
