import { type ComponentType, useEffect, useState } from "react";
import { api } from "../../kit/api";
import { ConnectionBanner } from "../../kit/ConnectionBanner";
import { Countdown } from "../../kit/Countdown";
import { BadRoomCode } from "../../kit/DeadEnd";
import { savedName, saveName } from "../../kit/identity";
import { Layout } from "../../kit/Layout";
import { Link } from "../../kit/Link";
import { MuteSwitch } from "../../kit/MuteSwitch";
import { NameForm } from "../../kit/NameForm";
import { navigate } from "../../kit/navigation";
import { play } from "../../kit/sound";
import { Toasts } from "../../kit/Toasts";
import { useTitle } from "../../kit/useTitle";
import { type Perspective, perspective } from "./perspective";
import { paused, type TriviaClient } from "./reducer";
import { Betting } from "./screens/Betting";
import { Category } from "./screens/Category";
import { Clue } from "./screens/Clue";
import { Complete } from "./screens/Complete";
import type { ScreenProps } from "./screens/props";
import { Resolution } from "./screens/Resolution";
import { Waiting } from "./screens/Waiting";
import { useBuzzKey } from "./useBuzzKey";
import { useTriviaRoom } from "./useTriviaRoom";
import { ROOM_CODE } from "./wire";
import "./trivia.css";

export function TriviaRoom({ code }: { code: string }) {
  return ROOM_CODE.test(code) ? (
    <RoomSession roomId={code.toUpperCase()} />
  ) : (
    <BadRoomCode href="/trivia" back="Start or join a duel" />
  );
}

/** What the code names, asked before anything else: a wrong link says so at once, not after a name. */
type Lookup =
  | { kind: "checking" }
  | { kind: "duel" }
  | { kind: "missing" }
  | { kind: "other"; title: string; href: string };

function useRoomLookup(roomId: string): Lookup {
  const [found, setFound] = useState<Lookup>({ kind: "checking" });
  useEffect(() => {
    let live = true;
    api<{ roomId: string; game: string; title: string; slug?: string }>(`/api/v1/rooms/${encodeURIComponent(roomId)}`)
      .then((r) => {
        if (!live) return;
        if (r.game === "trivia-duel") setFound({ kind: "duel" });
        else setFound({ kind: "other", title: r.title, href: `/${r.slug ?? ""}/${encodeURIComponent(r.roomId)}` });
      })
      .catch((err: unknown) => {
        if (!live) return;
        // Anything but a clear "no such room" (offline, busy) lets the socket's join decide.
        setFound((err as { code?: string }).code === "room_not_found" ? { kind: "missing" } : { kind: "duel" });
      });
    return () => {
      live = false;
    };
  }, [roomId]);
  return found;
}

function RoomSession({ roomId }: { roomId: string }) {
  // Everyone plays under a name; it is remembered for the next room.
  const [name, setName] = useState<string | null>(() => savedName() || null);
  const lookup = useRoomLookup(roomId);
  useTitle(`Room ${roomId} · Trivia Duel`);
  if (lookup.kind === "checking")
    return (
      <Layout>
        <section className="phase card center" data-testid="phase-CONNECTING">
          <p className="status status--waiting">Finding room {roomId}…</p>
        </section>
      </Layout>
    );
  if (lookup.kind !== "duel")
    return (
      <Layout>
        <NoSuchRoom roomId={roomId} other={lookup.kind === "other" ? lookup : null} />
      </Layout>
    );
  if (name === null)
    return (
      <Layout>
        <NameForm
          title={`Join duel ${roomId}`}
          onName={(n) => {
            saveName(n);
            setName(n);
          }}
        />
      </Layout>
    );
  return <Seated roomId={roomId} name={name} />;
}

function Seated({ roomId, name }: { roomId: string; name: string }) {
  const { state: s, connection, send, leave, dismiss } = useTriviaRoom(roomId, name);
  useBuzzKey(s, send);
  useUrgentTicks(s);
  const p = perspective(s.you, s.players);
  const onLeave = async () => {
    await leave();
    navigate("/trivia");
  };
  return (
    <Layout>
      <div className="room" data-testid="trivia-room" data-seat={s.you ?? "spectator"}>
        <div className="room-tools">
          <MuteSwitch />
        </div>
        <ConnectionBanner status={connection} />
        <ClockWaits s={s} p={p} />
        {s.spectating && (
          <p className="banner banner--info" data-testid="spectator-banner">
            You are watching this duel. Both seats are taken.
          </p>
        )}
        {s.notice && (
          <p className="banner banner--info" role="status" data-testid="notice">
            {s.notice.text}
          </p>
        )}
        <AwayBanner s={s} p={p} />
        <Screen s={s} p={p} send={send} onLeave={onLeave} />
      </div>
      <Toasts items={s.toasts} onDismiss={dismiss} />
    </Layout>
  );
}

