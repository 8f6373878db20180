import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Comments and docs cite only what the repository holds. A decision that shapes the code is
 * written in the project's own docs, numbered under "Decisions" (docs/architecture.md for
 * every game's, docs/games/<game>.md for one game's), and cited as
 * `docs/games/<game>.md, Decisions D<n>`. The design documents and the notes that settled
 * them live outside the repository, so nothing may point at them: a reader of the code could
 * not follow the reference.
 */

const ROOT = join(import.meta.dirname, "..");

/** Names of files outside the repository that code and docs once cited. Built from parts, so this file is no hit. */
const OUTSIDE: { what: string; pattern: RegExp }[] = [
  { what: "the rulings notes", pattern: new RegExp(`\\b${"RUL"}INGS\\b`) },
  { what: "the shared design folder", pattern: new RegExp(`\\.\\./${"shared"}\\b|/work/${"shared"}\\b`) },
  { what: "a design document's path", pattern: new RegExp(`\\b${"seeds"}/[\\w.-]+\\.(md|txt)\\b`) },
  { what: "the design notes", pattern: new RegExp(`\\b(${"DESIGN"}|${"STYLE"})\\.md\\b`) },
];

/**
 * The design documents number their sections, and code once cited them by the section sign
 * and a number; the sign is built from its code point, so this file is no hit. In code
 * (comments, test titles, strings alike) under these folders the sign stands nowhere but in
 * the places listed: a rule is cited by its heading in the game's doc instead.
 */
const SECTION = String.fromCodePoint(0xa7);
const CODE_DIRS = ["src/", "web/src/", "test/", "bench/"];
const CODE_FILE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
/** Where the sign is no citation: the home page's glyph for SerpentRace's card. */
const SECTION_SIGN_ALLOWED = [{ path: "web/src/app/registry.tsx", line: `glyph: "${SECTION}",` }];

/** Each line of a code file holding the sign, as "path:line: text", unless that line is allowed. */
function sectionSigns(path: string, text: string): string[] {
  if (!CODE_DIRS.some((d) => path.startsWith(d)) || !CODE_FILE.test(path)) return [];
  return text
    .split("\n")
    .flatMap((line, i) =>
      line.includes(SECTION) && !SECTION_SIGN_ALLOWED.some((a) => a.path === path && line.trim() === a.line)
        ? [`${path}:${i + 1}: ${line.trim()}`]
        : [],
    );
}

