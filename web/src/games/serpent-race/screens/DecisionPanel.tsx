import { useState } from "react";
import { Button } from "../../../kit/Button";
import { Countdown } from "../../../kit/Countdown";
import { describeConsequence } from "../answers";
import type { PendingView } from "../wire";

/** The gamemaster's joker ruling: the card, what it would do, approve or reject, and the time left. */
export function DecisionPanel({
  pending,
  offset,
  onDecide,
}: {
  pending: PendingView;
  offset: number;
  onDecide(requestId: string, decision: "approve" | "reject"): Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const req = pending.decisionRequest;
  if (!req) return null;
  const decide = async (d: "approve" | "reject") => {
    setBusy(true);
    if (!(await onDecide(req.requestId, d))) setBusy(false);
  };
  const field = pending.fieldType;
  return (
    <section className="sr-panel sr-decision" aria-label="Your decision" data-testid="decision-panel">
      <div className="row row--between row--wrap">
        <h2 className="sr-decision__title">Joker for {pending.playerName}</h2>
        <Countdown deadline={pending.deadline ? Date.parse(pending.deadline) : null} offset={offset} urgentAt={10} />
      </div>
      <p className="sr-decision__card">{req.jokerCard.question}</p>
      <p className="muted">Card says: {describeConsequence(req.jokerCard.consequence)}.</p>
      {field && (
        <ul className="sr-decision__outcomes">
          <li>
            <strong>Approve:</strong>{" "}
            {field === "positive"
              ? `${pending.playerName} moves 6 + step value + zone, if they work it out.`
              : `${pending.playerName} stays put.`}
          </li>
          <li>
            <strong>Reject:</strong>{" "}
            {field === "positive"
              ? `${pending.playerName} stays put.`
              : `${pending.playerName} moves 6 + step value + zone, if they work it out.`}
          </li>
        </ul>
      )}
      <div className="row row--wrap">
        {(["approve", "reject"] as const).map((d) => (
          <Button
            key={d}
            variant={d === "approve" ? "primary" : "danger"}
            size="lg"
            disabled={busy}
            onClick={() => void decide(d)}
            testId={`decision-${d}`}
          >
            {d === "approve" ? "Approve" : "Reject"}
          </Button>
        ))}
      </div>
    </section>
  );
}
