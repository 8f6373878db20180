import { describe, expect, it } from "vitest";
import { type CardsAction, type CardsClient, cardsReducer, initialCardsState, isPending, moved } from "./reducer";
import { afterPlaying, submitView, T0 } from "./test-views";
import type { GameEvent, GameStateView, ServerMessage } from "./wire";

const server = (msg: ServerMessage, at = T0): CardsAction => ({ kind: "server", msg, at });
const state = (v: GameStateView, at = T0): CardsAction => server({ type: "state", state: v }, at);
const event = (e: GameEvent): CardsAction => server({ type: "event", event: e });
const run = (s: CardsClient, ...actions: CardsAction[]) => actions.reduce(cardsReducer, s);
const synced = (v: GameStateView = submitView()) => run(initialCardsState("ABC234"), state(v));
const toggle = (cardId: string): CardsAction => ({ kind: "toggle", cardId });

describe("server messages", () => {
  it("a state makes the room synced and remembers every name", () => {
    const s = synced();
    expect(s.synced).toBe(true);
    expect(s.view?.you).toBe("P2");
    expect(s.names).toEqual({ P1: "Ada", P2: "Bob", P3: "Cy" });
  });

  it("acks and errors free their pending request; errors become toasts", () => {
    let s = run(synced(), { kind: "sent", requestId: "r1", action: { type: "startGame" } });
    s = run(s, { kind: "sent", requestId: "r2", action: { type: "pauseGame" } });
    expect(isPending(s, "startGame")).toBe(true);
    s = run(s, server({ type: "ack", requestId: "r1" }));
    expect(isPending(s, "startGame")).toBe(false);
    expect(isPending(s)).toBe(true);
    s = run(
      s,
      server({ type: "error", requestId: "r2", error: "not_lead", message: "Only the game lead can do that." }),
    );
    expect(isPending(s)).toBe(false);
    expect(s.toasts).toEqual([{ id: 1, code: "not_lead", message: "Only the game lead can do that." }]);
  });

  it("an unknown room before any state is a not-found page, not a toast", () => {
    const s = run(
      initialCardsState("NOPE99"),
      server({ type: "error", requestId: "", error: "room_not_found", message: "No room." }),
    );
    expect(s.notFound).toBe(true);
    expect(s.toasts).toEqual([]);
  });

  it("a refused rejoin (kicked, left) marks the seat as gone", () => {
    const kicked = run(
      initialCardsState("ABC234"),
      server({ type: "error", requestId: "", error: "kicked", message: "You were removed from this game." }),
    );
    expect(kicked.removed).toBe("kicked");
    const left = run(
      initialCardsState("ABC234"),
      server({ type: "error", requestId: "", error: "left_game", message: "You left." }),
    );
    expect(left.removed).toBe("left");
  });

  it("a refused seat keeps the form with the server's words; a seat taken clears it", () => {
    let s = run(synced(submitView({ you: null })), { kind: "joining" });
    expect(s.joining).toBe(true);
    s = run(
      s,
      server({ type: "error", requestId: "", error: "name_taken", message: "Someone here is already called Ada." }),
    );
    expect(s.joining).toBe(false);
    expect(s.refusal).toEqual({ code: "name_taken", message: "Someone here is already called Ada." });
    expect(s.toasts).toEqual([]);
    // A spectator's view while the socket rejoins does not end the wait; the seat does.
    s = run(s, { kind: "joining" });
    expect(s.refusal).toBeNull();
    s = run(s, state(submitView({ you: null })));
    expect(s.joining).toBe(true);
    s = run(s, state(submitView()));
    expect(s.joining).toBe(false);
  });

  it("a kicked browser asking again is told it was removed, not offered the form", () => {
    let s = run(synced(submitView({ you: null })), { kind: "joining" });
    s = run(s, server({ type: "error", requestId: "", error: "kicked", message: "You were removed from this game." }));
    expect(s.removed).toBe("kicked");
    expect(s.joining).toBe(false);
    expect(initialCardsState("ABC234", true).removed).toBe("kicked");
  });

  it("the lock and a departing hand are table talk; the lock shows at once", () => {
    let s = run(synced(), event({ type: "tableLocked", locked: true }));
    expect(s.view?.locked).toBe(true);
    s = run(s, event({ type: "cardsDiscarded", playerId: "P3", count: 7 }));
    s = run(s, event({ type: "tableLocked", locked: false }));
    expect(s.view?.locked).toBeUndefined();
    expect(s.notices.map((n) => n.text)).toEqual([
      "The lead locked the table: newcomers can only watch.",
      "Cy's 7 cards went to the discard pile.",
      "The lead opened the table to newcomers.",
    ]);
  });

  it("being kicked is noticed from the event, and a seat shown as left counts as gone", () => {
    const s = run(synced(), event({ type: "playerLeft", playerId: "P2", reason: "kicked" }));
    expect(s.removed).toBe("kicked");
    expect(s.notices.at(-1)?.text).toBe("The lead removed you from the table.");
    const v = submitView();
    const gone = synced({
      ...v,
      players: v.players.map((p) => (p.id === "P2" ? { ...p, presence: "left" as const } : p)),
    });
    expect(gone.removed).toBe("left");
  });

  it("names players in notices, even after they have gone", () => {
    let s = run(synced(), event({ type: "playerLeft", playerId: "P3", reason: "left" }));
    s = run(s, event({ type: "winnerSelected", playerId: "rando", cardIds: [] }));
    s = run(s, event({ type: "leadChanged", playerId: "P2" }));
    expect(s.notices.map((n) => n.text)).toEqual([
      "Cy left the table.",
      "Rando Cardrissian won the round.",
      "You lead the table now.",
    ]);
  });

  it("the end of the game keeps the named winner and drops the judge hand-over nobody will use", () => {
    let s = run(synced(), event({ type: "judgeChanged", playerId: "P3" }));
    s = run(s, event({ type: "gameEnded", winner: "P1", finalScores: { P1: 3 } }));
    expect(s.finalWinner).toBe("P1");
    expect(s.notices.map((n) => n.kind)).toEqual(["gameEnded"]);
    s = run(s, state(submitView({ status: "ended", currentPhase: "END" })));
    expect(s.finalWinner).toBe("P1");
    // The rematch lobby forgets it.
    s = run(s, state(submitView({ status: "lobby", currentPhase: "LOBBY" })));
    expect(s.finalWinner).toBeNull();
  });

  it("a game ending level at the top says who tied", () => {
    const s = run(synced(), event({ type: "gameEnded", finalScores: { P1: 2, P2: 2, P3: 1 } }));
    expect(s.notices.at(-1)?.text).toBe("Game over: a tie between Ada and you.");
    const none = run(synced(), event({ type: "gameEnded", finalScores: { P1: 0, P2: 0 } }));
    expect(none.notices.at(-1)?.text).toBe("Game over: no winner.");
  });

  it("estimates the server clock from a phase change, and from our own lastSeen on joining", () => {
    const v = submitView();
    let s = run(
      initialCardsState("ABC234"),
      state({ ...v, players: v.players.map((p) => ({ ...p, lastSeen: T0 + 500 })) }, T0),
    );
    expect(s.clockOffset).toBe(500);
    s = run(s, state({ ...v, phaseStartedAt: T0 + 9_000, currentPhase: "JUDGE" }, T0 + 10_000));
    expect(s.clockOffset).toBe(-1_000);
  });

  it("uses the server's own clock when the view carries it", () => {
    const s = run(initialCardsState("ABC234"), state({ ...submitView(), serverNow: T0 + 2_500 }, T0));
    expect(s.clockOffset).toBe(2_500);
  });

  it("an update view without the definition keeps the one from the full sync", () => {
    const full = submitView();
    let s = run(initialCardsState("ABC234"), state(full, T0));
    const { definition: _omitted, ...update } = full;
    s = run(s, state({ ...(update as typeof full), round: 2 }, T0 + 10));
    expect(s.view?.round).toBe(2);
    expect(s.view?.definition).toEqual(full.definition);
  });

  it("a dropped connection forgets what was in flight", () => {
    let s = run(synced(), { kind: "sent", requestId: "r1", action: { type: "startGame" } });
    s = run(s, { kind: "link", up: false, fresh: false, at: T0 });
    expect(isPending(s)).toBe(false);
  });
});

