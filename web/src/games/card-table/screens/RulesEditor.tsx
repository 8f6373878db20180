import { useState } from "react";
import { Button } from "../../../kit/Button";
import { Problem } from "../../../kit/fields";
import { isPending } from "../reducer";
import { formFromDefaults, formProblem, type SettingsForm, toPatch } from "../settings-form";
import { settingsLines } from "../summary";
import { isLead, isUnjudged } from "../table";
import { usePacks } from "../usePacks";
import type { ScreenProps } from "./props";
import { SettingsFields } from "./SettingsFields";

/** The table's rules in the lobby; the lead may change them before starting (a rematch too). */
export function RulesEditor({ s, v, room }: ScreenProps) {
  const listing = usePacks();
  const packs = listing.packs;
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const names = v.settings.packIds.map((id) => packs?.find((p) => p.id === id)?.name ?? id);
  const variants = v.definition.variants;

  function save() {
    if (!form) return;
    const bad = formProblem(form);
    setProblem(bad);
    if (bad) return;
    room.send({ type: "configure", settings: toPatch(form) });
    setForm(null);
  }

  return (
    <section className="ct-panel stack" aria-labelledby="table-rules" data-testid="table-rules">
      <div className="row row--between row--wrap">
        <h2 className="ct-panel__title" id="table-rules">
          Table rules
        </h2>
        {/* The form is the judged game's (packs, judge rules); the sandbox plays with what it was set up with. */}
        {isLead(v) && !form && !isUnjudged(v) && (
          <Button variant="ghost" onClick={() => setForm(formFromDefaults(v.settings, variants))} testId="edit-rules">
            Change
          </Button>
        )}
      </div>
      {form ? (
        <>
          <SettingsFields form={form} onChange={setForm} variants={variants} packs={listing} />
          <Problem>{problem}</Problem>
          <div className="row row--wrap">
            <Button variant="primary" onClick={save} disabled={isPending(s, "configure")} testId="save-rules">
              Save rules
            </Button>
            <Button variant="ghost" onClick={() => setForm(null)} testId="cancel-rules">
              Cancel
            </Button>
          </div>
        </>
      ) : (
        <ul className="ct-rules">
          {settingsLines(v.settings, variants).map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>Packs: {names.join(", ")}</li>
        </ul>
      )}
    </section>
  );
}
