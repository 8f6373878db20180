/**
 * docs/games/trivia-duel.md, Decisions D7: answer matching in both directions. Near
 * misses of the right answer are accepted (normalisation, one edit per 7 letters);
 * answers of *other* questions, and near misses of them, are not.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SYSTEM } from "../../engine/rules";
import { Table } from "../../engine/testkit";
import { allowedEdits, editDistance, matchesAnswer, normalizeAnswer } from "./answer-match";
import type { Question } from "./content/schema";
import { bank, byId } from "./content/test-bank";
import { testBank } from "./fixtures";
import { triviaTestRules } from "./seated";
import type { TriviaState } from "./state";

const ULAANBAATAR = ["ulaanbaatar", "ulan bator"];

describe("normalisation", () => {
  it("strips diacritics", () => {
    expect(normalizeAnswer("Pelé")).toBe("pele");
    expect(normalizeAnswer("Dvořák")).toBe("dvorak");
    expect(normalizeAnswer("Ångström")).toBe("angstrom");
    expect(normalizeAnswer("Curaçao")).toBe("curacao");
    // Decomposed input (e + combining acute) is the same answer as the precomposed one.
    expect(normalizeAnswer("Pele\u0301")).toBe("pele");
    expect(matchesAnswer("Pelé", ["pele"], true)).toBe(true);
    expect(matchesAnswer("pele", ["pelé"], true)).toBe(true);
  });

  it("ignores case", () => {
    expect(normalizeAnswer("ULAANBAATAR")).toBe("ulaanbaatar");
    expect(matchesAnswer("UlAaNbAaTaR", ULAANBAATAR, true)).toBe(true);
  });

  it("drops punctuation", () => {
    expect(normalizeAnswer("St. Petersburg!")).toBe("st petersburg");
    expect(normalizeAnswer("O'Neill")).toBe("oneill");
    expect(normalizeAnswer("“Hamlet”?")).toBe("hamlet");
    expect(matchesAnswer("Ulaanbaatar!!!", ULAANBAATAR, true)).toBe(true);
  });

  it("drops one leading the/a/an, and only as a whole word at the start", () => {
    expect(normalizeAnswer("The Nile")).toBe("nile");
    expect(normalizeAnswer("A Tale of Two Cities")).toBe("tale of two cities");
    expect(normalizeAnswer("An Inconvenient Truth")).toBe("inconvenient truth");
    expect(normalizeAnswer("Gone with the Wind")).toBe("gone with the wind");
    expect(normalizeAnswer("Theatre")).toBe("theatre");
    expect(normalizeAnswer("Anastasia")).toBe("anastasia");
    expect(normalizeAnswer("Amazon")).toBe("amazon");
    expect(normalizeAnswer("  the   nile ")).toBe("nile");
    // Both sides are normalised: the article may be on either side.
    expect(matchesAnswer("the nile", ["nile"], true)).toBe(true);
    expect(matchesAnswer("nile", ["the nile"], true)).toBe(true);
    expect(matchesAnswer("A Nile", ["nile"], true)).toBe(true);
    expect(matchesAnswer("nile the", ["nile"], true)).toBe(false);
  });

  it("treats hyphens, dashes, slashes and underscores as spaces", () => {
    expect(normalizeAnswer("Jean-Paul Sartre")).toBe("jean paul sartre");
    expect(normalizeAnswer("Jean–Paul — Sartre")).toBe("jean paul sartre");
    expect(normalizeAnswer("AC/DC")).toBe("ac dc");
    expect(normalizeAnswer("ulan_bator")).toBe("ulan bator");
    expect(matchesAnswer("Ulan-Bator", ULAANBAATAR, true)).toBe(true);
  });

  it("collapses and trims whitespace", () => {
    expect(normalizeAnswer("  ulan \t  bator \n")).toBe("ulan bator");
    expect(matchesAnswer("  ULAN    BATOR  ", ULAANBAATAR, true)).toBe(true);
  });
});

describe("one edit per 7 letters of the accepted answer", () => {
  it("counts letters, not spaces", () => {
    expect(allowedEdits("oxygen")).toBe(0);
    expect(allowedEdits("mercury")).toBe(1);
    expect(allowedEdits("new york")).toBe(1);
    expect(allowedEdits("ulan bator")).toBe(1);
    expect(allowedEdits("ulaanbaatar")).toBe(1);
    expect(allowedEdits("abcdefghijklm")).toBe(1);
    expect(allowedEdits("abcdefghijklmn")).toBe(2);
    expect(allowedEdits("wolfgang amadeus mozart")).toBe(3);
  });

  it("accepts 'ulan batorr' and refuses 'ulan'", () => {
    expect(matchesAnswer("ulan batorr", ULAANBAATAR)).toBe(true);
    expect(matchesAnswer("Ulan Batorr", ULAANBAATAR)).toBe(true);
    expect(matchesAnswer("ulaanbatar", ULAANBAATAR)).toBe(true);
    expect(matchesAnswer("ulanbator", ULAANBAATAR)).toBe(true);
    expect(matchesAnswer("ulan", ULAANBAATAR)).toBe(false);
    expect(matchesAnswer("ulan bat", ULAANBAATAR)).toBe(false);
    // Two edits from a 9-letter answer (and further from the 11-letter one).
    expect(editDistance("ulan batxrr", "ulan bator")).toBe(2);
    expect(matchesAnswer("ulan batxrr", ULAANBAATAR)).toBe(false);
  });

  it("needs an exact (normalised) match for an answer of 6 letters or fewer", () => {
    expect(matchesAnswer("Oxygen!", ["oxygen"])).toBe(true);
    expect(matchesAnswer("oxygem", ["oxygen"])).toBe(false);
    expect(matchesAnswer("oxgen", ["oxygen"])).toBe(false);
    expect(matchesAnswer("oxygenn", ["oxygen"])).toBe(false);
    expect(matchesAnswer("oyxgen", ["oxygen"])).toBe(false);
    expect(matchesAnswer("rom", ["rome"])).toBe(false);
  });

  it("allows exactly one edit at 7 letters and two at 14", () => {
    expect(matchesAnswer("mercyry", ["mercury"])).toBe(true);
    expect(matchesAnswer("mercyrx", ["mercury"])).toBe(false);
    expect(matchesAnswer("wolfgnag mozrat", ["wolfgang mozart"])).toBe(true);
    expect(matchesAnswer("wolfgnag mozrtt", ["wolfgang mozart"])).toBe(false);
  });

  it("the allowance follows the accepted answer being compared, not the longest one", () => {
    // "mozrat" is one edit from "mozart" (6 letters: exact only) and far from the full name.
    expect(matchesAnswer("mozrat", ["wolfgang amadeus mozart", "mozart"])).toBe(false);
    expect(matchesAnswer("wolfgang amadeus mozrat", ["wolfgang amadeus mozart", "mozart"])).toBe(true);
  });

  it("counts an adjacent transposition as one edit (optimal string alignment)", () => {
    expect(editDistance("ab", "ba")).toBe(1);
    expect(editDistance("ulaanbaatra", "ulaanbaatar")).toBe(1);
    expect(matchesAnswer("ulaanbaatra", ULAANBAATAR)).toBe(true);
    expect(matchesAnswer("uaalnbaatar", ULAANBAATAR)).toBe(false);
    expect(matchesAnswer("hamlte", ["hamlet"])).toBe(false);
    // OSA, not unrestricted Damerau–Levenshtein: no edits inside a transposed pair.
    expect(editDistance("ca", "abc")).toBe(3);
  });

  it("editDistance stops early past its cap", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("kitten", "sitting", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
    // Against an empty string the distance is the other length, cap or not.
    expect(editDistance("a", "", 1)).toBe(1);
    expect(editDistance("ab", "", 5)).toBe(2);
    expect(editDistance("", "ab", 2)).toBe(2);
  });
});

describe("strict matching", () => {
  it("refuses near misses but still normalises", () => {
    expect(matchesAnswer("ulan batorr", ULAANBAATAR, true)).toBe(false);
    expect(matchesAnswer("ulaanbaatra", ULAANBAATAR, true)).toBe(false);
    expect(matchesAnswer("mercyry", ["mercury"], true)).toBe(false);
    expect(matchesAnswer("  The ULAN-BATOR! ", ULAANBAATAR, true)).toBe(true);
  });
});

describe("strictness in a room (docs/games/trivia-duel.md, Decisions D7: the room or the question may ask)", () => {
  /** Whether "ulaanbaata" (one edit) is judged correct, for a room and question setting. */
  function nearMissCounts(room: boolean, question: boolean | undefined): boolean {
    const mongolia = testBank[0]!;
    const questions = [0, 1, 2].map((n) => ({
      ...mongolia,
      id: `q_mongolia_${n}`,
      ...(question === undefined ? {} : { strict: question }),
    }));
    const t = new Table<TriviaState>(triviaTestRules, { options: { config: { strictMatching: room }, questions } });
    t.must(SYSTEM, { type: "@presence", seat: "P1", status: "joined" });
    t.must(SYSTEM, { type: "@presence", seat: "P2", status: "joined" });
    t.advance(3000);
    t.must("P1", { type: "BET", amount: 5 });
    t.must("P2", { type: "MATCH" });
    t.must("P1", { type: "BUZZ" });
    t.must("P1", { type: "ANSWER", text: "Ulaanbaata" });
    return t.ofType<{ correct: boolean }>("ANSWER_SUBMITTED").at(-1)!.correct;
  }

  it("a lenient room accepts near misses unless the question is strict", () => {
    expect(nearMissCounts(false, undefined)).toBe(true);
    expect(nearMissCounts(false, false)).toBe(true);
    expect(nearMissCounts(false, true)).toBe(false);
  });

  it("a strict room refuses near misses whatever the question says", () => {
    expect(nearMissCounts(true, undefined)).toBe(false);
    expect(nearMissCounts(true, true)).toBe(false);
    expect(nearMissCounts(true, false)).toBe(false);
  });
});

