/**
 * Spot-check of the Film & Television, Sport, Art & Architecture, Food & Drink and
 * Nature & Animals questions: well-known facts written down independently of the data,
 * so a slip in the JSON (wrong year, swapped answer, mangled clue) shows up here.
 */
import { describe, expect, it } from "vitest";
import type { Question } from "./schema";
import { bank, byId } from "./test-bank";

function byDisplay(display: string): Question {
  const qs = bank.filter((x) => x.displayAnswer === display);
  if (qs.length !== 1) throw new Error(`expected one question answered "${display}", found ${qs.length}`);
  return qs[0]!;
}

/** [display answer, category, things the clue must mention] */
const facts: [string, string, string[]][] = [
  ["Casablanca", "Film & Television", ["1942", "Bogart", "Bergman"]],
  ["Citizen Kane", "Film & Television", ["1941", "Orson Welles", "Rosebud"]],
  ["Star Wars", "Film & Television", ["1977", "George Lucas", "Darth Vader"]],
  ["Pulp Fiction", "Film & Television", ["Tarantino", "Palme d'Or", "1994"]],
  ["Psycho", "Film & Television", ["1960", "Norman Bates", "Hitchcock"]],
  ["Doctor Who", "Film & Television", ["1963", "TARDIS", "BBC"]],
  ["Seven Samurai", "Film & Television", ["1954", "Kurosawa", "The Magnificent Seven"]],
  ["Spirited Away", "Film & Television", ["Miyazaki", "Ghibli"]],
  ["Charlie Chaplin", "Film & Television", ["1889", "Little Tramp", "Modern Times"]],
  ["Satyajit Ray", "Film & Television", ["Pather Panchali", "Apu Trilogy"]],
  ["Usain Bolt", "Sport", ["Jamaica", "9.58", "2009"]],
  ["Sir Donald Bradman", "Sport", ["99.94", "1948", "Australian"]],
  ["Pelé", "Sport", ["1958", "Santos", "Brazilian"]],
  ["Jesse Owens", "Sport", ["1936", "Berlin", "four gold medals"]],
  ["Tour de France", "Sport", ["1903", "yellow jersey"]],
  ["Basketball", "Sport", ["James Naismith", "1891", "peach baskets"]],
  ["Wayne Gretzky", "Sport", ["The Great One", "99", "Edmonton Oilers"]],
  ["Nadia Comăneci", "Sport", ["1976", "Montreal", "perfect 10"]],
  ["Mona Lisa", "Art & Architecture", ["Leonardo da Vinci", "Louvre", "1911"]],
  ["The Scream", "Art & Architecture", ["Edvard Munch", "Oslo"]],
  ["Vincent van Gogh", "Art & Architecture", ["The Starry Night", "Arles", "Theo"]],
  ["Antoni Gaudí", "Art & Architecture", ["Sagrada Família", "Barcelona", "1926"]],
  ["Sir Christopher Wren", "Art & Architecture", ["St Paul's Cathedral", "1666"]],
  ["The Parthenon", "Art & Architecture", ["Athena", "Acropolis", "Phidias"]],
  ["The Great Wave off Kanagawa", "Art & Architecture", ["Hokusai", "Mount Fuji"]],
  ["Haggis", "Food & Drink", ["Burns Night", "Scottish"]],
  ["Kimchi", "Food & Drink", ["Korean", "cabbage"]],
  ["Tiramisu", "Food & Drink", ["mascarpone", "coffee"]],
  ["Saffron", "Food & Drink", ["crocus", "stigmas"]],
  ["Pizza Margherita", "Food & Drink", ["1889", "Naples", "basil"]],
  ["Blue whale", "Nature & Animals", ["krill", "largest animal"]],
  ["Platypus", "Nature & Animals", ["egg-laying mammal", "Australian"]],
  ["Giraffe", "Nature & Animals", ["seven vertebrae", "tallest"]],
  ["Dodo", "Nature & Animals", ["Mauritius", "flightless"]],
  ["Cheetah", "Nature & Animals", ["fastest land animal"]],
  ["Emperor penguin", "Nature & Animals", ["Antarctic", "largest of all penguin species"]],
];

describe("trivia bank spot-check (film, sport, art, food, nature)", () => {
  it.each(facts)("%s (%s) is in the bank with the right clue", (display, category, mentions) => {
    const q = byDisplay(display);
    expect(q.category).toBe(category);
    for (const m of mentions) expect(q.clue).toContain(m);
  });

  it("has the well-known answers under the expected ids", () => {
    expect(byId("q_sport_usain_bolt").displayAnswer).toBe("Usain Bolt");
    expect(byId("q_film_casablanca").displayAnswer).toBe("Casablanca");
    expect(byId("q_sport_muhammad_ali").acceptedAnswers).toContain("cassius clay");
    expect(byId("q_art_mona_lisa").acceptedAnswers).toContain("la gioconda");
    expect(byId("q_food_whisky").acceptedAnswers).toEqual(expect.arrayContaining(["whisky", "whiskey"]));
    expect(byId("q_nat_giant_panda").acceptedAnswers).toContain("panda");
  });

  it("has at least 22 questions in each of its five categories", () => {
    for (const category of ["Film & Television", "Sport", "Art & Architecture", "Food & Drink", "Nature & Animals"]) {
      expect(bank.filter((q) => q.category === category).length).toBeGreaterThanOrEqual(22);
    }
  });
});
