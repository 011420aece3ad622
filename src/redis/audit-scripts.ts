import { script } from './lua-scripts';

/**
 * The audit sink's scripts. KEYS[1] is a conversation's stream of entries, KEYS[2] its head
 * (`"<seq> <hash>"` of the last entry); both share the conversation's hash tag.
 */

/**
 * Appends consecutive entries if the head is still the one the first continues, and moves the
 * head with them, in one atomic step: writers in several processes never fork a chain nor
 * leave a gap. ARGV: the expected head ('' before the first entry), the new head, the trim
 * ('MAXLEN' or 'MINID', or ''), its threshold, the TTL in seconds (0: none), then the entries
 * (JSON), in order. Returns {1}, or {0, head} when another writer moved the head.
 */
const APPEND = `
local head = redis.call('GET', KEYS[2]) or ''
if head ~= ARGV[1] then return {0, head} end
for i = 6, #ARGV do
  if ARGV[3] == 'MAXLEN' or ARGV[3] == 'MINID' then
    redis.call('XADD', KEYS[1], ARGV[3], ARGV[4], '*', 'entry', ARGV[i])
  else
    redis.call('XADD', KEYS[1], '*', 'entry', ARGV[i])
  end
end
redis.call('SET', KEYS[2], ARGV[2])
local ttl = tonumber(ARGV[5])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
end
return {1}
`;

/** The head, or nil. KEYS[2] only is read (KEYS[1] is named for the slot). */
const HEAD = `return redis.call('GET', KEYS[2])`;

/** One page of entries. ARGV: the first stream id ('-', or '(' + the last id read), count. */
const READ = `return redis.call('XRANGE', KEYS[1], ARGV[1], '+', 'COUNT', ARGV[2])`;

export const auditAppendScript = script('auditAppend', APPEND);
export const auditHeadScript = script('auditHead', HEAD);
export const auditReadScript = script('auditRead', READ);
