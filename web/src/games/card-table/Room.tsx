import { Layout } from "../../kit/Layout";
import { Link } from "../../kit/Link";
import { navigate } from "../../kit/navigation";
import { Toasts } from "../../kit/Toasts";
import { useTitle } from "../../kit/useTitle";
import type { CardsClient } from "./reducer";
import { Game } from "./screens/Game";
import { RoomLobby } from "./screens/RoomLobby";
import { useCardsRoom } from "./useCardsRoom";
import { ROOM_CODE } from "./wire";
import "./cards.css";

/** /cards/<ROOMID>: the table itself, for players and watchers alike. */
export function CardsRoom({ code }: { code: string }) {
  if (!ROOM_CODE.test(code))
    return (
      <Layout>
        <div className="card stack" data-testid="bad-room-code">
          <h1>That room code looks wrong</h1>
          <p className="muted">Codes are 3 to 32 letters or digits, like ABC234.</p>
          <div>
            <Link href="/cards" className="btn btn--primary btn--md">
              Set up or join a table
            </Link>
          </div>
        </div>
      </Layout>
    );
  return <RoomSession roomId={code.toUpperCase()} />;
}

function RoomSession({ roomId }: { roomId: string }) {
  const room = useCardsRoom(roomId);
  const s = room.state;
  useTitle(`Room ${roomId} · Card Table`);
  const onLeave = () => {
    room.leave();
    navigate("/cards");
  };
  return (
    <Layout wide>
      <div className="ct-room" data-testid="cards-room" data-seat={s.view?.you ?? "spectator"}>
        <Banners s={s} />
        <Screen room={room} onLeave={onLeave} />
      </div>
      <Toasts items={s.toasts} onDismiss={(id) => room.dispatch({ kind: "dismiss", id })} />
    </Layout>
  );
}

function Screen({ room, onLeave }: { room: ReturnType<typeof useCardsRoom>; onLeave(): void }) {
  const s = room.state;
  if (s.notFound)
    return (
      <section className="card stack" data-testid="room-not-found">
        <h1>No table called {s.roomId}</h1>
        <p className="muted">Check the code with whoever sent it, or set up a new table.</p>
        <div>
          <Link href="/cards" className="btn btn--primary btn--md">
            Set up or join a table
          </Link>
        </div>
      </section>
    );
  const v = s.view;
  if (!s.synced || !v)
    return (
      <section className="card center" data-testid="phase-CONNECTING">
        <p className="ct-waiting">Joining table {s.roomId}…</p>
      </section>
    );
  const props = { s, v, room };
  if (v.status === "lobby") return <RoomLobby {...props} onLeave={onLeave} />;
  return <Game {...props} onLeave={onLeave} />;
}

function Banners({ s }: { s: CardsClient }) {
  return (
    <>
      {s.connection === "offline" && (
        <p className="banner banner--warn" role="status" data-testid="connection-banner">
          Connection lost. Reconnecting…
        </p>
      )}
      {s.removed === "kicked" && (
        <p className="banner banner--warn" role="status" data-testid="kicked-banner">
          The lead removed you from this table. You can still watch.
        </p>
      )}
      {s.synced && s.view?.you === null && !s.removed && (
        <p className="banner banner--info" data-testid="spectator-banner">
          You are watching this table.
        </p>
      )}
    </>
  );
}
