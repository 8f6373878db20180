import { useCallback, useEffect } from "react";
import { cardTablePacking } from "../../../../src/games/card-table/packing";
import { type ActionRoom, useActionRoom } from "../../kit/action-room";
import { seatStore } from "../../kit/seats";
import { type CardsAction, type CardsClient, cardsReducer, initialCardsState } from "./reducer";
import { type Action, isServerMessage } from "./wire";

const cardsSeats = seatStore("cards");

export interface CardsRoomHandle extends ActionRoom<CardsClient, CardsAction, Action> {
  /** Play cards one after another, in order (a pick-2 answer is two plays); `texts` go on blank cards. */
  play(cardIds: string[], slot: string, texts?: Record<string, string>): void;
  /** A newcomer takes a seat, and the join form waits for the server's answer. */
  sit(name: string): Promise<boolean>;
}

/**
 * One socket to /cards for the room page (the kit's action-envelope room): with this
 * browser's seat token it plays, without one it watches.
 */
export function useCardsRoom(roomId: string): CardsRoomHandle {
  const room = useActionRoom({
    slug: "cards",
    namespace: "/cards",
    roomId,
    // A browser this table removed stays removed, even with its token gone (docs/games/card-table.md, Decisions D5).
    init: () => initialCardsState(roomId, cardsSeats.wasKicked(roomId)),
    reducer: cardsReducer,
    isServerMessage,
    packing: cardTablePacking,
  });
  const { state, send, dispatch, forgetSeat } = room;

  // A seat the lead took away (or that we gave up) cannot be proven again: drop its token.
  // A kick is remembered, so this browser is never offered a seat here again.
  useEffect(() => {
    if (state.removed) forgetSeat();
    if (state.removed === "kicked") cardsSeats.markKicked(roomId);
  }, [state.removed, roomId, forgetSeat]);

  // A refused seat (a taken name, a locked or full table): its token proves nothing; ask again with a new one.
  useEffect(() => {
    if (state.refusal) forgetSeat();
  }, [state.refusal, forgetSeat]);

  const play = useCallback(
    (cardIds: string[], slot: string, texts: Record<string, string> = {}) => {
      // The server handles one socket's messages in order, so the answer keeps this order.
      for (const cardId of cardIds) {
        const text = texts[cardId];
        send({ type: "play", cardId, fromZone: "hand", toSlot: slot, ...(text === undefined ? {} : { text }) });
      }
    },
    [send],
  );

  const seat = room.sit;
  const sit = useCallback(
    async (name: string) => {
      dispatch({ kind: "joining" });
      const ok = await seat(name);
      if (!ok) dispatch({ kind: "joinFailed" });
      return ok;
    },
    [seat, dispatch],
  );

  return { ...room, play, sit };
}
