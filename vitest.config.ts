import { defineConfig } from "vitest/config";

/**
 * Two projects: everything, two files at a time; then, once all of that has finished, the
 * measurements that compare latencies (a timing test run beside other suites would be
 * measuring them).
 */
const TIMING = ["test/flood.test.ts"];

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Two cores, but most suites spend their time waiting on servers, browsers and child
    // processes they started: three files at a time keep both cores busy without starving
    // the socket and browser suites.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: "suites",
          include: ["src/**/*.test.ts", "test/**/*.test.ts", "web/**/*.test.ts"],
          exclude: ["**/node_modules/**", ...TIMING],
        },
      },
      {
        extends: true,
        test: { name: "timing", include: TIMING, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