describe("empty input", () => {
  it("never matches, even in lenient mode", () => {
    for (const given of ["", " ", "\t\n", "!!!", "—", "-", "\u0301", "...?"]) {
      expect(normalizeAnswer(given)).toBe("");
      expect(matchesAnswer(given, ULAANBAATAR)).toBe(false);
      expect(matchesAnswer(given, ["a"])).toBe(false);
    }
  });

  it("never matches for any text that normalises to nothing (property)", () => {
    const noise = fc.string({
      unit: fc.constantFrom(" ", "\t", "\n", ".", ",", "!", "?", "'", '"', "-", "–", "/", "_"),
    });
    fc.assert(
      fc.property(noise, fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 3 }), (given, accepted) => {
        expect(matchesAnswer(given, accepted)).toBe(false);
        expect(matchesAnswer(given, accepted, true)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe("properties", () => {
  const word = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), minLength: 1, maxLength: 14 });
  const answer = fc.array(word, { minLength: 1, maxLength: 3 }).map((ws) => ws.join(" "));

  it("an answer always matches itself, in any case and spacing, strict or not", () => {
    fc.assert(
      fc.property(answer, fc.boolean(), (a, strict) => {
        fc.pre(normalizeAnswer(a).length > 0);
        expect(matchesAnswer(a, [a], strict)).toBe(true);
        expect(matchesAnswer(`  ${a.toUpperCase().replace(/ /g, "  ")}. `, [a], strict)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("editDistance is symmetric, and its early exit never changes a result within the cap", () => {
    const short = fc.string({ unit: fc.constantFrom(..."abcde "), maxLength: 10 });
    fc.assert(
      fc.property(short, short, fc.integer({ min: 0, max: 4 }), (a, b, cap) => {
        const d = editDistance(a, b);
        expect(editDistance(b, a)).toBe(d);
        expect(Math.min(editDistance(a, b, cap), cap + 1)).toBe(Math.min(d, cap + 1));
        expect(d).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
        expect(d === 0).toBe(a === b);
      }),
      { numRuns: 500 },
    );
  });

  it("one deleted letter is accepted exactly when the answer has 7+ letters", () => {
    fc.assert(
      fc.property(answer, fc.nat(), (a, at) => {
        const n = normalizeAnswer(a);
        fc.pre(n.length > 1);
        const i = at % n.length;
        fc.pre(n[i] !== " ");
        const typo = n.slice(0, i) + n.slice(i + 1);
        fc.pre(typo.length > 0 && normalizeAnswer(typo) === typo);
        const letters = n.replace(/\s/g, "").length;
        expect(matchesAnswer(typo, [a])).toBe(letters >= 7);
        expect(matchesAnswer(typo, [a], true)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

/** Every string one edit (OSA) from `a`: deletions, adjacent swaps, substitutions, insertions. */
function oneEditVariants(a: string): Set<string> {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 ";
  const out = new Set<string>();
  for (let i = 0; i < a.length; i++) out.add(a.slice(0, i) + a.slice(i + 1));
  for (let i = 0; i + 1 < a.length; i++) out.add(a.slice(0, i) + a[i + 1] + a[i] + a.slice(i + 2));
  for (let i = 0; i <= a.length; i++) {
    for (const c of alphabet) {
      out.add(a.slice(0, i) + c + a.slice(i));
      if (i < a.length) out.add(a.slice(0, i) + c + a.slice(i + 1));
    }
  }
  out.delete(a);
  return out;
}

describe("the real question bank", () => {
  const strictOf = (q: Question) => q.strict ?? false;

  it("is big enough for these checks to mean something", () => {
    expect(bank.length).toBeGreaterThanOrEqual(200);
    expect(new Set(bank.map((q) => q.category)).size).toBeGreaterThanOrEqual(10);
  });

  it("every question accepts its own answers, its display answer and (when long enough) a typo of them", () => {
    for (const q of bank) {
      expect(matchesAnswer(q.displayAnswer, q.acceptedAnswers, strictOf(q)), q.id).toBe(true);
      for (const a of q.acceptedAnswers) {
        expect(matchesAnswer(a, q.acceptedAnswers, strictOf(q)), q.id).toBe(true);
        const n = normalizeAnswer(a);
        if (!strictOf(q) && allowedEdits(n) > 0) {
          expect(matchesAnswer(n.slice(0, -1), q.acceptedAnswers), `${q.id}: ${n.slice(0, -1)}`).toBe(true);
        }
      }
    }
  });

  it.each([
    ["Darwin", "q_sci_darwin"],
    ["Curie", "q_sci_marie_curie"],
    ["Churchill", "q_hist_churchill"],
    ["Constantinople", "q_geo_istanbul"],
    ["Chinggis Khan", "q_hist_genghis_khan"],
    ["Jeanne d'Arc", "q_hist_joan_of_arc"],
    ["Gabriel Garcia Marquez", "q_lit_garcia_marquez"],
    ["Frederic Chopin", "q_mus_chopin"],
    ["Tolkien", "q_lit_tolkien"],
    ["the Nile", "q_geo_nile"],
    ["Hitchcock", "q_film_alfred_hitchcock"],
    ["Pele", "q_sport_pele"],
    ["Dalí", "q_art_dali"],
    ["Van Gogh", "q_art_van_gogh"],
    ["pho", "q_food_pho"],
    ["The Simpsons", "q_tv_the_simpsons"],
    ["Dr Who", "q_tv_doctor_who"],
  ])("accepts %s for %s: the short forms and spellings players really type", (given, id) => {
    expect(matchesAnswer(given, byId(id).acceptedAnswers)).toBe(true);
  });

  it.each([
    ["Sydney", "q_geo_canberra", false],
    ["Pierre Curie", "q_sci_marie_curie", false],
    ["Percy Shelley", "q_lit_mary_shelley", false],
    ["Lake Victoria", "q_geo_baikal", false],
    ["Manet", "q_art_claude_monet", true],
    ["Rafael Nadal", "q_sport_roger_federer", false],
    ["leopard", "q_nat_cheetah", false],
  ])("refuses %s for %s (strict: %s): a different answer to a well-known question", (given, id, strict) => {
    expect(matchesAnswer(given, byId(id).acceptedAnswers, strict)).toBe(false);
  });

  it("no accepted answer of one question is accepted as-is by another, anywhere in the bank", () => {
    const answers = bank.flatMap((q) => q.acceptedAnswers.map((raw) => ({ q, raw, n: normalizeAnswer(raw) })));
    const clashes: string[] = [];
    let compared = 0;
    for (const given of answers) {
      for (const acc of answers) {
        if (acc.q === given.q) continue;
        // A match needs equality or an OSA distance within the allowance, and OSA distance
        // is at least the length difference: anything further apart cannot match.
        const allowance = strictOf(acc.q) ? 0 : allowedEdits(acc.n);
        if (Math.abs(given.n.length - acc.n.length) > allowance) continue;
        compared++;
        if (matchesAnswer(given.raw, [acc.raw], strictOf(acc.q))) {
          clashes.push(`${given.q.id} "${given.raw}" is accepted by ${acc.q.id} ("${acc.raw}")`);
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
    expect(clashes).toEqual([]);
  });

  it("no one-edit variant of an answer is accepted by another question in its category", () => {
    const byCategory = new Map<string, Question[]>();
    for (const q of bank) byCategory.set(q.category, [...(byCategory.get(q.category) ?? []), q]);
    const clashes: string[] = [];
    let enumerated = 0;
    for (const qs of byCategory.values()) {
      for (const q1 of qs) {
        for (const rawA of q1.acceptedAnswers) {
          const a = normalizeAnswer(rawA);
          for (const q2 of qs) {
            if (q2 === q1) continue;
            for (const rawB of q2.acceptedAnswers) {
              const b = normalizeAnswer(rawB);
              const k = strictOf(q2) ? 0 : allowedEdits(b);
              // A variant v with d(a,v) <= 1 and d(v,b) <= k exists only if
              // Levenshtein(a,b) <= 2 + 2k (a swap is two Levenshtein edits), and OSA
              // never exceeds Levenshtein: pairs further apart than that cannot clash.
              if (editDistance(a, b, 2 + 2 * k) > 2 + 2 * k) continue;
              for (const v of oneEditVariants(a)) {
                enumerated++;
                if (matchesAnswer(v, [rawB], strictOf(q2))) {
                  clashes.push(`${q1.id} "${rawA}" ~ "${v}" is accepted by ${q2.id} ("${rawB}")`);
                }
              }
            }
          }
        }
      }
    }
    expect(enumerated).toBeGreaterThan(1_000);
    expect(clashes).toEqual([]);
  });

  it("the check above does catch a clash when one exists", () => {
    // Two made-up questions in one category whose answers are two edits apart.
    const a = "ulaanbaatar";
    const b = "ulaanbaatrx";
    expect(editDistance(a, b)).toBe(2);
    const clash = [...oneEditVariants(a)].filter((v) => matchesAnswer(v, [b]));
    expect(clash.length).toBeGreaterThan(0);
  });
});
