import { type FormEvent, useEffect, useState } from "react";
import { claimSeat, offerSeat } from "../../../kit/action-room";
import { errorText } from "../../../kit/api";
import { Button } from "../../../kit/Button";
import { CopyField } from "../../../kit/CopyField";
import { FieldError, NameBox, useNameField } from "../../../kit/fields";
import { handoverIn, handoverLink } from "../handover-link";
import { isLead, meOf, playerOf, seatedPlayers } from "../table";
import type { CardsRoomHandle } from "../useCardsRoom";
import type { GameStateView } from "../wire";
import type { ScreenProps } from "./props";

/**
 * Handing a seat to someone watching (docs/games/card-table.md, Decisions D19): a player
 * makes a one-time link for their own seat, the lead one for a player who is away or
 * disconnected. Whoever opens it takes the seat with everything in it.
 */
export function SeatHandover({ s, v }: ScreenProps) {
  const [link, setLink] = useState<{ seat: string; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const me = meOf(v);
  if (!me || (v.status !== "playing" && v.status !== "paused")) return null;
  const absent = isLead(v) ? seatedPlayers(v).filter((p) => p.id !== v.you && p.presence !== "active") : [];
  const offer = async (seat?: string) => {
    setProblem(null);
    try {
      const code = await offerSeat("cards", s.roomId, seat);
      setLink({ seat: seat ?? me.id, url: handoverLink(window.location.origin, s.roomId, code) });
    } catch (e) {
      setProblem(errorText(e));
    }
  };
  const whose = link && link.seat !== me.id ? `${playerOf(v, link.seat)?.name ?? link.seat}'s seat` : "your seat";
  return (
    <details className="ct-panel" data-testid="seat-handover">
      <summary className="ct-panel__title">Hand a seat to a watcher</summary>
      <div className="stack stack--tight">
        <p className="small muted">
          Whoever opens the link takes the seat as it is: hand, answers and score. It works once, for 30 minutes.
        </p>
        <div className="ct-tools">
          <Button onClick={() => void offer()} testId="offer-my-seat">
            Hand my seat over
          </Button>
          {absent.map((p) => (
            <Button key={p.id} variant="ghost" onClick={() => void offer(p.id)} testId={`offer-seat-${p.id}`}>
              Hand {p.name}'s seat over
            </Button>
          ))}
        </div>
        {link && (
          <div className="stack stack--tight" data-testid="handover-offer" data-seat={link.seat}>
            <p className="small">Send this link for {whose}:</p>
            <CopyField value={link.url} label="Seat link" testId="handover-link" />
          </div>
        )}
        {problem && (
          <p className="small banner banner--warn" role="alert">
            {problem}
          </p>
        )}
      </div>
    </details>
  );
}

/** A watcher who opened a seat link: their name, and the seat is theirs. */
export function HandoverClaim({ room, v }: { room: CardsRoomHandle; v: GameStateView | null }) {
  const [code, setCode] = useState(() => handoverIn(window.location.hash));
  // A link opened in a tab already at this table changes only the fragment.
  useEffect(() => {
    const read = () => setCode(handoverIn(window.location.hash));
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);
  const field = useNameField();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!code || !v || v.you !== null) return null;
  const roomId = room.state.roomId;
  const forget = () => {
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    setCode(null);
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    const name = field.take();
    if (!name || !code) return;
    setBusy(true);
    setProblem(null);
    try {
      await claimSeat("cards", roomId, code, name);
      forget();
      // The handshake now carries the seat's new token.
      room.reconnect();
    } catch (err) {
      setProblem(errorText(err));
      setBusy(false);
    }
  }
  return (
    <section className="card stack" data-testid="handover-claim">
      <h2>A seat is waiting for you</h2>
      <p className="muted">Someone handed you their seat at this table: you play on with its cards and score.</p>
      <form className="row row--wrap" onSubmit={submit}>
        <NameBox
          id="handover-name"
          className="ct-name-input ct-name-hint"
          {...field.box}
          placeholder="Type your name"
          error={field.error ?? problem}
          testId="handover-name"
        />
        <Button type="submit" variant="primary" disabled={busy} testId="handover-take">
          {busy ? "Taking the seat…" : "Take the seat"}
        </Button>
        <Button variant="ghost" onClick={forget} testId="handover-dismiss">
          No thanks
        </Button>
      </form>
      <FieldError id="handover-name" testId="handover-error">
        {field.error ?? problem}
      </FieldError>
    </section>
  );
}
