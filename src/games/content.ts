import type { ContentSet } from "../engine/content";
import { cardPackContentSet } from "./card-table/content/index";
import { cricketContentSet } from "./cricket-bingo/content/index";
import { outrankContentSet } from "./outrank/content/index";
import { serpentDeckContentSet } from "./serpent-race/content/index";
import { triviaQuestionSet } from "./trivia-duel/content/index";

/**
 * Every game's content sets, for `npm run content:check`. A game adds its sets here
 * once they meet their minimums.
 */
export const contentSets: ContentSet[] = [
  triviaQuestionSet,
  cricketContentSet,
  cardPackContentSet,
  outrankContentSet,
  serpentDeckContentSet,
];
