import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { ApiRefusal, bearerToken, type RouteDef, type RouteInput, type ServiceContext } from "../../../engine/module";
import { ownerOf } from "../../../engine/owner";
import { RoomCode } from "../../../engine/room-code-schema";
import { CardId } from "../content/schema";
import { resolvePacks } from "../deck";
import { CARD_TABLE_ID } from "../rules";
import type { Card, CardTableState } from "../state";
import { everyCard } from "../zones";
import { cardLibrary } from "./card-library";
import { prepareCardContent } from "./pack-cache";
import { latestPack } from "./pack-store";

/**
 * "Report this card" (docs/games/card-table.md, Decisions D18): a card seen at a table is
 * reported to whoever can mend its pack. The report names the room and the card; the server
 * reads the card's text and pack from the room itself, so a report cannot put words in a
 * pack's mouth. Uploaded packs' reports are read by their owner, shipped ones' by the operator.
 */

export const REPORT_REASONS = ["offensive", "hateful", "explicit", "broken", "other"] as const;
export const REPORT_NOTE_MAX = 200;
/** Reports per minute per address: a lead reports a card now and then, never in bulk. */
const REPORTS_PER_MINUTE = 10;
/** Reports one page of the reading route returns. */
const READ_LIMIT = 200;
/** The deployment secret an operator sends as a bearer token to read every pack's reports. */
const OPERATOR_SECRET = "card-reports";

const ReportBody = z
  .object({
    room: RoomCode,
    cardId: CardId,
    reason: z.enum(REPORT_REASONS),
    note: z.string().trim().max(REPORT_NOTE_MAX).optional(),
  })
  .strict();
const Report = z.object({
  id: z.int(),
  packId: z.string().nullable().describe("null: a blank card written at the table"),
  cardId: z.string(),
  text: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  room: z.string(),
  createdAt: z.string(),
});
const ReportsQuery = z.object({ packId: z.string().max(100).optional() });

/** The card as the room holds it (in play or vetoed), with the pack it was dealt from. */
export function cardOrigin(
  s: CardTableState,
  cardId: string,
  packs: { id: string; cards: Record<string, { id: string }[]> }[],
): { card: Card; packId: string | null } | null {
  const card = [...everyCard(s).flatMap((z) => z.cards), ...(s.vetoed ?? [])].find((c) => c.id === cardId);
  if (!card) return null;
  if (card.properties.blank === true || card.properties.writeIn === true) return { card, packId: null };
  // A card keeps its pack's id, or takes "-<pack id>" (and "-<n>") when another pack's card had it first (deck.ts).
  const pack = packs.find((p) =>
    (p.cards[card.type] ?? []).some((c) => c.id === card.id || card.id.startsWith(`${c.id}-${p.id}`)),
  );
  return { card, packId: pack?.id ?? null };
}

async function isOperator(ctx: ServiceContext, req: RouteInput): Promise<boolean> {
  const sent = bearerToken(req.headers);
  const key = sent && ctx.secret ? await ctx.secret(OPERATOR_SECRET) : undefined;
  if (!sent || !key) return false;
  const [a, b] = [Buffer.from(sent), Buffer.from(key)];
  return a.length === b.length && timingSafeEqual(a, b);
}

interface ReportRow {
  id: number;
  pack_id: string | null;
  card_id: string;
  card_text: string;
  reason: (typeof REPORT_REASONS)[number];
  note: string | null;
  room: string;
  created_at: Date | string;
}

const asReport = (r: ReportRow): z.infer<typeof Report> => ({
  id: Number(r.id),
  packId: r.pack_id,
  cardId: r.card_id,
  text: r.card_text,
  reason: r.reason,
  note: r.note,
  room: r.room,
  createdAt: new Date(r.created_at).toISOString(),
});

export const reportRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/reports",
    summary: "Report a card seen at a table (room code and card id; the server reads its text and pack from the room)",
    body: ReportBody,
    perMinute: REPORTS_PER_MINUTE,
    responses: { 201: Report },
    refusals: [404],
    async handle(ctx, req) {
      const body = req.body as z.infer<typeof ReportBody>;
      const rec = await ctx.rooms?.get(body.room);
      if (!rec || rec.game !== CARD_TABLE_ID) throw new ApiRefusal(404, "room_not_found", "There is no such table.");
      const s = rec.state as CardTableState;
      await prepareCardContent(rec.options, ctx);
      const packs = resolvePacks(s, cardLibrary);
      const found = cardOrigin(s, body.cardId, Array.isArray(packs) ? packs : []);
      if (!found) throw new ApiRefusal(404, "card_not_found", `No card ${body.cardId} at this table.`);
      const row = await ctx.db
        .insertInto("card_reports")
        .values({
          pack_id: found.packId,
          card_id: found.card.id,
          card_text: found.card.properties.text ?? "",
          reason: body.reason,
          note: body.note || null,
          room: body.room,
          created_at: new Date(ctx.now()),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { status: 201, body: asReport(row as ReportRow) };
    },
  },
  {
    method: "GET",
    path: "/reports",
    summary:
      "Reports of a pack, newest first: an uploaded pack's for its owner (X-Parlor-Owner); any pack's, or all, for the operator (bearer: the deployment secret card-reports)",
    query: ReportsQuery,
    responses: { 200: z.object({ reports: z.array(Report) }) },
    refusals: [403],
    async handle(ctx, req) {
      const packId = req.query.packId;
      const operator = await isOperator(ctx, req);
      if (!operator) {
        const owner = ownerOf(req);
        const row = packId ? await latestPack(ctx.db, packId) : null;
        if (!owner || !row || row.owner !== owner)
          throw new ApiRefusal(403, "not_owner", "Only a pack's owner (or the operator) reads its reports.");
      }
      let q = ctx.db.selectFrom("card_reports").selectAll().orderBy("id", "desc").limit(READ_LIMIT);
      if (packId) q = q.where("pack_id", "=", packId);
      const rows = (await q.execute()) as ReportRow[];
      return { status: 200, body: { reports: rows.map(asReport) } };
    },
  },
];
