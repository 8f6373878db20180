import { useEffect, useState } from "react";
import { CATEGORY_LABEL, currentOf, formatValue, higherMeans, meOf, myTurn, rankTag, statText } from "../game";
import { FX_MS, isPending, type OutrankClient } from "../reducer";
import type { ChallengeView, OutrankView } from "../wire";
import { Piles } from "./Piles";
import type { ScreenProps } from "./props";
import { SetPicker } from "./SetPicker";
import { Token } from "./Token";
import { TurnDock } from "./TurnDock";

/** The latest guess, while its animation still plays. */
function freshReveal(s: OutrankClient) {
  const r = s.reveal;
  return r && Date.now() - r.at < FX_MS ? r : null;
}

/** Drafting: the challenge, the center, the pool; on your turn the guess dock, the cash-out and discard pickers. */
export function DraftingStage(props: ScreenProps) {
  const { s, v, room } = props;
  const mine = myTurn(v);
  const me = meOf(v);
  const [pick, setPick] = useState<string | null>(null);
  const [panel, setPanel] = useState<null | "cash" | "discard">(null);
  const turnKey = `${v.round}:${v.currentPlayer}`;
  // A new turn (or someone else's) starts with nothing chosen and no picker open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: turnKey is the trigger
  useEffect(() => {
    setPick(null);
    setPanel(null);
  }, [turnKey, mine]);
  const picked = pick === null ? null : (v.draftPool.find((t) => t.id === pick) ?? null);
  const full = me !== null && me.hand.length + me.thisRound.length >= v.settings.handLimit;
  const canDraft = mine && !full && !isPending(s, "draftGuess", "cashOut", "discard", "pass");
  const current = currentOf(v);
  const fresh = freshReveal(s);
  const returning = new Set(fresh && !fresh.correct ? [...fresh.returned, fresh.drafted.id] : []);
  const unit = v.currentChallenge?.unit;

  return (
    <section className="or-stage" data-testid="phase-drafting">
      {v.currentChallenge && <ChallengeBar c={v.currentChallenge} />}
      <div className="or-table">
        <div className="or-center" data-testid="center">
          <span className="or-center__label">Center</span>
          {v.centerToken ? (
            <Token
              key={v.centerToken.id}
              t={v.centerToken}
              unit={unit}
              size="lg"
              className={fresh?.correct ? "is-arrived" : undefined}
              testId="center-token"
            />
          ) : (
            <p className="muted">No center token.</p>
          )}
        </div>
        {s.reveal && <RevealCard s={s} v={v} />}
      </div>

      {panel && me ? (
        <SetPicker
          key={panel}
          mode={panel}
          v={v}
          me={me}
          busy={isPending(s, "cashOut", "discard")}
          onClose={() => setPanel(null)}
          onConfirm={(tokenIds, tag) => {
            room.send(tag === null ? { type: "discard", tokenIds } : { type: "cashOut", tokenIds, tag });
            setPanel(null);
          }}
        />
      ) : (
        <section className="or-pool-wrap" aria-labelledby="or-pool-title">
          <div className="row row--between row--wrap">
            <h2 className="or-section-title" id="or-pool-title">
              Draft pool <span className="muted">({v.draftPool.length})</span>
            </h2>
            <p className="or-turn-note" data-testid="turn-note">
              {mine
                ? full
                  ? "Your hand is full: cash out, discard or pass."
                  : "Your turn: tap a token, then call it."
                : current
                  ? `${current.name}'s turn`
                  : ""}
            </p>
          </div>
          <ul className="or-pool" data-testid="pool">
            {v.draftPool.map((t) => (
              <li key={t.id}>
                <Token
                  t={t}
                  onPick={canDraft ? () => setPick(pick === t.id ? null : t.id) : undefined}
                  selected={picked?.id === t.id}
                  className={returning.has(t.id) ? "is-returned" : undefined}
                  testId={`pool-${t.id}`}
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      {me && <Piles s={s} v={v} me={me} />}

      {mine && me && !panel && (
        <TurnDock
          s={s}
          v={v}
          me={me}
          picked={picked}
          full={full}
          onGuess={(guess) => {
            if (!picked) return;
            room.send({ type: "draftGuess", tokenId: picked.id, guess });
            setPick(null);
          }}
          onClear={() => setPick(null)}
          onPass={() => room.send({ type: "pass" })}
          onOpen={setPanel}
        />
      )}
    </section>
  );
}

/** What this round compares: category, stat and which way it ranks (what HIGHER means on this card). */
function ChallengeBar({ c }: { c: ChallengeView }) {
  return (
    <div
      className={`or-challenge or-challenge--${c.category}${c.direction === "lower" ? " or-challenge--lower" : ""}`}
      data-testid="challenge"
      data-stat={c.stat}
      data-direction={c.direction}
    >
      <span className="or-challenge__cat">{CATEGORY_LABEL[c.category]}</span>
      <span className="or-challenge__stat">{statText(c)}</span>
      <span className="or-challenge__dir" data-testid="challenge-direction">
        {higherMeans(c)}
      </span>
    </div>
  );
}

/** The last guess revealed: both tokens with their values, the call and how it went. */
export function RevealCard({ s, v }: { s: OutrankClient; v: OutrankView }) {
  const r = s.reveal;
  if (!r) return null;
  const who = v.players.find((p) => p.id === r.playerId)?.name ?? r.playerId;
  const val = (x: number | undefined) => (x === undefined ? "?" : formatValue(x, r.unit));
  const sign = r.drafted.value === r.center.value ? "=" : (r.drafted.value ?? 0) > (r.center.value ?? 0) ? ">" : "<";
  return (
    <div
      key={r.id}
      className={`or-reveal ${r.correct ? "or-reveal--right" : "or-reveal--wrong"}`}
      data-testid="reveal"
      data-correct={r.correct}
      role="status"
    >
      <p className="or-reveal__call">
        {who} called <strong>{r.guess === "higher" ? "HIGHER" : "LOWER"}</strong>
        {r.rank && <span className="muted small"> ({r.rank})</span>}
      </p>
      <p className="or-reveal__cmp">
        <span>
          {r.drafted.name} <strong>{val(r.drafted.value)}</strong>
        </span>
        <span className="or-reveal__sign" aria-hidden="true">
          {sign}
        </span>
        <span className="visually-hidden">{sign === ">" ? "more than" : sign === "<" ? "less than" : "equal to"}</span>
        <span>
          {r.center.name} <strong>{val(r.center.value)}</strong>
        </span>
      </p>
      <p className="or-reveal__verdict">
        {r.correct
          ? "Right! +1 point, and the drafted token is the new center."
          : `Wrong: ${r.returned.length > 0 ? "this round's tokens went back to the pool, " : ""}${who} is out this round.`}
      </p>
    </div>
  );
}

/** The First Guesser's choice: only challenges whose category can still fill a pool are offered. */
export function ChallengePicker({ s, v, room }: ScreenProps) {
  const byCategory = new Map<string, ChallengeView[]>();
  for (const c of v.challenges) byCategory.set(c.category, [...(byCategory.get(c.category) ?? []), c]);
  const busy = isPending(s, "selectChallenge");
  const kept = v.draftPool[0]?.category;
  return (
    <div className="or-challenges stack" data-testid="challenge-picker">
      {kept && (
        <p className="muted small">
          The pool on the table is {CATEGORY_LABEL[kept]} ({v.draftPool.length} tokens): a {CATEGORY_LABEL[kept]}{" "}
          challenge keeps it and tops it up to 8; another category draws a fresh pool.
        </p>
      )}
      {[...byCategory].map(([cat, list]) => (
        <div key={cat} className="or-challenge-group">
          <h3 className="or-challenge-group__title">
            {CATEGORY_LABEL[cat as ChallengeView["category"]]}
            <span className="muted small"> · {v.supplyCounts[cat] ?? 0} tokens not yet drawn</span>
          </h3>
          <div className="or-challenge-group__list">
            {list.map((c) => (
              <button
                key={c.id}
                type="button"
                className={`or-challenge-btn or-challenge-btn--${c.category}`}
                onClick={() => room.send({ type: "selectChallenge", challengeId: c.id })}
                disabled={busy}
                data-testid={`challenge-${c.id}`}
              >
                <span className="or-challenge-btn__stat">{c.statLabel}</span>
                <span className="or-challenge-btn__unit muted small">
                  {rankTag(c) ? `${c.unit} · ${rankTag(c)}` : c.unit}
                </span>
              </button>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