/** A code nobody made (or one that closed), or another game's room: say so and offer the way on. */
function NoSuchRoom({ roomId, other }: { roomId: string; other: { title: string; href: string } | null }) {
  return (
    <section className="phase card stack" data-testid="room-not-found">
      <h1>No room called {roomId}</h1>
      <p className="muted">
        {other
          ? `${roomId} is a ${other.title} room, not a duel.`
          : "Check the code with whoever sent it, or start a new duel."}
      </p>
      <div className="row row--wrap">
        {other && (
          <Link href={other.href} className="btn btn--primary btn--md" data-testid="other-game">
            Open the {other.title} room
          </Link>
        )}
        <Link href="/trivia" className={other ? "btn btn--secondary btn--md" : "btn btn--primary btn--md"}>
          Start or join a duel
        </Link>
      </div>
    </section>
  );
}

/** A few ticks as your own clock runs out: bet or answer now. */
function useUrgentTicks(s: TriviaClient) {
  const me = s.you;
  const mine =
    me === null || paused(s)
      ? null
      : s.phase === "BETTING" && s.betting?.awaitingAction === me
        ? s.betting.deadline
        : s.phase === "ANSWER" && s.buzzer?.currentlyAnswering === me
          ? s.buzzer.answerDeadline
          : null;
  const offset = s.clockOffset;
  useEffect(() => {
    if (mine === null) return;
    const timers = [3, 2, 1].map((n) =>
      window.setTimeout(() => play("tick"), Math.max(0, mine - n * 1000 - (Date.now() + offset))),
    );
    return () => {
      for (const t of timers) window.clearTimeout(t);
    };
  }, [mine, offset]);
}

function Screen(props: {
  s: TriviaClient;
  p: Perspective;
  send: ReturnType<typeof useTriviaRoom>["send"];
  onLeave(): void;
}) {
  const { s } = props;
  // The page checked the code before joining; a room that closed since is still "no such room".
  if (s.notFound) return <NoSuchRoom roomId={s.roomId} other={null} />;
  if (!s.synced)
    return (
      <section className="phase card center" data-testid="phase-CONNECTING">
        <p className="status status--waiting">Joining room {s.roomId}…</p>
      </section>
    );
  const Phase = SCREENS[s.phase];
  return <Phase {...props} />;
}

/** The screen of each phase of the duel (an answer is given over the clue). */
const SCREENS: Record<TriviaClient["phase"], ComponentType<ScreenProps & { onLeave(): void }>> = {
  WAITING: Waiting,
  CATEGORY: Category,
  BETTING: Betting,
  CLUE: Clue,
  ANSWER: Clue,
  RESOLUTION: Resolution,
  COMPLETE: Complete,
};

/** This page lost its line mid-match: say that the duel waits rather than leave a clock that seems to run. */
function ClockWaits({ s, p }: { s: TriviaClient; p: Perspective }) {
  if (!s.synced || s.connection === "online" || !p.isPlayer) return null;
  if (s.phase === "WAITING" || s.phase === "COMPLETE") return null;
  return (
    <p className="banner banner--info" role="status" data-testid="clock-waits">
      Your seat is kept and the duel's clock stops while you are away: no move can be made until you are back.
    </p>
  );
}

/** A seated player dropped during a match: their seat is held until the reconnect deadline. */
function AwayBanner({ s, p }: { s: TriviaClient; p: Perspective }) {
  if (s.phase === "WAITING" || s.phase === "COMPLETE") return null;
  const seats = p.isPlayer ? [p.opp] : (["P1", "P2"] as const);
  return (
    <>
      {seats.map((seat) => {
        const who = s.players[seat];
        if (!who.joined || who.connected) return null;
        return (
          <div className="banner banner--warn" role="status" key={seat} data-testid="opponent-disconnected">
            <span>
              {p.name(seat)} lost their connection. The clock is stopped until they are back; if they are not back in
              time, the match ends by forfeit.
            </span>
            <Countdown
              deadline={who.reconnectDeadline}
              offset={s.clockOffset}
              urgentAt={10}
              testId="reconnect-countdown"
            />
          </div>
        );
      })}
    </>
  );
}
