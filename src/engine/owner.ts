import { createHash } from "node:crypto";
import { ApiRefusal, type RouteInput } from "./module";

/**
 * Uploads (and content sent with a new room) belong to whoever sent them: the browser keeps
 * a random owner key and sends it as `X-Parlor-Owner` (until accounts exist). Only its hash is stored, so the database
 * holds nothing that proves ownership to anyone who reads it.
 */
export const OWNER_HEADER = "x-parlor-owner";
const VALID = /^[A-Za-z0-9_-]{16,128}$/;

export function ownerOf(req: Pick<RouteInput, "headers">): string | null {
  const key = req.headers[OWNER_HEADER];
  if (!key || !VALID.test(key)) return null;
  return createHash("sha256").update(`parlor-owner\u0000${key}`).digest("base64url");
}

export function requireOwner(req: Pick<RouteInput, "headers">): string {
  const owner = ownerOf(req);
  if (!owner)
    throw new ApiRefusal(
      401,
      "owner_required",
      "Send an X-Parlor-Owner header (16-128 letters, digits, - or _) that you keep: what you upload belongs to it.",
    );
  return owner;
}
