import { useState } from "react";
import { Button } from "../../../kit/Button";
import { isPending } from "../reducer";
import { meOf, playerOf } from "../table";
import { Hand } from "./Hand";
import type { ScreenProps } from "./props";
import { MiniCards, Tableaux } from "./Tableaux";

/**
 * The Sandbox Table's turn (a definition with a deck, slots and dice, and no judge): on
 * your turn draw, put cards on the table or in front of you, then roll; the die's face is
 * added to your score and the turn passes. Everything here is read from the definition.
 */
export function SandboxPhase({ s, v, room }: ScreenProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const me = meOf(v);
  const mine = v.you !== null && v.roles.turn === v.you;
  const turn = playerOf(v, v.roles.turn);
  const playing = v.status === "playing";
  const busy = !playing || isPending(s, "draw", "play", "roll", "nextTurn");
  const deckId = Object.keys(v.definition.decks)[0];
  const deck = deckId ? v.decks[deckId] : undefined;
  const handSlot = v.definition.slots.find((x) => x.id === "hand");
  // Where a card may go from the hand: the public table, and the player's own places.
  const targets = v.definition.slots.filter(
    (x) => x.id !== "hand" && (x.scope === "player" || x.visibility === "public"),
  );
  const shared = v.definition.slots.filter((x) => x.scope === "global" && x.visibility === "public");
  const pick = selected && me?.hand.some((c) => c.id === selected) ? selected : null;

  return (
    <section className="ct-phase stack" data-testid="phase-PLAY">
      <div className="card stack center ct-turn" data-testid="sandbox-turn">
        <p className="ct-waiting" data-testid="turn-note">
          {mine ? "Your turn: play cards if you like, then roll." : `${turn?.name ?? "Someone"} is playing.`}
        </p>
        <div className="ct-dice">
          {Object.entries(v.dice).map(([id, die]) => (
            <div key={id} className="ct-die-box">
              <span className="ct-die" data-testid={`die-${id}`}>
                <span className="visually-hidden">{die.definition.name} shows </span>
                {die.currentFace ? (die.currentFace.label ?? String(die.currentFace.value)) : "–"}
              </span>
              {mine && (
                <Button
                  variant="primary"
                  size="lg"
                  onClick={() => room.send({ type: "roll", dieId: id })}
                  disabled={busy}
                  testId={`roll-${id}`}
                >
                  Roll the {die.definition.name.toLowerCase()}
                </Button>
              )}
            </div>
          ))}
        </div>
      </div>

      {shared.map((slot) => (
        <section key={slot.id} className="ct-panel stack stack--tight" data-testid={`slot-${slot.id}`}>
          <h2 className="ct-panel__title">
            {slot.name} <span className="muted small">· everyone sees it</span>
          </h2>
          <MiniCards cards={v.globalSlots[slot.id] ?? []} empty="Nothing here yet." />
        </section>
      ))}

      {me && (
        <section className="ct-hand-box stack stack--tight" aria-labelledby="hand-title">
          <h2 className="ct-panel__title" id="hand-title">
            {handSlot?.name ?? "Your hand"}
            {mine && <span className="muted small"> · tap a card, then say where it goes</span>}
          </h2>
          <Hand
            cards={me.hand}
            picked={pick ? [pick] : []}
            active={mine && playing}
            onToggle={(id) => setSelected(pick === id ? null : id)}
          />
          {mine && (
            <div className="ct-tools">
              {targets.map((slot) => (
                <Button
                  key={slot.id}
                  onClick={() => {
                    if (!pick) return;
                    room.send({ type: "play", cardId: pick, fromZone: "hand", toSlot: slot.id });
                    setSelected(null);
                  }}
                  disabled={busy || !pick}
                  testId={`play-to-${slot.id}`}
                >
                  Play to {slot.name.toLowerCase()}
                </Button>
              ))}
              {deckId && (
                <Button
                  onClick={() => room.send({ type: "draw", deckId, count: 1, toZone: "hand" })}
                  disabled={busy || (deck?.count ?? 0) === 0}
                  testId="draw-card"
                >
                  Draw a card ({deck?.count ?? 0} left)
                </Button>
              )}
              <Button
                variant="ghost"
                onClick={() => room.send({ type: "nextTurn" })}
                disabled={busy}
                testId="pass-turn"
              >
                Pass without rolling
              </Button>
            </div>
          )}
        </section>
      )}

      <Tableaux
        v={v}
        detail={(p) => {
          const hidden = Object.entries(p.slotCounts).reduce(
            (n, [id, count]) => (id === "hand" ? n : n + Math.max(0, count - (p.slots[id]?.length ?? 0))),
            0,
          );
          return `${p.handCount} in hand${hidden > 0 ? `, ${hidden} face down` : ""}`;
        }}
      />
    </section>
  );
}