/** `docs/….md, Decisions D4` (also "D4 and D5", "D4, D5"); the comma may end a comment line. */
const CITATION = /\b(docs\/[\w./-]+\.md),(?:\s|\*|\/\/|#)*Decisions\s+(D\d+(?:(?:\s*,\s*|\s+and\s+)D\d+)*)/g;
/** `docs/….md, "Scoring"`: a part of a doc cited by its heading; the quote may run over a comment's lines. */
const HEADING_CITATION = /\b(docs\/[\w./-]+\.md),(?:\s|\*|\/\/|#)*"([^"]+)"/g;
/** Where a doc defines a decision: a heading `### D4. …` or a bold lead `**D4. …**`. */
const DEFINITION = /^(?:#{2,6}\s+|\s*(?:[-*]\s+)?\*\*)D(\d+)\.\s/gm;
/** A doc's reference to one of its own decisions: "Decisions D4", "(D4", "(D4 and D5". */
const IN_PAGE = /(?:\bDecisions\s+|\()(D\d+(?:(?:\s*,\s*|\s+and\s+)D\d+)*)/g;

function tracked(): string[] {
  try {
    const out = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" });
    return out.split("\0").filter((p) => p !== "" && existsSync(join(ROOT, p)));
  } catch {
    return walk(ROOT); // not a git checkout (an unpacked archive): every file but what git ignores
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if ([".git", "node_modules", "dist", "data", "artifacts", "coverage", ".vite"].includes(name)) return [];
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [relative(ROOT, p)];
  });
}

/** Every tracked text file with its text; binaries (a NUL byte) are left out. */
function textFiles(): { path: string; text: string }[] {
  return tracked()
    .map((path) => ({ path, text: readFileSync(join(ROOT, path), "utf8") }))
    .filter((f) => !f.text.includes("\0"));
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

function ids(list: string): string[] {
  return list.match(/D\d+/g) ?? [];
}

/** The decision ids a doc defines, and any it defines twice. */
function decisionsOf(text: string): { ids: Set<string>; twice: string[] } {
  const seen = new Set<string>();
  const twice: string[] = [];
  for (const m of text.matchAll(DEFINITION)) {
    const id = `D${m[1]}`;
    if (seen.has(id)) twice.push(id);
    seen.add(id);
  }
  return { ids: seen, twice };
}

/** Citations in `text` whose doc is missing or has no such decision, as "line: doc, id". */
function brokenCitations(text: string, docText: (doc: string) => string | null): string[] {
  const broken: string[] = [];
  for (const m of text.matchAll(CITATION)) {
    const doc = m[1]!;
    const body = docText(doc);
    const defined = body === null ? new Set<string>() : decisionsOf(body).ids;
    for (const id of ids(m[2]!))
      if (!defined.has(id)) broken.push(`${lineOf(text, m.index)}: ${doc}, ${body === null ? "no such doc" : id}`);
  }
  return broken;
}

/** A doc's headings, without the parenthesis some end in ("Scoring (Decisions D1)" is "Scoring"). */
function headingsOf(text: string): Set<string> {
  return new Set([...text.matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((m) => m[1]!.replace(/\s*\([^()]*\)$/, "")));
}

/** Heading citations in `text` whose doc is missing or has no such heading, as "line: doc, heading". */
function brokenHeadings(text: string, docText: (doc: string) => string | null): string[] {
  const broken: string[] = [];
  for (const m of text.matchAll(HEADING_CITATION)) {
    const doc = m[1]!;
    const heading = m[2]!.replace(/\s*\n\s*(?:\*|\/\/|#)?\s*/g, " ").trim();
    const body = docText(doc);
    if (body === null || !headingsOf(body).has(heading))
      broken.push(`${lineOf(text, m.index)}: ${doc}, ${body === null ? "no such doc" : `"${heading}"`}`);
  }
  return broken;
}

const files = textFiles();
const byPath = new Map(files.map((f) => [f.path, f.text]));
const docText = (doc: string) => byPath.get(doc) ?? null;
const decisionDocs = files.filter((f) => f.path.startsWith("docs/") && decisionsOf(f.text).ids.size > 0);

describe("citations stay inside the repository", () => {
  it("finds the files it checks", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(decisionDocs.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        "docs/architecture.md",
        "docs/games/card-table.md",
        "docs/games/cricket-bingo.md",
        "docs/games/outrank.md",
        "docs/games/serpent-race.md",
        "docs/games/trivia-duel.md",
      ]),
    );
  });

  it("no tracked file cites a file outside the repository", () => {
    const hits: string[] = [];
    for (const f of files)
      for (const { what, pattern } of OUTSIDE) {
        const m = pattern.exec(f.text);
        if (m) hits.push(`${f.path}:${lineOf(f.text, m.index)} cites ${what} (${m[0]})`);
      }
    expect(hits).toEqual([]);
  });

  it("no code cites a design document's section numbers", () => {
    expect(files.flatMap((f) => sectionSigns(f.path, f.text))).toEqual([]);
  });

  it("every cited decision exists in the doc it names", () => {
    const broken = files.flatMap((f) => brokenCitations(f.text, docText).map((b) => `${f.path}:${b}`));
    expect(broken).toEqual([]);
  });

  it("every cited heading exists in the doc it names", () => {
    const broken = files.flatMap((f) => brokenHeadings(f.text, docText).map((b) => `${f.path}:${b}`));
    expect(broken).toEqual([]);
  });

  it("each doc numbers its decisions once, and its references to its own decisions exist", () => {
    const problems: string[] = [];
    for (const f of decisionDocs) {
      const { ids: defined, twice } = decisionsOf(f.text);
      for (const id of twice) problems.push(`${f.path}: ${id} defined twice`);
      // Citations of other docs are checked above; what is left refers to this doc.
      const own = f.text.replace(CITATION, (m) => " ".repeat(m.length));
      for (const m of own.matchAll(IN_PAGE))
        for (const id of ids(m[1]!))
          if (!defined.has(id)) problems.push(`${f.path}:${lineOf(own, m.index)}: ${id} is not one of its decisions`);
    }
    expect(problems).toEqual([]);
  });

  it("the checks catch what they are for", () => {
    const doc = "## Decisions\n\n- **D1. One.** Text.\n\n### D2. Two\n";
    // Paths are spelled in parts, so this file's own text holds no citation to check.
    const x = `${"docs"}/games/x.md`;
    const lookup = (name: string) => (name === x ? doc : null);
    expect([...decisionsOf(doc).ids]).toEqual(["D1", "D2"]);
    expect(decisionsOf(`${doc}- **D2. Again.**\n`).twice).toEqual(["D2"]);
    expect(brokenCitations(`// ${x}, Decisions D2`, lookup)).toEqual([]);
    expect(brokenCitations(`/** ${x},\n * Decisions D1 and D3 */`, lookup)).toEqual([`1: ${x}, D3`]);
    expect(brokenCitations(`(${"docs"}/games/y.md, Decisions D1)`, lookup)).toEqual([
      `1: ${"docs"}/games/y.md, no such doc`,
    ]);
    const outside = (text: string) => OUTSIDE.filter(({ pattern }) => pattern.test(text)).map((o) => o.what);
    expect(outside(`see ${"RUL"}INGS 3`)).toEqual(["the rulings notes"]);
    expect(outside(`see ../${"shared"}/x.md`)).toEqual(["the shared design folder"]);
    expect(outside(`see ${"seeds"}/outrank.md`)).toEqual(["a design document's path"]);
    expect(outside(`see ${"DESIGN"}.md`)).toEqual(["the design notes"]);
    expect(outside(`the document's ${SECTION}4.5, ${x}`)).toEqual([]);
    const comment = `/** The score (${SECTION}5.1). */`;
    expect(sectionSigns("src/games/x/scoring.ts", `const a = 1;\n${comment}\n`)).toEqual([
      `src/games/x/scoring.ts:2: ${comment}`,
    ]);
    expect(sectionSigns("test/x.test.ts", `describe("PLACE (${SECTION}4.5)", () => {});`)).toHaveLength(1);
    expect(sectionSigns("web/src/app/registry.tsx", `    glyph: "${SECTION}",\n`)).toEqual([]);
    expect(sectionSigns("web/src/app/other.tsx", `    glyph: "${SECTION}",\n`)).toHaveLength(1);
    const headed = `# X\n\n## Scoring (Decisions D1)\n\n### Daily generation\n`;
    const headedLookup = (name: string) => (name === x ? headed : null);
    expect(brokenHeadings(`// ${x}, "Scoring"; ${x},\n// "Daily\n// generation"`, headedLookup)).toEqual([]);
    expect(brokenHeadings(`// ${x}, "Turns"`, headedLookup)).toEqual([`1: ${x}, "Turns"`]);
    expect(sectionSigns("docs/games/x.md", `the document's ${SECTION}4.5`)).toEqual([]);
  });
});
