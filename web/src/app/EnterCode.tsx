import { type FormEvent, useState } from "react";
import { api, errorText } from "../kit/api";
import { Button } from "../kit/Button";
import { ROOM_CODE } from "../kit/JoinByCode";
import { navigate } from "../kit/navigation";

/** A code (or a pasted invite link) to the room's page, whatever game it is. */
export function EnterCode() {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function go(e: FormEvent) {
    e.preventDefault();
    const c = (code.trim().split("/").filter(Boolean).pop() ?? "").replace(/[?#].*$/, "").toUpperCase();
    if (!ROOM_CODE.test(c)) {
      setError("Room codes are 3 to 32 letters or digits, like ABC234.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const room = await api<{ roomId: string; slug?: string }>(`/api/v1/rooms/${encodeURIComponent(c)}`);
      navigate(`/${room.slug ?? ""}/${encodeURIComponent(room.roomId)}`);
    } catch (err) {
      setError(
        (err as { code?: string }).code === "room_not_found"
          ? `No room called ${c}. Check the code with whoever sent it.`
          : errorText(err),
      );
      setBusy(false);
    }
  }

  return (
    <form className="card stack enter-code" onSubmit={go}>
      <h2>
        <label htmlFor="enter-code">Got a code?</label>
      </h2>
      <div className="row">
        <input
          id="enter-code"
          className="text-input code-input"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          placeholder="ABC234"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby={error ? "enter-code-error" : undefined}
          data-testid="enter-code"
        />
        <Button type="submit" variant="primary" size="lg" disabled={busy} testId="enter-code-go">
          {busy ? "Finding…" : "Join"}
        </Button>
      </div>
      {error && (
        <p id="enter-code-error" className="note note--bad" role="alert" data-testid="enter-code-error">
          {error}
        </p>
      )}
    </form>
  );
}
