import { asReceived } from './as-received';

/**
 * Copies of a text whose numbers were never seen: its digits permuted anew for each copy, by a
 * fixed seed (the same copies in every run and every tree). Each copy is a flat string, as a
 * server receives a message parsed from a request body.
 */
export function neverSeenCopies(text: string, seed = 7): () => string {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return () => {
    const digits = [...'0123456789'].sort(() => random() - 0.5);
    return asReceived(text.replace(/\d/g, (d) => digits[Number(d)]!));
  };
}
