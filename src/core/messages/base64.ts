/**
 * Strict base64 and base64url, both ways, keeping how a text was written (alphabet, padding) so
 * that bytes written back look as they came. Web APIs only (`atob`, `btoa`): the core also runs
 * in the browser.
 */

const STANDARD = /^[A-Za-z0-9+/]*$/;
const URL_SAFE = /^[A-Za-z0-9_-]*$/;

/** How a base64 text was written: its alphabet, and whether it dropped the `=` padding. */
export interface Base64Style {
  alphabet: 'standard' | 'url';
  unpadded: boolean;
}

/** Strict base64 (standard or URL-safe alphabet; padding optional; ASCII whitespace skipped). */
export function fromBase64(input: string): { bytes: Uint8Array; style: Base64Style } | undefined {
  const text = input.replace(/[\t\n\f\r ]/g, '');
  const body = text.replace(/={1,2}$/, '');
  const padding = text.length - body.length;
  if (padding > 0 && text.length % 4 !== 0) return undefined;
  if (body.length % 4 === 1) return undefined;
  const alphabet: Base64Style['alphabet'] | undefined = STANDARD.test(body)
    ? 'standard'
    : URL_SAFE.test(body)
      ? 'url'
      : undefined;
  if (!alphabet) return undefined;
  const standard = alphabet === 'url' ? body.replace(/-/g, '+').replace(/_/g, '/') : body;
  let binary: string;
  try {
    binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  // Without `=`: dropped padding, or none needed; URL-safe base64 is usually written without.
  const unpadded = padding === 0 && (alphabet === 'url' || body.length % 4 !== 0);
  return { bytes, style: { alphabet, unpadded } };
}

const PADDED: Base64Style = { alphabet: 'standard', unpadded: false };

/**
 * Bytes as base64 in the given style (default: standard alphabet, padded).
 *
 * @example
 * toBase64(new TextEncoder().encode('Jean')); // 'SmVhbg=='
 * toBase64(new TextEncoder().encode('Jean'), { alphabet: 'url', unpadded: true }); // 'SmVhbg'
 */
export function toBase64(bytes: Uint8Array, style: Base64Style = PADDED): string {
  let binary = '';
  // In chunks: `String.fromCharCode(...bytes)` overflows the stack on large files.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  const base64 = style.unpadded ? btoa(binary).replace(/=+$/, '') : btoa(binary);
  return style.alphabet === 'url' ? base64.replace(/\+/g, '-').replace(/\//g, '_') : base64;
}
