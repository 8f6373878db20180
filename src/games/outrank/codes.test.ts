import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PLATFORM_REFUSALS } from "../../engine/refusals";
import { REFUSALS } from "./codes";
import { DEFAULT_SETTINGS } from "./settings";

const doc = readFileSync(fileURLToPath(new URL("../../../docs/protocols/outrank.md", import.meta.url)), "utf8");

/** The text of one `## ` section of the protocol document. */
function section(title: string): string {
  const start = doc.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`docs/protocols/outrank.md has no "## ${title}" section`);
  const end = doc.indexOf("\n## ", start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

describe("the protocol document's actions", () => {
  it("names only known codes where it tells which action may be refused with what", () => {
    const actions = section("Client → server");
    const rows = actions.split("\n").filter((l) => /^\| `[a-zA-Z]+/.test(l));
    expect(rows.length).toBeGreaterThan(10);
    const named = rows.flatMap((l) => [...(l.split("|")[3] ?? "").matchAll(/`([a-z_]+)`/g)].map((m) => m[1] as string));
    expect(named.length).toBeGreaterThan(20);
    // The column also names a setting now and then (`youngest`); everything else is a code.
    const settings = Object.keys(DEFAULT_SETTINGS);
    const unknown = named.filter((c) => !(c in REFUSALS) && !(c in PLATFORM_REFUSALS) && !settings.includes(c));
    expect(unknown).toEqual([]);
  });
});
