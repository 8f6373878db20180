import type { ViewPacking } from "../../engine/compact-wire";
import type { Card } from "./content/schema";
import type { PublicPlayer } from "./events";
import { interpolatePrompt } from "./interpolate";
import type { LegalAction } from "./legal-actions";
import type { GameStateView, SubmissionView } from "./view";

/**
 * How Card Table's views and events travel on the compact wire (docs/protocols/platform.md,
 * "Compact wire"): the same content as today's `state` and `event` messages, shaped so that
 * a step's patch says only what changed. Pure and shared: the server diffs `pack`'s output,
 * the web client rebuilds today's messages with `unpack`. Nothing is lost (packing.test.ts
 * checks every seat of seeded bot games); each derivation is checked as it is packed and
 * falls back to the view's own form where it does not hold.
 *
 * - `serverNow`, new at every step, is the frame's `fresh` part instead of a patch op.
 * - A player's counts that churn as cards move (`handCount`, `slotCounts`) and `lastSeen` go
 *   in one short string, `n`, so one op says all of a play; counts the player's own cards
 *   show are left out of it.
 * - Another player's answer in `roundState.submissions` (no cards, a count and a time) is a
 *   short string.
 * - Legal actions that are one action per card of the seat's hand, in hand order, are one
 *   `{ $hand: template }` entry: a card leaving the hand changes nothing there.
 * - An anonymous answer's `text` is the prompt interpolated with its cards: left out.
 * - Answer lists are kept by round in one place, `ans`: the anonymous list of the round being
 *   judged, and `lastRound`'s answers, which after a judgement are the same list with its
 *   authors. So a judgement adds authors to the list the seat holds instead of sending its
 *   cards again, and the next round's start drops only the anonymous list's marker.
 * - Events are arrays `[type, …fields]` in a fixed order per type.
 */

type View = GameStateView & { serverNow?: number };
type Packed = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

// ---------------------------------------------------------------- players

/** Commas and equals signs separate the fields of `n`; a slot id is escaped so it cannot hold them. */
const esc = (s: string) => encodeURIComponent(s);

function packPlayer(p: PublicPlayer, createdAt: number): unknown {
  const { handCount, slotCounts, lastSeen, ...rest } = p;
  const slots = Object.keys(p.slots);
  const counted = Object.keys(slotCounts);
  // The counts' slots are the slots', in the same order, as publicPlayer makes them.
  if (slots.length !== counted.length || slots.some((k, i) => counted[i] !== k)) return p;
  if (typeof lastSeen !== "number") return p;
  const fields = [
    handCount === p.hand.length && p.hand.length > 0 ? "" : String(handCount),
    String(lastSeen - createdAt),
  ];
  for (const k of slots) {
    const shown = p.slots[k]?.length ?? 0;
    if (shown === 0 || slotCounts[k] !== shown) fields.push(`${esc(k)}=${slotCounts[k]}`);
  }
  return { ...rest, n: fields.join(",") };
}

function unpackPlayer(p: Record<string, unknown>, createdAt: number): PublicPlayer {
  if (typeof p.n !== "string") return p as unknown as PublicPlayer;
  const { n, ...rest } = p;
  const [hand = "", seen = "0", ...counts] = n.split(",");
  const player = rest as unknown as PublicPlayer;
  const given = new Map(
    counts.map((c) => {
      const at = c.lastIndexOf("=");
      return [decodeURIComponent(c.slice(0, at)), Number(c.slice(at + 1))] as const;
    }),
  );
  const slotCounts: Record<string, number> = {};
  for (const [k, cards] of Object.entries(player.slots)) slotCounts[k] = given.get(k) ?? cards.length;
  return {
    ...player,
    lastSeen: Number(seen) + createdAt,
    handCount: hand === "" ? player.hand.length : Number(hand),
    slotCounts,
  };
}

// ---------------------------------------------------------------- answers by player

type Entry = { cards: Card[]; count: number; submittedAt?: number };

function packEntries(entries: Record<string, Entry>, createdAt: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, e] of Object.entries(entries)) {
    const plain =
      e.cards.length === 0 && Object.keys(e).every((k) => k === "cards" || k === "count" || k === "submittedAt");
    out[id] = plain ? (e.submittedAt === undefined ? `${e.count}` : `${e.count},${e.submittedAt - createdAt}`) : e;
  }
  return out;
}

function unpackEntries(entries: Record<string, unknown>, createdAt: number): Record<string, Entry> {
  const out: Record<string, Entry> = {};
  for (const [id, e] of Object.entries(entries)) {
    if (typeof e !== "string") {
      out[id] = e as Entry;
      continue;
    }
    const [count, at] = e.split(",");
    out[id] = { cards: [], count: Number(count), ...(at === undefined ? {} : { submittedAt: Number(at) + createdAt }) };
  }
  return out;
}