describe("choosing an answer", () => {
  it("picks cards in the order tapped, up to the prompt's pick", () => {
    const s = run(synced(submitView({}, 2)), toggle("w-3"), toggle("w-1"), toggle("w-5"));
    expect(s.draft.cards).toEqual(["w-3", "w-1"]);
    expect(s.draft.slot).toBe("submission");
  });

  it("tapping a picked card puts it back", () => {
    const s = run(synced(submitView({}, 2)), toggle("w-3"), toggle("w-1"), toggle("w-3"));
    expect(s.draft.cards).toEqual(["w-1"]);
  });

  it("with pick 1 a second tap swaps the card", () => {
    const s = run(synced(), toggle("w-3"), toggle("w-4"));
    expect(s.draft.cards).toEqual(["w-4"]);
  });

  it("ignores cards not in the hand, the judge, spectators and other phases", () => {
    expect(run(synced(), toggle("w-99")).draft.cards).toEqual([]);
    expect(run(synced(submitView({ you: "P1" })), toggle("w-1")).draft.cards).toEqual([]);
    expect(run(synced(submitView({ you: null })), toggle("w-1")).draft.cards).toEqual([]);
    expect(run(synced(submitView({ currentPhase: "JUDGE" })), toggle("w-1")).draft.cards).toEqual([]);
    expect(run(synced(submitView({ status: "paused" })), toggle("w-1")).draft.cards).toEqual([]);
  });

  it("an away player does not answer", () => {
    const v = submitView();
    const away = { ...v, players: v.players.map((p) => (p.id === "P2" ? { ...p, presence: "away" as const } : p)) };
    expect(run(synced(away), toggle("w-1")).draft.cards).toEqual([]);
  });

  it("reorders by index (drag or the arrow buttons)", () => {
    let s = run(synced(submitView({}, 3)), toggle("w-1"), toggle("w-2"), toggle("w-3"));
    s = run(s, { kind: "move", from: 0, to: 2 });
    expect(s.draft.cards).toEqual(["w-2", "w-3", "w-1"]);
    s = run(s, { kind: "move", from: 1, to: 0 });
    expect(s.draft.cards).toEqual(["w-3", "w-2", "w-1"]);
  });

  it("moved() leaves the list alone for out-of-range moves", () => {
    const list = ["a", "b"];
    expect(moved(list, 0, 2)).toBe(list);
    expect(moved(list, -1, 0)).toBe(list);
    expect(moved(list, 1, 1)).toBe(list);
    expect(moved(list, 1, 0)).toEqual(["b", "a"]);
  });

  it("keeps the rest of the answer while the server takes the cards one by one", () => {
    const v = submitView({}, 2);
    let s = run(synced(v), toggle("w-2"), toggle("w-1"));
    s = run(s, state(afterPlaying(v, ["w-2"])));
    expect(s.draft.cards).toEqual(["w-1"]);
    s = run(s, state(afterPlaying(v, ["w-2", "w-1"])));
    expect(s.draft.cards).toEqual([]);
  });

  it("a new round or another phase clears the picks", () => {
    const v = submitView({}, 2);
    const s = run(synced(v), toggle("w-2"));
    expect(run(s, state({ ...v, currentPhase: "JUDGE" })).draft.cards).toEqual([]);
    const next = run(s, state({ ...v, round: 2 }));
    expect(next.draft).toEqual({ slot: "submission", round: 2, cards: [], texts: {} });
  });

  it("where the server says wagers are open, a complete answer with a point opens the wager", () => {
    const base = submitView({ judging: { voting: false, wagers: true } });
    const withPoint = {
      ...base,
      players: base.players.map((p) => (p.id === "P2" ? { ...p, score: 1, slotCounts: { scorePile: 1 } } : p)),
    };
    const answered = afterPlaying(withPoint, ["w-1"]);
    const s = run(synced(answered), toggle("w-4"));
    expect(s.draft).toEqual({ slot: "wager", round: 1, cards: ["w-4"], texts: {} });
    // No point, no wager.
    expect(run(synced(afterPlaying(base, ["w-1"])), toggle("w-4")).draft.cards).toEqual([]);
    // A variant called "gambling" means nothing by itself: only the server's flag opens the wager.
    const closed = {
      ...withPoint,
      activeVariants: ["judgeRotate", "gambling"],
      judging: { voting: false, wagers: false },
    };
    expect(run(synced(afterPlaying(closed, ["w-1"])), toggle("w-4")).draft.cards).toEqual([]);
  });

  it("a seat that left may be followed by a new one", () => {
    const v = submitView();
    let s = run(
      synced(),
      server({ type: "error", requestId: "", error: "left_game", message: "You left this game and cannot rejoin it." }),
    );
    expect(s.removed).toBe("left");
    s = run(s, state({ ...v, you: null }), { kind: "joining" }, state({ ...v, you: "P3" }));
    expect(s.removed).toBeNull();
    expect(s.joining).toBe(false);
  });

  it("leaving drops the picks and marks the seat as given up", () => {
    const s = run(synced(), toggle("w-1"), { kind: "left" });
    expect(s.removed).toBe("left");
    expect(s.draft.cards).toEqual([]);
  });
});
