import { z } from "zod";
import {
  type AccountDirectory,
  ApiRefusal,
  bearerToken,
  type RouteDef,
  type RouteInput,
  type ServiceContext,
} from "../../../engine/module";
import { cardsFor, readsAnswers } from "./deck-answers";
import { DECK_LIMITS, DECK_PAGE, DeckBody, DeckListQuery } from "./deck-schema";
import {
  type DeckRow,
  deckCards,
  deleteDeck,
  latestDeck,
  mayUse,
  newDeckId,
  ownedBytes,
  ownedCount,
  pruneDeckVersions,
  saveDeck,
  usableDecks,
  withCardIds,
} from "./deck-store";

/** The signed-in user's id (an account's access token), or null. */
export async function userOf(ctx: ServiceContext, req: RouteInput): Promise<string | null> {
  const who = await ctx.identity?.fromToken(bearerToken(req.headers));
  return who?.kind === "user" ? who.id.slice("user:".length) : null;
}

export async function mustUser(ctx: ServiceContext, req: RouteInput): Promise<string> {
  const user = await userOf(ctx, req);
  if (!user)
    throw new ApiRefusal(401, "unauthorized", "Sign in: send your access token as Authorization: Bearer <token>.");
  return user;
}

function summary(d: DeckRow, userId: string | null) {
  return {
    deckid: d.deckid,
    version: d.version,
    name: d.name,
    decktype: d.decktype,
    cardCount: d.cardCount,
    visibility: d.visibility,
    orgid: d.orgId,
    builtin: d.builtin,
    mine: userId !== null && d.ownerId === userId,
  };
}

async function checkOrg(accounts: AccountDirectory | undefined, orgId: string | null | undefined, userId: string) {
  if (!orgId) return;
  if (!(await accounts?.roleIn(orgId, userId)))
    throw new ApiRefusal(403, "not_a_member", "You can only share a deck with an organisation you belong to.");
}

async function own(ctx: ServiceContext, req: RouteInput): Promise<{ row: DeckRow; user: string }> {
  const user = await mustUser(ctx, req);
  const row = await latestDeck(ctx.db, req.params.id ?? "");
  if (!row || !(await mayUse(ctx.db, row, user))) throw new ApiRefusal(404, "deck_not_found", "No such deck.");
  if (row.ownerId !== user) throw new ApiRefusal(403, "forbidden", "Only the deck's owner may change it.");
  return { row, user };
}

