/** Stable machine-readable codes of every error this library throws. */
export type PiiErrorCode =
  | 'PII_INVENTED_TOKEN'
  | 'PII_STORE'
  | 'PII_DETECTION'
  | 'PII_CONFIG'
  | 'PII_UNVERIFIED_TOOL_CALL'
  | 'PII_AUDIT';

/** Base class: every error of `ai-sdk-pii` has a stable `code` and says what to do. */
export class PiiError extends Error {
  readonly code: PiiErrorCode;

  constructor(code: PiiErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/**
 * Text to restore holds well-formed tokens that this conversation never issued (BR-TOOL-07).
 * `tokens` lists them, in order of first appearance, without duplicates.
 */
export class PiiInventedTokenError extends PiiError {
  readonly tokens: readonly string[];

  constructor(tokens: readonly string[]) {
    super(
      'PII_INVENTED_TOKEN',
      `Unknown placeholder${tokens.length > 1 ? 's' : ''} ${tokens.join(', ')}: this conversation never issued ${
        tokens.length > 1 ? 'them' : 'it'
      }. Use only placeholders that appear earlier in the conversation, exactly as written, or write the value itself.`,
    );
    this.tokens = tokens;
  }
}

/** The vault store failed (unreachable, corrupted, misconfigured). Nothing was sent in clear. */
export class PiiStoreError extends PiiError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(
      'PII_STORE',
      `${message}. The operation was stopped so that no personal data leaves in clear; check the vault store and retry.`,
      options,
    );
  }
}

/** A detector failed or returned an invalid span. Detection fails closed: it is never skipped. */
export class PiiDetectionError extends PiiError {
  readonly detector: string | undefined;

  constructor(message: string, options?: { cause?: unknown; detector?: string }) {
    super(
      'PII_DETECTION',
      `${message}. Detection fails closed: fix or remove the detector; the text was not sent anywhere.`,
      options,
    );
    this.detector = options?.detector;
  }
}

/** Invalid options or arguments given to the library. */
export class PiiConfigError extends PiiError {
  constructor(message: string) {
    super('PII_CONFIG', message);
  }
}

/**
 * A tool call from the message history (an approved call resumed in a later request) does not
 * match any call that the model proposed in this conversation, or the vault store cannot tell
 * (`reason`). Its placeholders were not restored and the tool did not run.
 */
export class PiiUnverifiedToolCallError extends PiiError {
  readonly toolCallId: string | undefined;
  readonly toolName: string;
  /** `unrecorded`: no such call was proposed; `unsupported`: the store cannot record calls. */
  readonly reason: 'unrecorded' | 'unsupported';

  constructor(options: {
    toolCallId: string | undefined;
    toolName: string;
    reason: 'unrecorded' | 'unsupported';
  }) {
    const { toolCallId, toolName, reason } = options;
    const call = `Tool call ${JSON.stringify(toolCallId ?? null)} of ${JSON.stringify(toolName)}`;
    super(
      'PII_UNVERIFIED_TOOL_CALL',
      reason === 'unrecorded'
        ? `${call} was refused: it does not match a call that the model proposed in this conversation (its id, tool or arguments differ), so its placeholders were not restored and the tool did not run. An approved call must come back exactly as the model wrote it.`
        : `${call} was refused: it was resumed from the message history (an approved call), and the vault store cannot record tool calls (it has no recordToolCall()/hasToolCall()), so it cannot be verified as a call that the model proposed. Its placeholders were not restored and the tool did not run. Use a store that records tool calls (memoryVaultStore, redisVaultStore), or accept the risk with withPiiTools(tools, { resumedCalls: 'trust' }).`,
    );
    this.toolCallId = toolCallId;
    this.toolName = toolName;
    this.reason = reason;
  }
}

/**
 * The audit trail could not record an event (its sink failed, or its chain head kept moving).
 * The operation that produced the event fails with it: a call is not left out of the trail.
 */
export class PiiAuditError extends PiiError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(
      'PII_AUDIT',
      `${message}. The operation was stopped so that the audit trail misses no call; check the audit sink and retry.`,
      options,
    );
  }
}
