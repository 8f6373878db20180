import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { GameModule, ServiceContext, ServiceModule } from "../engine/module";
import { Accounts } from "../platform/accounts/accounts";
import { accountMigrations } from "../platform/accounts/migrations";
import { ContentBlobs } from "../platform/content-store";
import { connectDb } from "../platform/db/connect";
import { DataDirDamaged } from "../platform/db/data-dir-check";
import { migrate } from "../platform/db/migrations";
import { StorageCheck, StorageUnreadable } from "../platform/db/storage-check";
import { DeploymentSecrets } from "../platform/deployment-secrets";
import { Identities } from "../platform/identities";
import { InputLog } from "../platform/input-log";
import { Journal } from "../platform/journal";
import { describeLoss, openJournalMark } from "../platform/journal-mark";
import { SeatTokens } from "../platform/seat-tokens";
import type { Config } from "./config";
import { oneNodeAtATime } from "./startup-lock";

/** The embedded mode's write-ahead file of input rows, inside DATA_DIR (see journal.ts). */
export const JOURNAL_FILE = "parlor-input-journal.ndjson";

/**
 * The database, checked readable, migrated and set up (seat tokens, identities, accounts,
 * content, the games' own `init`), with the services games get.
 */
export async function openData(
  config: Config,
  games: GameModule[],
  serviceGames: ServiceModule[],
  logger: FastifyBaseLogger,
) {
  const inMemory = config.DATA_DIR.startsWith("memory://");
  const dbh = await connectDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    pgliteThread: config.PGLITE_THREAD === "auto" ? (inMemory ? "main" : "worker") : config.PGLITE_THREAD,
    pgliteSharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
    onIdleError: (err) => logger.warn({ err }, "PostgreSQL closed an idle connection"),
  });
  // Nothing reads or writes the tables before they are known to be readable: a server
  // started on damaged storage would look healthy with rooms missing, or write over them.
  const storage = new StorageCheck(dbh.db, dbh.kind === "pglite");
  const onDisk = dbh.kind === "pglite" && !inMemory;
  // The database is left open on failure: closing it writes a checkpoint into the damaged
  // directory, and the process is about to exit anyway.
  const unreadable = (err: unknown) =>
    onDisk && err instanceof StorageUnreadable ? new DataDirDamaged(config.DATA_DIR, err.message) : err;
  await storage.verify().catch((err) => {
    throw unreadable(err);
  });
  const gameMigrations = Object.assign(
    { ...accountMigrations },
    ...[...games, ...serviceGames].map((g) => g.migrations ?? {}),
  );
  // Several nodes on one PostgreSQL start together: one sets up at a time.
  const setUp = await oneNodeAtATime(dbh.db as never, dbh.kind, async () => {
    await migrate(dbh.db as never, gameMigrations);
    const tokens = await SeatTokens.open(dbh.db as never, config.SEAT_TOKEN_SECRET);
    const identity = await Identities.open(dbh.db as never, config.IDENTITY_SECRET);
    const accounts = new Accounts(dbh.db, identity);
    const content = new ContentBlobs(dbh.db, {
      elsewhere: async () => {
        let bytes = 0;
        for (const g of games) bytes += (await g.storedBytes?.(services)) ?? 0;
        return bytes;
      },
    });
    const secrets = new DeploymentSecrets(dbh.db as never, { "daily-seed": config.DAILY_SEED_SECRET });
    const services: ServiceContext = {
      db: dbh.db,
      now: () => Date.now(),
      contentQuotaBytes: config.CONTENT_QUOTA_MB * 1024 * 1024,
      identity,
      accounts,
      content,
      secret: (name) => secrets.get(name),
    };
    for (const g of [...games, ...serviceGames]) await g.init?.(services);
    // Content sent with rooms that closed since the last run (and unused for a while) goes.
    const purged = await content.purge();
    if (purged) logger.info({ purged }, "stored content no open room names was let go");
    return { tokens, identity, accounts, services };
  });
  await storage.check().catch((err) => {
    throw unreadable(err);
  });
  return { dbh, storage, onDisk, ...setUp };
}

/**
 * The durable input log. Embedded on disk: inputs are durable once in the journal file, and
 * PGlite (whose statements stall now and then) takes them in the background. PostgreSQL
 * commits without blocking, and is the log other nodes read, so it needs no journal. What
 * an operator must hear of (a journal lost after a crash) comes back as `warnings`.
 */
export async function openInputLog(
  data: Pick<Awaited<ReturnType<typeof openData>>, "dbh" | "onDisk">,
  config: Config,
  shared: boolean,
  logger: FastifyBaseLogger,
) {
  const { dbh, onDisk } = data;
  const journalFile = join(config.DATA_DIR, JOURNAL_FILE);
  // Checked before the journal is opened (opening creates the file): a journal deleted after
  // a crash took acknowledged inputs with it, which nothing else would ever tell.
  const warnings: string[] = [];
  const journalLoss = onDisk ? await openJournalMark(dbh.db as never, journalFile) : null;
  if (journalLoss) {
    const what = describeLoss(journalLoss);
    warnings.push(what);
    logger.error({ file: journalLoss.file, openRooms: journalLoss.openRooms, rooms: journalLoss.roomCodes }, what);
  }
  const log = new InputLog(dbh.db, { journal: onDisk ? Journal.open(journalFile) : null, shared });
  const restored = await log.restoreJournal();
  if (restored.restored) logger.info({ rows: restored.restored }, "input journal copied into the database");
  if (restored.setAside)
    logger.warn(
      { rows: restored.setAside, file: restored.setAsideFile },
      "input journal rows that could not be restored were set aside",
    );
  return { log, warnings };
}