/** SerpentRace decks under /api/v1/decks, in the document's GameDeck shape and REST error format. */
export const deckRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/api/v1/decks",
    absolute: true,
    errors: "flat",
    summary: `Decks you may use: the built-in ones, public ones, yours and your organisations' (no cards), a page at a time (limit: ${DECK_PAGE.default} unless asked, at most ${DECK_PAGE.max}; nextCursor asks for the next page, null after the last)`,
    query: DeckListQuery,
    auth: "optional-bearer",
    refusals: [400],
    async handle(ctx, req) {
      const user = await userOf(ctx, req);
      const { limit, after } = pageOf(req.query);
      // One more than the page, to know whether another page follows.
      const rows = await usableDecks(ctx.db, user, { limit: limit + 1, after });
      const page = rows.slice(0, limit);
      const nextCursor = rows.length > limit ? cursorOf(page[page.length - 1]!.deckid) : null;
      return { status: 200, body: { decks: page.map((d) => summary(d, user)), nextCursor } };
    },
  },
  {
    method: "GET",
    path: "/api/v1/decks/:id",
    absolute: true,
    errors: "flat",
    summary:
      "One deck with its cards: with their answers for its owner (and an organisation deck's organisation owners and admins), the questions only for everyone else (withAnswers says which)",
    auth: "optional-bearer",
    async handle(ctx, req) {
      const user = await userOf(ctx, req);
      const row = await latestDeck(ctx.db, req.params.id ?? "");
      if (!row || !(await mayUse(ctx.db, row, user))) throw new ApiRefusal(404, "deck_not_found", "No such deck.");
      const withAnswers = await readsAnswers(ctx.accounts, row, user);
      const cards = (await deckCards(ctx.db, row.deckid, row.version)) ?? [];
      return { status: 200, body: { ...summary(row, user), withAnswers, cards: cardsFor(cards, withAnswers) } };
    },
  },
  {
    method: "POST",
    path: "/api/v1/decks",
    absolute: true,
    errors: "flat",
    summary: "Create a deck ({ name, decktype, cards }); cards without a cardid get one",
    body: DeckBody,
    bodyLimit: DECK_LIMITS.bodyBytes,
    perMinute: 30,
    async handle(ctx, req) {
      const user = await mustUser(ctx, req);
      const b = req.body as DeckBody;
      await checkOrg(ctx.accounts, b.orgid, user);
      if ((await ownedCount(ctx.db, user)) >= DECK_LIMITS.perOwner)
        throw new ApiRefusal(403, "quota_exceeded", `You may keep ${DECK_LIMITS.perOwner} decks; delete some first.`);
      const id = newDeckId();
      const cards = withCardIds(b.cards);
      await withinQuota(ctx.db, user, (db) =>
        saveDeck(
          db,
          { id, name: b.name, decktype: b.decktype, cards },
          { ownerId: user, orgId: b.orgid ?? null, visibility: b.visibility },
          ctx.now(),
        ),
      );
      const row = (await latestDeck(ctx.db, id))!;
      return { status: 201, body: { ...summary(row, user), withAnswers: true, cards } };
    },
  },
  {
    method: "PUT",
    path: "/api/v1/decks/:id",
    absolute: true,
    errors: "flat",
    summary: "Store a new version of your deck (games already started keep the version they began with)",
    body: DeckBody,
    bodyLimit: DECK_LIMITS.bodyBytes,
    perMinute: 30,
    async handle(ctx, req) {
      const { row, user } = await own(ctx, req);
      const b = req.body as DeckBody;
      await checkOrg(ctx.accounts, b.orgid, user);
      const cards = withCardIds(b.cards);
      await withinQuota(ctx.db, user, (db) =>
        saveDeck(
          db,
          { id: row.deckid, name: b.name, decktype: b.decktype, cards },
          { ownerId: user, orgId: b.orgid ?? null, visibility: b.visibility },
          ctx.now(),
        ),
      );
      const next = (await latestDeck(ctx.db, row.deckid))!;
      return { status: 200, body: { ...summary(next, user), withAnswers: true, cards } };
    },
  },
  {
    method: "DELETE",
    path: "/api/v1/decks/:id",
    absolute: true,
    errors: "flat",
    summary: "Delete your deck (games in progress keep their cards)",
    async handle(ctx, req) {
      const { row } = await own(ctx, req);
      await deleteDeck(ctx.db, row.deckid, ctx.now());
      await pruneDeckVersions(ctx.db, row.ownerId ?? "");
      return { status: 200, body: { message: "Deck deleted.", deckid: row.deckid } };
    },
  },
];

/**
 * Write, let go of the versions nobody can reach any more, and keep the result only if the
 * owner's stored decks still fit their quota (one transaction: a refused write leaves nothing).
 */
async function withinQuota(
  db: ServiceContext["db"],
  user: string,
  write: (db: ServiceContext["db"]) => Promise<unknown>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await write(trx);
    await pruneDeckVersions(trx, user);
    const used = await ownedBytes(trx, user);
    if (used > DECK_LIMITS.ownerBytes)
      throw new ApiRefusal(
        403,
        "quota_exceeded",
        `Your decks would hold ${mb(used)}; you may keep ${mb(DECK_LIMITS.ownerBytes)} (older versions count while a game in progress uses them). Delete some first.`,
      );
  });
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A page's cursor: the last deck id it showed, opaque to clients. */
const cursorOf = (deckid: string): string => Buffer.from(deckid, "utf8").toString("base64url");

/** `limit` and `cursor` of a deck listing, or a 400 `invalid_query` that says which is wrong. */
function pageOf(query: Record<string, string>): { limit: number; after: string | null } {
  const q = DeckListQuery.safeParse(query);
  if (!q.success)
    throw new ApiRefusal(
      400,
      "invalid_query",
      `${q.error.issues[0]?.path.join(".") || "query"}: ${q.error.issues[0]?.message ?? "invalid"}`,
    );
  const limit = q.data.limit === undefined ? DECK_PAGE.default : Number(q.data.limit);
  const after = q.data.cursor === undefined ? null : Buffer.from(q.data.cursor, "base64url").toString("utf8");
  if (after !== null && !z.string().min(1).max(200).safeParse(after).success)
    throw new ApiRefusal(400, "invalid_query", "cursor: not a cursor this server gave");
  return { limit, after };
}
