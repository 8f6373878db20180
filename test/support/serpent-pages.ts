import type { Browser, BrowserContext, Page } from "playwright-core";
import { SCREEN_DIR } from "./browser";

/**
 * What SerpentRace's browser suites share: pages that record what they throw, the kit's
 * account form, and how a page says where it stands (room phase, seat, task and turn).
 */

export const id = (page: Page, testId: string) => page.getByTestId(testId);
/** Poll on a timer: a page in the background gets few animation frames. */
export const POLL_MS = 40;
/** What the screen shows (not the whole page). */
export const view = (page: Page, name: string) => page.screenshot({ path: `${SCREEN_DIR}/${name}.png` });

export const desktop = { viewport: { width: 1280, height: 860 } };
export const projector = { viewport: { width: 1920, height: 1080 } };
export const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

export const PASSWORD = "correct horse 42";
let emails = 0;
export const email = (who: string) => `${who}-${++emails}-${Date.now()}@school.example`;

/** Opens pages in fresh contexts and keeps every error a page throws: a test fails on any. */
export class Pages {
  readonly thrown: string[] = [];
  constructor(private readonly browser: () => Browser) {}

  async open(opts: Parameters<Browser["newContext"]>[0]): Promise<{ ctx: BrowserContext; page: Page }> {
    const ctx = await this.browser().newContext(opts);
    const page = await ctx.newPage();
    page.on("pageerror", (e) => this.thrown.push(`${e.message}`));
    return { ctx, page };
  }
}

/** Register in the kit's account form (wherever it is shown). */
export async function registerIn(page: Page, name: string) {
  await id(page, "account-mode-register").click();
  await id(page, "account-name").fill(name);
  await id(page, "account-email").fill(email(name.toLowerCase().replace(/\W/g, "")));
  await id(page, "account-password").fill(PASSWORD);
  await id(page, "account-submit").click();
  await id(page, "account-form").waitFor({ state: "detached" });
}

export interface Look {
  turn: string | null;
  phase: string | null;
  seat: string | null;
  task: string | null;
  ended: boolean;
}

/** The room's phase and this page's task, as the DOM says. */
export function look(page: Page): Promise<Look> {
  return page.evaluate(() => {
    const room = document.querySelector('[data-testid="serpent-room"]');
    const screen = document.querySelector('[data-testid="player-screen"]');
    return {
      turn: screen?.getAttribute("data-turn") ?? null,
      phase: room?.getAttribute("data-phase") ?? null,
      seat: room?.getAttribute("data-seat") ?? null,
      task: screen?.getAttribute("data-task") ?? null,
      ended: document.querySelector('[data-testid="phase-ended"]') !== null,
    };
  });
}

/** Wait until one of `pages` is asked to roll; that page. */
export async function firstToRoll(pages: Page[]): Promise<Page> {
  const which = await Promise.any(
    pages.map((p, i) =>
      p
        .waitForFunction(
          () => document.querySelector('[data-testid="player-screen"]')?.getAttribute("data-task") === "roll",
          undefined,
          { polling: POLL_MS },
        )
        .then(() => i),
    ),
  );
  return pages[which] as Page;
}

/** Wait until the page's socket is in this state ("online", "closed", …). */
export function connection(page: Page, state: string) {
  return page.waitForFunction(
    (s) => document.querySelector('[data-testid="serpent-room"]')?.getAttribute("data-connection") === s,
    state,
    { polling: POLL_MS },
  );
}
