import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import type { SeatId } from "../engine/rules";

/**
 * Which seats have a socket somewhere in the cluster (scale-out mode). One hash per room:
 * a field per seat, credential (hashed) and node whose value is 1 while that node has at
 * least one socket there. A seat is gone when no field of its credential is left on any
 * node, which is when its grace window should start. A node that stops (or dies, noticed
 * when its heartbeat key expires) has its fields removed, and the seats that left empty
 * are reported so they can be marked disconnected.
 *
 * The same per-node set of rooms also names every room the node has worked on (an input,
 * a timer, a REST action: `touch`), whether or not it had sockets there. A node that died
 * may have stored a change in any of them and never broadcast it; those rooms are reported
 * orphaned, so the node that noticed can resend everyone there the state as stored.
 */
export interface SeatGone {
  code: string;
  seat: SeatId;
  credentialHash: string;
}

/** Remove one field; return how many fields of the same seat and credential remain. */
const REMOVE = `
redis.call('HDEL', KEYS[1], ARGV[1])
local left = 0
for _, f in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(f, 1, string.len(ARGV[2])) == ARGV[2] then left = left + 1 end
end
return left
`;

/** Drop a node's fields from one room; return the seat|credential pairs that no node holds any more. */
const DROP_NODE = `
local fields = redis.call('HKEYS', KEYS[1])
local gone = {}
local suffix = '|' .. ARGV[1]
for _, f in ipairs(fields) do
  if string.sub(f, -string.len(suffix)) == suffix then
    redis.call('HDEL', KEYS[1], f)
    table.insert(gone, string.sub(f, 1, string.len(f) - string.len(suffix)))
  end
end
local out = {}
for _, g in ipairs(gone) do
  local held = false
  for _, f in ipairs(redis.call('HKEYS', KEYS[1])) do
    if string.sub(f, 1, string.len(g) + 1) == g .. '|' then held = true end
  end
  if not held then table.insert(out, g) end
end
return out
`;

const HEARTBEAT_MS = 5_000;
const NODE_TTL_MS = 15_000;
/** Rooms this node remembers having announced it works on; past this, it forgets and announces again. */
const TOUCHED_MAX = 50_000;

