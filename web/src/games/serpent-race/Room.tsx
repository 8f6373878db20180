import { type ReactNode, useEffect, useState } from "react";
import { AccountForm } from "../../kit/AccountForm";
import { useAccount } from "../../kit/account";
import { ConnectionBanner } from "../../kit/ConnectionBanner";
import { BadRoomCode, DeadEnd } from "../../kit/DeadEnd";
import { Brand, Layout } from "../../kit/Layout";
import { Link } from "../../kit/Link";
import { MuteSwitch } from "../../kit/MuteSwitch";
import { navigate } from "../../kit/navigation";
import { Toasts } from "../../kit/Toasts";
import { useTitle } from "../../kit/useTitle";
import { forgetGamemaster, isGamemasterHere, loadEnded, loadGameId, saveGameId, serpentSeats } from "./api";
import { EndScreen } from "./screens/EndScreen";
import { JoinScreen } from "./screens/JoinScreen";
import { PlayerScreen } from "./screens/PlayerScreen";
import { ProjectorScreen } from "./screens/ProjectorScreen";
import { WaitingRoom } from "./screens/WaitingRoom";
import { type RoomRole, useSerpentRoom } from "./useSerpentRoom";
import { ROOM_CODE } from "./wire";
import "./serpent.css";

/** /serpent/<CODE> (a player's phone, or the gamemaster's screen) and /serpent/<CODE>/projector. */
export function SerpentRoom({ code, projector = false }: { code: string; projector?: boolean }) {
  return ROOM_CODE.test(code) ? (
    <RoomGate code={code.toUpperCase()} projector={projector} />
  ) : (
    <BadRoomCode href="/serpent" back="SerpentRace" game />
  );
}

function firstRole(code: string, projector: boolean): RoomRole | "join" {
  if (projector) return "spectator";
  if (isGamemasterHere(code)) return "gamemaster";
  return serpentSeats.load(code) ? "player" : "join";
}

/** The projector link's key (`/serpent/<code>/projector?key=…`), which the gamemaster hands out. */
function projectorKey(): string | null {
  return new URLSearchParams(location.search).get("key");
}

function RoomGate({ code, projector }: { code: string; projector: boolean }) {
  const account = useAccount();
  const [role, setRole] = useState<RoomRole | "join">(() => firstRole(code, projector));
  const [watchKey] = useState(() => (projector ? projectorKey() : null));
  const [note, setNote] = useState<string | null>(null);
  useTitle(`Game ${code} · SerpentRace`);

  if (role === "gamemaster" && !account)
    return (
      <Layout>
        <div className="stack stack--loose">
          <AccountForm
            title={`Sign in to run game ${code}`}
            why="You created this game: sign in again to be its gamemaster."
          />
          <div>
            <button
              type="button"
              className="btn btn--ghost btn--md"
              onClick={() => {
                forgetGamemaster(code);
                setRole("join");
              }}
            >
              I'm a player, not the gamemaster
            </button>
          </div>
        </div>
      </Layout>
    );
  if (role === "join")
    return (
      <Layout>
        {note && (
          <p className="banner banner--warn" role="status">
            {note}
          </p>
        )}
        <JoinScreen code={code} onJoined={() => setRole("player")} onWatch={() => setRole("spectator")} />
      </Layout>
    );
  return (
    <RoomSession
      key={role}
      code={code}
      role={role}
      watchKey={watchKey}
      onRefused={(why) => {
        if (role === "gamemaster") forgetGamemaster(code);
        if (role === "player") serpentSeats.forget(code);
        setNote(why);
        setRole("join");
      }}
      onWatch={() => setRole("spectator")}
    />
  );
}

