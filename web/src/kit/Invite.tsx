import { useMemo, useState } from "react";
import { CopyField } from "./CopyField";
import { QUIET_ZONE, qrMatrix, qrPath } from "./qr";
import { canShare, shareOrCopy } from "./share";

interface Props {
  /** The link that joins (or watches) the room. */
  url: string;
  /** What the link is, for the copy field's label and the share sheet ("Link to this room"). */
  label: string;
  /** The share sheet's title, e.g. "Trivia Duel room K7QX2M". */
  title: string;
  /** The copy field's test id (each game's tests already know theirs). */
  testId?: string;
  /** "lg" for a screen across the room (a projector), where phones scan from their seats. */
  size?: "md" | "lg";
}

/**
 * Everything a host needs to bring people in: a QR code to scan (drawn on the page, no
 * network), the link with a Copy button, and the phone's own share sheet where the browser
 * offers one (elsewhere Copy is the way, and a share sheet that fails copies instead).
 */
export function Invite({ url, label, title, testId, size = "md" }: Props) {
  const matrix = useMemo(() => qrMatrix(url), [url]);
  const side = matrix.length + 2 * QUIET_ZONE;
  const [note, setNote] = useState<string | null>(null);

  async function share() {
    const how = await shareOrCopy({ title, text: `Join me: ${title}`, url });
    if (how === "copied") setNote("Sharing did not work here, so the link was copied instead.");
    else if (how === "failed") setNote("Sharing did not work here: copy the link above.");
    else setNote(null);
  }

  return (
    <div className={`invite invite--${size}`} data-testid="invite" data-url={url}>
      <figure className="invite__qr">
        <svg
          viewBox={`0 0 ${side} ${side}`}
          shapeRendering="crispEdges"
          role="img"
          aria-label={`QR code for ${url}`}
          data-testid="invite-qr"
        >
          <rect width={side} height={side} fill="#fff" />
          <path d={qrPath(matrix)} fill="#000" />
        </svg>
        <figcaption className="invite__caption">Scan to join</figcaption>
      </figure>
      <div className="invite__link stack stack--tight">
        <CopyField value={url} label={label} testId={testId} />
        {canShare() && (
          <button
            type="button"
            className="btn btn--primary btn--md invite__share"
            onClick={() => void share()}
            data-testid="invite-share"
          >
            <ShareIcon />
            Share…
          </button>
        )}
        {note && (
          <p className="muted small" role="status" data-testid="invite-note">
            {note}
          </p>
        )}
      </div>
    </div>
  );
}

/** Drawn, not an emoji: the same on every machine. */
function ShareIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M8 10V2M5 5l3-3 3 3M3 8v5.5h10V8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A room's code, big enough to read out across a table, and what to do with it. */
export function RoomCode({
  code,
  className = "room-code",
  say = "Share the code, or send this link:",
}: {
  code: string;
  className?: string;
  say?: string;
}) {
  return (
    <div className="room-code-box">
      <span className="muted">Room code</span>
      <span className={className} data-testid="room-code">
        {code}
      </span>
      <span className="muted">{say}</span>
    </div>
  );
}
