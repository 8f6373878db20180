import { Button } from "../../../kit/Button";
import { Choice } from "../../../kit/Choice";
import { LIMITS, type SettingsForm } from "../settings-form";
import { groupLabel, variantsOf } from "../summary";
import type { PacksState } from "../usePacks";
import type { EndCondition, PackInfo, VariantDef } from "../wire";
import { ChoiceLabel } from "./ChoiceLabel";

interface Props {
  form: SettingsForm;
  onChange(f: SettingsForm): void;
  variants: VariantDef[];
  /** The pack picker's listing (`usePacks`): shipped, your own, shared ones a page at a time. */
  packs: PacksState;
}

const ENDS: { id: EndCondition; label: string }[] = [
  { id: "points", label: "First to a score" },
  { id: "rounds", label: "A set number of rounds" },
  { id: "none", label: "No limit" },
];

const DEFAULT_TIMEOUT = 90;

/** The whole-number card settings; blank cards only where a judged round has answers to write. */
const COUNTS = [
  { key: "handSize", label: "Cards in each hand", testId: "setting-hand-size" },
  { key: "blankCards", label: "Blank cards to write on", testId: "setting-blank-cards" },
] as const;

/**
 * The settings of a table with judged rounds (the only ones this form is for): how it ends,
 * hand size, blank cards, packs, one choice per variant group (CAH's: who judges), the
 * ungrouped variants as house rules, time limits. Variants show in the definition's words.
 */
export function SettingsFields({ form, onChange, variants, packs: listing }: Props) {
  const set = (patch: Partial<SettingsForm>) => onChange({ ...form, ...patch });
  const { groups, toggles } = variantsOf({ variants });
  return (
    <div className="ct-settings">
      <fieldset className="ct-fieldset">
        <legend className="label">How the game ends</legend>
        <div className="ct-choices">
          {ENDS.map((e) => (
            <Choice
              key={e.id}
              name="end-condition"
              checked={form.endCondition === e.id}
              onChoose={() =>
                set({ endCondition: e.id, endValue: e.id === "rounds" && form.endValue < 3 ? 10 : form.endValue })
              }
              testId={`end-${e.id}`}
              className="ct-choice"
            >
              <span>{e.label}</span>
            </Choice>
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
        {COUNTS.map((c) => (
          <CountField
            key={c.key}
            label={c.label}
            limits={LIMITS[c.key]}
            value={form[c.key]}
            onChange={(n) => set({ [c.key]: n })}
            testId={c.testId}
          />
        ))}
        {form.blankCards > 0 && (
          <label className="stack stack--tight">
            <span className="small">Words a written card may not use (separated by commas)</span>
            <input
              type="text"
              className="text-input"
              value={form.blockedWords}
              maxLength={4000}
              onChange={(e) => set({ blockedWords: e.target.value })}
              data-testid="setting-blocked-words"
            />
          </label>
        )}
        {listing.error && <p className="note note--bad small">Could not load the packs: {listing.error}</p>}
        {listing.packs === null ? (
          <p className="muted small">Loading packs…</p>
        ) : (
          <>
            <ul className="ct-packs" aria-label="Card packs">
              {withChosen(listing.packs, form.packIds).map((p) => (
                <li key={p.id}>
                  <Choice
                    checkbox
                    checked={form.packIds.includes(p.id)}
                    onChoose={(checked) =>
                      set({
                        packIds: checked ? [...form.packIds, p.id] : form.packIds.filter((id) => id !== p.id),
                      })
                    }
                    testId={`pack-${p.id}`}
                    className="ct-choice ct-choice--block"
                  >
                    <ChoiceLabel name={p.name} note={packNote(p)} description={p.description} />
                  </Choice>
                </li>
              ))}
            </ul>
            {listing.more && (
              <div>
                <Button variant="ghost" onClick={listing.loadMore} disabled={listing.loadingMore} testId="packs-more">
                  {listing.loadingMore ? "Loading…" : "Show more shared packs"}
                </Button>
              </div>
            )}
          </>
        )}
      </fieldset>

      {groups.map((g) => (
        <fieldset key={g.group} className="ct-fieldset">
          <legend className="label">{groupLabel(g.group)}</legend>
          <div className="ct-choices ct-choices--stack">
            {g.variants.map((v) => (
              <Choice
                key={v.id}
                name={`variant-group-${g.group}`}
                checked={form.picks[g.group] === v.id}
                onChoose={() => set({ picks: { ...form.picks, [g.group]: v.id } })}
                testId={`variant-${v.id}`}
                className="ct-choice ct-choice--block"
              >
                <ChoiceLabel name={v.name} description={v.description} />
              </Choice>
            ))}
          </div>
        </fieldset>
      ))}

      {toggles.length > 0 && (
        <fieldset className="ct-fieldset">
          <legend className="label">House rules</legend>
          <div className="ct-choices ct-choices--stack">
            {toggles.map((v) => (
              <Choice
                key={v.id}
                checkbox
                checked={form.extras.includes(v.id)}
                onChoose={(checked) =>
                  set({ extras: checked ? [...form.extras, v.id] : form.extras.filter((x) => x !== v.id) })
                }
                testId={`variant-${v.id}`}
                className="ct-choice ct-choice--block"
              >
                <ChoiceLabel name={v.name} description={v.description} />
              </Choice>
            ))}
            <Choice
              checkbox
              checked={form.revealToAll}
              onChoose={(checked) => set({ revealToAll: checked })}
              testId="setting-reveal-all"
              className="ct-choice ct-choice--block"
            >
              <ChoiceLabel
                name="Everyone reads the answers"
                description="Show the anonymous answers to the whole table while the judge decides (off: only the judge)."
              />
            </Choice>
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
      <Choice
        checkbox
        checked={value !== null}
        onChoose={(checked) => onChange(checked ? DEFAULT_TIMEOUT : null)}
        testId={`${testId}-on`}
        className="ct-choice"
      >
        <span>{label}</span>
      </Choice>
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

/** The listed packs, plus any the table already names that the pages loaded so far do not hold. */
function withChosen(packs: PackInfo[], chosen: string[]): (PackInfo & { unlisted?: true })[] {
  const listed = new Set(packs.map((p) => p.id));
  const extra = chosen
    .filter((id) => !listed.has(id))
    .map((id) => ({ id, name: id, official: false, counts: {}, unlisted: true as const }));
  return [...packs, ...extra];
}

function packNote(p: PackInfo & { unlisted?: true }): string {
  if (p.unlisted) return "chosen for this table";
  const n = (count: number | undefined, one: string) => `${count ?? 0} ${count === 1 ? one : `${one}s`}`;
  const counts = `${n(p.counts.black, "prompt")}, ${n(p.counts.white, "answer")}`;
  return counts + (p.mine ? (p.shared ? " · yours, shared" : " · yours, only you can use it") : "");
}

/** A whole-number setting beside its label (an emptied box reads as NaN, which the form refuses). */
export function CountField(props: {
  label: string;
  limits: { min: number; max: number };
  value: number;
  onChange(n: number): void;
  testId: string;
}) {
  const { label, limits, value, onChange, testId } = props;
  return (
    <label className="ct-inline-field">
      <span>{label}</span>
      <input
        type="number"
        className="text-input ct-number"
        min={limits.min}
        max={limits.max}
        value={Number.isNaN(value) ? "" : value}
        onChange={(e) => onChange(e.target.valueAsNumber)}
        data-testid={testId}
      />
    </label>
  );
}
