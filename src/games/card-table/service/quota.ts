import { ApiRefusal, type ServiceContext } from "../../../engine/module";
import { DEFAULT_CONTENT_QUOTA_BYTES, PACK_LIMITS } from "./limits";
import { ownerUsage, storedUploadBytes } from "./pack-store";

/**
 * Whether `owner` may store `incoming` more bytes (and `newPacks` more uploaded packs):
 * the owner's share counts every byte they keep (uploaded packs whole, names and
 * descriptions included, uploaded definitions, and whatever they sent with new tables,
 * stored in the platform's content store), and the server's total counts everything every
 * game stores. Refuses with `quota_exceeded` or `storage_full`.
 */
export async function admitContent(ctx: ServiceContext, owner: string, incoming: number, newPacks = 0): Promise<void> {
  const own = await ownerUsage(ctx.db, owner);
  const stored = ctx.content ? await ctx.content.usage(owner) : { owner: 0, total: await storedUploadBytes(ctx.db) };
  if (own.packs + newPacks > PACK_LIMITS.ownerPacks)
    throw new ApiRefusal(
      403,
      "quota_exceeded",
      `You may keep ${PACK_LIMITS.ownerPacks} packs; delete some before uploading more.`,
    );
  if (own.bytes + stored.owner + incoming > PACK_LIMITS.ownerBytes)
    throw new ApiRefusal(
      403,
      "quota_exceeded",
      `What you upload may take ${PACK_LIMITS.ownerBytes / (1024 * 1024)} MB in all; delete some packs before uploading more.`,
    );
  if (stored.total + incoming > (ctx.contentQuotaBytes ?? DEFAULT_CONTENT_QUOTA_BYTES))
    throw new ApiRefusal(507, "storage_full", "This server has no room for more uploads right now.");
}
