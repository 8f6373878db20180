import type { ReactNode } from "react";
import type { ConnectionStatus } from "./connection";

const CLOSED = "The server ended this connection. Reload the page to come back in.";

/**
 * Says so at once when the line drops; nothing while all is well. When the server closed the
 * connection on purpose there is no reconnecting to promise: `closed` says what to show then
 * (null for nothing, as when a finished game's room closes and its results stay on screen).
 */
export function ConnectionBanner({ status, closed = CLOSED }: { status: ConnectionStatus; closed?: ReactNode }) {
  if (status === "closed")
    return closed === null ? null : (
      <p className="banner banner--warn" role="status" data-testid="connection-closed">
        {closed}
      </p>
    );
  if (status !== "reconnecting") return null;
  return (
    <p className="banner banner--warn" role="status" data-testid="connection-banner">
      Connection lost. Reconnecting…
    </p>
  );
}
