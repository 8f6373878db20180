import { useEffect, useState } from "react";
import { ConnectionBanner } from "../../kit/ConnectionBanner";
import { Countdown } from "../../kit/Countdown";
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
import type { TriviaClient } from "./reducer";
import { Betting } from "./screens/Betting";
import { Category } from "./screens/Category";
import { Clue } from "./screens/Clue";
import { Complete } from "./screens/Complete";
import { Resolution } from "./screens/Resolution";
import { Waiting } from "./screens/Waiting";
import { useBuzzKey } from "./useBuzzKey";
import { useTriviaRoom } from "./useTriviaRoom";
import { ROOM_CODE } from "./wire";
import "./trivia.css";

export function TriviaRoom({ code }: { code: string }) {
  if (!ROOM_CODE.test(code))
    return (
      <Layout>
        <div className="card stack" data-testid="bad-room-code">
          <h1>That room code looks wrong</h1>
          <p className="muted">Codes are 3 to 32 letters or digits, like ABC234.</p>
          <Link href="/trivia" className="btn btn--primary btn--md">
            Start or join a duel
          </Link>
        </div>
      </Layout>
    );
  return <RoomSession roomId={code.toUpperCase()} />;
}

function RoomSession({ roomId }: { roomId: string }) {
  // Everyone plays under a name; it is remembered for the next room.
  const [name, setName] = useState<string | null>(() => savedName() || null);
  useTitle(`Room ${roomId} · Trivia Duel`);
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

/** A few ticks as your own clock runs out: bet or answer now. */
function useUrgentTicks(s: TriviaClient) {
  const me = s.you;
  const mine =
    me === null || s.clockStopped
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
  if (s.notFound)
    return (
      <section className="phase card stack" data-testid="room-not-found">
        <h1>No room called {s.roomId}</h1>
        <p className="muted">Check the code with whoever sent it, or start a new duel.</p>
        <div>
          <Link href="/trivia" className="btn btn--primary btn--md">
            Start or join a duel
          </Link>
        </div>
      </section>
    );
  if (!s.synced)
    return (
      <section className="phase card center" data-testid="phase-CONNECTING">
        <p className="status status--waiting">Joining room {s.roomId}…</p>
      </section>
    );
  switch (s.phase) {
    case "WAITING":
      return <Waiting {...props} />;
    case "CATEGORY":
      return <Category {...props} />;
    case "BETTING":
      return <Betting {...props} />;
    case "CLUE":
    case "ANSWER":
      return <Clue {...props} />;
    case "RESOLUTION":
      return <Resolution {...props} />;
    case "COMPLETE":
      return <Complete {...props} />;
  }
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
