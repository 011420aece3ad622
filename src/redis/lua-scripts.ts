import { createHash } from 'node:crypto';

/**
 * The store's Lua scripts. Each runs atomically on the server, so one call is one round trip
 * and no other client interleaves. Every script gets the five keys of one conversation
 * (index, values, counters, order, meta: see `keys.ts`) and refreshes their TTL (ARGV[1],
 * seconds; 0 keeps them forever), which makes the TTL slide on every access.
 */
export interface VaultScript {
  name: string;
  source: string;
  sha1: string;
}

const TOUCH = `
local function touch(ttl)
  if ttl > 0 then
    for i = 1, #KEYS do redis.call('EXPIRE', KEYS[i], ttl) end
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
 * ARGV: ttl, max entries (0: none), fingerprint, then (label, field, record) per item.
 * Returns (n, record) per item; record is '' when the entry is new (the caller has the value).
 * Checks everything before writing, since Redis does not roll a script back.
 */
const ALLOCATE = `${TOUCH}
local ttl = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local err = check_fingerprint(ARGV[3])
if err then return err end
local out, planned, last, news = {}, {}, {}, {}
for i = 4, #ARGV, 3 do
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
if #news > 0 then redis.call('HSETNX', KEYS[5], 'fp', ARGV[3]) end
touch(ttl)
return out
`;

/** ARGV: ttl, then `LABEL:n` refs. Returns one record (or nil) per ref. */
const GET_BY_REFS = `${TOUCH}
local out = {}
for i = 2, #ARGV do
  out[#out + 1] = redis.call('HGET', KEYS[2], ARGV[i])
end
touch(tonumber(ARGV[1]))
return out
`;

/** ARGV: ttl, fingerprint, then (label, field) pairs. Returns (n, record) or (nil, nil) each. */
const GET_BY_CANONICAL = `${TOUCH}
local err = check_fingerprint(ARGV[2])
if err then return err end
local out = {}
for i = 3, #ARGV, 2 do
  local n = redis.call('HGET', KEYS[1], ARGV[i + 1])
  local record = false
  if n then record = redis.call('HGET', KEYS[2], ARGV[i] .. ':' .. n) end
  out[#out + 1] = n
  out[#out + 1] = record
end
touch(tonumber(ARGV[1]))
return out
`;

/** ARGV: ttl. Returns (ref, record) pairs in allocation order. */
const LIST = `${TOUCH}
local refs = redis.call('LRANGE', KEYS[4], 0, -1)
local out = {}
for _, ref in ipairs(refs) do
  out[#out + 1] = ref
  out[#out + 1] = redis.call('HGET', KEYS[2], ref)
end
touch(tonumber(ARGV[1]))
return out
`;

/** ARGV: ttl. Returns the entry count, then (label, count) pairs; never a value. */
const SUMMARY = `${TOUCH}
local out = { redis.call('LLEN', KEYS[4]) }
local counters = redis.call('HGETALL', KEYS[3])
for i = 1, #counters do out[#out + 1] = counters[i] end
touch(tonumber(ARGV[1]))
return out
`;

/** Erasure: every key of the conversation. */
const FORGET = `
return redis.call('DEL', unpack(KEYS))
`;

const script = (name: string, source: string): VaultScript => ({
  name,
  source,
  sha1: createHash('sha1').update(source).digest('hex'),
});

export const allocateScript = script('allocate', ALLOCATE);
export const getByRefsScript = script('getByRefs', GET_BY_REFS);
export const getByCanonicalScript = script('getByCanonical', GET_BY_CANONICAL);
export const listScript = script('list', LIST);
export const summaryScript = script('summary', SUMMARY);
export const forgetScript = script('forget', FORGET);
