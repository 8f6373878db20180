import { describe, expect, it } from "vitest";
import type { GameEntry } from "./registry";
import { matchPath } from "./routes";

const game = (path: string, ats: string[]): GameEntry => ({
  id: path.slice(1),
  name: path,
  pitch: "",
  players: "",
  glyph: "",
  path,
  pages: ats.map((at) => ({ at, show: () => at })),
});
const GAMES = [
  game("/trivia", ["", ":code"]),
  game("/serpent", ["", "decks", "decks/:deckid", ":code", ":code/projector"]),
];
const open = (path: string) => {
  const m = matchPath(GAMES, path);
  return m && { at: m.page.at, params: m.params };
};

describe("the paths the games' pages live at", () => {
  it("a game's lobby, its rooms by code (decoded), and nothing past what a page names", () => {
    expect(open("/trivia")).toEqual({ at: "", params: {} });
    expect(open("/trivia/AB%20C")).toEqual({ at: ":code", params: { code: "AB C" } });
    expect(open("/trivia/ABC/more")).toBeNull();
    expect(open("/triviality")).toBeNull();
    expect(open("/trivia/%E0%A4%A")).toBeNull();
    expect(open("/")).toBeNull();
  });

  it("a page written out comes before a code in the same place, in the registry's order", () => {
    expect(open("/serpent/decks")).toEqual({ at: "decks", params: {} });
    expect(open("/serpent/decks/d1")).toEqual({ at: "decks/:deckid", params: { deckid: "d1" } });
    expect(open("/serpent/K7QM2D")).toEqual({ at: ":code", params: { code: "K7QM2D" } });
    expect(open("/serpent/K7QM2D/projector")).toEqual({ at: ":code/projector", params: { code: "K7QM2D" } });
    expect(open("/serpent/K7QM2D/elsewhere")).toBeNull();
  });
});
