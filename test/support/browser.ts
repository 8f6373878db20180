import { existsSync, mkdirSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { late } from "./late";

import { CHROMIUM, hasChromium } from "./needs";
import { startServer, type TestServer } from "./server";

/** Debian's Chromium, never a downloaded browser (see needs.ts for suites that skip without it). */
export { CHROMIUM };
export const SCREEN_DIR = "artifacts/screens";

/**
 * How long a page waits for something to show (Playwright's own default is 30 s): a bound
 * for a broken run, generous because a page's step can wait behind a server and a browser
 * sharing two cores with other suites.
 */
export const PAGE_WAIT_MS = 60_000;

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (CI does)`);
  mkdirSync(SCREEN_DIR, { recursive: true });
  const browser = await chromium.launch({
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
  // Every context the suites open waits that long by default.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.setDefaultTimeout(PAGE_WAIT_MS);
    return context;
  };
  return browser;
}

/**
 * The file's server (started with `env`) and Chromium, from before its first test to after its
 * last; neither starts where Chromium is missing (describeWithChromium skips the suites then).
 * Hooks the file adds afterwards see both started.
 */
export function browserPerFile(env: Record<string, string> = {}): { server: TestServer; browser: Browser } {
  const server = late<TestServer>("the file's server");
  const browser = late<Browser>("the file's browser");
  beforeAll(async () => {
    if (!hasChromium) return;
    server.set(await startServer(env));
    browser.set(await launch());
  });
  afterAll(async () => {
    await browser.current?.close();
    await server.current?.close();
  });
  return { server: server.proxy, browser: browser.proxy };
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREEN_DIR}/${name}.png`, fullPage: true });
}

/** Nothing wider than the viewport: the page works at phone width. */
export async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}
