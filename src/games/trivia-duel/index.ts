import type { GameModule } from "../../engine/module";
import { TriviaOptions } from "./config";
import { loadQuestionBank } from "./content/index";
import { triviaWire } from "./protocol";
import { createTriviaRules } from "./rules";

export const triviaRules = createTriviaRules(loadQuestionBank());

export const triviaModule: GameModule = {
  title: "Trivia Duel",
  rules: triviaRules,
  namespace: "/trivia",
  createOnJoin: true,
  wire: triviaWire,
  createRoom: { slug: "trivia", body: TriviaOptions, toOptions: (body) => body },
};
