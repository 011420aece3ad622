import { createHash } from 'node:crypto';

/**
 * The store's Lua scripts. Each runs atomically on the server, so one call is one round trip
 * and no other client interleaves. Every script gets the six keys of one conversation
 * (index, values, counters, order, meta, calls: see `keys.ts`) and refreshes their TTL (ARGV[1],
 * seconds; 0 keeps them forever), which makes the TTL slide on every access. The counters
 * (KEYS[3]: labels and counts, no personal data) get their own, longer TTL (ARGV[2]; 0: none),
 * so they outlive the values: after expiry or `forget()` numbering continues, and a token of
 * a stored chat history never comes to mean another value.
 */
export interface VaultScript {
  name: string;
  source: string;
  sha1: string;
}

const TOUCH = `
local function touch(ttl, counter_ttl)
  if ttl > 0 then
    for i = 1, #KEYS do
      if i ~= 3 then redis.call('EXPIRE', KEYS[i], ttl) end
    end
    if counter_ttl > 0 then
      redis.call('EXPIRE', KEYS[3], counter_ttl)
    else
      redis.call('PERSIST', KEYS[3])
    end
  end
end
local function check_fingerprint(fp)
  local stored = redis.call('HGET', KEYS[5], 'fp')
  if stored and stored ~= fp then
    return redis.error_reply('PII_KEY_MISMATCH this conversation was written with another HMAC key or encryption setting')
  end
  return nil
end
`;

/**
 * ARGV: ttl, counter ttl, max entries (0: none), fingerprint, then (label, field, record) per
 * item.
 * Returns (n, record) per item; record is '' when the entry is new (the caller has the value).
 * Checks everything before writing, since Redis does not roll a script back.
 */
const ALLOCATE = `${TOUCH}
local ttl = tonumber(ARGV[1])
local counter_ttl = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local err = check_fingerprint(ARGV[4])
if err then return err end
local out, planned, last, news = {}, {}, {}, {}
for i = 5, #ARGV, 3 do
  local label, field = ARGV[i], ARGV[i + 1]
  local n = planned[field]
  local record = ''
  if not n then
    local known = redis.call('HGET', KEYS[1], field)
    if known then
      n = tonumber(known)
      record = redis.call('HGET', KEYS[2], label .. ':' .. n)
      if not record then
        return redis.error_reply('PII_CORRUPT index names ' .. label .. ':' .. n .. ' but no value is stored')
      end
    else
      n = (last[label] or tonumber(redis.call('HGET', KEYS[3], label) or '0')) + 1
      last[label] = n
      -- Hash-set-if-absent guard: a number is never given twice, even if a counter was lost.
      if redis.call('HEXISTS', KEYS[2], label .. ':' .. n) == 1 then
        return redis.error_reply('PII_CORRUPT counter of ' .. label .. ' is behind its entries')
      end
      news[#news + 1] = i
    end
    planned[field] = n
  end
  out[#out + 1] = n
  out[#out + 1] = record
end
if max > 0 and #news > 0 and redis.call('LLEN', KEYS[4]) + #news > max then
  return redis.error_reply('PII_FULL conversation holds the maximum of ' .. max .. ' entries')
end
for _, i in ipairs(news) do
  local label, field, record = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  local n = planned[field]
  local ref = label .. ':' .. n
  redis.call('HSETNX', KEYS[2], ref, record)
  redis.call('HSET', KEYS[1], field, n)
  redis.call('RPUSH', KEYS[4], ref)
end
for label, n in pairs(last) do redis.call('HSET', KEYS[3], label, n) end
if #news > 0 then redis.call('HSETNX', KEYS[5], 'fp', ARGV[4]) end
touch(ttl, counter_ttl)
-- Without a TTL on values, the counters live as long as them (a forget() had set a TTL).
if ttl == 0 then redis.call('PERSIST', KEYS[3]) end
return out
`;

/** ARGV: ttl, counter ttl, then `LABEL:n` refs. Returns one record (or nil) per ref. */
const GET_BY_REFS = `${TOUCH}
local out = {}
for i = 3, #ARGV do
  out[#out + 1] = redis.call('HGET', KEYS[2], ARGV[i])
end
touch(tonumber(ARGV[1]), tonumber(ARGV[2]))
return out
`;

/**
 * ARGV: ttl, counter ttl, fingerprint, then (label, field) pairs. Returns (n, record) or
 * (nil, nil) each.
 */
const GET_BY_CANONICAL = `${TOUCH}
local err = check_fingerprint(ARGV[3])
if err then return err end
local out = {}
for i = 4, #ARGV, 2 do
  local n = redis.call('HGET', KEYS[1], ARGV[i + 1])
  local record = false
  if n then record = redis.call('HGET', KEYS[2], ARGV[i] .. ':' .. n) end
  out[#out + 1] = n
  out[#out + 1] = record
end
touch(tonumber(ARGV[1]), tonumber(ARGV[2]))
return out
`;

/** ARGV: ttl, counter ttl. Returns (ref, record) pairs in allocation order. */
const LIST = `${TOUCH}
local refs = redis.call('LRANGE', KEYS[4], 0, -1)
local out = {}
for _, ref in ipairs(refs) do
  out[#out + 1] = ref
  out[#out + 1] = redis.call('HGET', KEYS[2], ref)
end
touch(tonumber(ARGV[1]), tonumber(ARGV[2]))
return out
`;

