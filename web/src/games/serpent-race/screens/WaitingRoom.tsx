import { useState } from "react";
import { errorText } from "../../../kit/api";
import { Button } from "../../../kit/Button";
import { Problem } from "../../../kit/fields";
import { Invite } from "../../../kit/Invite";
import { startRace } from "../api";
import { tokenColour } from "../board";
import { LOGIN_TYPES } from "../wire";
import { Chat } from "./Chat";
import { RemoveButton } from "./GamemasterPanel";
import { ProjectorLink } from "./ProjectorLink";
import type { RoomProps } from "./props";

const JOIN_HOW = [
  "with just a name",
  "with an account (sign in or register on the join page)",
  "with an account of the game's organisation",
];

/**
 * The lobby. The gamemaster's (projected) screen shows the code in large type, who has
 * joined and who is ready, and the start button; a player's phone has the ready button.
 */
export function WaitingRoom({ room, s, v, role }: RoomProps) {
  const you = v.you.playerId;
  const me = v.players.find((p) => p.playerId === you);
  const link = `${location.origin}/serpent/${v.gameCode}`;
  const big = role !== "player";
  // Who came and who went (a removal included), newest only.
  const latest = s.feed[0];
  const code = (
    <section className="sr-panel sr-lobby__code">
      <p className="label">Game code</p>
      <p className="sr-code" data-testid="room-code">
        {v.gameCode}
      </p>
      <p className="sr-lobby__how">
        Join at <strong>{location.host}/serpent</strong> {JOIN_HOW[v.settings.loginType] ?? ""}.
      </p>
      {big && (
        <Invite
          url={link}
          label="Invite link"
          title={`SerpentRace game ${v.gameCode}`}
          testId="invite-link"
          size="lg"
        />
      )}
      <p className="muted small">
        {LOGIN_TYPES[v.settings.loginType] ?? "PUBLIC"} game · up to {v.settings.maxPlayers} players ·{" "}
        <span data-testid="board-fields">{v.settings.boardSize} fields</span> ·{" "}
        {v.settings.physicalDice ? "real dice" : "the server rolls"}
      </p>
    </section>
  );
  const players = (
    <section className="sr-panel" aria-label="Players">
      <h2 className="sr-panel__title">
        Players{" "}
        <span className="muted">
          {v.players.length}/{v.settings.maxPlayers}
        </span>
        <span className="sr-lobby__ready" data-testid="ready-count">
          {v.readyCount} ready
        </span>
      </h2>
      {v.players.length === 0 ? (
        <p className="muted">Nobody yet. Players join with the code above.</p>
      ) : (
        <ul className="sr-lobby__players" data-testid="lobby-players">
          {v.players.map((p) => (
            <li key={p.playerId} className="sr-lobby__player" data-testid={`lobby-${p.playerId}`} data-ready={p.ready}>
              <span className="sr-dot" style={{ background: tokenColour(v.players, p.playerId) }} aria-hidden="true" />
              <span className="sr-lobby__name">
                {p.playerName}
                {p.playerId === you && <span className="muted"> (you)</span>}
              </span>
              {!p.connected && <span className="sr-badge sr-badge--away">not here</span>}
              <span className={p.ready ? "sr-badge sr-badge--good" : "sr-badge"}>
                {p.ready ? "✓ ready" : "not ready"}
              </span>
              {role === "gamemaster" && <RemoveButton room={room} v={v} player={p} />}
            </li>
          ))}
        </ul>
      )}
      {latest && (
        <p className="sr-lobby__latest" aria-live="polite" data-testid="lobby-latest">
          {latest.text}
        </p>
      )}
    </section>
  );
  const chat =
    role !== "spectator" ? <Chat v={v} canSend onSend={(message) => room.send("game:chat", { message })} /> : null;
  if (!big)
    return (
      <div className="sr-lobby" data-testid="phase-waiting">
        {code}
        {me && <ReadyPanel room={room} ready={me.ready} name={me.playerName} />}
        {players}
        {chat}
      </div>
    );
  // Projected: the code and how to join on the left, who is ready and the start on the right.
  return (
    <div className="sr-lobby sr-lobby--big" data-testid="phase-waiting">
      <div className="sr-lobby__col">
        {code}
        {chat}
      </div>
      <div className="sr-lobby__col">
        {players}
        {role === "gamemaster" && <StartPanel v={v} />}
        {role === "spectator" && (
          <p className="sr-lobby__wait">The race starts when everyone is ready and the gamemaster says go.</p>
        )}
      </div>
    </div>
  );
}

function ReadyPanel({ room, ready, name }: { room: RoomProps["room"]; ready: boolean; name: string }) {
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    await room.send("game:ready", { ready: !ready });
    setBusy(false);
  };
  return (
    <section className="sr-panel stack center sr-ready">
      <p className="sr-ready__hello">You're in, {name}!</p>
      <Button
        variant={ready ? "secondary" : "primary"}
        size="xl"
        disabled={busy}
        onClick={() => void toggle()}
        aria-pressed={ready}
        testId="ready-toggle"
      >
        {ready ? "✓ Ready" : "I'm ready"}
      </Button>
      <p className="muted small">{ready ? "Tap again if you need a moment." : "Tap when you are ready to race."}</p>
    </section>
  );
}

function StartPanel({ v }: Pick<RoomProps, "v">) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const n = v.players.length;
  const why =
    n < 2 ? "At least two players must join." : !v.allReady ? `Waiting for ${n - v.readyCount} to get ready.` : null;
  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await startRace(v.gameId);
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="sr-panel stack sr-start">
      <div className="row row--wrap">
        <Button
          variant="primary"
          size="xl"
          disabled={busy || why !== null}
          onClick={() => void start()}
          testId="start-race"
        >
          Start the race
        </Button>
        <ProjectorLink gameId={v.gameId} />
      </div>
      {why && <p className="muted">{why}</p>}
      <Problem testId="start-error">{problem}</Problem>
    </section>
  );
}
