import type { ColumnType, Generated } from "kysely";

/** Rooms of every game. `uid` keys the durable log; `code` is the short shareable code. */
export interface RoomsTable {
  uid: string;
  code: string;
  game: string;
  options: ColumnType<unknown, string, string>;
  seed: string;
  time_scale: number;
  created_at: ColumnType<number, number, never>;
  /** open: live or recoverable; closed: finished and dropped from the live store. */
  status: string;
  updated_at: number;
}

/** The input log: every accepted input, in order, before it is acknowledged. */
export interface RoomInputsTable {
  room_uid: string;
  seq: number;
  at: number;
  kind: string;
  actor: string | null;
  intent: ColumnType<unknown, string | null, never>;
  /** Platform data that the rules never see (seat credentials as hashes). */
  meta: ColumnType<unknown, string | null, never>;
}

/** Immutable content that rooms name by hash (content-store.ts). */
export interface ContentBlobsTable {
  hash: string;
  game: string;
  kind: string;
  /** The owner key's hash (never the key). */
  owner: string;
  bytes: number;
  body: ColumnType<unknown, string, never>;
  created_at: ColumnType<number, number, never>;
  used_at: number;
}

export interface Database {
  rooms: RoomsTable;
  room_inputs: RoomInputsTable;
  content_blobs: ContentBlobsTable;
  parlor_migrations_probe?: { id: Generated<number> };
}
