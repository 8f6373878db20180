import { execSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";

import { CHROMIUM } from "./needs";

/** Debian's Chromium, never a downloaded browser (see needs.ts for suites that skip without it). */
export { CHROMIUM };
export const SCREEN_DIR = "artifacts/screens";

/**
 * Build the web client into a folder of this suite's own and return it (the server's
 * WEB_DIR). Browser suites run in parallel, and a build empties its output folder first:
 * sharing dist/web, one suite's build could pull the page from under the other's browser.
 */
export function buildWeb(): string {
  const outDir = mkdtempSync(join(tmpdir(), "parlor-web-"));
  execSync(`npx vite build --logLevel warn --outDir ${outDir} --emptyOutDir`, { stdio: "inherit" });
  execSync(`npx tsx src/cli/compress-web.ts ${outDir}`, { stdio: "ignore" });
  return outDir;
}

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (CI does)`);
  mkdirSync(SCREEN_DIR, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREEN_DIR}/${name}.png`, fullPage: true });
}

/** Nothing wider than the viewport: the page works at phone width. */
export async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}
