import { pushToast, type ToastItem } from "./Toasts";

/**
 * What every room page keeps beside its game's own state: the error notes on screen and the
 * room's sequence number in the latest message that carried one (the versioned sync reads
 * it). A game's client state extends this; `useRoom` handles its actions.
 */
export interface RoomBase {
  toasts: ToastItem[];
  /** The id the next note gets. */
  nextToast: number;
  seq: number | null;
}

export const roomBase = (): RoomBase => ({ toasts: [], nextToast: 1, seq: null });

/** The room's own fields of a state, to carry them over when a game rebuilds its state from a full sync. */
export const baseOf = ({ toasts, nextToast, seq }: RoomBase): RoomBase => ({ toasts, nextToast, seq });

/** An error note (a refusal, a lost line); see `pushToast` for how many stay. */
export function toast<S extends RoomBase>(s: S, code: string, message: string): S {
  return { ...s, toasts: pushToast(s.toasts, { id: s.nextToast, code, message }), nextToast: s.nextToast + 1 };
}

/**
 * What the room hook tells a game's reducer: a message from the server (with the local time
 * it arrived), and the line coming up or going down. `fresh`: a new connection, whose join
 * brings a full state (until then the page's deadlines may be stale); otherwise the line
 * only answered again after going quiet.
 */
export type RoomAction<M> =
  | { kind: "server"; msg: M; at: number; seq?: number }
  | { kind: "link"; up: boolean; fresh: boolean; at: number };

/** The notes' own actions, which the room hook handles before the game's reducer sees anything. */
export type ToastAction = { kind: "toast"; code: string; message: string } | { kind: "dismiss"; id: number };

const isToastAction = (a: { kind: string }): a is ToastAction => a.kind === "toast" || a.kind === "dismiss";

/** A game's reducer with the room's part around it: notes, and the latest `seq`. */
export function withRoomBase<S extends RoomBase, A extends { kind: string }>(
  game: (s: S, a: A) => S,
): (s: S, a: A | ToastAction) => S {
  return (s, a) => {
    if (isToastAction(a))
      return a.kind === "toast" ? toast(s, a.code, a.message) : { ...s, toasts: s.toasts.filter((t) => t.id !== a.id) };
    const next = game(s, a);
    const seq = (a as { seq?: unknown }).seq;
    return typeof seq === "number" && seq !== next.seq ? { ...next, seq } : next;
  };
}
