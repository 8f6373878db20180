import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";

/**
 * Vitest's global setup: the web client is built once per run, before any suite starts, and
 * every suite that serves it (the browser suites, web-serving, every `startServer`) serves
 * that one folder (`inject("webDir")`). A Vite build costs tens of seconds of CPU on a busy
 * machine; eight suites each building their own was the largest single waste of a run.
 *
 * The folder is named for a hash of everything the build reads, so an unchanged client is
 * not built again by the next run, and a run never serves a build of other sources. It is
 * built under a temporary name and renamed into place whole: a suite never sees half a build.
 */
const ROOT = resolve("dist/web-tests");
const INPUTS = ["web", "src", "vite.config.ts", "tsconfig.json", "package-lock.json"];

declare module "vitest" {
  export interface ProvidedContext {
    /** The web client built for this run (a server's WEB_DIR). */
    webDir: string;
  }
}

function* files(path: string): Generator<string> {
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const name of readdirSync(path).sort()) {
    // Tests are not part of the client.
    if (/\.test\.tsx?$/.test(name)) continue;
    yield* files(join(path, name));
  }
}

/** A hash of every file the build reads (the client's own, and what it imports from src/). */
function sourcesHash(): string {
  const h = createHash("sha256");
  for (const input of INPUTS)
    for (const file of files(input)) {
      h.update(file);
      h.update("\0");
      h.update(readFileSync(file));
    }
  return h.digest("hex").slice(0, 16);
}

/** Build the client (Vite, then the same compression `npm run build:web` does) unless this exact build exists. */
export function buildWebOnce(): string {
  const dir = join(ROOT, sourcesHash());
  if (existsSync(join(dir, "index.html"))) return dir;
  mkdirSync(ROOT, { recursive: true });
  const tmp = join(ROOT, `.building-${process.pid}-${randomBytes(4).toString("hex")}`);
  rmSync(tmp, { recursive: true, force: true });
  const started = Date.now();
  execFileSync("npx", ["vite", "build", "--logLevel", "warn", "--outDir", tmp, "--emptyOutDir"], { stdio: "inherit" });
  execFileSync("npx", ["tsx", "src/cli/compress-web.ts", tmp], { stdio: "ignore" });
  // Builds of other sources are of no further use once no run serves them: one made in the
  // last hour may be a run beside this one (a whole suite, with a single file run meanwhile).
  for (const old of readdirSync(ROOT))
    if (!old.startsWith(".") && Date.now() - statSync(join(ROOT, old)).mtimeMs > 3_600_000)
      rmSync(join(ROOT, old), { recursive: true, force: true });
  try {
    renameSync(tmp, dir);
  } catch (err) {
    // Another run beside this one built the same sources first: theirs is as good.
    if (!existsSync(join(dir, "index.html"))) throw err;
    rmSync(tmp, { recursive: true, force: true });
  }
  console.log(`web client built for the tests in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`);
  return dir;
}

export default function setup(project: TestProject) {
  project.provide("webDir", buildWebOnce());
}
