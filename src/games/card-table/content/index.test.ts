import { describe, expect, it } from "vitest";
import { runContentCheck } from "../../../cli/content-check";
import { deniedWordsIn } from "./denylist";
import { cardPackContentSet, loadPacks, type PackFile, packChecks, packStats, readPackFiles } from "./index";

/** A deep copy of the shipped pack files, for seeding one defect at a time. */
function files(): PackFile[] {
  return structuredClone(readPackFiles());
}

type RawCard = { id: string; type: string; properties: Record<string, unknown> };
type RawPack = { id: string; cards: { white: RawCard[]; black: RawCard[] } };
const raw = (f: PackFile) => f.data as RawPack;

/** The names of the checks that fail on these files. */
function failing(fs: PackFile[]): string[] {
  return packChecks(fs)
    .filter((c) => !c.ok)
    .map((c) => c.name);
}

describe("card pack content set", () => {
  it("meets every count and passes every check", () => {
    const { ok, report } = runContentCheck([cardPackContentSet]);
    expect(report).toContain("card packs");
    expect(ok, report).toBe(true);
  });

  it("counts base cards, picks and expansions", () => {
    const s = packStats(loadPacks());
    expect(s.baseWhite).toBeGreaterThanOrEqual(350);
    expect(s.baseBlack).toBeGreaterThanOrEqual(90);
    expect(s.basePick2).toBeGreaterThanOrEqual(15);
    expect(s.basePick3).toBeGreaterThanOrEqual(5);
    expect(s.expansions).toBeGreaterThanOrEqual(2);
    expect(s.smallestExpansionWhite).toBeGreaterThanOrEqual(60);
    expect(s.smallestExpansionBlack).toBeGreaterThanOrEqual(20);
  });
});

describe("each check catches its defect", () => {
  it("schema", () => {
    const fs = files();
    raw(fs[0]!).cards.white[0]!.properties.text = "";
    expect(failing(fs)).toContain("schema");
  });

  it("unique ids across packs", () => {
    const fs = files();
    raw(fs[2]!).id = raw(fs[1]!).id;
    expect(failing(fs)).toContain("unique pack and card ids across packs");
  });

  it("card numbering", () => {
    const fs = files();
    raw(fs[0]!).cards.white[4]!.id = "base-w-999";
    expect(failing(fs)).toContain("card ids numbered <pack>-w/b-NNN in order");
  });

  it("blank counts, including a marker of the wrong width", () => {
    const fs = files();
    raw(fs[0]!).cards.black[0]!.properties.blanks = 0;
    expect(failing(fs)).toEqual(["schema", "blanks match the _____ markers"]);
    const wide = files();
    const prompt = raw(wide[0]!).cards.black[1]!;
    prompt.properties.text = String(prompt.properties.text).replace("_____", "______");
    expect(failing(wide)).toEqual(["schema", "blanks match the _____ markers"]);
  });

  it("pick outside 1-3 or below the blanks", () => {
    for (const [pick, index] of [
      [4, 0],
      [0, 0],
      [1, 80],
    ] as const) {
      const fs = files();
      raw(fs[0]!).cards.black[index]!.properties.pick = pick;
      expect(failing(fs), `pick ${pick}`).toEqual(["schema", "pick within 1-3 and never below blanks"]);
    }
  });

  it("duplicate text within a pack, ignoring case and punctuation", () => {
    const fs = files();
    const white = raw(fs[0]!).cards.white;
    white[1]!.properties.text = `${String(white[0]!.properties.text).toUpperCase().replace(/\.$/, "")}!`;
    expect(failing(fs)).toContain("no duplicate card texts within a pack");
  });

  it("an answer repeated in another pack", () => {
    const fs = files();
    raw(fs[1]!).cards.white[0]!.properties.text = raw(fs[0]!).cards.white[0]!.properties.text;
    expect(failing(fs)).toEqual(["no answer repeated across packs"]);
  });

  it("trailing and double spaces", () => {
    const fs = files();
    raw(fs[0]!).cards.white[0]!.properties.text = "A hat. ";
    raw(fs[0]!).cards.white[1]!.properties.text = "A  hat on a hat.";
    expect(failing(fs)).toEqual(["texts trimmed, no trailing or double spaces"]);
  });

  it("answer style: capital start, end punctuation, no blanks", () => {
    for (const text of ["a lowercase start.", "No full stop", "A blank _____ inside."]) {
      const fs = files();
      raw(fs[0]!).cards.white[0]!.properties.text = text;
      expect(failing(fs), text).toEqual(["answers: capitalised, end in punctuation, no blanks"]);
    }
  });

  it("denied words", () => {
    const fs = files();
    raw(fs[2]!).cards.black[0]!.properties.text = "The robots declared war on _____ and beer.";
    expect(failing(fs)).toEqual(["family-friendly word list"]);
  });
});

describe("denylist matching", () => {
  it("matches whole words in any case", () => {
    expect(deniedWordsIn("Hell no, that is CRAP.")).toEqual(["hell", "crap"]);
  });

  it("ignores words that merely contain a denied one", () => {
    expect(deniedWordsIn("A shell, a skill, a winery and a gunnysack.")).toEqual([]);
  });
});
