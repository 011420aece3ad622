/** `bytes` with a space after every third byte above 0x7F in a row: Western text's shape. */
export function westernShaped(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  let run = 0;
  for (const b of bytes) {
    out.push(b);
    run = b >= 0x80 ? run + 1 : 0;
    if (run === 3) {
      out.push(0x20);
      run = 0;
    }
  }
  return Uint8Array.from(out);
}
