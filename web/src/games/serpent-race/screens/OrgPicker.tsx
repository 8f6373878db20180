import { useState } from "react";
import { errorText } from "../../../kit/api";
import { Button } from "../../../kit/Button";
import { Problem } from "../../../kit/fields";
import { Options } from "../../../kit/Options";
import { createOrg, joinOrg, type OrgSummary } from "../api";

/**
 * Choose the organisation an ORGANIZATION game is for, or make one (or join one with an
 * invite code). Owners and admins see the invite code their students join with.
 */
export function OrgPicker({
  orgs,
  chosen,
  onChoose,
  onChanged,
}: {
  orgs: OrgSummary[] | null;
  chosen: string | null;
  onChoose(id: string): void;
  onChanged(org: OrgSummary): void;
}) {
  const [name, setName] = useState("");
  const [invite, setInvite] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(f: () => Promise<OrgSummary>) {
    setBusy(true);
    setProblem(null);
    try {
      onChanged(await f());
      setName("");
      setInvite("");
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  if (orgs === null) return <p className="muted">Loading your organisations…</p>;
  const current = orgs.find((o) => o.id === chosen);
  return (
    <div className="stack sr-orgs" data-testid="org-picker">
      {orgs.length > 0 && (
        <label className="sr-field" htmlFor="serpent-org">
          <span className="label">Organisation</span>
          <select
            id="serpent-org"
            className="text-input"
            value={chosen ?? ""}
            onChange={(e) => onChoose(e.target.value)}
            data-testid="org-select"
          >
            <option value="" disabled>
              Choose…
            </option>
            <Options values={orgs.map((o) => o.id)} label={(id) => orgs.find((o) => o.id === id)?.name ?? id} />
          </select>
        </label>
      )}
      {current?.inviteCode && (
        <p className="note" data-testid="org-invite">
          Students join <strong>{current.name}</strong> with the invite code{" "}
          <strong className="sr-mono" data-testid="org-invite-code">
            {current.inviteCode}
          </strong>{" "}
          (they are asked for it when they join the game).
        </p>
      )}
      <details className="sr-more" open={orgs.length === 0}>
        <summary>{orgs.length === 0 ? "You have no organisation yet" : "Another organisation"}</summary>
        <div className="stack">
          <div className="row row--wrap">
            <input
              className="text-input sr-grow"
              placeholder="Class 4B"
              aria-label="New organisation's name"
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
              data-testid="org-name"
            />
            <Button
              disabled={busy || !name.trim()}
              onClick={() => void run(() => createOrg(name.trim()))}
              testId="org-create"
            >
              Create
            </Button>
          </div>
          <div className="row row--wrap">
            <input
              className="text-input sr-grow sr-mono"
              placeholder="Invite code"
              aria-label="Invite code of an organisation"
              value={invite}
              maxLength={20}
              onChange={(e) => setInvite(e.target.value)}
              data-testid="org-join-code"
            />
            <Button
              disabled={busy || invite.trim().length < 4}
              onClick={() => void run(() => joinOrg(invite.trim()))}
              testId="org-join"
            >
              Join
            </Button>
          </div>
        </div>
      </details>
      <Problem>{problem}</Problem>
    </div>
  );
}
