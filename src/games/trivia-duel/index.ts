import { ApiRefusal, type GameModule, type RouteInput, type ServiceContext } from "../../engine/module";
import { REFUSALS } from "./codes";
import { CreateTriviaRoom, type TriviaOptions } from "./config";
import { loadQuestionBank } from "./content/index";
import { QUESTION_LIMITS } from "./limits";
import { triviaWire } from "./protocol";
import { prepareQuestionSet, questionSets, storeQuestionSet } from "./question-sets";
import { triviaRoutes } from "./routes";
import { createTriviaRules } from "./rules";

const bank = loadQuestionBank();
export const triviaRules = createTriviaRules(bank, (hash) => questionSets.get(hash));

/**
 * A new room: its chosen categories must hold enough questions for a match, and its own
 * questions (if it brings them) are stored and named by hash.
 */
async function toOptions(body: unknown, ctx: ServiceContext, req: RouteInput): Promise<TriviaOptions> {
  const o = body as CreateTriviaRoom;
  const chosen = new Set(o.config.categories ?? []);
  if (chosen.size > 0) {
    const pool = o.questions ?? bank;
    const unknown = [...chosen].filter((c) => !pool.some((q) => q.category === c));
    if (unknown.length > 0)
      throw new ApiRefusal(400, "unknown_category", `No questions in ${unknown.map((c) => `"${c}"`).join(", ")}.`);
    const available = pool.filter((q) => chosen.has(q.category)).length;
    if (available < o.config.questionsPerMatch)
      throw new ApiRefusal(
        400,
        "too_few_questions",
        `Those categories hold ${available} questions; a match needs ${o.config.questionsPerMatch}.`,
      );
  }
  if (!o.questions) return { config: o.config };
  // The set is stored as this JSON, and every byte of it counts against the sender's quota.
  const bytes = Buffer.byteLength(JSON.stringify(o.questions));
  if (bytes > QUESTION_LIMITS.setBytes)
    throw new ApiRefusal(
      413,
      "questions_too_large",
      `These questions take ${Math.ceil(bytes / 1024)} KB as stored; a room's own questions may take ${QUESTION_LIMITS.setBytes / 1024} KB.`,
    );
  return { config: o.config, questionSet: { hash: await storeQuestionSet(o.questions, ctx, req) } };
}

export const triviaModule: GameModule = {
  refusals: REFUSALS,
  title: "Trivia Duel",
  rules: triviaRules,
  namespace: "/trivia",
  wire: triviaWire,
  createRoom: { slug: "trivia", body: CreateTriviaRoom, toOptions },
  prepare: prepareQuestionSet,
  routes: triviaRoutes(bank),
};