/**
 * ARGV: ttl, counter ttl, offset (0-based), a fresh random generation. Returns the entry count,
 * the generation ('' while there is no entry), then (ref, record) pairs in allocation order
 * from the offset on. The generation lives in the meta hash, which is deleted by `forget()` and
 * expires with the values: the first listing after the values were dropped stores the new
 * candidate, so a caller that kept entries of the old values sees another generation.
 */
const LIST_SINCE = `${TOUCH}
local total = redis.call('LLEN', KEYS[4])
local generation = ''
if total > 0 then
  redis.call('HSETNX', KEYS[5], 'gen', ARGV[4])
  generation = redis.call('HGET', KEYS[5], 'gen')
end
local out = { total, generation }
local offset = tonumber(ARGV[3])
if offset < total then
  local refs = redis.call('LRANGE', KEYS[4], offset, -1)
  for _, ref in ipairs(refs) do
    out[#out + 1] = ref
    out[#out + 1] = redis.call('HGET', KEYS[2], ref)
  end
end
touch(tonumber(ARGV[1]), tonumber(ARGV[2]))
return out
`;

/**
 * ARGV: ttl, counter ttl. Returns the entry count, then (label, count) pairs; never a value.
 * Counts are of the entries held (from the order list), not the counters, which outlive them.
 */
const SUMMARY = `${TOUCH}
local refs = redis.call('LRANGE', KEYS[4], 0, -1)
local counts, labels = {}, {}
for _, ref in ipairs(refs) do
  local label = string.match(ref, '^(.*):%d+$')
  if not counts[label] then
    counts[label] = 0
    labels[#labels + 1] = label
  end
  counts[label] = counts[label] + 1
end
local out = { #refs }
for _, label in ipairs(labels) do
  out[#out + 1] = label
  out[#out + 1] = counts[label]
end
touch(tonumber(ARGV[1]), tonumber(ARGV[2]))
return out
`;

/**
 * ARGV: ttl, counter ttl, max records (0: none), key. Records a tool call that the model
 * proposed as the most recent one (a known key moves up). Beyond the maximum the oldest
 * records are dropped.
 */
const RECORD_TOOL_CALL = `${TOUCH}
local max = tonumber(ARGV[3])
local last = redis.call('ZRANGE', KEYS[6], -1, -1, 'WITHSCORES')
local score = 1
if #last > 0 then score = tonumber(last[2]) + 1 end
redis.call('ZADD', KEYS[6], score, ARGV[4])
if max > 0 then
  local excess = redis.call('ZCARD', KEYS[6]) - max
  if excess > 0 then redis.call('ZREMRANGEBYRANK', KEYS[6], 0, excess - 1) end
end
touch(tonumber(ARGV[1]), tonumber(ARGV[2]))
return 1
`;

/** ARGV: ttl, counter ttl, key. Returns 1 if the tool call was recorded, else 0. */
const HAS_TOOL_CALL = `${TOUCH}
local found = redis.call('ZSCORE', KEYS[6], ARGV[3])
touch(tonumber(ARGV[1]), tonumber(ARGV[2]))
if found then return 1 end
return 0
`;

/**
 * Erasure, ARGV: counter ttl. Deletes every key that holds or links values (index, values,
 * order, meta) and the recorded tool calls; keeps the counters (labels and counts, no personal
 * data) for their own TTL so that the erased conversation's numbers are never given to other
 * values.
 */
const FORGET = `
local deleted = redis.call('DEL', KEYS[1], KEYS[2], KEYS[4], KEYS[5], KEYS[6])
local counter_ttl = tonumber(ARGV[1])
if counter_ttl > 0 then
  redis.call('EXPIRE', KEYS[3], counter_ttl)
else
  redis.call('PERSIST', KEYS[3])
end
return deleted
`;

/**
 * The prefix's check, KEYS: the check key; ARGV: the store's key naming and HMAC key
 * fingerprint (`hashed:h1:…`, `readable:plain`). The first store to run it writes it; a store
 * with another HMAC key, naming or encryption setting is refused: with hashed names it would
 * find none of the conversations and number their values from 1 again, and a store of the
 * other naming would number the same conversations a second time.
 */
const KEY_CHECK = `
local stored = redis.call('GET', KEYS[1])
if not stored then
  redis.call('SET', KEYS[1], ARGV[1])
  return 1
end
if stored ~= ARGV[1] then
  return redis.error_reply('PII_KEY_MISMATCH this key prefix was written with another HMAC key, key naming or encryption setting (' .. stored .. '); this store would number its conversations a second time. Use the same settings, or another prefix')
end
return 1
`;

/** A script with the SHA-1 that `EVALSHA` names it by. */
export const script = (name: string, source: string): VaultScript => ({
  name,
  source,
  sha1: createHash('sha1').update(source).digest('hex'),
});

export const allocateScript = script('allocate', ALLOCATE);
export const getByRefsScript = script('getByRefs', GET_BY_REFS);
export const getByCanonicalScript = script('getByCanonical', GET_BY_CANONICAL);
export const listScript = script('list', LIST);
export const listSinceScript = script('listSince', LIST_SINCE);
export const summaryScript = script('summary', SUMMARY);
export const forgetScript = script('forget', FORGET);
export const recordToolCallScript = script('recordToolCall', RECORD_TOOL_CALL);
export const hasToolCallScript = script('hasToolCall', HAS_TOOL_CALL);
export const keyCheckScript = script('keyCheck', KEY_CHECK);
