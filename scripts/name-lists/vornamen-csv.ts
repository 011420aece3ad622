/** One row of a German city's given-name statistics: a name, how many children got it, sex. */
export interface VornameRow {
  name: string;
  count: number;
  /** `F` for girls (`w`), `M` for boys (`m`), else what the file says (`d`). */
  sex: string;
}

/** Splits one CSV line on `separator`, honouring double quotes (`"Adelina,",1,w,1`). */
function fields(line: string, separator: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = !quoted;
    } else if (c === separator && !quoted) {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

/**
 * Reads an open-data given-name file of a German city (Berlin's `vorname,anzahl,geschlecht,
 * position`, Cologne's `anzahl;vorname;geschlecht;position`, …): columns found by their header
 * (`vorname` or `vornamen`, `anzahl`, `geschlecht`), `,` or `;` separated. Punctuation around a
 * name (`Adelina,`) is trimmed; a row whose name then holds anything but letters, hyphens and
 * apostrophes is skipped and counted.
 *
 * @example
 * readVornamenCsv('vorname,anzahl,geschlecht\nMarie,83,w\n');
 * // { rows: [{ name: 'Marie', count: 83, sex: 'F' }], skipped: 0 }
 */
export function readVornamenCsv(content: string): { rows: VornameRow[]; skipped: number } {
  const lines = content.replace(/^\uFEFF/u, '').split(/\r?\n/u);
  const header = lines[0] ?? '';
  const separator = header.includes(';') ? ';' : ',';
  const names = fields(header, separator).map((h) => h.trim().toLowerCase());
  const at = (...keys: string[]) => names.findIndex((h) => keys.includes(h));
  const nameAt = at('vorname', 'vornamen');
  const countAt = at('anzahl');
  const sexAt = at('geschlecht');
  if (nameAt < 0 || countAt < 0 || sexAt < 0) {
    throw new Error(`no vorname, anzahl and geschlecht columns in '${header}'`);
  }
  const rows: VornameRow[] = [];
  let skipped = 0;
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const f = fields(line, separator);
    const name = (f[nameAt] ?? '').trim().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
    const count = Number(f[countAt]);
    if (!Number.isInteger(count) || count < 0) throw new Error(`not a count in '${line}'`);
    if (!/^\p{L}+(?:['’-]\p{L}+)*$/u.test(name)) {
      skipped++;
      continue;
    }
    const sex = (f[sexAt] ?? '').trim().toLowerCase();
    rows.push({ name, count, sex: sex === 'w' ? 'F' : sex === 'm' ? 'M' : sex });
  }
  return { rows, skipped };
}
