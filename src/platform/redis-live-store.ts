import type { Redis } from "ioredis";
import type { LiveStore, RoomRecord } from "./live-store";

/**
 * Compare-and-set on a room's version. The version sits in its own hash field beside the
 * record, so the check never decodes the room's state. ARGV: expected version ("" for
 * absent), next version, the record, the code (for the set of codes).
 */
const CAS = `
local cur = redis.call('HGET', KEYS[1], 'v')
if cur == false then
  if ARGV[1] ~= '' then return 0 end
elseif cur ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'r', ARGV[3])
redis.call('SADD', KEYS[2], ARGV[4])
return 1
`;

type CasCommand = (
  room: string,
  codes: string,
  expected: string,
  version: string,
  rec: string,
  code: string,
) => Promise<number>;

/**
 * Live rooms in Redis (scale-out mode): one hash per room (`v`: version, `r`: the record as
 * JSON) under `prefix`, and a set of the live codes. Any node reads and writes any room;
 * the compare-and-set makes two nodes that raced on one version agree on a single winner.
 */
export class RedisLiveStore implements LiveStore {
  private readonly codesKey: string;

  constructor(
    private readonly redis: Redis,
    private readonly prefix = "parlor:",
  ) {
    this.codesKey = `${prefix}rooms`;
    if (!(redis as unknown as { liveCas?: unknown }).liveCas)
      redis.defineCommand("liveCas", { numberOfKeys: 2, lua: CAS });
  }

  private key(code: string): string {
    return `${this.prefix}room:${code}`;
  }

  async get(code: string): Promise<RoomRecord | null> {
    const raw = await this.redis.hget(this.key(code), "r");
    return raw === null ? null : (JSON.parse(raw) as RoomRecord);
  }

  async version(code: string): Promise<number | null> {
    const v = await this.redis.hget(this.key(code), "v");
    return v === null ? null : Number(v);
  }

  async cas(code: string, expected: number | null, next: RoomRecord): Promise<boolean> {
    const cas = (this.redis as unknown as { liveCas: CasCommand }).liveCas.bind(this.redis);
    const won = await cas(
      this.key(code),
      this.codesKey,
      expected === null ? "" : String(expected),
      String(next.version),
      JSON.stringify(next),
      code,
    );
    return won === 1;
  }

  async delete(code: string): Promise<void> {
    await this.redis.multi().del(this.key(code)).srem(this.codesKey, code).exec();
  }

  async has(code: string): Promise<boolean> {
    return (await this.redis.exists(this.key(code))) === 1;
  }

  async size(): Promise<number> {
    return this.redis.scard(this.codesKey);
  }

  async codes(): Promise<string[]> {
    return this.redis.smembers(this.codesKey);
  }
}
