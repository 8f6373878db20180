import type { Card, GameStateView, PlayerView, Settings } from "./wire";

/** Test fixtures: views shaped like the server's, built up field by field. */

export const T0 = 1_700_000_000_000;

export function white(n: number): Card {
  return { id: `w-${n}`, type: "white", properties: { text: `Answer ${n}.` } };
}

export function black(text: string, pick = 1, blanks = text.split("_____").length - 1): Card {
  return { id: "b-1", type: "black", properties: { text, pick, blanks } };
}

export function player(id: string, name: string, over: Partial<PlayerView> = {}): PlayerView {
  return {
    id,
    name,
    isLead: false,
    presence: "active",
    lastSeen: T0,
    joinedAt: T0,
    hand: [],
    handCount: 0,
    slots: {},
    slotCounts: {},
    score: 0,
    ...over,
  };
}

/** Settings as the server fills them in (its defaults for the engine's own knobs). */
export function settings(over: Partial<Settings> = {}): Settings {
  return {
    handSize: 7,
    endCondition: "points",
    endValue: 7,
    packIds: ["base"],
    activeVariants: ["judgeRotate"],
    revealToAll: true,
    judgeGraceSeconds: 30,
    leadGraceSeconds: 60,
    disconnectGraceSeconds: 300,
    onExhausted: "end",
    blankCards: 0,
    blockedWords: [],
    ...over,
  };
}

/** A three-player table in SUBMIT, viewed by P2 (not the judge), with a hand of w-1 … w-7. */
export function submitView(over: Partial<GameStateView> = {}, pick = 1): GameStateView {
  const hand = [1, 2, 3, 4, 5, 6, 7].map(white);
  return {
    gameId: "ABC234",
    definitionId: "cah",
    definition: {
      id: "cah",
      name: "Cards Against Humanity",
      description: "",
      minPlayers: 3,
      maxPlayers: 20,
      variants: [
        { id: "judgeRotate", name: "Rotating judge", description: "", default: true, group: "judge" },
        { id: "rando", name: "Rando", description: "", default: false },
        { id: "gambling", name: "Gambling", description: "", default: false },
      ],
      decks: {
        white: { displayName: "Answers", cardType: "white" },
        black: { displayName: "Prompts", cardType: "black" },
      },
      slots: [],
      phases: [],
      initialPhase: "LOBBY",
      endPhase: "END",
      defaultSettings: settings({ activeVariants: [] }),
    },
    status: "playing",
    createdAt: T0,
    startedAt: T0,
    settings: settings(),
    activeVariants: ["judgeRotate"],
    judging: { voting: false, wagers: false },
    roles: { lead: "P1", judge: "P1", turn: null },
    players: [
      player("P1", "Ada", { isLead: true, handCount: 7 }),
      player("P2", "Bob", { hand, handCount: 7 }),
      player("P3", "Cy", { handCount: 7 }),
    ],
    turnOrder: ["P1", "P2", "P3"],
    currentPhase: "SUBMIT",
    phaseStartedAt: T0,
    phaseEndsAt: null,
    judgeGraceEndsAt: null,
    round: 1,
    decks: {},
    dice: {},
    globalSlots: { prompt: [black(pick > 1 ? "_____ and _____." : "Why _____?", pick)] },
    roundState: { pick, submissions: {}, wagers: {}, entryCount: 0 },
    you: "P2",
    legalActions: hand.map((c) => ({ type: "play", cardId: c.id, fromZone: "hand", toSlot: "submission" })),
    ...over,
  };
}

/** The same table after the viewer played `ids` (in order) into a slot. */
export function afterPlaying(v: GameStateView, ids: string[], slot = "submission"): GameStateView {
  const players = v.players.map((p) => {
    if (p.id !== v.you) return p;
    const played = p.hand.filter((c) => ids.includes(c.id)).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    const hand = p.hand.filter((c) => !ids.includes(c.id));
    const prior = p.slots[slot] ?? [];
    return { ...p, hand, handCount: hand.length, slots: { ...p.slots, [slot]: [...prior, ...played] } };
  });
  return { ...v, players };
}
