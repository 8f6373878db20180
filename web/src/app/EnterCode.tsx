import { api, errorText } from "../kit/api";
import { CODE_RULE, CodeForm } from "../kit/CodeForm";
import { ROOM_CODE } from "../kit/JoinByCode";
import { navigate } from "../kit/navigation";

/** A code (or a pasted invite link) to the room's page, whatever game it is. */
export function EnterCode() {
  return (
    <CodeForm
      title="Got a code?"
      inputId="enter-code"
      inputClassName="code-input"
      testIds={{ input: "enter-code", button: "enter-code-go", error: "enter-code-error" }}
      className="card stack enter-code"
      variant="primary"
      go={async (text) => {
        const c = (text.trim().split("/").filter(Boolean).pop() ?? "").replace(/[?#].*$/, "").toUpperCase();
        if (!ROOM_CODE.test(c)) return CODE_RULE;
        try {
          const room = await api<{ roomId: string; slug?: string }>(`/api/v1/rooms/${encodeURIComponent(c)}`);
          navigate(`/${room.slug ?? ""}/${encodeURIComponent(room.roomId)}`);
          return null;
        } catch (err) {
          return (err as { code?: string }).code === "room_not_found"
            ? `No room called ${c}. Check the code with whoever sent it.`
            : errorText(err);
        }
      }}
    />
  );
}
