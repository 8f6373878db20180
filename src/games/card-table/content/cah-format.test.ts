import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CahCompactSchema,
  CahFullSchema,
  type CahImportResult,
  detectForm,
  exportCah,
  exportCahCompact,
  exportCahFull,
  importCah,
  importCahText,
  MAX_IMPORT_PACKS,
  MAX_TEXT_LENGTH,
  slugify,
} from "./cah-format";
import { loadPacks } from "./index";
import { BLANK, type CardPack } from "./schema";

/** The packs of a successful import; fails the test with the error otherwise. */
function packsOf(result: CahImportResult): CardPack[] {
  if (!result.ok) throw new Error(`import failed: ${result.error.code}: ${result.error.message}`);
  return result.packs;
}

function errorOf(result: CahImportResult) {
  if (result.ok) throw new Error("import unexpectedly succeeded");
  return result.error;
}

const texts = (pack: CardPack | undefined, deck: string) => (pack?.cards[deck] ?? []).map((c) => c.properties.text);

/** A hand-written compact file in the community style: shared cards, mixed blank widths, pick 2 and 3. */
const compactSample = {
  white: ["A rubber duck.", "Warm soup.", "A very tall hat.", "Jumping jacks."],
  black: [
    { text: "I would do anything for _.", pick: 1 },
    { text: "_ beats ___ every single time.", pick: 2 },
    { text: "Breakfast today: _, __, and _____.", pick: 3 },
    { text: "Why is it raining indoors?", pick: 1 },
  ],
  packs: [
    { name: "Sample Starter", official: true, description: "A pack for tests.", white: [0, 1, 2], black: [0, 1, 3] },
    { name: "Sample Extras", white: [2, 3], black: [2] },
  ],
};

/** A hand-written full-form file: per-pack cards, `pack` tags, a missing pick and untidy spacing. */
const fullSample = [
  {
    name: "Garden Party",
    official: false,
    white: [
      { text: "A polite hedgehog.", pack: 0 },
      { text: "  Lemonade on the lawn.  ", pack: 0 },
    ],
    black: [
      { text: "The garden is ruined by __.", pick: 1, pack: 0 },
      { text: "First _, then _.", pack: 0 },
      { text: "Name three things the gnome saw.", pick: 3, pack: 0 },
    ],
    icon: "leaf",
  },
  {
    name: "Rainy Day",
    white: [{ text: "Puddle boots.", pack: 1 }],
    black: [{ text: "It rained _, _ and _ all day.", pick: 3, pack: 1 }],
  },
];

describe("form detection", () => {
  it("tells the two forms apart by shape", () => {
    expect(detectForm(compactSample)).toBe("compact");
    expect(detectForm(fullSample)).toBe("full");
    expect(detectForm(fullSample[0])).toBe("full");
  });

  it("rejects shapes that are neither form", () => {
    for (const bad of [42, "text", null, { white: ["A."], black: [] }]) {
      expect(errorOf(importCah(bad)).code).toBe("invalid_format");
    }
  });
});

