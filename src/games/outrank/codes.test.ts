import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
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

/** The first cell of each row of the section's code table: `| \`hand_full\` | … |`. */
function tableCodes(text: string): string[] {
  return [...text.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1] as string);
}

describe("the protocol document's refusal codes", () => {
  const listed = tableCodes(section("Refusal codes"));
  const coded = Object.keys(REFUSALS);

  it("lists every code the rules can give", () => {
    expect(coded.filter((c) => !listed.includes(c))).toEqual([]);
  });

  it("lists no code the rules cannot give, and each once", () => {
    expect(listed.filter((c) => !coded.includes(c))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("names only known codes where it tells which action may be refused with what", () => {
    const platform = section("Refusal codes").match(/The platform's gateway[\s\S]*$/)?.[0] ?? "";
    const platformCodes = [...platform.matchAll(/`([a-z_]+)`/g)].map((m) => m[1] as string);
    expect(platformCodes).toContain("rate_limited");
    const actions = section("Client → server");
    const rows = actions.split("\n").filter((l) => /^\| `[a-zA-Z]+/.test(l));
    expect(rows.length).toBeGreaterThan(10);
    const named = rows.flatMap((l) => [...(l.split("|")[3] ?? "").matchAll(/`([a-z_]+)`/g)].map((m) => m[1] as string));
    expect(named.length).toBeGreaterThan(20);
    // The column also names a setting now and then (`youngest`); everything else is a code.
    const settings = Object.keys(DEFAULT_SETTINGS);
    const unknown = named.filter((c) => !coded.includes(c) && !platformCodes.includes(c) && !settings.includes(c));
    expect(unknown).toEqual([]);
  });
});
