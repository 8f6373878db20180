import { type FormEvent, useState } from "react";
import { Button } from "../../../kit/Button";
import { tokenColour } from "../board";
import type { ChatLine, StateData } from "../wire";

const MAX = 500;

/** The race's chat: the last lines, and a box to add one (players and the gamemaster). */
export function Chat({
  v,
  canSend,
  onSend,
}: {
  v: StateData;
  canSend: boolean;
  onSend(message: string): Promise<boolean>;
}) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const t = text.trim();
    if (!t) return;
    setBusy(true);
    if (await onSend(t)) setText("");
    setBusy(false);
  }
  const lines = v.chat.slice(-12);
  return (
    <section className="sr-panel sr-chat" aria-label="Chat">
      <h2 className="sr-panel__title">Chat</h2>
      {lines.length === 0 ? (
        <p className="muted small">No messages yet.</p>
      ) : (
        <ol className="sr-chat__list" data-testid="chat">
          {lines.map((l: ChatLine) => (
            <li key={`${l.timestamp}|${l.playerId}|${l.message}`} className="sr-chat__line">
              <span
                className="sr-chat__who"
                style={l.playerId === "GM" ? undefined : { color: tokenColour(v.players, l.playerId) }}
              >
                {l.playerId === "GM" ? `${l.playerName} (gamemaster)` : l.playerName}
              </span>{" "}
              {l.message}
            </li>
          ))}
        </ol>
      )}
      {canSend && (
        <form className="row sr-chat__form" onSubmit={submit}>
          <input
            className="text-input"
            value={text}
            maxLength={MAX}
            onChange={(e) => setText(e.target.value)}
            placeholder="Say something"
            aria-label="Chat message"
            data-testid="chat-input"
          />
          <Button type="submit" disabled={busy || !text.trim()} testId="chat-send">
            Send
          </Button>
        </form>
      )}
    </section>
  );
}
