import { script } from './lua-scripts';

/**
 * The chat store's scripts: KEYS[1] is the chat's key, a string holding its messages as JSON.
 * Scripts, not plain commands, so that the store needs only what the vault store needs from a
 * client (`eval` / `evalSha`), and a read slides the TTL in the same round trip.
 */

/** ARGV: ttl (seconds, 0: none). Returns the chat's text, or nil. */
const LOAD = `
local text = redis.call('GET', KEYS[1])
local ttl = tonumber(ARGV[1])
if text and ttl > 0 then redis.call('EXPIRE', KEYS[1], ttl) end
return text
`;

/** ARGV: the chat's text, ttl (seconds, 0: none). */
const SAVE = `
local ttl = tonumber(ARGV[2])
if ttl > 0 then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ttl)
else
  redis.call('SET', KEYS[1], ARGV[1])
end
return 1
`;

const DELETE = `
return redis.call('DEL', KEYS[1])
`;

export const loadChatScript = script('loadChat', LOAD);
export const saveChatScript = script('saveChat', SAVE);
export const deleteChatScript = script('deleteChat', DELETE);
