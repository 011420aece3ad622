/**
 * Whether `text[start, end)` fills a field of a comma-separated row right after a number
 * (`42,0612345678,…`, `100234,4111 1111 1111 1111,12/27`): a column of a CSV export, not the
 * decimals of `42,06…`, since a delimiter (`,` `;` tab, line break, `"`) or the end of the text
 * follows it. Number detectors otherwise read a comma after a digit as part of the number.
 */
export function fillsCsvFieldAfterNumber(text: string, start: number, end: number): boolean {
  const before = text.charCodeAt(start - 2);
  if (start < 2 || text.charCodeAt(start - 1) !== 44 || before < 48 || before > 57) return false;
  if (end === text.length) return true;
  const next = text.charCodeAt(end);
  return next === 44 || next === 59 || next === 9 || next === 10 || next === 13 || next === 34;
}
