import type { AuditEntry } from '../core/audit/audit-entry';
import type { LabelCounts } from '../core/events';

/** `EMAIL×2 PERSON×1`, or `-` for none. */
export function formatCounts(counts: LabelCounts | undefined): string {
  const labels = Object.keys(counts ?? {}).sort();
  if (labels.length === 0) return '-';
  return labels.map((label) => `${label}×${counts![label]}`).join(' ');
}

/** What one entry says, in the table's columns: the call, then what was masked and restored. */
const ROW: {
  [T in AuditEntry['type']]: (entry: Extract<AuditEntry, { type: T }>) => {
    what: string;
    masked?: LabelCounts;
    restored?: LabelCounts;
    notes?: string[];
  };
} = {
  'model-call': (e) => ({
    what: `step ${e.step} ${e.provider}/${e.modelId} ${e.mode} ${e.outcome} ${e.ms} ms`,
    masked: e.masked,
    restored: e.restored,
    notes: Object.keys(e.invented).length > 0 ? [`invented ${formatCounts(e.invented)}`] : [],
  }),
  'tool-call': (e) => ({
    what: `${e.toolName} ${e.strategy} ${e.outcome}${e.refusal ? ` (${e.refusal})` : ''} ${e.ms} ms`,
    masked: e.masked,
    restored: e.restored,
    notes: [
      ...(Object.keys(e.withheld).length > 0 ? [`withheld ${formatCounts(e.withheld)}`] : []),
      ...(Object.keys(e.invented).length > 0
        ? [`invented ${formatCounts(e.invented)} (${e.inventedPolicy})`]
        : []),
      ...(e.approval ? [`approval ${e.approval}`] : []),
    ],
  }),
  'detection-failure': (e) => ({
    what: `${e.operation} failed closed${e.detector ? ` (detector ${e.detector})` : ''} ${e.code}`,
  }),
  'store-failure': (e) => ({ what: `${e.operation} failed closed ${e.code}` }),
  forget: () => ({ what: 'vault erased' }),
};

const HEADERS = ['SEQ', 'AT', 'TYPE', 'CALL', 'MASKED', 'RESTORED', 'NOTES'];

/**
 * A trail as a plain-text table, one line per entry: masked (what the model read as
 * placeholders: a model call's prompt, a tool's result) and restored (a tool's arguments, a
 * model answer's placeholders known to the conversation). Entries of an unknown type show
 * their type alone.
 *
 * @example
 * console.log(trailTable(await readAuditTrail({ url }, 'chat-42')));
 */
export function trailTable(entries: readonly AuditEntry[]): string {
  const rows = entries.map((entry) => {
    const describe = ROW[entry.type] as
      | ((e: AuditEntry) => ReturnType<(typeof ROW)['forget']>)
      | undefined;
    const row = describe ? describe(entry) : { what: '' };
    return [
      String(entry.seq),
      String(entry.at),
      String(entry.type),
      row.what,
      row.masked ? formatCounts(row.masked) : '',
      row.restored ? formatCounts(row.restored) : '',
      (row.notes ?? []).join('; '),
    ];
  });
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(HEADERS), ...rows.map(line)].join('\n');
}
