export type { AnonymizeOptions, AnonymizeRole } from './anonymize';
export type { AuditSecret } from './audit/audit-crypto';
export {
  AUDIT_FORMAT_VERSION,
  type AuditChainFields,
  type AuditEntry,
  type AuditHead,
  GENESIS as AUDIT_GENESIS,
} from './audit/audit-entry';
export {
  type AuditAppendResult,
  type AuditCallback,
  type AuditSink,
  callbackAuditSink,
} from './audit/audit-sink';
export type { AuditOptions } from './audit/audit-trail';
export type { SpanLike, TraceLike } from './audit/span-attributes';
export {
  type AuditFailure,
  type AuditVerification,
  type VerifyAuditTrailOptions,
  verifyAuditTrail,
} from './audit/verify-audit-trail';
export { canonicalJson } from './canonical-json';
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
  PiiAuditError,
  PiiConfigError,
  PiiDetectionError,
  PiiError,
  type PiiErrorCode,
  PiiInventedTokenError,
  PiiStoreError,
  PiiUnverifiedToolCallError,
} from './errors';
export type {
  ConversationEvent,
  DetectionFailureEvent,
  DetectorTimingEvent,
  ForgetEvent,
  LabelCounts,
  ModelCallEvent,
  PiiEvent,
  PiiEventListener,
  StoreFailureEvent,
  ToolCallEvent,
  ToolRefusal,
} from './events';
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
export { RestoreTally, TokenCounter } from './restore-tally';
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
