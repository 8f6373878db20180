/** What became of a share: the sheet took it, it was copied instead, the person closed the sheet, or neither worked. */
export type ShareResult = "shared" | "copied" | "cancelled" | "failed";

/** The browser's share sheet, where it has one (phones, mostly; most desktop browsers do not). */
export const canShare = (): boolean => typeof navigator !== "undefined" && typeof navigator.share === "function";

/**
 * Hand a link or a text to the phone's share sheet (Web Share API); where there is none, or
 * it fails, copy it instead. Closing the sheet is the person's choice and copies nothing.
 */
export async function shareOrCopy(data: { title?: string; text?: string; url?: string }): Promise<ShareResult> {
  if (canShare()) {
    try {
      await navigator.share(data);
      return "shared";
    } catch (err) {
      if ((err as { name?: string }).name === "AbortError") return "cancelled";
    }
  }
  try {
    await navigator.clipboard.writeText(data.url ?? data.text ?? "");
    return "copied";
  } catch {
    return "failed";
  }
}
