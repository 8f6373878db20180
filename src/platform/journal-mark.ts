import { existsSync } from "node:fs";
import { type Kysely, sql } from "kysely";

/**
 * Whether the input journal may hold rows the database lacks, kept in the database itself
 * (`parlor_settings`), so a journal file that disappeared can be told from one that was
 * never there. "open" from the moment a server starts using the journal until a graceful
 * stop has copied every row in and emptied it ("closed"). A journal file missing while the
 * mark says "open" means the last run ended without a graceful stop and the file with its
 * last acknowledged inputs is gone: the server cannot get them back, but it must say so.
 */
const KEY = "input_journal";

interface Mark {
  state: "open" | "closed";
  /** When the mark last changed (ms). */
  at: number;
}

/** What was found at start when the journal a crashed run was writing is gone. */
export interface JournalLoss {
  file: string;
  /** When the run that lost it began using it (ms). */
  openedAt: number;
  /** Open rooms in the database: the rooms whose latest inputs may be missing. */
  openRooms: number;
  /** Up to 20 of their codes, for the log. */
  roomCodes: string[];
}

async function readMark(db: Kysely<unknown>): Promise<Mark | null> {
  const r = await sql<{ value: string }>`SELECT value FROM parlor_settings WHERE key = ${KEY}`.execute(db);
  const value = r.rows[0]?.value;
  if (value === undefined) return null;
  try {
    return JSON.parse(value) as Mark;
  } catch {
    return null;
  }
}

async function writeMark(db: Kysely<unknown>, mark: Mark): Promise<void> {
  const value = JSON.stringify(mark);
  await sql`INSERT INTO parlor_settings (key, value) VALUES (${KEY}, ${value})
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`.execute(db);
}

/**
 * Before the journal file is opened (opening creates it): the loss, if the last run was
 * using a journal at `file`, never stopped gracefully, and the file is gone. Then marks the
 * journal "open" for this run.
 */
export async function openJournalMark(
  db: Kysely<unknown>,
  file: string,
  now = Date.now(),
): Promise<JournalLoss | null> {
  const mark = await readMark(db);
  let loss: JournalLoss | null = null;
  if (mark?.state === "open" && !existsSync(file)) {
    const rooms = await sql<{
      code: string;
    }>`SELECT code FROM rooms WHERE status = 'open' ORDER BY updated_at DESC`.execute(db);
    loss = {
      file,
      openedAt: mark.at,
      openRooms: rooms.rows.length,
      roomCodes: rooms.rows.slice(0, 20).map((r) => r.code),
    };
  }
  await writeMark(db, { state: "open", at: now });
  return loss;
}

/** After a graceful stop copied every journaled row into the database: nothing can be lost now. */
export async function closeJournalMark(db: Kysely<unknown>, now = Date.now()): Promise<void> {
  await writeMark(db, { state: "closed", at: now });
}

/** The sentence the log and /healthz carry about a lost journal. */
export function describeLoss(loss: JournalLoss): string {
  const rooms =
    loss.openRooms === 0
      ? "no room was open"
      : `${loss.openRooms} room${loss.openRooms === 1 ? " was" : "s were"} open (${loss.roomCodes.join(", ")}${loss.openRooms > loss.roomCodes.length ? ", …" : ""})`;
  return (
    `the input journal ${loss.file} is missing after a run that did not stop gracefully: ` +
    `inputs acknowledged in that run's last moments that were not yet copied into the database ` +
    `are lost, and their rooms went back to their last copied input; ${rooms}`
  );
}