// ---------------------------------------------------------------- legal actions

const HAND = "$hand";

/** The seat's own hand, as its view shows it. */
const ownHand = (v: View): Card[] => v.players.find((p) => p.id === v.you)?.hand ?? [];

function packActions(actions: LegalAction[], hand: Card[]): unknown[] {
  const out: unknown[] = [];
  let i = 0;
  while (i < actions.length) {
    const a = actions[i] as LegalAction & { cardId?: unknown };
    // A run of one action per hand card, in hand order, alike but for the card.
    if (hand.length > 0 && a.cardId === hand[0]?.id) {
      const { cardId: _, ...template } = a;
      const same = JSON.stringify(template);
      let run = 0;
      while (run < hand.length) {
        const b = actions[i + run] as (LegalAction & { cardId?: unknown }) | undefined;
        if (!b || b.cardId !== hand[run]?.id) break;
        const { cardId: __, ...rest } = b;
        if (JSON.stringify(rest) !== same) break;
        run++;
      }
      if (run === hand.length) {
        out.push({ [HAND]: template });
        i += run;
        continue;
      }
    }
    out.push(a);
    i++;
  }
  return out;
}

function unpackActions(packed: unknown[], hand: Card[]): LegalAction[] {
  const out: LegalAction[] = [];
  for (const a of packed) {
    if (isObject(a) && HAND in a) {
      const template = a[HAND] as Record<string, unknown>;
      // The listed action's own key order: type, then the card, then the rest.
      for (const c of hand) out.push({ type: template.type, cardId: c.id, ...template } as unknown as LegalAction);
    } else out.push(a as LegalAction);
  }
  return out;
}

// ---------------------------------------------------------------- anonymous answers

/** The current prompt, as the view shows it (the definition's prompt slot's first card). */
function promptOf(v: View): Card | undefined {
  const slot = v.definition?.judging?.promptSlot;
  return slot ? v.globalSlots[slot]?.[0] : undefined;
}

/** The text view.ts gives an anonymous answer: the prompt filled in with its cards, unless withdrawn. */
const textOf = (prompt: Card | undefined, a: SubmissionView) =>
  prompt && !a.withdrawn ? interpolatePrompt(prompt, a.cards) : undefined;

function packAnonymized(list: SubmissionView[], prompt: Card | undefined): SubmissionView[] | null {
  const out: SubmissionView[] = [];
  for (const a of list) {
    if (a.text !== textOf(prompt, a)) return null;
    const { text: _, ...rest } = a;
    out.push(rest);
  }
  return out;
}

function unpackAnonymized(list: SubmissionView[], prompt: Card | undefined): SubmissionView[] {
  return list.map((a) => {
    const text = textOf(prompt, a);
    return text === undefined ? a : { ...a, text };
  });
}

// ---------------------------------------------------------------- the view

/**
 * The packed view's answer lists, by round number: where `roundState.anon` (the round's
 * number) and a `lastRound` whose `submissions` is `0` find theirs. A round's list stays at
 * the same path from its reveal (or, for a seat not shown it then, its judgement) until the
 * next round is judged: its judgement adds authors there, and nothing moves.
 */
const ANSWERS = "ans";
/** `lastRound.submissions` when its answers are `ans[lastRound.round]`. */
const IN_ANSWERS = 0;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function packState(v: View): Packed {
  const { serverNow: _, players, legalActions, roundState, lastRound, ...rest } = v;
  const { submissions, wagers, anonymized, ...round } = roundState;
  const packedRound: Packed = {
    ...round,
    submissions: packEntries(submissions, v.createdAt),
    wagers: packEntries(wagers, v.createdAt),
  };
  // A view with a key of that name (none today) keeps its answers where it has them.
  const byRound = ANSWERS in rest ? null : new Map<string, SubmissionView[]>();
  if (anonymized) {
    const lean = packAnonymized(anonymized, promptOf(v));
    if (lean && byRound) {
      byRound.set(String(v.round), lean);
      packedRound.anon = v.round;
    } else packedRound.anonymized = anonymized;
  }
  const packed: Packed = {
    ...rest,
    players: players.map((p) => packPlayer(p, v.createdAt)),
    roundState: packedRound,
    legalActions: packActions(legalActions, ownHand(v)),
  };
  if (lastRound) {
    const key = String(lastRound.round);
    const held = byRound?.get(key);
    // Its answers go in `ans` unless the round's slot there holds a list that differs (an
    // answer withdrawn since the judgement, say): then they stay where they are.
    if (byRound && (held === undefined || same(held, lastRound.submissions))) {
      if (held === undefined) byRound.set(key, lastRound.submissions);
      packed.lastRound = { ...lastRound, submissions: IN_ANSWERS };
    } else packed.lastRound = lastRound;
  }
  if (byRound && byRound.size > 0) packed[ANSWERS] = Object.fromEntries(byRound);
  return packed;
}