describe("importing the compact form", () => {
  const result = importCah(compactSample);
  const [starter, extras] = packsOf(result);

  it("reports the form and builds one pack per entry", () => {
    expect(result.ok && result.form).toBe("compact");
    expect(starter?.id).toBe("sample-starter");
    expect(extras?.id).toBe("sample-extras");
  });

  it("keeps pack metadata, defaulting official to false", () => {
    expect(starter).toMatchObject({ name: "Sample Starter", official: true, description: "A pack for tests." });
    expect(extras?.official).toBe(false);
    expect(extras && "description" in extras).toBe(false);
  });

  it("resolves indexes, so a shared card lands in every pack that lists it", () => {
    expect(texts(starter, "white")).toEqual(["A rubber duck.", "Warm soup.", "A very tall hat."]);
    expect(texts(extras, "white")).toEqual(["A very tall hat.", "Jumping jacks."]);
  });

  it("maps any run of underscores to the five-underscore blank and counts blanks", () => {
    expect(starter?.cards.black?.[0]?.properties).toEqual({
      text: `I would do anything for ${BLANK}.`,
      pick: 1,
      blanks: 1,
    });
    expect(starter?.cards.black?.[1]?.properties).toEqual({
      text: `${BLANK} beats ${BLANK} every single time.`,
      pick: 2,
      blanks: 2,
    });
    expect(starter?.cards.black?.[2]?.properties).toEqual({ text: "Why is it raining indoors?", pick: 1, blanks: 0 });
    expect(extras?.cards.black?.[0]?.properties).toEqual({
      text: `Breakfast today: ${BLANK}, ${BLANK}, and ${BLANK}.`,
      pick: 3,
      blanks: 3,
    });
  });

  it("numbers cards per pack and deck", () => {
    expect(extras?.cards.white?.map((c) => c.id)).toEqual(["sample-extras-w-001", "sample-extras-w-002"]);
    expect(starter?.cards.black?.map((c) => c.id)).toEqual([
      "sample-starter-b-001",
      "sample-starter-b-002",
      "sample-starter-b-003",
    ]);
  });

  it("accepts packs keyed by abbreviation instead of listed", () => {
    const keyed = { ...compactSample, packs: { SS: compactSample.packs[0], SE: compactSample.packs[1] } };
    expect(packsOf(importCah(keyed)).map((p) => p.id)).toEqual(["sample-starter", "sample-extras"]);
  });
});

describe("importing the full form", () => {
  const result = importCah(fullSample);
  const [garden, rainy] = packsOf(result);

  it("reports the form and ignores unknown keys", () => {
    expect(result.ok && result.form).toBe("full");
    expect(garden && "icon" in garden).toBe(false);
  });

  it("trims texts and normalises blanks", () => {
    expect(texts(garden, "white")).toEqual(["A polite hedgehog.", "Lemonade on the lawn."]);
    expect(garden?.cards.black?.[0]?.properties.text).toBe(`The garden is ruined by ${BLANK}.`);
  });

  it("defaults a missing pick to one per blank", () => {
    expect(garden?.cards.black?.[1]?.properties).toMatchObject({ pick: 2, blanks: 2 });
  });

  it("keeps pick 3 on a prompt with no blanks and on one with three", () => {
    expect(garden?.cards.black?.[2]?.properties).toMatchObject({ pick: 3, blanks: 0 });
    expect(rainy?.cards.black?.[0]?.properties).toMatchObject({ pick: 3, blanks: 3 });
  });

  it("imports one bare pack object as a one-pack file", () => {
    const packs = packsOf(importCah(fullSample[1]));
    expect(packs).toHaveLength(1);
    expect(packs[0]?.id).toBe("rainy-day");
  });
});

