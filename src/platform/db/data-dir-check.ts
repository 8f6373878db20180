import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * The embedded database's data directory is checked before PGlite opens it, because PGlite
 * cannot be trusted to say what is wrong: a truncated WAL segment or control file ends it
 * with a bare `RuntimeError: Aborted()`, a truncated table file reads as an empty table
 * (the server then started with no rooms, and players got room_not_found), and a directory
 * without PG_VERSION is initialised afresh over whatever is in it. A server refuses to
 * start on a directory it cannot read, naming the directory and the problem, and changes
 * nothing in it.
 */
export class DataDirDamaged extends Error {
  constructor(
    readonly dataDir: string,
    readonly problem: string,
  ) {
    super(
      `The data directory ${dataDir} cannot be read: ${problem}. Parlor did not start and changed nothing in it; ` +
        "restore it from a backup, or move it aside to start with empty storage (docs/operations.md, Data).",
    );
    this.name = "DataDirDamaged";
  }
}

/**
 * Every file's size at the last graceful stop, written once PGlite has closed. Nothing runs
 * between a stop and the next start, and PostgreSQL's files never shrink (PGlite runs no
 * vacuum): a file missing or shorter at start was damaged in between.
 */
export const SIZES_FILE = "parlor-storage-sizes.json";

/** PostgreSQL's control file is exactly one 8 KB block. */
const CONTROL_FILE = "global/pg_control";
const CONTROL_BYTES = 8192;
/** WAL segment names: timeline, log and segment numbers, 24 hex digits. */
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** Files in a data directory that are Parlor's own, or PostgreSQL's per-run lock files. */
function notPostgresData(path: string): boolean {
  return path.startsWith("parlor-") || path === "postmaster.pid" || path === "postmaster.opts";
}

function listFiles(dir: string, under = dir, out: Map<string, number> = new Map()): Map<string, number> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, under, out);
    else if (entry.isFile()) {
      const path = relative(under, full);
      if (!notPostgresData(path)) out.set(path, statSync(full).size);
    }
  }
  return out;
}

const size = (n: number) => `${n.toLocaleString("en")} bytes`;

/**
 * Throws DataDirDamaged when `dataDir` holds a PostgreSQL data directory that cannot be
 * read. A directory that does not exist, or holds nothing of PostgreSQL's, is new storage.
 * Once it passes, the sizes kept at the last stop are let go: from here on the files change.
 */
export function checkDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  const files = listFiles(dataDir);
  if (files.size === 0) return;
  const damaged = (problem: string) => new DataDirDamaged(dataDir, problem);
  if (!files.has("PG_VERSION"))
    throw damaged(
      `it holds files (${[...files.keys()].slice(0, 3).join(", ")}…) but no PG_VERSION, so it is not a whole PostgreSQL data directory`,
    );
  const control = files.get(CONTROL_FILE);
  if (control === undefined) throw damaged(`${CONTROL_FILE} is missing`);
  if (control !== CONTROL_BYTES)
    throw damaged(
      `${CONTROL_FILE} is ${size(control)} long where a control file is ${size(CONTROL_BYTES)} (truncated?)`,
    );
  const segments = [...files].filter(([path]) => path.startsWith("pg_wal/") && WAL_SEGMENT.test(path.slice(7)));
  if (segments.length === 0) throw damaged("pg_wal holds no WAL segment");
  // Every segment of one cluster has the same size, a power of two of at least 1 MB.
  const segmentBytes = Math.max(...segments.map(([, n]) => n));
  const powerOfTwo = segmentBytes >= 1024 * 1024 && (segmentBytes & (segmentBytes - 1)) === 0;
  for (const [path, n] of segments)
    if (!powerOfTwo || n !== segmentBytes)
      throw damaged(`the WAL segment ${path} is ${size(n)} long where a segment is ${size(segmentBytes)} (truncated?)`);

  const kept = readSizes(dataDir);
  if (kept)
    for (const [path, was] of Object.entries(kept)) {
      const now = files.get(path);
      if (now === undefined) throw damaged(`${path} is missing (it held ${size(was)} at the last stop)`);
      if (now < was) throw damaged(`${path} is ${size(now)} long but held ${size(was)} at the last stop (truncated?)`);
    }
  rmSync(join(dataDir, SIZES_FILE), { force: true });
}

function readSizes(dataDir: string): Record<string, number> | null {
  const path = join(dataDir, SIZES_FILE);
  if (!existsSync(path)) return null;
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as { sizes?: Record<string, number> };
    return parsed.sizes ?? null;
  } catch {
    // A damaged record of sizes is no evidence about the data: the other checks still ran.
    return null;
  }
}

/** After a graceful stop (PGlite closed): every file's size, for the next start to compare. */
export function recordDataDir(dataDir: string, now = Date.now()): void {
  const sizes = Object.fromEntries(listFiles(dataDir));
  const path = join(dataDir, SIZES_FILE);
  // Written beside and renamed: a stop cut short never leaves half a record.
  writeFileSync(`${path}.tmp`, JSON.stringify({ at: now, sizes }));
  renameSync(`${path}.tmp`, path);
}
