/**
 * What went wrong with a call to the detector's model, in words that hold none of the text.
 * Errors of the AI SDK carry the request (`requestBodyValues`: the text itself), the model's
 * answer (`text`: what it found) or a message that quotes either (`Type validation failed:
 * Value: …`), so neither the error nor its message goes any further than this function: only
 * its kind, status code and number of attempts do.
 */
export function describeFailure(error: unknown, timeoutMs: number): string {
  const e = (error ?? {}) as {
    name?: unknown;
    statusCode?: unknown;
    errors?: unknown;
    lastError?: unknown;
    reason?: unknown;
  };
  const name = typeof e.name === 'string' ? e.name : typeof error;
  switch (name) {
    case 'TimeoutError':
      return `the model did not answer within ${timeoutMs} ms`;
    case 'AbortError':
      return 'the call to the model was aborted';
    case 'AI_RetryError': {
      const attempts = Array.isArray(e.errors) ? e.errors.length : undefined;
      const last = describeFailure(e.lastError, timeoutMs);
      return attempts ? `${last} (${attempts} attempts)` : last;
    }
    case 'AI_APICallError':
      return typeof e.statusCode === 'number'
        ? `the model server answered HTTP ${e.statusCode}`
        : 'the model server could not be reached';
    case 'AI_NoObjectGeneratedError':
    case 'AI_TypeValidationError':
    case 'AI_JSONParseError':
      return 'the model did not answer with JSON of the form {"entities": [{"label", "text"}]}';
    case 'AI_NoContentGeneratedError':
    case 'AI_NoOutputGeneratedError':
      return 'the model gave no answer';
    default:
      return `the call to the model failed (${/^[\w$.-]{1,64}$/.test(name) ? name : 'error'})`;
  }
}
