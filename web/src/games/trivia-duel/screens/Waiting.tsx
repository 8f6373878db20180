import { Button } from "../../../kit/Button";
import { Invite, RoomCode } from "../../../kit/Invite";
import type { ScreenProps } from "./props";

/** Room created, one seat filled: show the code and a link worth pasting into a chat. */
export function Waiting({ s, p, onLeave }: ScreenProps & { onLeave(): void }) {
  const joined = Number(s.players.P1.joined) + Number(s.players.P2.joined);
  const link = `${location.origin}/trivia/${s.roomId}`;
  return (
    <section className="phase card center" data-testid="phase-WAITING">
      <h1>{joined >= 2 ? "Both players are here" : "Waiting for an opponent"}</h1>
      <RoomCode
        code={s.roomId}
        className={s.roomId.length > 8 ? "room-code room-code--long" : "room-code"}
        say="Share the code, scan it, or send the link:"
      />
      <Invite url={link} label="Link to this room" title={`Trivia Duel room ${s.roomId}`} testId="share-link" />
      <ul className="names" data-testid="player-names">
        {(["P1", "P2"] as const)
          .filter((seat) => s.players[seat].joined)
          .map((seat) => (
            <li key={seat}>
              {p.name(seat)}
              {p.isPlayer && seat === p.me ? " (you)" : ""}
            </li>
          ))}
      </ul>
      <div className="seats" data-testid="player-count">
        <span className="seats__dots" aria-hidden="true">
          {[0, 1].map((i) => (
            <span key={i} className={i < joined ? "dot dot--on" : "dot"} />
          ))}
        </span>
        <span>{joined}/2 players</span>
      </div>
      <p className="muted small">
        The duel starts by itself when the second player opens the link: {s.questionsPerMatch} questions,{" "}
        {s.startingBalance} points each to start.
      </p>
      {p.isPlayer && (
        <Button variant="ghost" onClick={onLeave} testId="leave">
          Leave room
        </Button>
      )}
    </section>
  );
}