describe("import errors", () => {
  it("invalid_json for text that is not JSON", () => {
    expect(errorOf(importCahText("{ white: [")).code).toBe("invalid_json");
  });

  it("invalid_format with a path for a wrongly typed field", () => {
    const err = errorOf(importCah([{ name: "X", white: "A hat.", black: [] }]));
    expect(err.code).toBe("invalid_format");
    expect(err.path).toEqual([0, "white"]);
  });

  it("invalid_format for a nameless or blank-named pack", () => {
    for (const name of ["", "   "]) {
      const err = errorOf(importCah([{ name, white: [], black: [] }]));
      expect(err.code).toBe("invalid_format");
      expect(err.message).toMatch(/needs a name/);
    }
  });

  it("bad_card_index for indexes outside the top-level arrays", () => {
    for (const index of [4, -1, 1.5]) {
      const bad = { ...compactSample, packs: [{ name: "X", white: [index], black: [] }] };
      const err = errorOf(importCah(bad));
      expect(err.code).toBe("bad_card_index");
      expect(err.path).toEqual(["packs", 0, "white", 0]);
    }
  });

  it("bad_card for pick outside 1-3, fewer picks than blanks, empty and overlong text", () => {
    const cases = [
      { text: "Name four things.", pick: 4 },
      { text: "Half a pick?", pick: 1.5 },
      { text: "_ and _ and _.", pick: 1 },
      { text: "   ", pick: 1 },
      { text: `${"a".repeat(MAX_TEXT_LENGTH)}?`, pick: 1 },
    ];
    for (const card of cases) {
      const err = errorOf(importCah([{ name: "X", white: [], black: [card] }]));
      expect(err.code).toBe("bad_card");
      expect(err.path).toEqual([0, "black", 0]);
    }
  });

  it("no_packs when the file holds none", () => {
    expect(errorOf(importCah([])).code).toBe("no_packs");
    expect(errorOf(importCah({ white: [], black: [], packs: [] })).code).toBe("no_packs");
  });

  it("too_large past the pack limit", () => {
    const many = Array.from({ length: MAX_IMPORT_PACKS + 1 }, (_, i) => ({ name: `P${i}`, white: [], black: [] }));
    expect(errorOf(importCah(many)).code).toBe("too_large");
  });

  it("skip mode leaves bad cards out, lists them and numbers the rest without gaps", () => {
    const file = [
      {
        name: "Mixed",
        white: [{ text: "A kite." }, { text: "" }, { text: "A drum." }],
        black: [
          { text: "Pick _.", pick: 9 },
          { text: "Why _?", pick: 1 },
        ],
      },
    ];
    const result = importCah(file, { onBadCard: "skip" });
    const [pack] = packsOf(result);
    expect(pack?.cards.white?.map((c) => [c.id, c.properties.text])).toEqual([
      ["mixed-w-001", "A kite."],
      ["mixed-w-002", "A drum."],
    ]);
    expect(pack?.cards.black?.map((c) => c.id)).toEqual(["mixed-b-001"]);
    expect(result.ok && result.skipped.map((s) => [s.deck, s.error.code, s.error.path])).toEqual([
      ["white", "bad_card", [0, "white", 1]],
      ["black", "bad_card", [0, "black", 0]],
    ]);
  });

  it("skip mode also skips a bad compact index", () => {
    const bad = { ...compactSample, packs: [{ name: "X", white: [0, 99, 1], black: [] }] };
    const result = importCah(bad, { onBadCard: "skip" });
    expect(texts(packsOf(result)[0], "white")).toEqual(["A rubber duck.", "Warm soup."]);
    expect(result.ok && result.skipped[0]?.error.code).toBe("bad_card_index");
  });
});

describe("pack ids on import", () => {
  it("slugs names, strips accents and falls back to 'pack'", () => {
    expect(slugify("Base Pack")).toBe("base-pack");
    expect(slugify("  Crème Brûlée: The Sequel!! ")).toBe("creme-brulee-the-sequel");
    expect(slugify("!!!")).toBe("pack");
  });

  it("suffixes repeated ids in file order", () => {
    const file = [1, 2, 3].map(() => ({ name: "Same Name", white: [], black: [] }));
    expect(packsOf(importCah(file)).map((p) => p.id)).toEqual(["same-name", "same-name-2", "same-name-3"]);
  });

  it("keeps a valid carried id and replaces an invalid one", () => {
    const file = [
      { id: "my-pack", name: "Whatever", white: [], black: [] },
      { id: "Not Valid", name: "Second One", white: [], black: [] },
    ];
    expect(packsOf(importCah(file)).map((p) => p.id)).toEqual(["my-pack", "second-one"]);
  });
});

describe("export", () => {
  const shipped = loadPacks();

  it("compact export matches the community schema and stores shared texts once", () => {
    const twice = [shipped[0]!, { ...shipped[0]!, id: "copy", name: "Copy" }];
    const compact = exportCahCompact(twice);
    expect(CahCompactSchema.safeParse(compact).success).toBe(true);
    expect(compact.white).toHaveLength(shipped[0]!.cards.white!.length);
    expect(compact.packs[1]?.white).toEqual(compact.packs[0]?.white);
  });

  it("full export matches the community schema and tags cards with their pack position", () => {
    const full = exportCahFull(shipped);
    expect(CahFullSchema.safeParse(full).success).toBe(true);
    expect(full[1]?.white.every((c) => c.pack === 1)).toBe(true);
    expect(full[0]?.black.find((c) => c.pick === 3)?.text).toContain(BLANK);
  });

  it("writes pack ids unless asked not to", () => {
    expect(exportCahFull(shipped)[0]?.id).toBe("base");
    expect("id" in (exportCahFull(shipped, { includeIds: false })[0] ?? {})).toBe(false);
  });
});

