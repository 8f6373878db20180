/**
 * Spot-checks of the built-in question bank against well-known facts, written independently
 * of the JSON data: if a question's answer or a key fact in its clue drifts, these fail.
 * Covers Geography, History, Science, Literature and Music.
 */
import { describe, expect, it } from "vitest";
import { matchesAnswer } from "../answer-match";
import type { Question } from "./schema";
import { bank, byId } from "./test-bank";

function answerOf(id: string): string {
  return byId(id).displayAnswer;
}

/** The clue mentions at least one of the given facts (case-insensitive). */
function clueMentions(q: Question, ...any: string[]): boolean {
  const clue = q.clue.toLowerCase();
  return any.some((s) => clue.includes(s.toLowerCase()));
}

describe("question bank: well-known facts", () => {
  // [id, display answer, category, one or more facts any of which the clue must mention]
  const facts: Array<[string, string, string, string[]]> = [
    // Geography
    ["q_geo_canberra", "Canberra", "Geography", ["Australia"]],
    ["q_geo_baikal", "Lake Baikal", "Geography", ["Siberia", "deepest"]],
    ["q_geo_kilimanjaro", "Mount Kilimanjaro", "Geography", ["Tanzania"]],
    ["q_geo_everest", "Mount Everest", "Geography", ["1953"]],
    ["q_geo_iceland", "Iceland", "Geography", ["Reykjavik"]],
    ["q_geo_istanbul", "Istanbul", "Geography", ["Bosphorus", "1453"]],
    ["q_geo_singapore", "Singapore", "Geography", ["Raffles", "Lee Kuan Yew"]],
    ["q_geo_danube", "Danube", "Geography", ["Black Sea", "Budapest"]],
    ["q_geo_zambezi", "Zambezi", "Geography", ["Victoria Falls"]],
    // History
    ["q_hist_magna_carta", "Magna Carta", "History", ["1215", "Runnymede"]],
    ["q_hist_hastings", "Battle of Hastings", "History", ["1066"]],
    ["q_hist_berlin_wall", "Berlin Wall", "History", ["1961", "1989"]],
    ["q_hist_lincoln", "Abraham Lincoln", "History", ["16th", "Gettysburg"]],
    ["q_hist_mandela", "Nelson Mandela", "History", ["Robben Island"]],
    ["q_hist_tutankhamun", "Tutankhamun", "History", ["Howard Carter", "1922"]],
    ["q_hist_bastille", "The Bastille", "History", ["14 July 1789"]],
    ["q_hist_apollo_11", "Apollo 11", "History", ["1969", "Armstrong"]],
    ["q_hist_columbus", "Christopher Columbus", "History", ["1492"]],
    // Science
    ["q_sci_marie_curie", "Marie Curie", "Science", ["1903", "Nobel"]],
    ["q_sci_darwin", "Charles Darwin", "Science", ["Beagle", "Origin of Species"]],
    ["q_sci_newton", "Isaac Newton", "Science", ["Principia", "1687"]],
    ["q_sci_einstein", "Albert Einstein", "Science", ["1905", "mc²"]],
    ["q_sci_penicillin", "Penicillin", "Science", ["Fleming", "1928"]],
    ["q_sci_helium", "Helium", "Science", ["noble gas", "balloons"]],
    ["q_sci_oxygen", "Oxygen", "Science", ["atomic number 8"]],
    ["q_sci_mendeleev", "Dmitri Mendeleev", "Science", ["periodic table"]],
    ["q_sci_jupiter", "Jupiter", "Science", ["largest"]],
    // Literature
    ["q_lit_shakespeare", "William Shakespeare", "Literature", ["Hamlet", "Stratford"]],
    ["q_lit_austen", "Jane Austen", "Literature", ["Pride and Prejudice"]],
    ["q_lit_orwell", "George Orwell", "Literature", ["Nineteen Eighty-Four", "Animal Farm"]],
    ["q_lit_tolstoy", "Leo Tolstoy", "Literature", ["War and Peace"]],
    ["q_lit_moby_dick", "Moby-Dick", "Literature", ["Melville", "Ahab"]],
    ["q_lit_don_quixote", "Don Quixote", "Literature", ["Cervantes"]],
    ["q_lit_mary_shelley", "Mary Shelley", "Literature", ["Frankenstein"]],
    ["q_lit_wuthering_heights", "Wuthering Heights", "Literature", ["Heathcliff", "Emily Brontë"]],
    // Music
    ["q_mus_beatles", "The Beatles", "Music", ["Liverpool"]],
    ["q_mus_mozart", "Wolfgang Amadeus Mozart", "Music", ["Magic Flute", "1791"]],
    ["q_mus_beethoven", "Ludwig van Beethoven", "Music", ["Bonn", "Ninth Symphony"]],
    ["q_mus_vivaldi", "Antonio Vivaldi", "Music", ["Four Seasons"]],
    ["q_mus_tchaikovsky", "Pyotr Ilyich Tchaikovsky", "Music", ["Swan Lake", "Nutcracker"]],
    ["q_mus_abba", "ABBA", "Music", ["Waterloo", "Eurovision"]],
    ["q_mus_elvis", "Elvis Presley", "Music", ["Graceland", "Tupelo"]],
    ["q_mus_piano", "Piano", "Music", ["88 keys", "Cristofori"]],
  ];

  it("covers at least 20 facts across the five categories", () => {
    expect(facts.length).toBeGreaterThanOrEqual(20);
    expect(new Set(facts.map(([, , c]) => c))).toEqual(
      new Set(["Geography", "History", "Science", "Literature", "Music"]),
    );
  });

  for (const [id, display, category, mentions] of facts) {
    it(`${id} is ${display}`, () => {
      expect(answerOf(id)).toBe(display);
      const q = byId(id);
      expect(q.category).toBe(category);
      expect(clueMentions(q, ...mentions), `clue of ${id} should mention one of ${mentions.join(" / ")}`).toBe(true);
    });
  }

  it("has at least 22 questions in each of these categories", () => {
    for (const c of ["Geography", "History", "Science", "Literature", "Music"]) {
      expect(bank.filter((q) => q.category === c).length, c).toBeGreaterThanOrEqual(22);
    }
  });
});

