import { useEffect, useRef, useState } from "react";
import { Button } from "../../../kit/Button";
import { checkCash, points, setOptions, setValue, sharedTags, tokens } from "../game";
import type { OutrankView, PlayerView } from "../wire";
import { Token } from "./Token";

interface Props {
  mode: "cash" | "discard";
  v: OutrankView;
  me: PlayerView;
  busy: boolean;
  onClose(): void;
  /** tag null: a discard. */
  onConfirm(tokenIds: string[], tag: string | null): void;
}

/**
 * The cash-out picker: select tokens from hand and this round, see the tags they share
 * (and which other tokens match), choose the tag, see the points (2/5/8) before confirming.
 * In discard mode (at the hand limit) it picks tokens to retire instead.
 */
export function SetPicker({ mode, v, me, busy, onClose, onConfirm }: Props) {
  const [ids, setIds] = useState<string[]>([]);
  const [tag, setTag] = useState<string | null>(null);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const held = [...me.thisRound, ...me.hand];
  const risk = new Set(me.thisRound.map((t) => t.id));
  const selected = held.filter((t) => ids.includes(t.id));
  const cash = mode === "cash";
  const shared = sharedTags(selected);
  const check = checkCash(v.settings, selected, tag);
  const options = setOptions(held);
  const highlight = tag !== null && shared.includes(tag) ? [tag] : shared;
  const unit = v.currentChallenge?.unit;
  const toggle = (id: string) => {
    setIds((cur) => (cur.includes(id) ? cur.filter((x) => x !== id) : [...cur, id]));
  };
  const size = selected.length;

  return (
    <section
      className="or-picker card stack"
      data-testid={cash ? "cashout-picker" : "discard-picker"}
      aria-labelledby="or-picker-title"
    >
      <div className="row row--between row--wrap">
        <h2 id="or-picker-title" ref={title} tabIndex={-1}>
          {cash ? "Cash out a set" : "Discard tokens"}
        </h2>
        <Button variant="ghost" onClick={onClose} testId="picker-cancel">
          Back
        </Button>
      </div>
      <p className="muted small">
        {cash
          ? "2, 3 or 4 tokens that share a tag, from your hand and this round. Cashed tokens leave the game; your turn ends."
          : "Discarded tokens leave the game; your turn ends. Discard at least one to get back under the limit."}
      </p>

      {cash && options.length > 0 && (
        <div className="stack stack--tight">
          <span className="label">Sets you can make</span>
          <div className="or-set-options">
            {options.map((o) => {
              const n = Math.min(4, o.tokenIds.length);
              return (
                <button
                  key={o.tag}
                  type="button"
                  className={`or-set-option or-tag--${o.dimension}${tag === o.tag ? " is-on" : ""}`}
                  onClick={() => {
                    setIds(o.tokenIds.slice(0, 4));
                    setTag(o.tag);
                  }}
                  data-testid={`set-option-${o.tag}`}
                >
                  <strong>{o.tag}</strong> ×{o.tokenIds.length}
                  <span className="or-set-option__pts">{points(setValue(v.settings, n))}</span>
                </button>
              );
            })}
          </div>
        </div>
      )}

      <ul className="or-pool or-pool--picker" aria-label="Your tokens">
        {held.map((t) => (
          <li key={t.id} className={risk.has(t.id) ? "is-risk" : "is-safe"}>
            <Token
              t={t}
              unit={unit}
              size="md"
              onPick={() => toggle(t.id)}
              selected={ids.includes(t.id)}
              match={cash && size > 0 ? highlight : undefined}
              dim={cash && size > 0 && !ids.includes(t.id) && !highlight.some((h) => Object.values(t.tags).includes(h))}
              testId={`pick-${t.id}`}
            />
            <span className="or-pile-tag">{risk.has(t.id) ? "this round" : "hand"}</span>
          </li>
        ))}
      </ul>

      {cash && shared.length > 1 && (
        <fieldset className="or-fieldset">
          <legend className="label">Cash them for which tag?</legend>
          <div className="row row--wrap">
            {shared.map((t) => (
              <label key={t} className="or-choice">
                <input type="radio" name="cash-tag" checked={check.ok && check.tag === t} onChange={() => setTag(t)} />
                <span>{t}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {cash && (
        <ol className="or-set-values" aria-label="Set values">
          {[2, 3, 4].map((n) => (
            <li key={n} className={size === n ? "is-on" : undefined}>
              {n} tokens <strong>+{setValue(v.settings, n)}</strong>
            </li>
          ))}
        </ol>
      )}

      <div className="or-picker__confirm">
        {cash ? (
          <>
            <p className={check.ok ? "or-picker__ok" : "muted small"} data-testid="cash-preview">
              {check.ok
                ? `${size} × ${check.tag}: +${points(check.points)}`
                : size === 0
                  ? "Tap tokens to select them."
                  : check.reason}
            </p>
            <Button
              variant="primary"
              size="lg"
              disabled={!check.ok || busy}
              onClick={() => check.ok && onConfirm(ids, check.tag)}
              testId="confirm-cashout"
            >
              {check.ok ? `Cash out for ${points(check.points)}` : "Cash out"}
            </Button>
          </>
        ) : (
          <Button
            variant="danger"
            size="lg"
            disabled={size === 0 || busy}
            onClick={() => onConfirm(ids, null)}
            testId="confirm-discard"
          >
            {size === 0 ? "Discard" : `Discard ${tokens(size)}`}
          </Button>
        )}
      </div>
    </section>
  );
}
