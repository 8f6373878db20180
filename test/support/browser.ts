import { execSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's Chromium, never a downloaded browser. */
export const CHROMIUM = "/usr/bin/chromium";
export const SCREEN_DIR = "artifacts/screens";

export function buildWeb() {
  execSync("npx vite build --logLevel warn", { stdio: "inherit" });
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
