/**
 * Lua lines that set `now` to Redis's clock in milliseconds: every worker on every machine reads the same time, so
 * expiries written by one are judged alike by all.
 */
export const LUA_NOW_MS = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * Extends a member of a sorted set of expiries (token → expiry) that is still held: XX, so a lapsed one is not
 * revived. KEYS: the set. ARGV: token, holdMs.
 */
export const RENEW_HELD = `${LUA_NOW_MS}
return redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])`;
