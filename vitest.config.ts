import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts", "web/**/*.test.ts"],
    // Bounds for a broken run, not measures: a suite waits on state, and on a 2-core machine
    // with other work beside it starting one server can take half a minute.
    testTimeout: 240_000,
    hookTimeout: 180_000,
    // Two cores, but most suites spend their time waiting on servers, browsers and child
    // processes they started: three files at a time keep both cores busy without starving
    // the socket and browser suites.
    maxWorkers: 3,
    // The web client, built once for the whole run (skipped when this exact build exists).
    // And one empty PGlite database, which every memory:// database starts from (initdb once).
    globalSetup: ["test/support/web-build.ts", "test/support/pglite-template.ts"],
    setupFiles: ["test/support/memory-databases.ts"],
  },
});
