import { afterEach, describe, expect, it, vi } from "vitest";
import { shareOrCopy } from "./share";

/** A browser's navigator with (or without) a share sheet, and a clipboard that records what it got. */
function browser(share?: (d: ShareData) => Promise<void>) {
  const copied: string[] = [];
  const shared: ShareData[] = [];
  vi.stubGlobal("navigator", {
    ...(share
      ? {
          share: async (d: ShareData) => {
            shared.push(d);
            await share(d);
          },
        }
      : {}),
    clipboard: { writeText: async (t: string) => void copied.push(t) },
  });
  return { copied, shared };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("shareOrCopy: the share sheet where there is one, the clipboard otherwise", () => {
  const link = { title: "Trivia Duel room K7QX2M", url: "https://parlor.example/trivia/K7QX2M" };

  it("hands the link to the share sheet and copies nothing", async () => {
    const b = browser(async () => {});
    expect(await shareOrCopy(link)).toBe("shared");
    expect(b.shared).toEqual([link]);
    expect(b.copied).toEqual([]);
  });

  it("copies the link where the browser has no share sheet", async () => {
    const b = browser();
    expect(await shareOrCopy(link)).toBe("copied");
    expect(b.copied).toEqual([link.url]);
  });

  it("copies it when the sheet fails, and does nothing when the person closes it", async () => {
    const failing = browser(async () => {
      throw Object.assign(new Error("not allowed"), { name: "NotAllowedError" });
    });
    expect(await shareOrCopy(link)).toBe("copied");
    expect(failing.copied).toEqual([link.url]);
    const closed = browser(async () => {
      throw Object.assign(new Error("closed"), { name: "AbortError" });
    });
    expect(await shareOrCopy(link)).toBe("cancelled");
    expect(closed.copied).toEqual([]);
  });

  it("a text without a link is what gets copied", async () => {
    const b = browser();
    expect(await shareOrCopy({ text: "Cricket Bingo 3×3: 2,350" })).toBe("copied");
    expect(b.copied).toEqual(["Cricket Bingo 3×3: 2,350"]);
  });
});
