import { ApiRefusal, type GameModule, type RouteInput, type ServiceContext } from "../../engine/module";
import { CreateTriviaRoom, type TriviaOptions } from "./config";
import { loadQuestionBank } from "./content/index";
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
  return { config: o.config, questionSet: { hash: await storeQuestionSet(o.questions, ctx, req) } };
}

export const triviaModule: GameModule = {
  title: "Trivia Duel",
  rules: triviaRules,
  namespace: "/trivia",
  createOnJoin: true,
  wire: triviaWire,
  createRoom: { slug: "trivia", body: CreateTriviaRoom, toOptions },
  prepare: prepareQuestionSet,
  routes: triviaRoutes(bank),
};
