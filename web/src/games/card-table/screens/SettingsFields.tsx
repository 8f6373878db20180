import { LIMITS, type SettingsForm } from "../settings-form";
import { variantsOf } from "../summary";
import type { EndCondition, PackInfo, VariantDef } from "../wire";

interface Props {
  form: SettingsForm;
  onChange(f: SettingsForm): void;
  variants: VariantDef[];
  packs: PackInfo[] | null;
  packsError: string | null;
}

const ENDS: { id: EndCondition; label: string }[] = [
  { id: "points", label: "First to a score" },
  { id: "rounds", label: "A set number of rounds" },
  { id: "none", label: "No limit" },
];

const DEFAULT_TIMEOUT = 90;

/** The table's settings: how it ends, hand size, judge rule, extras, packs, time limits. */
export function SettingsFields({ form, onChange, variants, packs, packsError }: Props) {
  const set = (patch: Partial<SettingsForm>) => onChange({ ...form, ...patch });
  const { judge, toggles } = variantsOf({ variants });
  return (
    <div className="ct-settings">
      <fieldset className="ct-fieldset">
        <legend className="label">How the game ends</legend>
        <div className="ct-choices">
          {ENDS.map((e) => (
            <label key={e.id} className="ct-choice">
              <input
                type="radio"
                name="end-condition"
                checked={form.endCondition === e.id}
                onChange={() =>
                  set({ endCondition: e.id, endValue: e.id === "rounds" && form.endValue < 3 ? 10 : form.endValue })
                }
                data-testid={`end-${e.id}`}
              />
              <span>{e.label}</span>
            </label>
          ))}
        </div>
        {form.endCondition !== "none" && (
          <label className="ct-inline-field">
            <span>{form.endCondition === "points" ? "Points to win" : "Rounds"}</span>
            <input
              type="number"
              className="text-input ct-number"
              min={LIMITS[form.endCondition].min}
              max={LIMITS[form.endCondition].max}
              value={Number.isNaN(form.endValue) ? "" : form.endValue}
              onChange={(e) => set({ endValue: e.target.valueAsNumber })}
              data-testid="setting-end-value"
            />
          </label>
        )}
      </fieldset>

      <fieldset className="ct-fieldset">
        <legend className="label">Cards</legend>
        <label className="ct-inline-field">
          <span>Cards in each hand</span>
          <input
            type="number"
            className="text-input ct-number"
            min={LIMITS.handSize.min}
            max={LIMITS.handSize.max}
            value={Number.isNaN(form.handSize) ? "" : form.handSize}
            onChange={(e) => set({ handSize: e.target.valueAsNumber })}
            data-testid="setting-hand-size"
          />
        </label>
        {packsError && <p className="note note--bad small">Could not load the packs: {packsError}</p>}
        {packs === null ? (
          <p className="muted small">Loading packs…</p>
        ) : (
          <ul className="ct-packs" aria-label="Card packs">
            {packs.map((p) => (
              <li key={p.id}>
                <label className="ct-choice ct-choice--block">
                  <input
                    type="checkbox"
                    checked={form.packIds.includes(p.id)}
                    onChange={(e) =>
                      set({
                        packIds: e.target.checked ? [...form.packIds, p.id] : form.packIds.filter((id) => id !== p.id),
                      })
                    }
                    data-testid={`pack-${p.id}`}
                  />
                  <span>
                    <strong>{p.name}</strong>{" "}
                    <span className="muted small">
                      {p.counts.black ?? 0} prompts, {p.counts.white ?? 0} answers
                      {p.mine ? (p.shared ? " · yours, shared" : " · yours, only you can use it") : ""}
                    </span>
                    <span className="ct-choice__desc">{p.description}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <fieldset className="ct-fieldset">
        <legend className="label">Who judges</legend>
        <div className="ct-choices ct-choices--stack">
          {judge.map((v) => (
            <label key={v.id} className="ct-choice ct-choice--block">
              <input
                type="radio"
                name="judge-rule"
                checked={form.judgeRule === v.id}
                onChange={() => set({ judgeRule: v.id })}
                data-testid={`variant-${v.id}`}
              />
              <span>
                <strong>{v.name}</strong>
                <span className="ct-choice__desc">{v.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {toggles.length > 0 && (
        <fieldset className="ct-fieldset">
          <legend className="label">House rules</legend>
          <div className="ct-choices ct-choices--stack">
            {toggles.map((v) => (
              <label key={v.id} className="ct-choice ct-choice--block">
                <input
                  type="checkbox"
                  checked={form.extras.includes(v.id)}
                  onChange={(e) =>
                    set({ extras: e.target.checked ? [...form.extras, v.id] : form.extras.filter((x) => x !== v.id) })
                  }
                  data-testid={`variant-${v.id}`}
                />
                <span>
                  <strong>{v.name}</strong>
                  <span className="ct-choice__desc">{v.description}</span>
                </span>
              </label>
            ))}
            <label className="ct-choice ct-choice--block">
              <input
                type="checkbox"
                checked={form.revealToAll}
                onChange={(e) => set({ revealToAll: e.target.checked })}
                data-testid="setting-reveal-all"
              />
              <span>
                <strong>Everyone reads the answers</strong>
                <span className="ct-choice__desc">
                  Show the anonymous answers to the whole table while the judge decides (off: only the judge).
                </span>
              </span>
            </label>
          </div>
        </fieldset>
      )}

      <fieldset className="ct-fieldset">
        <legend className="label">Time limits (optional)</legend>
        <Timeout
          label="Seconds to answer"
          value={form.submitTimeout}
          onChange={(submitTimeout) => set({ submitTimeout })}
          testId="setting-submit-timeout"
        />
        <Timeout
          label="Seconds to judge"
          value={form.judgeTimeout}
          onChange={(judgeTimeout) => set({ judgeTimeout })}
          testId="setting-judge-timeout"
        />
      </fieldset>
    </div>
  );
}

function Timeout(props: { label: string; value: number | null; onChange(v: number | null): void; testId: string }) {
  const { label, value, onChange, testId } = props;
  return (
    <div className="ct-inline-field">
      <label className="ct-choice">
        <input
          type="checkbox"
          checked={value !== null}
          onChange={(e) => onChange(e.target.checked ? DEFAULT_TIMEOUT : null)}
          data-testid={`${testId}-on`}
        />
        <span>{label}</span>
      </label>
      {value !== null && (
        <input
          type="number"
          className="text-input ct-number"
          aria-label={label}
          min={LIMITS.timeout.min}
          max={LIMITS.timeout.max}
          value={Number.isNaN(value) ? "" : value}
          onChange={(e) => onChange(e.target.valueAsNumber)}
          data-testid={testId}
        />
      )}
    </div>
  );
}
