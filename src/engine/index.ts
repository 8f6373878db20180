export * from "./draft";
export * from "./errors";
export * from "./module";
export * from "./replay";
export * from "./rng";
export * from "./rules";
