import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { startMemoryDatabasesFrom } from "../../src/platform/db/connect";

// Each test file's memory:// databases start from the run's dump of a new data directory
// (test/support/pglite-template.ts) rather than running initdb each.
startMemoryDatabasesFrom(new Blob([readFileSync(inject("pgliteTemplate"))]));
