/**
 * Scale-out mode: a broadcast between nodes is delivered at most once. A node that dies
 * between storing a change and sending it is covered by the resync of its rooms (see
 * SeatPresence), but a message can also go missing with every node alive (a stream reader
 * far behind, a publish that failed), and then a player whose socket never dropped waits
 * for news that will not come. So every node looks at the rooms where it has seated
 * sockets: a room whose stored version has not moved between two looks gets each of those
 * sockets its full view, once per version. A room in play moves on and costs one read per
 * look; a room waiting on its players is resent its state once, then left alone.
 */
export interface QuietRoom {
  /** Send one socket its full view of the room now. */
  resync(): Promise<void>;
}

export interface QuietResyncOptions {
  /** This node's seated sockets, by room code. */
  rooms: () => Map<string, QuietRoom[]>;
  /** The room's stored version, or null when it is gone. */
  version: (code: string) => Promise<number | null>;
  /** How often to look (default 5 s): a lost message is made good within two of these. */
  everyMs?: number;
  onError?: (err: unknown) => void;
}

const EVERY_MS = 5_000;

export function watchQuietRooms(opts: QuietResyncOptions): { stop(): void; look(): Promise<void> } {
  const seen = new Map<string, { version: number; resent: boolean }>();
  let looking = false;

  const look = async () => {
    const rooms = opts.rooms();
    for (const code of seen.keys()) if (!rooms.has(code)) seen.delete(code);
    for (const [code, sockets] of rooms) {
      const version = await opts.version(code);
      if (version === null) {
        seen.delete(code);
        continue;
      }
      const before = seen.get(code);
      if (!before || before.version !== version) {
        seen.set(code, { version, resent: false });
        continue;
      }
      if (before.resent) continue;
      before.resent = true;
      await Promise.all(sockets.map((s) => s.resync().catch(opts.onError)));
    }
  };

  const timer = setInterval(() => {
    if (looking) return;
    looking = true;
    look()
      .catch((err) => opts.onError?.(err))
      .finally(() => {
        looking = false;
      });
  }, opts.everyMs ?? EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), look };
}
