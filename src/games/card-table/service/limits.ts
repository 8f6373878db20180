/**
 * What uploads and rooms may hold. Each bound is there so that the worst a client can do
 * within them still leaves a server that runs and restarts on its own data (see the
 * restart test in test/cards-content-limits.test.ts and docs/operations.md).
 */
export const PACK_LIMITS = {
  /** One uploaded pack's cards as stored JSON. */
  packBytes: 1024 * 1024,
  /** Cards in one pack. */
  packCards: 3000,
  /** Request body of a pack upload (the pack plus its JSON framing). */
  uploadBody: 1200 * 1024,
  /** Request body of a community CAH import, and the packs one import may create. */
  importBody: 4 * 1024 * 1024,
  importPacks: 30,
  /** What one owner may keep (deleted packs no longer count). */
  ownerPacks: 50,
  ownerBytes: 10 * 1024 * 1024,
  /** Uploads per client address per minute. */
  uploadsPerMinute: 20,
  /** Uploaded packs one room may name, and the cards all of a room's packs may hold together. */
  roomPacks: 20,
  roomCards: 10_000,
  /** Packs sent with a new room, together (stored as the sender's content; the room names them by hash). */
  inlineBytes: 256 * 1024,
  /** A game definition, uploaded or sent with a new room. */
  definitionBytes: 64 * 1024,
} as const;

/** All uploaded content together, unless the operator sets CONTENT_QUOTA_MB. */
export const DEFAULT_CONTENT_QUOTA_BYTES = 200 * 1024 * 1024;
