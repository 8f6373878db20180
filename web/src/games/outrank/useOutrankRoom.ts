import { useCallback, useEffect, useState } from "react";
import { type ActionRoom, useActionRoom } from "../../kit/action-room";
import { play } from "../../kit/sound";
import { initialClient, type OutrankAction, type OutrankClient, outrankReducer } from "./reducer";
import { type Action, isServerMessage, type OutrankEvent, type ServerMessage } from "./wire";

export interface OutrankRoom extends ActionRoom<OutrankClient, OutrankAction, Action> {
  /** A seat is being asked for: the form waits. */
  sitting: boolean;
}

/**
 * One socket to /outrank for the room page (the kit's action-envelope room): with this
 * browser's seat token it plays, without one it watches.
 */
export function useOutrankRoom(roomId: string): OutrankRoom {
  const room = useActionRoom({
    slug: "outrank",
    namespace: "/outrank",
    roomId,
    init: () => initialClient(roomId),
    reducer: outrankReducer,
    isServerMessage,
    heard: (msg, before) => cue(msg, before.view),
  });
  const { state, forgetSeat, reconnect } = room;
  const [sitting, setSitting] = useState(false);

  // A seat the lead took away, that we gave up, or whose token the server no longer knows
  // cannot be proven again: drop its token (and, for a bad token, come back as a watcher).
  useEffect(() => {
    if (state.removed) forgetSeat();
  }, [state.removed, forgetSeat]);
  useEffect(() => {
    if (!state.badToken) return;
    forgetSeat();
    reconnect();
  }, [state.badToken, forgetSeat, reconnect]);

  const seat = room.sit;
  const sit = useCallback(
    async (name: string) => {
      setSitting(true);
      const ok = await seat(name);
      setSitting(false);
      return ok;
    },
    [seat],
  );

  return { ...room, sit, sitting };
}

/** Short sounds (the kit's, with its mute switch) for what happens at the table. */
function cue(msg: ServerMessage, v: OutrankClient["view"]): void {
  if (msg.type !== "event") return;
  const e: OutrankEvent = msg.event;
  const meId = v && v.you !== null ? v.players[v.you]?.id : undefined;
  switch (e.type) {
    case "guessResolved":
      play(e.correct ? "right" : "wrong");
      break;
    case "cashedOut":
      play("right");
      break;
    case "roundEnded":
      if (e.bonus) play("tick");
      break;
    case "turnChanged":
      // Online: your own turn. One table: every turn (the device is passed on).
      if (v?.mode === "table" || e.playerId === meId) play("turn");
      break;
    case "gameEnded":
      play("buzz");
      break;
  }
}
