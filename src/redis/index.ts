/**
 * `ai-sdk-pii/redis`: a vault store and a chat store in Redis for apps with several instances
 * or serverless functions, and an audit trail in Redis Streams (`redisAuditSink`,
 * `readAuditTrail`). Needs the `redis` package (node-redis v5), an optional peer dependency.
 */
export type { ConversationKeys, KeyNames } from './keys';
export {
  type AuditKeyNames,
  type RedisAuditSink,
  type RedisAuditSinkClientOptions,
  type RedisAuditSinkOptions,
  type RedisAuditSinkUrlOptions,
  readAuditTrail,
  redisAuditSink,
} from './redis-audit-sink';
export {
  type RedisChatStore,
  type RedisChatStoreClientOptions,
  type RedisChatStoreOptions,
  type RedisChatStoreUrlOptions,
  redisChatStore,
} from './redis-chat-store';
export type { RedisScriptClient, ScriptArguments } from './redis-connection';
export {
  type RedisVaultStore,
  type RedisVaultStoreClientOptions,
  type RedisVaultStoreOptions,
  type RedisVaultStoreUrlOptions,
  redisVaultStore,
} from './redis-vault-store';
export type { RedisVaultEncryption, VaultSecret } from './value-cipher';
