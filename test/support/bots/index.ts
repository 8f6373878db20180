export { type CardTableBotOptions, cardTableMove, stillListed } from "./card-table";
export { type OutrankBotOptions, OutrankPlayer } from "./outrank";
export { type SerpentMove, SerpentRacePlayer, serpentAnswer, serpentGuess } from "./serpent-race";
export { type TriviaDuelBotOptions, TriviaDuelPlayer } from "./trivia-duel";
