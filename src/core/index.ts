export type { AnonymizeOptions, AnonymizeRole } from './anonymize';
export { type MemoryChatStoreOptions, memoryChatStore } from './chats/memory-chat-store';
export type { ChatMessage, ChatStore } from './chats/types';
export { type CreatePiiOptions, createPii, type Pii } from './create-pii';
export {
  type ChunkedDetectorOptions,
  chunkedDetector,
} from './detect/adapters/chunked-detector';
export {
  type KnownValues,
  type KnownValuesDetectorOptions,
  knownValuesDetector,
} from './detect/adapters/known-values-detector';
export { DEFAULT_NER_LABEL_MAP, NER_LABELS } from './detect/adapters/ner-labels';
export {
  type PresidioDetectorOptions,
  presidioDetector,
} from './detect/adapters/presidio-detector';
export { PRESIDIO_DEFAULT_ENTITIES, PRESIDIO_LABELS } from './detect/adapters/presidio-labels';
export {
  type TokenClassificationItem,
  type TokenClassificationPipeline,
  type TransformersDetectorOptions,
  transformersDetector,
} from './detect/adapters/transformers-detector';
export { type AllowRule, DENY_DEFAULT_LABEL, type DenyRule } from './detect/allow-deny';
export { defaultDetectors } from './detect/default-detectors';
export {
  createDetectionPipeline,
  type DetectionOptions,
  type DetectionPipeline,
} from './detect/detect-spans';
export * from './detect/detectors/index';
export { resolveOverlaps } from './detect/resolve-overlaps';
export {
  type DetectContext,
  type DetectedSpan,
  type Detector,
  LABEL_PATTERN,
  type PiiSpan,
} from './detect/types';
export {
  PiiConfigError,
  PiiDetectionError,
  PiiError,
  type PiiErrorCode,
  PiiInventedTokenError,
  PiiStoreError,
  PiiUnverifiedToolCallError,
} from './errors';
export type { DetectorTimingEvent, PiiEvent, PiiEventListener } from './events';
export type { HistorySecret } from './history/history-signer';
export { MAX_DEPTH } from './map-strings';
export {
  createPlaceholderFormat,
  defaultPlaceholderFormat,
  MAX_LABEL_LENGTH,
  type PlaceholderFormat,
  type PlaceholderFormatOptions,
  type TokenMatch,
} from './placeholder/format';
export { type InventedTokenPolicy, type RestoreOptions, restoreWith } from './restore';
export { type PiiEntry, type PiiRevealEntry, PiiSession } from './session';
export { createStreamRestorer, type StreamRestorer } from './stream-restorer';
export { TOOL_STRATEGIES, type ToolStrategy } from './tool-strategy';
export {
  type Canonicalizer,
  canonicalizeDefault,
  canonicalizePerson,
  DEFAULT_PHONE_COUNTRIES,
  defaultCanonicalizers,
  phoneCanonicalizer,
} from './vault/canonical';
export { type MemoryVaultStoreOptions, memoryVaultStore } from './vault/memory-store';
export type {
  PiiOrigin,
  VaultEntry,
  VaultItem,
  VaultRef,
  VaultStore,
  VaultSummary,
} from './vault/types';
