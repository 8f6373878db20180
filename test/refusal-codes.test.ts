import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gameRefusals, refusalSections, withSection } from "../src/cli/refusal-docs";
import { HTTP_REFUSALS, PLATFORM_REFUSALS } from "../src/engine/refusals";

/**
 * Refusal codes are a closed vocabulary: the platform's (src/engine/refusals.ts) and each
 * game's (its codes.ts). Every code the source refuses with is declared, every declared code
 * is used, and every one is in the protocol docs, so a client author can rely on the list.
 */

/** Where a refusal code is written in the source: the calls and fields that carry one. */
const SITES = [
  /\brefuse\w*\(\s*"([a-z_]+)"/g,
  /Refusal\(\s*(?:\d+\s*,\s*)?"([a-z_]+)"/g,
  /\binvalid\(\s*"([a-z_]+)"/g,
  /\bcode:\s*"([a-z_]+)"/g,
  /\bcode\s*\?\s*"([a-z_]+)"\s*:\s*"([a-z_]+)"/g,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    // Table definitions name columns, not refusals (`notNull({ code: "text" })` is a column).
    const schema = p.endsWith("migrations.ts") || p.endsWith("db/columns.ts");
    return p.endsWith(".ts") && !p.endsWith(".test.ts") && !p.includes("test-") && !schema ? [p] : [];
  });
}

function codesUsedIn(dirs: string[]): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of dirs.flatMap(sourceFiles)) {
    const text = readFileSync(file, "utf8");
    for (const site of SITES)
      for (const m of text.matchAll(site))
        for (const code of m.slice(1)) if (code && !used.has(code)) used.set(code, file);
  }
  return used;
}

/** zod's own issue codes, written where a schema adds an issue: not refusals. */
const NOT_REFUSALS = new Set(["custom"]);

/** Every game in the registry, by id: its codes.ts is src/games/<id>/codes.ts. */
const GAMES = gameRefusals();

const documented = (doc: string) => {
  const text = readFileSync(doc, "utf8");
  return (code: string) => text.includes(`\`${code}\``);
};

/** Source sites where a code is written: a no(…) helper too (SerpentRace's watch refusals). */
SITES.push(/\bno\(\s*"([a-z_]+)"/g, /\bsuper\(\s*\d+\s*,\s*"([a-z_]+)"/g);
SITES.push(/(?:Refusal\(\s*\d+\s*,|const code =)[^;]*?\?\s*"([a-z_]+)"\s*:\s*"([a-z_]+)"/g);

describe("refusal codes", () => {
  const platform = { ...PLATFORM_REFUSALS, ...HTTP_REFUSALS };
  const platformUsed = codesUsedIn(["src/server", "src/platform", "src/engine"]);
  const gameUsed = Object.fromEntries(Object.keys(GAMES).map((g) => [g, codesUsedIn([`src/games/${g}`])]));

  it("the platform refuses only with its declared codes, and documents each one", () => {
    const undeclared = [...platformUsed].filter(([c]) => !(c in platform) && !NOT_REFUSALS.has(c));
    expect(undeclared.map(([c, f]) => `${c} (${f})`)).toEqual([]);
    const inDocs = documented("docs/protocols/platform.md");
    expect(Object.keys(platform).filter((c) => !inDocs(c))).toEqual([]);
  });

  for (const [game, codes] of Object.entries(GAMES)) {
    it(`${game} refuses only with declared codes, uses every one it declares, and documents them`, () => {
      const used = gameUsed[game] as Map<string, string>;
      const undeclared = [...used].filter(([c]) => !(c in codes) && !(c in platform) && !NOT_REFUSALS.has(c));
      expect(undeclared.map(([c, f]) => `${c} (${f})`)).toEqual([]);
      expect(Object.keys(codes).filter((c) => !used.has(c))).toEqual([]);
      // A game's own code does not shadow the platform's: one code, one meaning.
      expect(Object.keys(codes).filter((c) => c in platform)).toEqual([]);
      const inDocs = documented(`docs/protocols/${game}.md`);
      expect(Object.keys(codes).filter((c) => !inDocs(c))).toEqual([]);
    });
  }

  it("the tables in docs/protocols are the ones the codes make (npm run docs:refusals)", () => {
    for (const [file, section] of Object.entries(refusalSections())) {
      const text = readFileSync(file, "utf8");
      expect(withSection(text, section), file).toBe(text);
    }
  });

  it("every platform code is used somewhere", () => {
    const all = new Set([...platformUsed.keys(), ...Object.values(gameUsed).flatMap((m) => [...m.keys()])]);
    expect(Object.keys(platform).filter((c) => !all.has(c))).toEqual([]);
  });
});
