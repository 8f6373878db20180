/** The room games a fleet plays, by their rules ids (the `game` column of `rooms`). */
export type FleetGame = "trivia-duel" | "card-table" | "outrank" | "serpent-race";
export const FLEET_GAMES: readonly FleetGame[] = ["trivia-duel", "card-table", "outrank", "serpent-race"];

/**
 * One input the server acknowledged, as the durable log must hold it. None of the four
 * protocols' acks carries a sequence number, so a record is matched to the log by
 * (room, actor seat, intent) as a multiset (see log-check.ts).
 */
export interface AckedInput {
  game: FleetGame;
  /** The room code. */
  room: string;
  /** The seat the server knows the sender by: the log row's `actor` ("P1", "GM"). */
  seat: string;
  /** The intent exactly as the server logs it: the game's own wire adapter's reading of what was sent. */
  intent: unknown;
  /** The Socket.IO event it went out on ("message" for every game but SerpentRace; "rest" for a REST call). */
  event: string;
  /** The request id the message carried, if its protocol has one. */
  requestId?: string;
  /**
   * The server said the step changed nothing (a repeat of something already done, such as a
   * second "ready" sent before the broadcast of the first arrived): no row is owed for it.
   */
  unchanged?: true;
  /** Client clock when the ack arrived (ms). */
  ackedAt: number;
}

/** What one bot (or, summed, a fleet) sent and heard back. */
export interface InputCounts {
  sent: number;
  acked: number;
  /** Refusals by error code. */
  refused: Record<string, number>;
  /** Requests whose socket dropped before an answer came (re-decided from the fresh state). */
  lost: number;
}

export const emptyCounts = (): InputCounts => ({ sent: 0, acked: 0, refused: {}, lost: 0 });

export function addCounts(into: InputCounts, from: InputCounts): void {
  into.sent += from.sent;
  into.acked += from.acked;
  into.lost += from.lost;
  for (const [code, n] of Object.entries(from.refused)) into.refused[code] = (into.refused[code] ?? 0) + n;
}
