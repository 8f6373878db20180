import type { ConnectionStatus } from "./connection";

/** Says so at once when the line drops; nothing while all is well. */
export function ConnectionBanner({ status }: { status: ConnectionStatus }) {
  if (status !== "reconnecting") return null;
  return (
    <p className="banner banner--warn" role="status" data-testid="connection-banner">
      Connection lost. Reconnecting…
    </p>
  );
}