describe("round trips", () => {
  // The community format has no place for proper-noun marks: they stay behind in the round trip.
  const shipped = loadPacks().map(({ marksProperNouns: _, ...p }) => ({
    ...p,
    cards: Object.fromEntries(
      Object.entries(p.cards).map(([deck, cards]) => [
        deck,
        cards.map(({ properties: { proper: __, ...properties }, ...c }) => ({ ...c, properties })),
      ]),
    ),
  }));

  it("shipped packs → compact JSON → import gives the packs back unchanged", () => {
    const text = JSON.stringify(exportCah(shipped, "compact"));
    expect(packsOf(importCahText(text))).toEqual(shipped);
  });

  it("shipped packs → full JSON → import gives the packs back unchanged", () => {
    const text = JSON.stringify(exportCah(shipped, "full"));
    expect(packsOf(importCahText(text))).toEqual(shipped);
  });

  it("without ids, packs are renamed to their slug and cards renumbered under it, content unchanged", () => {
    for (const form of ["compact", "full"] as const) {
      const back = packsOf(importCah(exportCah(shipped, form, { includeIds: false })));
      expect(back.map((p) => p.id)).toEqual(["base-pack", "office-life", "space-and-science"]);
      expect(back[0]?.cards.white?.[0]?.id).toBe("base-pack-w-001");
      back.forEach((pack, i) => {
        const original = shipped[i]!;
        for (const deck of ["white", "black"]) {
          expect(pack.cards[deck]?.map((c) => c.properties)).toEqual(original.cards[deck]?.map((c) => c.properties));
        }
      });
    }
  });

  it("community samples survive import → export → import", () => {
    for (const sample of [compactSample, fullSample] as unknown[]) {
      const once = packsOf(importCah(sample));
      expect(packsOf(importCah(exportCahCompact(once)))).toEqual(once);
      expect(packsOf(importCah(exportCahFull(once)))).toEqual(once);
    }
  });

  it("any generated set of packs round-trips through both forms", () => {
    const word = fc.stringMatching(/^[A-Za-z][a-z]{0,7}$/);
    const sentence = fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => `${w.join(" ")}.`);
    const prompt = fc
      .tuple(
        fc.array(word, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 2 }),
      )
      .map(([words, blanks, extra]) => {
        const text = `${[...words, ...Array<string>(blanks).fill(BLANK)].join(" ")}?`;
        return { text, blanks, pick: Math.min(3, Math.max(1, blanks + extra)) };
      });
    const rawPack = fc.record({
      name: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(" ")),
      official: fc.boolean(),
      white: fc.uniqueArray(sentence, { maxLength: 8 }),
      black: fc.uniqueArray(prompt, { maxLength: 5, selector: (p) => p.text }),
    });
    fc.assert(
      fc.property(fc.array(rawPack, { minLength: 1, maxLength: 4 }), (raw) => {
        // Build canonical packs the way the importer numbers them, then check both forms give them back.
        const packs = packsOf(
          importCah(
            raw.map((p) => ({
              ...p,
              white: p.white.map((text) => ({ text })),
              black: p.black.map(({ text, pick }) => ({ text, pick })),
            })),
          ),
        );
        expect(packs.map((p) => p.cards.black?.map((c) => c.properties.blanks))).toEqual(
          raw.map((p) => p.black.map((b) => b.blanks)),
        );
        expect(packsOf(importCah(exportCahCompact(packs)))).toEqual(packs);
        expect(packsOf(importCah(exportCahFull(packs)))).toEqual(packs);
      }),
      { numRuns: 200 },
    );
  });
});
