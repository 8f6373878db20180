import { useState } from "react";
import { Button } from "../../../kit/Button";
import { actionLabel, cardText, isRed, type Legal, sortLegal, varName, varValue, withChoice } from "../legal";
import { isPending } from "../reducer";
import { meOf, playerOf } from "../table";
import type { GameStateView } from "../wire";
import type { ScreenProps } from "./props";
import { MiniCards, Tableaux } from "./Tableaux";

/**
 * Any definition's table, drawn from the view alone: the table's slots and dice, what lies in
 * front of each player, the variables everyone may see, the viewer's hand, and a button for
 * each action the server lists in `legalActions` (this screen never decides what is legal).
 * A card that may be played is a button in the hand: pick it, then say how (a suit to name,
 * a place to put it). Phone first: one column, large targets, everything reachable by Tab.
 */
export function TablePhase({ s, v, room }: ScreenProps) {
  const [picked, setPicked] = useState<string | null>(null);
  const me = meOf(v);
  const turn = playerOf(v, v.roles.turn);
  const { byCard, other } = sortLegal(v.legalActions);
  const busy = v.status !== "playing" || isPending(s);
  const pick = picked && byCard.has(picked) ? picked : null;
  const send = (a: Legal, value?: unknown) => {
    room.send(withChoice(a, value));
    setPicked(null);
  };
  const shared = v.definition.slots.filter((x) => x.scope === "global");
  // A game with no deck (Pig: dice only) never deals a card: no hand to show.
  const dealsCards = Object.keys(v.definition.decks).length > 0;

  return (
    <section className="ct-phase stack" data-testid="phase-TABLE" data-phase={v.currentPhase}>
      <div className="card stack center ct-turn" data-testid="table-turn">
        <p className="ct-waiting" data-testid="turn-note">
          {turnNote(v, me?.id ?? null, turn?.name ?? null, v.legalActions.length > 0)}
        </p>
        <Vars v={v} />
        <Dice v={v} />
      </div>

      {shared.map((slot) => (
        <section key={slot.id} className="ct-panel stack stack--tight" data-testid={`slot-${slot.id}`}>
          <h2 className="ct-panel__title">{slot.name}</h2>
          <MiniCards cards={v.globalSlots[slot.id] ?? []} empty="Nothing here." />
        </section>
      ))}

      {me && dealsCards && (
        <section className="ct-hand-box stack stack--tight" aria-labelledby="hand-title">
          <h2 className="ct-panel__title" id="hand-title">
            Your hand{byCard.size > 0 && <span className="muted small"> · tap a card you may play</span>}
          </h2>
          {me.hand.length === 0 && <p className="muted">Your hand is empty.</p>}
          <ul className="ct-hand" data-testid="hand" aria-label="Your hand">
            {me.hand.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`ct-tile ct-playing-card${isRed(c) ? " ct-playing-card--red" : ""}${pick === c.id ? " ct-tile--picked" : ""}`}
                  aria-pressed={pick === c.id}
                  // Dimmed only while some of the hand may be played: the others cannot be.
                  disabled={!byCard.has(c.id) || busy}
                  data-idle={byCard.size === 0 ? "true" : undefined}
                  onClick={() => setPicked(pick === c.id ? null : c.id)}
                  data-testid={`hand-card-${c.id}`}
                  data-playable={byCard.has(c.id) ? "true" : undefined}
                >
                  <span className="ct-tile__text">{cardText(c) ?? c.id}</span>
                </button>
              </li>
            ))}
          </ul>
          {pick && (
            <div className="ct-tools" data-testid="card-actions">
              {(byCard.get(pick) ?? []).map((a, _i, all) => (
                <ActionButton key={JSON.stringify(a)} v={v} a={a} several={all.length > 1} busy={busy} onSend={send} />
              ))}
            </div>
          )}
        </section>
      )}

      {other.length > 0 && (
        <div className="ct-tools" data-testid="table-actions">
          {other.map((a) => (
            <ActionButton
              key={JSON.stringify(a)}
              v={v}
              a={a}
              several={other.filter((x) => x.type === a.type).length > 1}
              busy={busy}
              onSend={send}
            />
          ))}
        </div>
      )}

      <Tableaux
        v={v}
        detail={(p) =>
          `${p.score} points` +
          (dealsCards ? ` · ${p.handCount} in hand` : "") +
          Object.entries(v.playerVars?.[p.id] ?? {})
            .filter(([, x]) => varValue(x, v.players) !== null)
            .map(([k, x]) => ` · ${varName(k)} ${varValue(x, v.players)}`)
            .join("")
        }
      />
    </section>
  );
}

function turnNote(v: GameStateView, me: string | null, turnName: string | null, canAct: boolean): string {
  if (v.status !== "playing") return "The game is paused.";
  if (canAct) return v.roles.turn === me ? "Your turn." : "Your move.";
  if (turnName) return `${turnName} is playing.`;
  return "Waiting…";
}

/** One listed action: a button, or a button per choice, or a number to pick within a range and a button. */
function ActionButton(props: {
  v: GameStateView;
  a: Legal;
  several: boolean;
  busy: boolean;
  onSend(a: Legal, value?: unknown): void;
}) {
  const { v, a, several, busy, onSend } = props;
  const label = actionLabel(v, a, several);
  const [amount, setAmount] = useState<number>(a.range?.min ?? 0);
  if (a.choices)
    return (
      <>
        {a.choices.map((c) => (
          <Button
            key={String(c)}
            onClick={() => onSend(a, c)}
            disabled={busy}
            testId={`act-${a.type}-${String(c)}`}
          >{`${label} · ${String(c)}`}</Button>
        ))}
      </>
    );
  if (a.range) {
    const { min, max } = a.range;
    const ok = Number.isInteger(amount) && amount >= min && amount <= max;
    return (
      <span className="ct-inline-field">
        <input
          type="number"
          className="text-input ct-number"
          min={min}
          max={max}
          value={Number.isNaN(amount) ? "" : amount}
          onChange={(e) => setAmount(e.target.valueAsNumber)}
          aria-label={`${label}: ${min} to ${max}`}
          data-testid={`amount-${a.type}`}
        />
        <span className="muted small" aria-hidden="true">
          {min} to {max}
        </span>
        <Button variant="primary" onClick={() => onSend(a, amount)} disabled={busy || !ok} testId={`act-${a.type}`}>
          {label}
        </Button>
      </span>
    );
  }
  return (
    <Button variant="primary" onClick={() => onSend(a)} disabled={busy} testId={`act-${a.type}`}>
      {label}
    </Button>
  );
}

function Vars({ v }: { v: GameStateView }) {
  const shown = Object.entries(v.vars ?? {}).filter(([, x]) => varValue(x, v.players) !== null);
  if (shown.length === 0) return null;
  return (
    <ul className="ct-chips" data-testid="table-vars">
      {shown.map(([k, x]) => (
        <li key={k} className="chip">
          {varName(k)}: <strong>{varValue(x, v.players)}</strong>
        </li>
      ))}
    </ul>
  );
}

function Dice({ v }: { v: GameStateView }) {
  const dice = Object.entries(v.dice);
  if (dice.length === 0) return null;
  return (
    <div className="ct-dice">
      {dice.map(([id, die]) => (
        <span key={id} className="ct-die" data-testid={`die-${id}`}>
          <span className="visually-hidden">{die.definition.name} shows </span>
          {die.currentFace ? (die.currentFace.label ?? String(die.currentFace.value)) : "–"}
        </span>
      ))}
    </div>
  );
}
