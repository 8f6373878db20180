import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";

/**
 * Vitest's global setup: one new, empty PGlite data directory made (initdb) for the whole run
 * and dumped to a file; every memory:// database the suites open starts from it
 * (test/support/memory-databases.ts) instead of running initdb again, about 1.5 s of CPU each.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of a new PGlite data directory (see startMemoryDatabasesFrom). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "parlor-pglite-template-"));
  const lite = await PGlite.create("memory://");
  const dump = await lite.dumpDataDir("none");
  await lite.close();
  const file = join(dir, "empty.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