function RoomSession({
  code,
  role,
  watchKey,
  onRefused,
  onWatch,
}: {
  code: string;
  role: RoomRole;
  watchKey: string | null;
  onRefused(why: string): void;
  onWatch(): void;
}) {
  const room = useSerpentRoom(code, role, watchKey);
  const s = room.state;
  const v = s.view;
  // Kept for the end screen after a refresh (the room is closed by then): the next race's code is asked by it.
  const gameId = v?.gameId ?? loadGameId(code);
  useEffect(() => {
    if (v?.gameId) saveGameId(code, v.gameId);
  }, [code, v?.gameId]);
  // Out of the race for good (left, or removed by the gamemaster): the token proves nothing now.
  const out = role === "player" && s.gone !== null;
  useEffect(() => {
    if (out) serpentSeats.forget(code);
  }, [out, code]);
  useEffect(() => {
    if (!s.badToken) return;
    onRefused(
      role === "gamemaster"
        ? "This account is not the gamemaster of this game. Join it as a player, or watch."
        : "Your place in this game could not be proven any more. Join again.",
    );
  }, [s.badToken, role, onRefused]);

  const big = role !== "player" || (v !== null && v.you.role !== "player" && s.gone === null);
  const onLeave = async () => {
    await room.leave();
    navigate("/serpent");
  };

  let body: ReactNode;
  const ended = s.ended ?? (s.notFound ? loadEnded(code) : null);
  if (ended)
    body = <EndScreen ended={ended} v={v} you={v?.you.playerId ?? null} big={big} gameId={gameId} role={role} />;
  else if (s.watchRefused) body = <WatchRefused code={code} refusal={s.watchRefused} />;
  else if (out) body = <OutScreen code={code} reason={s.gone!} onWatch={onWatch} />;
  else if (s.notFound)
    body = (
      <DeadEnd title={`No game called ${code}`} href="/serpent" back="SerpentRace" testId="room-not-found">
        It may have ended and closed. Check the code, or start a new race.
      </DeadEnd>
    );
  else if (!s.synced || !v)
    body = (
      <section className="card center" data-testid="phase-connecting">
        <p className="muted">Joining game {code}…</p>
      </section>
    );
  else if (v.phase === "waiting") body = <WaitingRoom room={room} s={s} v={v} role={role} />;
  else if (!big) body = <PlayerScreen room={room} s={s} v={v} role={role} onLeave={() => void onLeave()} />;
  else body = <ProjectorScreen room={room} s={s} v={v} role={role} />;

  const banner = (
    <>
      {/* The room closes after the end and the server lets the socket go: the results stay, no banner. */}
      <ConnectionBanner status={room.connection} closed={s.closed || ended ? null : undefined} />
      {role === "spectator" && !big && v && v.phase !== "ended" && (
        <p className="sr-watching" data-testid="spectator-banner">
          Watching · join at <strong>{location.host}/serpent</strong> with code <strong>{code}</strong>
        </p>
      )}
    </>
  );
  const toasts = <Toasts items={s.toasts} onDismiss={room.dismiss} />;
  const attrs = {
    "data-testid": "serpent-room",
    "data-role": role,
    "data-phase": v?.phase ?? "none",
    "data-seat": v?.you.playerId ?? "",
    "data-connection": room.connection,
  };
  if (!big)
    return (
      <Layout>
        <div className="sr-room" {...attrs}>
          {banner}
          {body}
        </div>
        {toasts}
      </Layout>
    );
  return (
    <FullFrame code={code} turn={v?.phase === "active" ? v.turnNumber : null} role={role}>
      <div className="sr-room sr-room--big" {...attrs}>
        {banner}
        {body}
      </div>
      {toasts}
    </FullFrame>
  );
}

/**
 * A screen that may not watch this game: a PRIVATE or ORGANIZATION game takes the right to
 * join it (signing in here watches at once, if the account has it) or the gamemaster's
 * projector link.
 */
function WatchRefused({ code, refusal }: { code: string; refusal: { code: string; message: string } }) {
  const account = useAccount();
  return (
    <section className="stack stack--loose" data-testid="watch-refused" data-code={refusal.code}>
      <div className="card stack">
        <h1>You can't watch game {code} from here</h1>
        <p>{refusal.message}</p>
        <p className="muted">
          {refusal.code === "bad_key"
            ? "Open the projector link from the gamemaster's screen again."
            : "This game is not public: watching it takes what joining it takes, or the projector link from the gamemaster's screen."}
        </p>
        <div>
          <Link href="/serpent" className="btn btn--ghost btn--md">
            Back to SerpentRace
          </Link>
        </div>
      </div>
      {refusal.code === "unauthorized" && !account && (
        <AccountForm title="Sign in to watch" why="Players of this game may watch it with their account." />
      )}
    </section>
  );
}

/** A player who is out of the race: why, and what they can still do (watch it). */
function OutScreen({ code, reason, onWatch }: { code: string; reason: "left" | "removed" | "out"; onWatch(): void }) {
  return (
    <section className="card stack" data-testid="player-out" data-reason={reason}>
      <h1>
        {reason === "removed"
          ? "The gamemaster took you out of this race"
          : reason === "left"
            ? "You left this race"
            : "You are no longer in this race"}
      </h1>
      <p className="muted">You can't come back in as a player, but you can still watch game {code} to the end.</p>
      <div className="row row--wrap">
        <button type="button" className="btn btn--primary btn--md" onClick={onWatch} data-testid="out-watch">
          Watch the race
        </button>
        <Link href="/serpent" className="btn btn--ghost btn--md">
          SerpentRace
        </Link>
      </div>
    </section>
  );
}

/** The projected frame: the whole width of the screen, the code always in view. */
function FullFrame({
  code,
  turn,
  role,
  children,
}: {
  code: string;
  turn: number | null;
  role: RoomRole;
  children: ReactNode;
}) {
  return (
    <div className="page sr-page">
      <header className="topbar sr-topbar">
        <Brand />
        <span className="sr-topbar__game">SerpentRace</span>
        <span className="sr-topbar__code" data-testid="topbar-code">
          Join at <strong>{location.host}/serpent</strong> · code <strong className="sr-mono">{code}</strong>
        </span>
        {turn !== null && <span className="sr-topbar__turn">Turn {turn}</span>}
        <span className="sr-topbar__role" data-testid={role === "spectator" ? "spectator-banner" : undefined}>
          {role === "gamemaster" ? "Gamemaster" : "Watching"}
        </span>
        <MuteSwitch />
      </header>
      <main className="sr-full">{children}</main>
    </div>
  );
}
