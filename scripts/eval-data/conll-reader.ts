/**
 * One sentence of a column file: its tokens, their tags, and its `# key = value` comments (a
 * comment line of another shape is kept under the key `#`).
 */
export interface ColumnSentence {
  tokens: string[];
  tags: string[];
  comments: Record<string, string>;
}

export interface ColumnFormat {
  /** Column of the token (0-based). */
  token: number;
  /** Column of the entity tag. */
  tag: number;
  /** Lines starting with `#` are comments (CoNLL-U style); off where `#` is a token (tweets). */
  comments?: boolean;
}

/**
 * Reads a CoNLL-style column file: one token a line, a blank line between sentences, columns
 * split by tabs (or by runs of spaces where a line has no tab). `-DOCSTART-` lines are skipped.
 *
 * @example
 * readColumns('Jean\tB-PER\nvient\tO\n\n', { token: 0, tag: 1 });
 * // [{ tokens: ['Jean', 'vient'], tags: ['B-PER', 'O'], comments: {} }]
 */
export function readColumns(text: string, format: ColumnFormat): ColumnSentence[] {
  const sentences: ColumnSentence[] = [];
  let current: ColumnSentence = { tokens: [], tags: [], comments: {} };
  const flush = () => {
    if (current.tokens.length > 0) sentences.push(current);
    current = { tokens: [], tags: [], comments: {} };
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/^\uFEFF/, '');
    if (line.trim() === '') {
      flush();
      continue;
    }
    if (format.comments && line.startsWith('#')) {
      const m = /^#\s*([^=]+?)\s*=\s?(.*)$/.exec(line);
      if (m) current.comments[m[1]!] = m[2]!;
      else current.comments['#'] = line.slice(1).trim(); // a comment without a key (GermEval's source URL)
      continue;
    }
    const columns = line.includes('\t') ? line.split('\t') : line.trim().split(/\s+/);
    // CoNLL-U multi-word token and empty-node lines repeat words already listed.
    if (format.comments && /^\d+[-.]\d+$/.test(columns[0] ?? '')) continue;
    const token = columns[format.token];
    if (token === undefined || line.includes('-DOCSTART-')) continue;
    current.tokens.push(token);
    current.tags.push(columns[format.tag] ?? 'O');
  }
  flush();
  return sentences;
}
