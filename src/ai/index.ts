// AI SDK glue: tools, middleware, transform, UI message stream.

export { PII_DATA_PART_TYPE, type PiiDataChunk } from '../core/client/pii-data-part';
export type { AnonymizeMessagesOptions } from '../core/messages/anonymize-messages';
export {
  type VerifySignedHistoryOptions,
  verifySignedHistory,
} from './history/verify-signed-history';
export {
  type LlmDetector,
  type LlmDetectorOptions,
  type LlmDetectorWarning,
  llmDetector,
} from './llm-detector';
export { DEFAULT_LLM_LABELS, LLM_LABEL_DESCRIPTIONS } from './llm-detector/entity-labels';
export { type PiiMiddlewareOptions, piiMiddleware } from './pii-middleware';
export {
  createPiiUIMessageStream,
  createPiiUIMessageStreamResponse,
  type PiiUIMessageStreamOptions,
  type PiiUIMessageStreamResponseOptions,
} from './pii-ui-message-stream';
export { type PiiRestoreTransformOptions, piiRestoreTransform } from './restore-transform';
export { DEFAULT_SHOWN_PARTS, type PiiShownPart } from './ui/shown-parts';
export { type TokensInMessagesOptions, tokensInMessages } from './ui/tokens-in-ui-messages';
export { type WithPiiOutputOptions, withPiiOutput } from './with-pii-output';
export {
  type InputResultsPolicy,
  type ResumedToolCallPolicy,
  type ToolRestoreOption,
  type ToolRevealOption,
  type ToolStrategyOption,
  type WithPiiToolsOptions,
  withPiiTools,
} from './with-pii-tools';
