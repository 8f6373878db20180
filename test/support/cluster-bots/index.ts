export type { Bot, BotContext, Move } from "./bot";
export { type Fleet, type FleetOptions, type FleetSummary, type RoomReport, runFleet, startFleet } from "./fleet";
export { ackedInputsMissingFromLog, canonicalJson, type MissingInput } from "./log-check";
export { type AckedInput, FLEET_GAMES, type FleetGame, type InputCounts } from "./records";
