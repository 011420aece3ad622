/**
 * The quantifiers of a regex source that have no upper bound (`*`, `+`, `{n,}`), outside
 * character classes and escapes. With none, no regex can backtrack more than a constant number
 * of steps per start position, so a scan is linear in the input. Shared by the detectors' and
 * the readings' ReDoS tests.
 */
export function unboundedQuantifiers(source: string): string[] {
  const found: string[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1];
      // `\p{…}`, `\u{…}`: skip the braces too.
      if ((next === 'p' || next === 'P' || next === 'u') && source[i + 2] === '{') {
        i = source.indexOf('}', i);
      } else {
        i++;
      }
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '*' || c === '+') found.push(`${c} at ${i}`);
    else if (c === '{') {
      const close = source.indexOf('}', i);
      const body = source.slice(i + 1, close);
      if (/^\d+,$/.test(body)) found.push(`{${body}} at ${i}`);
    }
  }
  return found;
}
