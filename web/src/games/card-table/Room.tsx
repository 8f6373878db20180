import { useLayoutEffect, useState } from "react";
import { Button } from "../../kit/Button";
import { ConnectionBanner } from "../../kit/ConnectionBanner";
import { BadRoomCode, DeadEnd } from "../../kit/DeadEnd";
import { Layout } from "../../kit/Layout";
import { Link } from "../../kit/Link";
import { navigate } from "../../kit/navigation";
import { Toasts } from "../../kit/Toasts";
import { useTitle } from "../../kit/useTitle";
import type { CardsClient } from "./reducer";
import { Game } from "./screens/Game";
import { JoinScreen } from "./screens/JoinForm";
import { RoomLobby } from "./screens/RoomLobby";
import { HandoverClaim } from "./screens/SeatHandover";
import { type CardsRoomHandle, useCardsRoom } from "./useCardsRoom";
import { ROOM_CODE } from "./wire";
import "./cards.css";

/** /cards/<ROOMID>: the table itself, for players and watchers alike. */
export function CardsRoom({ code }: { code: string }) {
  return ROOM_CODE.test(code) ? (
    <RoomSession roomId={code.toUpperCase()} />
  ) : (
    <BadRoomCode href="/cards" back="Back to Card Table" />
  );
}

function RoomSession({ roomId }: { roomId: string }) {
  const room = useCardsRoom(roomId);
  const s = room.state;
  // A visitor is greeted with the join form; watching is their choice (or all a removed player has).
  const [watching, setWatching] = useState(false);
  const [leaving, setLeaving] = useState(false);
  useTitle(`Room ${roomId} · Card Table`);
  const onLeave = async () => {
    setLeaving(true);
    await room.leave();
    navigate("/cards");
  };
  return (
    <Layout wide>
      {/* Stays in sight however far down the page the player is. */}
      <div className="ct-connection">
        <ConnectionBanner status={room.connection} />
      </div>
      <div className="ct-room" data-testid="cards-room" data-seat={s.view?.you ?? "spectator"}>
        <Banners s={s} watching={watching} />
        <HandoverClaim room={room} v={s.synced ? s.view : null} />
        {leaving ? (
          <section className="card center" data-testid="leaving">
            <p className="ct-waiting">Giving up your seat…</p>
          </section>
        ) : (
          <Screen room={room} onLeave={onLeave} watching={watching} onWatch={() => setWatching(true)} />
        )}
      </div>
      <Toasts items={s.toasts} onDismiss={room.dismiss} />
    </Layout>
  );
}

interface ScreenArgs {
  room: CardsRoomHandle;
  onLeave(): void;
  watching: boolean;
  onWatch(): void;
}

function Screen({ room, onLeave, watching, onWatch }: ScreenArgs) {
  const s = room.state;
  const v = s.view;
  const greeting = s.synced && v?.you === null && s.removed !== "kicked" && !watching;
  const removed = s.removed === "kicked" && !watching;
  // Every screen of this page opens at its top: the one before it may have been scrolled
  // far down (the setup form's Create button, a long round), and the browser keeps that.
  const screen = !s.synced
    ? "connecting"
    : removed
      ? "removed"
      : greeting
        ? "join"
        : v?.status === "lobby" || v?.status === "ended"
          ? v.status
          : "game";
  useLayoutEffect(() => {
    if (screen !== "connecting") window.scrollTo(0, 0);
  }, [screen]);

  if (s.notFound)
    return (
      <DeadEnd title={`No room called ${s.roomId}`} href="/cards" back="Back to Card Table" testId="room-not-found">
        Check the code with whoever sent it, or set up a new table.
      </DeadEnd>
    );
  if (removed) return <RemovedScreen onWatch={onWatch} />;
  if (!s.synced || !v)
    return (
      <section className="card center" data-testid="phase-CONNECTING">
        <p className="ct-waiting">Joining table {s.roomId}…</p>
      </section>
    );
  const props = { s, v, room };
  if (greeting) return <JoinScreen {...props} onWatch={onWatch} />;
  if (v.status === "lobby") return <RoomLobby {...props} onLeave={onLeave} />;
  return <Game {...props} onLeave={onLeave} />;
}

/**
 * The lead took this browser's seat away: said plainly, and no way back to a seat
 * (docs/games/card-table.md, Decisions D5).
 */
function RemovedScreen({ onWatch }: { onWatch(): void }) {
  return (
    <section className="card stack center ct-removed" data-testid="removed-screen">
      <p className="eyebrow">Card Table</p>
      <h1>You were removed from this table</h1>
      <p className="muted">
        The lead took your seat away. You cannot sit down at this table again, under any name. You can still watch, or
        set up a table of your own.
      </p>
      <div className="row row--wrap row--center">
        <Button variant="secondary" onClick={onWatch} testId="watch-after-removed">
          Watch the table
        </Button>
        <Link href="/cards" className="btn btn--primary btn--md">
          Set up a new table
        </Link>
      </div>
    </section>
  );
}

function Banners({ s, watching }: { s: CardsClient; watching: boolean }) {
  return (
    <>
      {s.removed === "kicked" && watching && (
        <p className="banner banner--warn" role="status" data-testid="kicked-banner">
          You were removed from this table. You can watch, but not sit down again.
        </p>
      )}
      {s.synced && s.view?.you === null && s.removed !== "kicked" && watching && (
        <p className="banner banner--info" data-testid="spectator-banner">
          You are watching this table.
        </p>
      )}
    </>
  );
}
