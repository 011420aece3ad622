/**
 * Whether the code unit at `at` is the letter of a JSON escape that breaks a line or leaves
 * space (`\n`, `\r`, `\t`): `n`, `r` or `t` after an odd number of backslashes (`\\n` is a
 * backslash, then the letter). In a JSON text read as written, that letter is no part of the
 * value after it (`"ok\n+33 6 12 34 56 78"`, `"\njean.dupont@example.com"`); the decoded reading
 * of the text (`decodeText`) reads the escape as what it stands for.
 *
 * @example
 * escapeLetterAt('ok\\n0612', 3); // true
 * escapeLetterAt('C:\\\\new', 4); // false: the backslash is escaped
 */
export function escapeLetterAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code !== 110 && code !== 114 && code !== 116) return false;
  let k = at - 1;
  while (k >= 0 && text.charCodeAt(k) === 92) k--;
  return (at - 1 - k) % 2 === 1;
}
