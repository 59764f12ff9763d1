/**
 * The nodes' socket counts in Redis (address-sockets.ts has the rules). One hash per address,
 * `hearken:sockets:<address>`, a field per node: "<count> <expires at, ms of Redis's clock>".
 * Redis's clock decides expiry, so no two nodes' clocks are compared. Admission reads the hash,
 * deletes expired fields, and records this node's count only if the sum stays within the limit,
 * all in one script. The key itself expires with its newest field, so an address nobody uses
 * leaves nothing behind.
 */
import type { RedisConnection } from './redis';
import type { SocketCountStore } from './address-sockets';

const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/** KEYS[1] the address's hash; ARGV node, count, limit, ttl ms. Returns 1 when admitted. */
const ADMIT_SCRIPT = `${NOW}
local node = ARGV[1]
local count = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local ttl = tonumber(ARGV[4])
local others = 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  local n, expires = string.match(fields[i + 1], '^(%d+) (%d+)$')
  if n == nil or tonumber(expires) <= now then
    redis.call('HDEL', KEYS[1], fields[i])
  elseif fields[i] ~= node then
    others = others + tonumber(n)
  end
end
if others + count > limit then return 0 end
redis.call('HSET', KEYS[1], node, string.format('%d %.0f', count, now + ttl))
redis.call('PEXPIRE', KEYS[1], ttl)
return 1
`;

/** KEYS the addresses' hashes; ARGV node, ttl ms, then one count per key (0 removes). */
const RECORD_SCRIPT = `${NOW}
local node = ARGV[1]
local ttl = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  local count = tonumber(ARGV[i + 2])
  if count > 0 then
    redis.call('HSET', key, node, string.format('%d %.0f', count, now + ttl))
    redis.call('PEXPIRE', key, ttl)
  else
    redis.call('HDEL', key, node)
  end
end
return 1
`;

export function socketCountKey(address: string): string {
  return `hearken:sockets:${address}`;
}

export class RedisSocketCountStore implements SocketCountStore {
  constructor(
    private readonly redis: RedisConnection,
    private readonly nodeId: string,
    /** How long a node's count stands unless written again. */
    private readonly ttlMs: number,
  ) {}

  async admit(address: string, count: number, limit: number): Promise<boolean> {
    const reply = await this.redis.evalScript(
      ADMIT_SCRIPT,
      [socketCountKey(address)],
      [this.nodeId, count, limit, this.ttlMs],
    );
    return reply === 1;
  }

  async record(counts: [string, number][]): Promise<void> {
    if (counts.length === 0) return;
    await this.redis.evalScript(
      RECORD_SCRIPT,
      counts.map(([address]) => socketCountKey(address)),
      [this.nodeId, this.ttlMs, ...counts.map(([, n]) => n)],
    );
  }
}
