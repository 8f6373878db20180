/**
 * Another writer already holds this sequence number of the room's log: a second node applied
 * an input to the same version. The loser reloads and tries again on the fresh state.
 */
export class LogConflict extends Error {
  constructor(
    readonly roomUid: string,
    readonly seq: number,
  ) {
    super(`room ${roomUid} already has input ${seq}`);
    this.name = "LogConflict";
  }
}

/** An open room already has this code (the code index is unique across nodes). */
export class CodeTaken extends Error {
  constructor(readonly code: string) {
    super(`an open room already has code ${code}`);
    this.name = "CodeTaken";
  }
}

/** The durable log could not be written (PostgreSQL unreachable): nothing was stored. */
export class StorageUnavailable extends Error {
  constructor(cause: unknown) {
    super(`the input log cannot be written: ${String((cause as Error)?.message ?? cause)}`, { cause });
    this.name = "StorageUnavailable";
  }
}

/** PostgreSQL's unique_violation (PGlite reports the same SQLSTATE). */
export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23505";
