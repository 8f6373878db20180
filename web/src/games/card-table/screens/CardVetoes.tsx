import { useState } from "react";
import { errorText } from "../../../kit/api";
import { Button } from "../../../kit/Button";
import { reportCard } from "../api";
import { isPending } from "../reducer";
import { cardWords, REPORT_REASONS, type ReportReason, type VetoableCard, vetoableCards } from "../vetoes";
import type { ScreenProps } from "./props";

/** Longest note a report takes (the server's limit). */
const NOTE_MAX = 200;
const WHERE: Record<VetoableCard["where"], string> = { prompt: "Prompt", answer: "Answer", hand: "Your hand" };

/**
 * The lead's card veto and "report this card" (docs/games/card-table.md, Decisions D18): each
 * card the lead can see, with a button that takes it out of play for the room and one that
 * reports it to whoever looks after its pack. Everyone sees which cards are vetoed.
 */
export function CardVetoes(props: ScreenProps) {
  const { v } = props;
  const cards = vetoableCards(v);
  return (
    <>
      {cards.length > 0 && (
        <details className="ct-panel" data-testid="card-vetoes">
          {/* Folded by default, with a count: the lead opens it when a card needs it, and on a phone the game stays near. */}
          <summary className="ct-panel__title">
            Veto or report a card{" "}
            <span className="ct-count" data-testid="veto-count">
              {cards.length}
            </span>
          </summary>
          <p className="small muted">A vetoed card leaves the game at once and is never dealt again at this table.</p>
          <ul className="ct-vetoes" aria-label="Cards you may veto or report">
            {cards.map((x) => (
              <VetoRow key={x.card.id} item={x} {...props} />
            ))}
          </ul>
        </details>
      )}
      <VetoedList v={v} />
    </>
  );
}

function VetoRow({ item, s, room }: ScreenProps & { item: VetoableCard }) {
  const [reporting, setReporting] = useState(false);
  const { card } = item;
  return (
    <li className="ct-vetoes__row" data-testid="veto-row" data-card={card.id}>
      <span className="ct-vetoes__text">
        <span className="small muted">{WHERE[item.where]}: </span>
        {cardWords(card)}
      </span>
      <span className="ct-tools">
        <Button
          variant="danger"
          onClick={() => room.send({ type: "vetoCard", cardId: card.id })}
          disabled={isPending(s, "vetoCard")}
          testId="veto-card"
        >
          Veto
        </Button>
        <Button variant="ghost" onClick={() => setReporting(!reporting)} testId="report-card">
          Report
        </Button>
      </span>
      {reporting && <ReportForm roomId={s.roomId} cardId={card.id} onDone={() => setReporting(false)} />}
    </li>
  );
}

function ReportForm({ roomId, cardId, onDone }: { roomId: string; cardId: string; onDone(): void }) {
  const [reason, setReason] = useState<ReportReason>("offensive");
  const [note, setNote] = useState("");
  const [state, setState] = useState<{ sending: boolean; error: string | null; sent: boolean }>({
    sending: false,
    error: null,
    sent: false,
  });
  const send = async () => {
    setState({ sending: true, error: null, sent: false });
    try {
      const trimmed = note.trim();
      await reportCard({ room: roomId, cardId, reason, ...(trimmed ? { note: trimmed } : {}) });
      setState({ sending: false, error: null, sent: true });
    } catch (e) {
      setState({ sending: false, error: errorText(e), sent: false });
    }
  };
  if (state.sent)
    return (
      <p className="small" role="status" data-testid="report-sent">
        Thanks: the card was reported.{" "}
        <Button variant="ghost" onClick={onDone}>
          Close
        </Button>
      </p>
    );
  return (
    <form
      className="ct-report stack"
      data-testid="report-form"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label className="ct-inline-field small">
        <span>Why</span>
        <select value={reason} onChange={(e) => setReason(e.target.value as ReportReason)} data-testid="report-reason">
          {REPORT_REASONS.map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <input
        type="text"
        value={note}
        maxLength={NOTE_MAX}
        placeholder="A note (optional)"
        onChange={(e) => setNote(e.target.value)}
        data-testid="report-note"
      />
      {state.error && (
        <p className="small banner banner--warn" role="alert">
          {state.error}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={state.sending} testId="report-send">
        Send report
      </Button>
    </form>
  );
}

/** Everyone sees what was vetoed (what it said, never whose it was). */
function VetoedList({ v }: { v: ScreenProps["v"] }) {
  if (!v.vetoed?.length) return null;
  return (
    <section className="ct-panel" aria-label="Vetoed cards" data-testid="vetoed-cards">
      <h2 className="ct-panel__title">
        Vetoed at this table <span className="ct-count">{v.vetoed.length}</span>
      </h2>
      <ul className="ct-vetoed small">
        {v.vetoed.map((c) => (
          <li key={c.id} data-testid="vetoed-card">
            {cardWords({ properties: { text: c.text } })}
          </li>
        ))}
      </ul>
    </section>
  );
}
