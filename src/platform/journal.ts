import { closeSync, existsSync, fstatSync, ftruncateSync, openSync, readFileSync, writeSync } from "node:fs";
import { type JournalEntry, JournalEntrySchema } from "./log-rows";

export type { JournalEntry };

/** A journal's readable rows, and the lines that could not be read (kept to be set aside). */
export interface JournalContents {
  entries: JournalEntry[];
  unreadable: { line: number; text: string; why: string }[];
}

/**
 * An append-only file of input rows, one JSON line each: the embedded mode's write-ahead
 * log. An embedded PGlite statement takes 0.2 ms typically and 2–5 ms now and then, and
 * blocks the thread it runs on, so acknowledging an input only after PGlite committed it
 * put those pauses on every player's round trip. A `write()` to this file
 * takes microseconds and reaches the OS before it returns, so the row survives the process
 * being killed (not a power cut: there is no fsync per row); the input log copies rows
 * into the database in the background and empties the file once the database holds all
 * of them.
 *
 * Writes are synchronous on purpose: the row is in the file before the caller moves on,
 * which is the ordering the room host relies on, and no promise or thread hop is paid.
 */
export class Journal {
  private fd: number;
  private bytes: number;

  private constructor(readonly path: string) {
    this.fd = openSync(path, "a");
    this.bytes = fstatSync(this.fd).size;
  }

  static open(path: string): Journal {
    return new Journal(path);
  }

  /**
   * Everything a journal file holds. Every readable row is kept, wherever it is: a torn
   * last line (the process died mid-write) or a damaged line in the middle (a disk error,
   * a hand edit) is reported as unreadable and never stops the rows after it.
   */
  static read(path: string): JournalContents {
    const out: JournalContents = { entries: [], unreadable: [] };
    if (!existsSync(path)) return out;
    readFileSync(path, "utf8")
      .split("\n")
      .forEach((text, i) => {
        if (!text) return;
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          out.unreadable.push({ line: i + 1, text, why: "not JSON" });
          return;
        }
        const parsed = JournalEntrySchema.safeParse(json);
        if (parsed.success) out.entries.push(parsed.data as JournalEntry);
        else out.unreadable.push({ line: i + 1, text, why: parsed.error.issues[0]?.message ?? "not a journal row" });
      });
    return out;
  }

  append(entry: JournalEntry): void {
    this.bytes += writeSync(this.fd, `${JSON.stringify(entry)}\n`);
  }

  size(): number {
    return this.bytes;
  }

  /** Forget every row: only when the database holds all of them. */
  reset(): void {
    ftruncateSync(this.fd, 0);
    this.bytes = 0;
  }

  close(): void {
    closeSync(this.fd);
  }
}
