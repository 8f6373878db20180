import { type FormEvent, useId, useState } from "react";
import { errorText } from "../../../kit/api";
import { Button } from "../../../kit/Button";
import { Choice } from "../../../kit/Choice";
import { Problem } from "../../../kit/fields";
import { Options } from "../../../kit/Options";
import { createOrg, joinOrg } from "./api";
import type { FieldProblem } from "./form";
import { Problems } from "./Problems";
import { type Org, VISIBILITY_LABEL, type Visibility } from "./types";

interface Props {
  visibility: Visibility;
  orgid: string | null;
  /** The signed-in user's organisations; null while unknown or signed out. */
  orgs: Org[] | null;
  signedIn: boolean;
  problems: FieldProblem[];
  onChange(v: { visibility: Visibility; orgid: string | null }): void;
  /** A new organisation was made or joined here. */
  onOrg(org: Org): void;
}

const HINT: Record<Visibility, string> = {
  private: "Only you see it and can start games with it.",
  org: "Everyone in the organisation can start games with it; only you can change it.",
  public: "Anyone can start games with it; only you can change it.",
};

/** Who may use the deck: only its owner, an organisation they belong to, or everyone. */
export function SharingFields({ visibility, orgid, orgs, signedIn, problems, onChange, onOrg }: Props) {
  const id = useId();
  const noOrgs = orgs !== null && orgs.length === 0;
  return (
    <fieldset className="sd-group" data-testid="deck-sharing">
      <legend className="sd-field__label">Who may use it</legend>
      <div className="sd-tabs sd-tabs--stack">
        {(["private", "org", "public"] as const).map((v) => (
          <Choice
            key={v}
            name={`${id}-visibility`}
            checked={visibility === v}
            onChoose={() => onChange({ visibility: v, orgid: v === "org" ? (orgid ?? orgs?.[0]?.id ?? null) : null })}
            testId={`visibility-${v}`}
            className="sd-choice"
          >
            {VISIBILITY_LABEL[v]}
          </Choice>
        ))}
      </div>
      <p className="small muted">{HINT[visibility]}</p>
      {visibility === "org" && !signedIn && <p className="small">Sign in to choose one of your organisations.</p>}
      {visibility === "org" && orgs && orgs.length > 0 && (
        <label className="sd-field">
          <span className="sd-field__label">Organisation</span>
          <select
            className="text-input sd-select"
            value={orgid ?? ""}
            onChange={(e) => onChange({ visibility, orgid: e.target.value || null })}
            data-testid="deck-org"
          >
            {!orgid && <option value="">Choose…</option>}
            <Options values={orgs.map((o) => o.id)} label={(id) => orgs.find((o) => o.id === id)?.name ?? id} />
          </select>
        </label>
      )}
      {visibility === "org" && signedIn && (
        <OrgJoiner
          intro={noOrgs ? "You are in no organisation yet. Start one, or join one with its invite code." : null}
          onOrg={(o) => {
            onOrg(o);
            onChange({ visibility, orgid: o.id });
          }}
        />
      )}
      <Problems list={problems} id={`${id}-err`} />
    </fieldset>
  );
}

/** Start an organisation or join one by its invite code, in place. */
function OrgJoiner({ intro, onOrg }: { intro: string | null; onOrg(o: Org): void }) {
  const [open, setOpen] = useState(intro !== null);
  const [name, setName] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<Org | null>(null);

  async function run(e: FormEvent, what: () => Promise<Org>) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const o = await what();
      setMade(o);
      onOrg(o);
      setName("");
      setCode("");
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  if (made)
    return (
      <div className="sd-org stack stack--tight">
        <p className="small" role="status" data-testid="org-made">
          You are in <strong>{made.name}</strong>
          {made.inviteCode ? (
            <>
              ; colleagues join with the code <strong className="sd-code">{made.inviteCode}</strong>.
            </>
          ) : (
            "."
          )}
        </p>
        <div>
          <button type="button" className="sd-link-btn" onClick={() => setMade(null)} data-testid="org-open">
            Start or join another organisation
          </button>
        </div>
      </div>
    );
  if (!open)
    return (
      <div>
        <button type="button" className="sd-link-btn" onClick={() => setOpen(true)} data-testid="org-open">
          Start or join another organisation
        </button>
      </div>
    );
  return (
    <div className="sd-org stack stack--tight" data-testid="org-joiner">
      {intro && <p className="small">{intro}</p>}
      <form className="sd-inline-form" onSubmit={(e) => run(e, () => createOrg(name.trim()))}>
        <label className="sd-field">
          <span className="sd-field__label">New organisation</span>
          <input
            className="text-input sd-input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={80}
            placeholder="e.g. Class 4B"
            data-testid="org-name"
          />
        </label>
        <Button type="submit" disabled={busy || !name.trim()} testId="org-create">
          Start it
        </Button>
      </form>
      <form className="sd-inline-form" onSubmit={(e) => run(e, () => joinOrg(code.trim()))}>
        <label className="sd-field">
          <span className="sd-field__label">Invite code</span>
          <input
            className="text-input sd-input"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            maxLength={20}
            autoCapitalize="characters"
            data-testid="org-code"
          />
        </label>
        <Button type="submit" disabled={busy || code.trim().length < 4} testId="org-join">
          Join
        </Button>
      </form>
      <Problem>{error}</Problem>
    </div>
  );
}
