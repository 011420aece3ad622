import { detachedString } from '../src/core/detached-string';

/**
 * A text as a server receives it: parsed from a request body, one flat string. (A slice of a
 * longer string, as `String#slice` makes, is read through an indirection by JavaScript code;
 * the benchmarks measure what requests bring, not that.)
 */
export const asReceived: (text: string) => string = detachedString;
