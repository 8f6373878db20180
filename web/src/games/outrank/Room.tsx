import { ConnectionBanner } from "../../kit/ConnectionBanner";
import { BadRoomCode, DeadEnd } from "../../kit/DeadEnd";
import { Layout } from "../../kit/Layout";
import { navigate } from "../../kit/navigation";
import { Toasts } from "../../kit/Toasts";
import { useTitle } from "../../kit/useTitle";
import type { OutrankClient } from "./reducer";
import { Game } from "./screens/Game";
import { RoomLobby } from "./screens/RoomLobby";
import { useOutrankRoom } from "./useOutrankRoom";
import { ROOM_CODE } from "./wire";
import "./outrank.css";

/** /outrank/<CODE>: the game itself, for players and watchers alike. */
export function OutrankRoom({ code }: { code: string }) {
  return ROOM_CODE.test(code) ? (
    <RoomSession roomId={code.toUpperCase()} />
  ) : (
    <BadRoomCode href="/outrank" back="Start or join a game" />
  );
}

function RoomSession({ roomId }: { roomId: string }) {
  const room = useOutrankRoom(roomId);
  const s = room.state;
  useTitle(`Room ${roomId} · Outrank`);
  const onLeave = async () => {
    await room.leave();
    navigate("/outrank");
  };
  return (
    <Layout wide>
      <div className="or-room" data-testid="outrank-room" data-seat={s.view?.seat ?? "spectator"}>
        <ConnectionBanner status={room.connection} />
        <Banners s={s} />
        <Screen room={room} onLeave={onLeave} />
      </div>
      <Toasts items={s.toasts} onDismiss={room.dismiss} />
    </Layout>
  );
}

function Screen({ room, onLeave }: { room: ReturnType<typeof useOutrankRoom>; onLeave(): void }) {
  const s = room.state;
  if (s.notFound)
    return (
      <DeadEnd title={`No game called ${s.roomId}`} href="/outrank" back="Start or join a game" testId="room-not-found">
        Check the code with whoever sent it, or start a new game.
      </DeadEnd>
    );
  const v = s.view;
  if (!s.synced || !v)
    return (
      <section className="card center" data-testid="phase-connecting">
        <p className="or-waiting">Joining game {s.roomId}…</p>
      </section>
    );
  const props = { s, v, room };
  if (v.phase === "lobby") return <RoomLobby {...props} onLeave={onLeave} />;
  return <Game {...props} onLeave={onLeave} />;
}

const REFUSED: Record<string, string> = {
  table_mode: "This game is played on one device. You are watching.",
  game_in_progress: "The game has started, so you are watching. You can join the next one.",
  room_full: "The table is full (six players). You are watching.",
};

function Banners({ s }: { s: OutrankClient }) {
  const v = s.view;
  if (!s.synced || !v) return null;
  if (s.removed === "kicked")
    return (
      <p className="banner banner--warn" role="status" data-testid="kicked-banner">
        The lead removed you from this game. You can still watch.
      </p>
    );
  if (s.removed === "left")
    return (
      <p className="banner banner--info" data-testid="left-banner">
        You left this game. You can still watch.
      </p>
    );
  if (v.seat !== null) return null;
  return (
    <p className="banner banner--info" data-testid="spectator-banner">
      {(s.seatRefused && REFUSED[s.seatRefused]) ?? "You are watching this game."}
    </p>
  );
}
