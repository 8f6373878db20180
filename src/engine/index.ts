export * from "./draft";
export * from "./errors";
export * from "./module";
export * from "./replay";
export * from "./rng";
export * from "./room-code";
export * from "./rules";
export * from "./zod-message";