/** The first sentence of a clue: what a player hears before anyone can buzz in. */
const firstSentence = (clue: string) => clue.split(/(?<=[.!?])\s+/)[0]!;

describe("questions fixed in review (issue 12)", () => {
  it("q_lit_mary_shelley takes Mary Shelley, not a bare surname that also names Percy", () => {
    const accepted = byId("q_lit_mary_shelley").acceptedAnswers;
    for (const wrong of ["shelley", "Shelley", "percy shelley", "Percy Bysshe Shelley"])
      expect(matchesAnswer(wrong, accepted), wrong).toBe(false);
    for (const right of ["mary shelley", "Mary Shelley", "Mary Wollstonecraft Shelley"])
      expect(matchesAnswer(right, accepted), right).toBe(true);
  });

  it("q_sport_serena_williams claims the Open Era record among women only (Djokovic has 24)", () => {
    const clue = byId("q_sport_serena_williams").clue;
    expect(clue).not.toMatch(/any player/i);
    const openEra = clue.split(/(?<=[.!?])\s+/).filter((s) => /open era/i.test(s));
    for (const s of openEra) expect(s).toMatch(/\bwom[ae]n\b/i);
  });

  it("q_mus_dylan makes no 'first songwriter' claim (Tagore, a songwriter, won the Nobel in 1913)", () => {
    expect(byId("q_mus_dylan").clue).not.toMatch(/\bfirst\b[^.]*\b(song-?writer|singer|musician)/i);
  });

  // Beside the answers themselves, the giveaways: the town the cape is named after, and the
  // school (and the schoolboy) the game is named after.
  it.each([
    ["q_geo_cape_horn", ["horn", "hornos", "hoorn"]],
    ["q_sport_rugby", ["rugby", "webb ellis", "warwickshire", "school"]],
  ])("%s does not give its answer away in the first sentence", (id, words) => {
    const q = byId(id);
    const first = firstSentence(q.clue).toLowerCase();
    for (const a of [...q.acceptedAnswers, q.displayAnswer]) expect(first, a).not.toContain(a.toLowerCase());
    for (const w of words) expect(first, w).not.toMatch(new RegExp(`\\b${w}\\b`));
  });
});
