import { readFile } from 'node:fs/promises';
import type { AuditEntry } from '../core/audit/audit-entry';

/**
 * The entries of one conversation in a JSON Lines file (one entry per line, as a callback sink
 * may write them; entries of other conversations and blank lines are skipped), in file order.
 *
 * @example
 * const entries = await readTrailFile('audit.jsonl', 'chat-42');
 */
export async function readTrailFile(path: string, conversationId: string): Promise<AuditEntry[]> {
  const text = await readFile(path, 'utf8');
  const entries: AuditEntry[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      throw new Error(`${path}:${i + 1} is not JSON`);
    }
    if ((entry as { conversationId?: unknown } | null)?.conversationId === conversationId) {
      entries.push(entry as AuditEntry);
    }
  });
  return entries;
}
