import type { AuditEntry } from '../../../src/core/audit/audit-entry';
import { createPii } from '../../../src/core/create-pii';
import type { Detector } from '../../../src/core/detect/types';
import { testEmailDetector } from '../helpers';

export const SECRET = 'test-secret-0123456789abcdef-0123456789';
export const OTHER_SECRET = 'another-secret-0123456789abcdef-012345';

/** A detector that fails on a text holding `FAIL`: the fail-closed path. */
export const failingDetector: Detector = {
  name: 'flaky-ner',
  detect(text) {
    if (text.includes('FAIL')) throw new Error('model server down');
    return [];
  },
};

/**
 * A real trail from the session's own calls (failures and erasures), collected by a callback
 * sink: `count` entries over the conversations given, in order.
 */
export async function sessionTrail(
  conversations: readonly string[],
  rounds: number,
  options: { secret?: string; keyId?: string; entries?: AuditEntry[] } = {},
): Promise<AuditEntry[]> {
  const entries = options.entries ?? [];
  const pii = createPii({
    detectors: [testEmailDetector, failingDetector],
    audit: {
      sink: (entry) => {
        entries.push(JSON.parse(JSON.stringify(entry)) as AuditEntry);
      },
      secret: options.secret ?? SECRET,
      ...(options.keyId ? { keyId: options.keyId } : {}),
    },
  });
  for (let round = 0; round < rounds; round++) {
    for (const id of conversations) {
      const session = pii.session(id);
      await session.anonymize('write to jean@exemple.fr');
      await session.anonymize('FAIL now').catch(() => {});
      await session.forget();
    }
  }
  return entries;
}
