import type { Audience } from "../../engine/rules";
import { norm } from "./answers";
import type { QuestionCard } from "./options";
import { GM_SEAT, type SerpentState } from "./state";

/**
 * The secrecy scanner (tests only): what a message or a view must never carry.
 *
 * Always: a quiz option's `correct` flag, a CLOSER card's `correct`/`percent`, the
 * generator, the draw piles or the cards themselves; `correctAnswer` anywhere but in
 * `game:answer-validated`; a guess request or decision request to anyone but its addressee.
 * While a question card waits for its answer: the accepted answers of an OWN_ANSWER card,
 * the sentence of a legacy SENTENCE_PAIRING card (whole, or its words in order), and the
 * pairs of a new one in their right order.
 */

const NEVER = new Set(["correct", "percent", "rng", "piles", "lastDrawn", "cards", "acceptedAnswers"]);
const PRIVATE: Record<string, "player" | "gamemaster"> = {
  "game:card-drawn-self": "player",
  "game:position-guess-request": "player",
  "game:joker-position-guess-request": "player",
  "game:your-turn": "player",
  "game:gamemaster-decision-request": "gamemaster",
};

/** The question card waiting for an answer, if any. */
export function pendingCard(s: SerpentState): QuestionCard | null {
  return s.stage?.kind === "answer" ? ((s.cards[s.stage.card]?.card as QuestionCard) ?? null) : null;
}

function walk(x: unknown, visit: (key: string | null, value: unknown) => void, key: string | null = null): void {
  visit(key, x);
  if (Array.isArray(x)) for (const y of x) walk(y, visit, null);
  else if (typeof x === "object" && x !== null) for (const [k, v] of Object.entries(x)) walk(v, visit, k);
}

/** Problems with one message (or view) given the card that is still unanswered after it. */
export function scanMessage(msg: unknown, secret: QuestionCard | null, where = "message"): string[] {
  const out: string[] = [];
  const event = (msg as { event?: string })?.event;
  walk(msg, (key, value) => {
    if (key !== null && NEVER.has(key)) out.push(`${where}: carries "${key}"`);
    if (key === "correctAnswer" && event !== "game:answer-validated") out.push(`${where}: carries correctAnswer`);
    if (!secret) return;
    switch (secret.type) {
      case 1:
        if (typeof secret.answer === "string") {
          const sentence = norm(secret.answer);
          if (typeof value === "string" && norm(value) === sentence) out.push(`${where}: the sentence`);
          if (Array.isArray(value) && value.every((w) => typeof w === "string") && norm(value.join(" ")) === sentence)
            out.push(`${where}: the words in order`);
        } else if (Array.isArray(value) && value.length === secret.answer.length && value.length > 1) {
          const stored = secret.answer;
          // Left parts are shown in their stored order, so right parts in that order are the answer.
          const inOrder = value.every((p, i) => {
            const right = (p as { right?: unknown })?.right;
            return typeof right === "string" && norm(right) === norm(stored[i]?.right ?? "");
          });
          if (inOrder) out.push(`${where}: the pairs in their right order`);
        }
        return;
      case 2:
        if (typeof value === "string" && secret.answer.some((a) => norm(a) === norm(value)))
          out.push(`${where}: an accepted answer "${value}"`);
        return;
      default:
        return;
    }
  });
  return out;
}

/**
 * Private events reach only their addressee: the gamemaster, or the player the step's last
 * broadcast named (`game:started` and `game:turn-changed` name the one whose turn it is,
 * `game:card-drawn` the one who drew, `game:answer-validated` the one who answered…), or,
 * before any broadcast names someone, `current`: the player whose turn it is (what is sent
 * again to a player who reconnects on their turn comes without a broadcast).
 */
export function scanAudiences(out: readonly { to: Audience; msg: unknown }[], current: string | null = null): string[] {
  const problems: string[] = [];
  let named: string | null = current;
  for (const { to, msg } of out) {
    const { event = "", data = {} } = msg as { event?: string; data?: Record<string, unknown> };
    const kind = PRIVATE[event];
    if (!kind) {
      if (to === "all") {
        const id = data.currentPlayer ?? data.playerId;
        if (typeof id === "string") named = id;
      }
      continue;
    }
    const addressee = kind === "gamemaster" ? GM_SEAT : named;
    if (!(typeof to === "object" && "seat" in to && to.seat === addressee))
      problems.push(`${event} sent to ${JSON.stringify(to)}, not ${addressee}`);
  }
  return problems;
}

/** A view's requests held only by their addressees. */
export function scanView(s: SerpentState, seat: string | null, view: unknown): string[] {
  const pending = (view as { data?: { pending?: Record<string, unknown> | null } }).data?.pending;
  if (!pending) return [];
  const out: string[] = [];
  if (pending.guessRequest !== null && seat !== s.sequence[s.current]) out.push(`view of ${seat}: a guess request`);
  if (pending.decisionRequest !== null && seat !== GM_SEAT) out.push(`view of ${seat}: a decision request`);
  return out;
}
