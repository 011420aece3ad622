/**
 * What the library reports as it works, through `createPii({ onEvent })` and, for the events of
 * a conversation, signed and chained, through `createPii({ audit })`: facts about the work
 * (which detector, which labels, how many, which tool, how long), never a value, a value's hash
 * nor a piece of the text.
 */

/**
 * One detector ran over one text: its name, its wall time in milliseconds (from the call to the
 * moment its spans were checked; asynchronous detectors run in parallel, so their times
 * overlap) and how many spans it returned. Texts found again in a conversation's detection memo
 * are not detected again, so they report nothing. Not part of the audit trail: it belongs to
 * no conversation.
 */
export interface DetectorTimingEvent {
  type: 'detector-timing';
  detector: string;
  ms: number;
  spans: number;
}

/** How many distinct values of each label (`{ EMAIL: 2, PERSON: 1 }`); labels in any order. */
export type LabelCounts = Readonly<Record<string, number>>;

/**
 * One model call through `piiMiddleware` (one step of a tool loop). `masked`: the values the
 * provider received as placeholders (those of the prompt, tool definitions and response format
 * that the conversation issued), by label; `restored`: the placeholders of the answer (text and
 * tool-call inputs) that the conversation issued, which restoring gives back as values;
 * `invented`: the answer's placeholders that it never issued.
 */
export interface ModelCallEvent {
  type: 'model-call';
  conversationId: string;
  /** 1 for the first model call made with this session object (one request), then 2, 3… */
  step: number;
  /** The provider and model ids as the model object gives them (`openai.chat`, `gpt-5-mini`). */
  provider: string;
  modelId: string;
  mode: 'generate' | 'stream';
  masked: LabelCounts;
  restored: LabelCounts;
  invented: LabelCounts;
  /** `ok`, `error` (the provider failed, or the stream ended in an error) or `aborted`. */
  outcome: 'ok' | 'error' | 'aborted';
  /** Whole milliseconds from the middleware's start to the end of the answer. */
  ms: number;
}

/** Why `withPiiTools` did not run a tool. */
export type ToolRefusal = 'invented-tokens' | 'unverified-call' | 'invalid-input';

/**
 * One tool call through `withPiiTools`. `restored`: the placeholders of the arguments that the
 * tool received as values; `withheld`: those kept as placeholders because the tool's `restore`
 * list does not allow their label; `invented`: well-formed placeholders the conversation never
 * issued (refused, removed or kept, per `inventedPolicy`); `masked`: the values of the result
 * (or of the error message) that the model reads as placeholders (seed 003's report).
 */
export interface ToolCallEvent {
  type: 'tool-call';
  conversationId: string;
  toolName: string;
  /** `passthrough` tools are reported too, with nothing restored nor masked. */
  strategy: 'full' | 'input' | 'output' | 'passthrough';
  /** `ok` (the tool ran and returned), `error` (it ran and threw) or `refused` (it never ran). */
  outcome: 'ok' | 'error' | 'refused';
  refusal?: ToolRefusal;
  inventedPolicy: 'throw' | 'remove' | 'keep';
  restored: LabelCounts;
  withheld: LabelCounts;
  invented: LabelCounts;
  masked: LabelCounts;
  /**
   * A call resumed from the message history (an approved `needsApproval` call): `verified`
   * against the record of the model's proposal, or `trusted` (`resumedCalls: 'trust'`).
   */
  approval?: 'verified' | 'trusted';
  /** Whole milliseconds from `execute` (or, for a refused call, its check) to the result. */
  ms: number;
}

/** A detector failed or gave an invalid span: the operation failed closed. */
export interface DetectionFailureEvent {
  type: 'detection-failure';
  conversationId: string;
  /** The session method that failed (`anonymize`, `restore`…). */
  operation: string;
  /** The failing detector's `name`, when known. */
  detector?: string;
  code: string;
}

/** The vault store failed: the operation failed closed. */
export interface StoreFailureEvent {
  type: 'store-failure';
  conversationId: string;
  operation: string;
  code: string;
}

/** `session.forget()` erased the conversation's vault. */
export interface ForgetEvent {
  type: 'forget';
  conversationId: string;
}

/** The events of one conversation: what the audit trail records. */
export type ConversationEvent =
  | ModelCallEvent
  | ToolCallEvent
  | DetectionFailureEvent
  | StoreFailureEvent
  | ForgetEvent;

/** Every event `onEvent` may receive; switch on `type` (more types may come). */
export type PiiEvent = DetectorTimingEvent | ConversationEvent;

/** Receives each event, synchronously; an exception thrown here fails the call. */
export type PiiEventListener = (event: PiiEvent) => void;