export class SeatPresence {
  readonly node = randomBytes(6).toString("hex");
  private beat: NodeJS.Timeout | null = null;
  /**
   * The fields this node holds, by room: what it writes again after Redis lost everything
   * (see `reassert`), since only this node knows which sockets it has.
   */
  private readonly held = new Map<string, Set<string>>();
  /** Rooms already written to this node's set (see `touch`). */
  private readonly touched = new Set<string>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    /** Told about seats nobody holds any more after a node left (awaited, so a stopping node finishes them). */
    private readonly onGone: (gone: SeatGone) => Promise<void> | void,
    /** Told, once per node that died, the rooms it had worked on, after their seats (see the class comment). */
    private readonly onOrphaned: (codes: string[]) => Promise<void> | void = () => {},
  ) {
    const r = redis as unknown as Record<string, unknown>;
    if (!r.presenceRemove) redis.defineCommand("presenceRemove", { numberOfKeys: 1, lua: REMOVE });
    if (!r.presenceDropNode) redis.defineCommand("presenceDropNode", { numberOfKeys: 1, lua: DROP_NODE });
  }

  private roomKey(code: string) {
    return `${this.prefix}presence:${code}`;
  }
  private nodeKey(node: string) {
    return `${this.prefix}node:${node}`;
  }
  private nodeRooms(node: string) {
    return `${this.prefix}node:${node}:rooms`;
  }
  private get nodesKey() {
    return `${this.prefix}nodes`;
  }

  /** Announce this node and start watching for nodes that died. */
  async start(): Promise<void> {
    await this.heartbeat();
    this.beat = setInterval(() => {
      this.heartbeat()
        .then(() => this.sweep())
        .catch(() => {});
    }, HEARTBEAT_MS);
    this.beat.unref();
  }

  private async heartbeat(): Promise<void> {
    await this.redis.multi().set(this.nodeKey(this.node), "1", "PX", NODE_TTL_MS).sadd(this.nodesKey, this.node).exec();
  }

  /** This node is about to work on the room: recorded once, so a death of this node is followed by a resync there. */
  async touch(code: string): Promise<void> {
    if (this.touched.has(code)) return;
    if (this.touched.size >= TOUCHED_MAX) this.touched.clear();
    await this.redis.sadd(this.nodeRooms(this.node), code);
    this.touched.add(code);
  }

  /** This node has a socket at the seat (its first one). */
  async add(code: string, seat: SeatId, credentialHash: string): Promise<void> {
    const fields = this.held.get(code) ?? new Set<string>();
    this.held.set(code, fields);
    fields.add(`${seat}|${credentialHash}|${this.node}`);
    await this.redis
      .multi()
      .hset(this.roomKey(code), `${seat}|${credentialHash}|${this.node}`, "1")
      .sadd(this.nodeRooms(this.node), code)
      .exec();
  }

  /** This node's last socket at the seat went; true if no node has one any more. */
  async remove(code: string, seat: SeatId, credentialHash: string): Promise<boolean> {
    const fields = this.held.get(code);
    fields?.delete(`${seat}|${credentialHash}|${this.node}`);
    if (fields?.size === 0) this.held.delete(code);
    const cmd = (this.redis as unknown as { presenceRemove: (...a: unknown[]) => Promise<number> }).presenceRemove;
    const left = await cmd.call(
      this.redis,
      this.roomKey(code),
      `${seat}|${credentialHash}|${this.node}`,
      `${seat}|${credentialHash}|`,
    );
    return left === 0;
  }

  /**
   * The room was closed: its presence record goes (its code may be drawn again for a new
   * room, whose seats must not look held by the old room's sockets).
   */
  async forget(code: string): Promise<void> {
    this.held.delete(code);
    await this.redis.del(this.roomKey(code));
  }

  /** Whether any node has a socket at the seat (under any credential). */
  async online(code: string, seat: SeatId): Promise<boolean> {
    const fields = await this.redis.hkeys(this.roomKey(code));
    return fields.some((f) => f.startsWith(`${seat}|`));
  }

  /**
   * Remove a node's fields everywhere, reporting the seats it leaves empty; for a node that
   * died, also every room it worked on. A node that stops finished its broadcasts first.
   */
  private async drop(node: string, died: boolean): Promise<void> {
    const cmd = (this.redis as unknown as { presenceDropNode: (...a: unknown[]) => Promise<string[]> })
      .presenceDropNode;
    const codes = await this.redis.smembers(this.nodeRooms(node));
    for (const code of codes) {
      const gone = await cmd.call(this.redis, this.roomKey(code), node);
      await Promise.all(
        gone.map((g) => {
          const [seat, credentialHash] = g.split("|") as [string, string];
          return this.onGone({ code, seat, credentialHash });
        }),
      );
    }
    if (died && codes.length) await this.onOrphaned(codes);
    await this.redis.multi().del(this.nodeRooms(node)).srem(this.nodesKey, node).del(this.nodeKey(node)).exec();
  }

  /** Clean up after nodes whose heartbeat stopped; one node does each (a short lock). */
  async sweep(): Promise<void> {
    for (const node of await this.redis.smembers(this.nodesKey)) {
      if (node === this.node || (await this.redis.exists(this.nodeKey(node)))) continue;
      const lock = await this.redis.set(`${this.nodeKey(node)}:sweep`, this.node, "PX", NODE_TTL_MS, "NX");
      if (lock === "OK") await this.drop(node, true);
    }
  }

  /**
   * Redis lost everything (see redis-reset.ts): announce this node again and write back
   * every field it holds, so rooms rebuilt from the log keep these seats connected.
   */
  async reassert(): Promise<void> {
    await this.heartbeat();
    const write = this.redis.multi();
    for (const [code, fields] of this.held) {
      for (const field of fields) write.hset(this.roomKey(code), field, "1");
      write.sadd(this.nodeRooms(this.node), code);
    }
    // The rooms it worked on are announced again as it next touches them.
    this.touched.clear();
    await write.exec();
  }

  /** This node leaves: its fields go, and the seats only it held are reported gone. */
  async stop(): Promise<void> {
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
    this.held.clear();
    this.touched.clear();
    await this.drop(this.node, false);
  }
}
