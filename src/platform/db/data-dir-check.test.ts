import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkDataDir, DataDirDamaged, recordDataDir, SIZES_FILE } from "./data-dir-check";

const root = mkdtempSync(join(tmpdir(), "parlor-datadir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
function dir(files: Record<string, number>): string {
  const d = join(root, `d${++n}`);
  mkdirSync(d);
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(join(d, path, ".."), { recursive: true });
    writeFileSync(join(d, path), Buffer.alloc(bytes));
  }
  return d;
}
/** The files of a (tiny) PostgreSQL data directory, sized as checkDataDir expects. */
const cluster = {
  PG_VERSION: 3,
  "global/pg_control": 8192,
  "pg_wal/000000010000000000000001": 1 << 20,
  "base/5/1259": 16384,
};

describe("a data directory before PGlite opens it", () => {
  it("is new storage when it does not exist, is empty, or holds only Parlor's own files", () => {
    expect(() => checkDataDir(join(root, "missing"))).not.toThrow();
    expect(() => checkDataDir(dir({}))).not.toThrow();
    expect(() => checkDataDir(dir({ "parlor-input-journal.ndjson": 10 }))).not.toThrow();
  });

  it("is refused when it holds files but no PG_VERSION: PGlite would make a new database over them", () => {
    const d = dir({ "base/5/1259": 8192, "global/pg_control": 8192 });
    expect(() => checkDataDir(d)).toThrow(DataDirDamaged);
    expect(() => checkDataDir(d)).toThrow(/no PG_VERSION/);
  });

  it("is refused with a damaged control file or WAL segment, and passes whole", () => {
    expect(() => checkDataDir(dir(cluster))).not.toThrow();
    expect(() => checkDataDir(dir({ ...cluster, "global/pg_control": 100 }))).toThrow(
      /global\/pg_control is 100 bytes/,
    );
    expect(() => checkDataDir(dir({ ...cluster, "pg_wal/000000010000000000000002": 4096 }))).toThrow(
      /WAL segment pg_wal\/000000010000000000000002 is 4,096 bytes/,
    );
  });

  it("compares every file with its size at the last graceful stop, then lets that record go", () => {
    const d = dir(cluster);
    recordDataDir(d);
    writeFileSync(join(d, "base/5/1259"), Buffer.alloc(8192));
    expect(() => checkDataDir(d)).toThrow(/base\/5\/1259 is 8,192 bytes long but held 16,384 bytes at the last stop/);
    const e = dir(cluster);
    recordDataDir(e);
    rmSync(join(e, "base/5/1259"));
    expect(() => checkDataDir(e)).toThrow(/base\/5\/1259 is missing/);
    // Grown files are fine (a crash's WAL replay, say), and the record is gone once it passed.
    const f = dir(cluster);
    recordDataDir(f);
    writeFileSync(join(f, "base/5/1259"), Buffer.alloc(24576));
    expect(() => checkDataDir(f)).not.toThrow();
    expect(() => checkDataDir(f)).not.toThrow();
    expect(existsSync(join(f, SIZES_FILE))).toBe(false);
  });
});
