// The tagger's hashes: of strings (FNV-1a) and of a feature's parts (a murmur3-style mix).

/** FNV-1a of a string, 32 bits. */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Mixes a value's hash into a feature's hash. */
export function mix(h: number, value: number): number {
  let x = Math.imul(h ^ value, 0x85ebca6b) ^ (value >>> 13);
  x = Math.imul(x ^ (x >>> 16), 0xc2b2ae35);
  return (x ^ (x >>> 13)) >>> 0;
}