function unpackState(p: Packed, serverNow: unknown): View {
  const createdAt = p.createdAt as number;
  const { players, roundState, legalActions, lastRound, ...rest } = p;
  const { submissions, wagers, anon, ...round } = roundState as Packed;
  // `ans` is the answers' place only if something refers to it (else it is the view's own key).
  const referred = typeof anon === "number" || (isObject(lastRound) && lastRound.submissions === IN_ANSWERS);
  const byRound = (referred ? rest[ANSWERS] : {}) as Record<string, SubmissionView[]>;
  if (referred) delete rest[ANSWERS];
  const view = {
    ...rest,
    players: (players as Record<string, unknown>[]).map((q) => unpackPlayer(q, createdAt)),
  } as unknown as View;
  view.roundState = {
    ...(round as unknown as View["roundState"]),
    submissions: unpackEntries(submissions as Record<string, unknown>, createdAt),
    wagers: unpackEntries(wagers as Record<string, unknown>, createdAt),
  };
  // The round whose anonymous list `ans` holds.
  if (typeof anon === "number")
    view.roundState.anonymized = unpackAnonymized(byRound[String(anon)] ?? [], promptOf(view));
  view.legalActions = unpackActions(legalActions as unknown[], ownHand(view));
  if (isObject(lastRound)) {
    const answered = lastRound.submissions === IN_ANSWERS;
    view.lastRound = (answered
      ? { ...lastRound, submissions: byRound[String(lastRound.round)] ?? [] }
      : lastRound) as unknown as View["lastRound"];
  }
  if (serverNow !== undefined) view.serverNow = serverNow as number;
  return view;
}

/** Packed views carry this key instead of `state` (shorter paths, and never mistaken for a view). */
const PACKED = "p";

const isStateMessage = (m: unknown): m is { type: "state"; state: View } =>
  isObject(m) && m.type === "state" && isObject(m.state) && Array.isArray(m.state.players);

// ---------------------------------------------------------------- events

/** Each event's fields in the order its array lists them (the common ones; any other stays an object). */
const EVENT_FIELDS: Record<string, string[]> = {
  cardDrawn: ["playerId", "deckId", "count"],
  cardPlayed: ["playerId", "cardId", "toSlot"],
  cardDiscarded: ["cardId"],
  phaseChanged: ["from", "to"],
  scoreChanged: ["playerId", "newScore"],
  judgeChanged: ["playerId"],
  turnChanged: ["playerId"],
  roundEnded: ["round"],
  winnerSelected: ["playerId", "cardIds"],
  voteCast: ["playerId", "votesIn"],
  playerPresenceChanged: ["playerId", "presence"],
  gameStarted: [],
  gamePaused: [],
  gameResumed: [],
};

function packEvent(msg: unknown): unknown {
  if (!isObject(msg) || msg.type !== "event" || Object.keys(msg).length !== 2 || !isObject(msg.event)) return msg;
  const e = msg.event;
  const fields = typeof e.type === "string" ? EVENT_FIELDS[e.type] : undefined;
  if (!fields) return msg;
  const keys = Object.keys(e);
  if (keys.length !== fields.length + 1 || fields.some((f) => !(f in e) || e[f] === undefined)) return msg;
  return [e.type, ...fields.map((f) => e[f])];
}

function unpackEvent(packed: unknown): unknown {
  if (!Array.isArray(packed)) return packed;
  const [type, ...values] = packed as [string, ...unknown[]];
  const event: Record<string, unknown> = { type };
  (EVENT_FIELDS[type] ?? []).forEach((f, i) => {
    event[f] = values[i];
  });
  return { type: "event", event };
}

export const cardTablePacking: ViewPacking = {
  // Changed with any change to the packed form below (docs/protocols/platform.md, "Compact wire").
  version: "ct-2",
  pack(msg) {
    if (!isStateMessage(msg)) return msg;
    const { state, ...rest } = msg;
    return { ...rest, [PACKED]: packState(state) };
  },
  unpack(packed, fresh) {
    if (!isObject(packed) || packed.type !== "state" || !isObject(packed[PACKED])) return packed;
    const { [PACKED]: p, ...rest } = packed;
    return { ...rest, state: unpackState(p as Packed, fresh) };
  },
  fresh: (msg) => (isStateMessage(msg) ? msg.state.serverNow : undefined),
  packEvent,
  unpackEvent,
};
