/** Room codes as every game's server accepts them. */
import { ROOM_CODE_PATTERN } from "../../../src/engine/room-code";
import { CODE_RULE, CodeForm } from "./CodeForm";
import { navigate } from "./navigation";

/** Room codes as every game's server accepts them (one pattern, shared with the server). */
export const ROOM_CODE = ROOM_CODE_PATTERN;

interface Props {
  /** The game's path prefix, e.g. "/cards": a room is `${prefix}/${code}`. */
  prefix: string;
  inputClassName: string;
  /** The box's id and test ids: `cards-code`, `cards-code-join` and `code-error` for "/cards", unless told. */
  ids?: { input: string; button: string; error: string };
}

/** "Join with a code": takes a bare code or a pasted invite link and opens that room. */
export function JoinByCode({ prefix, inputClassName, ids }: Props) {
  const name = prefix.slice(1);
  const testIds = ids ?? { input: `${name}-code`, button: `${name}-code-join`, error: "code-error" };
  return (
    <CodeForm
      inputId={testIds.input}
      inputClassName={inputClassName}
      testIds={testIds}
      title="Join with a code"
      className="card stack"
      variant="secondary"
      go={(text) => {
        // A pasted invite link works as well as the bare code.
        const c = (text.trim().split(`${prefix}/`).pop() ?? "").replace(/[/?#].*$/, "").toUpperCase();
        if (!ROOM_CODE.test(c)) return CODE_RULE;
        navigate(`${prefix}/${encodeURIComponent(c)}`);
        return null;
      }}
    />
  );
}
