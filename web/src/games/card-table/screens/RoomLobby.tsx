import { Button } from "../../../kit/Button";
import { Invite, RoomCode } from "../../../kit/Invite";
import { isPending } from "../reducer";
import { isLead, isUnjudged, playerOf, seatedPlayers } from "../table";
import { LockControl, LockedBadge, SeatControls } from "./Controls";
import { JoinForm } from "./JoinForm";
import { Players } from "./Players";
import type { ScreenProps } from "./props";
import { RulesEditor } from "./RulesEditor";

/** Before the first round: share the room, gather players, and (the lead) start. */
export function RoomLobby(props: ScreenProps & { onLeave(): void }) {
  const { s, v, room } = props;
  const link = `${location.origin}/cards/${s.roomId}`;
  const here = seatedPlayers(v).filter((p) => p.presence === "active").length;
  const need = v.definition.minPlayers;
  const lead = playerOf(v, v.roles.lead);
  return (
    <div className="ct-lobby" data-testid="phase-LOBBY">
      <section className="card stack center ct-share">
        <p className="eyebrow">Card Table{isUnjudged(v) ? ` · ${v.definition.name}` : ""}</p>
        <h1>
          Gather the table <LockedBadge v={v} />
        </h1>
        <RoomCode code={s.roomId} />
        <Invite url={link} label="Link to this room" title={`Card Table room ${s.roomId}`} testId="share-link" />
      </section>

      <JoinForm {...props} />

      <Players {...props} mode="lobby" />

      <RulesEditor {...props} />

      <section className="ct-panel stack" data-testid="start-panel">
        {isLead(v) ? (
          <>
            <Button
              variant="primary"
              size="lg"
              onClick={() => room.send({ type: "startGame" })}
              disabled={here < need || isPending(s, "startGame")}
              testId="start-game"
            >
              Start the game
            </Button>
            <p className="muted small" data-testid="start-hint">
              {here < need
                ? `${need - here} more ${need - here === 1 ? "player is" : "players are"} needed (at least ${need}).`
                : `${here} players ready. Anyone who joins later is dealt in.`}
            </p>
            <LockControl {...props} />
          </>
        ) : (
          <p className="ct-waiting" data-testid="start-hint">
            {lead ? `Waiting for ${lead.name} to start the game.` : "Waiting for players."}
          </p>
        )}
      </section>
      <SeatControls {...props} />
    </div>
  );
}
