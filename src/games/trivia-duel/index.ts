import { ApiRefusal, type GameModule } from "../../engine/module";
import { TriviaOptions } from "./config";
import { loadQuestionBank } from "./content/index";
import { triviaWire } from "./protocol";
import { triviaRoutes } from "./routes";
import { createTriviaRules } from "./rules";

const bank = loadQuestionBank();
export const triviaRules = createTriviaRules(bank);

/** A room's chosen categories must hold enough questions for a match. */
function toOptions(body: unknown): TriviaOptions {
  const o = body as TriviaOptions;
  const chosen = new Set(o.config.categories ?? []);
  if (chosen.size === 0) return o;
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
  return o;
}

export const triviaModule: GameModule = {
  title: "Trivia Duel",
  rules: triviaRules,
  namespace: "/trivia",
  createOnJoin: true,
  wire: triviaWire,
  createRoom: { slug: "trivia", body: TriviaOptions, toOptions },
  routes: triviaRoutes(bank),
};
