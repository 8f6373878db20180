import { describe, expect, it } from "vitest";
import { type RoomAction, type RoomBase, roomBase, toast, withRoomBase } from "./room-state";

interface Game extends RoomBase {
  said: string[];
}
type Act = RoomAction<string> | { kind: "say"; text: string };
const game = (s: Game, a: Act): Game =>
  a.kind === "say" ? { ...s, said: [...s.said, a.text] } : a.kind === "server" ? toast(s, "refused", a.msg) : s;
const reduce = withRoomBase(game);
const start = (): Game => ({ ...roomBase(), said: [] });

describe("the room's part of a game's state", () => {
  it("keeps the newest three notes, a repeated one replacing its twin; a dismissed one goes", () => {
    let s = start();
    for (const m of ["a", "b", "c", "d", "b"]) s = reduce(s, { kind: "toast", code: "x", message: m });
    expect(s.toasts.map((t) => t.message)).toEqual(["c", "d", "b"]);
    s = reduce(s, { kind: "dismiss", id: s.toasts[0]!.id });
    expect(s.toasts.map((t) => t.message)).toEqual(["d", "b"]);
  });

  it("hands the game its own actions, and notes the latest seq a message carried", () => {
    let s = reduce(start(), { kind: "say", text: "hi" });
    expect(s.said).toEqual(["hi"]);
    expect(s.seq).toBeNull();
    s = reduce(s, { kind: "server", msg: "no", at: 1, seq: 7 });
    expect(s.seq).toBe(7);
    expect(s.toasts.map((t) => [t.code, t.message])).toEqual([["refused", "no"]]);
    // A message without one leaves it as it was.
    s = reduce(s, { kind: "server", msg: "again", at: 2 });
    expect(s.seq).toBe(7);
  });
});
