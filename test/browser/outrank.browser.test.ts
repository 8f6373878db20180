import { rmSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loadOutrankContent } from "../../src/games/outrank/content/index";
import { buildWeb, fitsWidth, launch, SCREEN_DIR, shot } from "../support/browser";
import { describeWithChromium, hasChromium } from "../support/needs";
import { startServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;
let webDir: string | undefined;

beforeAll(async () => {
  if (!hasChromium) return;
  webDir = buildWeb();
  // Round-end pause 4 s → 0.4 s, grace 30 s → 3 s: short, but long enough to see and to reconnect.
  server = await startServer({ TIME_SCALE: "0.1", WEB_DIR: webDir });
  browser = await launch();
}, 120_000);

afterAll(async () => {
  if (!hasChromium) return;
  await browser?.close();
  await server?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

/** The test driver knows every value (the server's content) so it can call guesses right or wrong on purpose. */
const VALUES = new Map(loadOutrankContent().categories.flatMap((f) => f.tokens.map((t) => [t.id, t.stats] as const)));

const id = (page: Page, testId: string) => page.getByTestId(testId);

/** What the screen shows (not the whole page): a phone's view with the turn dock stuck to its bottom. */
const screen = (page: Page, name: string) => page.screenshot({ path: `${SCREEN_DIR}/${name}.png` });

/** What a page shows now, read from the DOM. */
interface Seen {
  version: string | null;
  phase: string | null;
  picker: boolean;
  dock: boolean;
  handover: boolean;
  atRisk: number;
  canCash: boolean;
  full: boolean;
  /** Tokens in the draft pool on screen. */
  pool: number;
}

function look(page: Page): Promise<Seen> {
  return page.evaluate(() => {
    const q = (sel: string) => document.querySelector(sel);
    const phase = q('[data-testid^="phase-"]')?.getAttribute("data-testid")?.slice(6) ?? null;
    const cash = q('[data-testid="open-cashout"]') as HTMLButtonElement | null;
    return {
      version: q(".or-game")?.getAttribute("data-version") ?? null,
      phase,
      picker: q('[data-testid="challenge-picker"]') !== null,
      dock: q('[data-testid="turn-dock"]') !== null,
      handover: q('[data-testid="handover"]') !== null,
      atRisk: document.querySelectorAll('[data-testid="pile-round"] li').length,
      canCash: cash !== null && !cash.disabled,
      full: q('[data-testid="open-discard"]') !== null,
      pool: document.querySelectorAll('[data-testid^="pool-"]').length,
    };
  });
}

/** Poll on a timer: a page in the background gets few animation frames, so frame polling would crawl. */
const POLL_MS = 30;

/** Wait until the page has taken in something new (every accepted input sends events). */
async function changed(page: Page, version: string | null) {
  await page.waitForFunction((v) => document.querySelector(".or-game")?.getAttribute("data-version") !== v, version, {
    timeout: 10_000,
    polling: POLL_MS,
  });
}

/**
 * The right call for a pool token against the center, from the content's values (ties are
 * right either way); on a lower-wins card HIGHER claims the smaller number.
 */
async function rightCall(page: Page, tokenId: string): Promise<"higher" | "lower"> {
  const stat = await id(page, "challenge").getAttribute("data-stat");
  const lowerWins = (await id(page, "challenge").getAttribute("data-direction")) === "lower";
  const center = await id(page, "center-token").getAttribute("data-token");
  const a = VALUES.get(tokenId)?.[stat!];
  const b = VALUES.get(center!)?.[stat!];
  expect(a).toBeDefined();
  expect(b).toBeDefined();
  return a! >= b! !== lowerWins ? "higher" : "lower";
}

type How = "keyboard" | "click" | "tap";

/** Choose a challenge: a stat whose values differ (box office, population…) keeps the calls clear. */
async function choose(page: Page, how: How) {
  const preferred = ["movies-box-office", "countries-population", "companies-revenue", "countries-area"];
  for (const c of preferred) {
    const b = id(page, `challenge-${c}`);
    if (await b.count()) return press(b, how);
  }
  return press(page.locator('button[data-testid^="challenge-"]').first(), how);
}

async function press(l: ReturnType<Page["locator"]>, how: How, timeout?: number) {
  if (how === "tap") return l.tap({ timeout });
  if (how === "keyboard") {
    await l.focus({ timeout });
    return l.press("Enter", { timeout });
  }
  return l.click({ timeout });
}

/** Draft the first pool token and call it (rightly unless told otherwise), by keyboard, click or tap. */
async function guess(page: Page, how: How, right = true) {
  const token = page.locator('[data-testid^="pool-"]').first();
  const tokenId = (await token.getAttribute("data-token"))!;
  const call = await rightCall(page, tokenId);
  const wanted = right ? call : call === "higher" ? "lower" : "higher";
  await press(token, how);
  await page.waitForFunction(
    () => !(document.querySelector('[data-testid="guess-higher"]') as HTMLButtonElement)?.disabled,
    undefined,
    { polling: POLL_MS },
  );
  if (how === "keyboard") await page.keyboard.press(wanted === "higher" ? "h" : "l");
  else await press(id(page, `guess-${wanted}`), how);
}

/** Open the cash-out picker, take the first set it offers, and confirm. */
async function cashOut(page: Page, how: How, screenshot?: string) {
  await press(id(page, "open-cashout"), how);
  await id(page, "cashout-picker").waitFor();
  await press(page.locator('[data-testid^="set-option-"]').first(), how);
  await page.waitForFunction(
    () => !(document.querySelector('[data-testid="confirm-cashout"]') as HTMLButtonElement)?.disabled,
    undefined,
    { polling: POLL_MS },
  );
  if (screenshot) await shot(page, screenshot);
  await press(id(page, "confirm-cashout"), how);
}

describeWithChromium("Outrank in the browser", () => {
  it("three players online (one on a phone) play a game with a cash-out to the end, then a rematch", async () => {
    const mk = async (opts: Parameters<Browser["newContext"]>[0]) => (await browser.newContext(opts)).newPage();
    const ada = await mk({ viewport: { width: 1180, height: 900 } });
    const bob = await mk({ viewport: { width: 1024, height: 860 } });
    const cy = await mk({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const watcher = await mk({ viewport: { width: 1024, height: 860 } });
    const how = new Map<Page, How>([
      [ada, "keyboard"],
      [bob, "click"],
      [cy, "tap"],
    ]);
    const names = new Map<Page, string>([
      [ada, "ada"],
      [bob, "bob"],
      [cy, "phone"],
    ]);

    await ada.goto(`${server.url}/`);
    await id(ada, "game-outrank").click();
    await id(ada, "outrank-name").fill("Ada");
    await id(ada, "settings-toggle").click();
    await id(ada, "setting-target").fill("8");
    await shot(ada, "outrank-00-create");
    await id(ada, "outrank-create").click();
    await id(ada, "phase-lobby").waitFor();
    const code = ((await id(ada, "room-code").textContent()) ?? "").trim();

    // Bob opens the link; Cy types the code in the home page's "Got a code?" box.
    await bob.goto(`${server.url}/outrank/${code}`);
    await id(bob, "join-name").fill("Bob");
    await id(bob, "join-seat").click();
    await cy.goto(`${server.url}/`);
    await id(cy, "enter-code").fill(code.toLowerCase());
    await id(cy, "enter-code-go").tap();
    await id(cy, "join-name").fill("Cy");
    await id(cy, "join-seat").tap();
    for (const p of [bob, cy])
      await p.waitForFunction(
        () => document.querySelector('[data-testid="outrank-room"]')?.getAttribute("data-seat") !== "spectator",
      );
    await watcher.goto(`${server.url}/outrank/${code}`);
    await id(watcher, "spectator-banner").waitFor();
    await id(ada, "player-P3").waitFor();
    await shot(cy, "outrank-01-lobby-phone");
    expect(await fitsWidth(cy)).toBe(true);
    await id(ada, "start-game").click();
    await id(bob, "phase-challenge").waitFor();
    // The lead pauses and resumes, and everyone sees it.
    await id(ada, "pause").click();
    await id(bob, "paused-banner").waitFor();
    await id(ada, "resume").click();
    await id(bob, "paused-banner").waitFor({ state: "detached" });
    // A reload keeps the phone's seat: its token is kept for this room.
    await cy.reload();
    await cy.waitForFunction(
      () => document.querySelector('[data-testid="outrank-room"]')?.getAttribute("data-seat") === "P3",
      undefined,
      { polling: POLL_MS },
    );

    let cashed = 0;
    let wrong = 0;
    const guesses = new Map<Page, number>();
    const shots = new Set<string>();
    const once = async (p: Page, name: string) => {
      if (shots.has(name)) return;
      shots.add(name);
      await shot(p, name);
    };
    const players = [ada, bob, cy];
    const deadline = Date.now() + 60_000;
    for (;;) {
      expect(Date.now()).toBeLessThan(deadline);
      const seen = await Promise.all(players.map(look));
      if (seen.every((x) => x.phase === "gameEnd")) break;
      const k = seen.findIndex((x) => x.picker || x.dock);
      if (k < 0) {
        await ada.waitForTimeout(50);
        continue;
      }
      const page = players[k]!;
      const me = seen[k]!;
      const h = how.get(page)!;
      if (me.picker) {
        await once(page, `outrank-02-challenge-${names.get(page)}`);
        await choose(page, h);
      } else if (me.canCash && (cashed === 0 || me.full)) {
        await cashOut(page, h, cashed === 0 ? `outrank-04-cashout-${names.get(page)}` : undefined);
        cashed++;
      } else if (me.full || me.atRisk >= 2) {
        // The turn may have moved on since the look (a round that ends as its pool empties):
        // pass only if the button is still there, else look again.
        const pass = id(page, "pass");
        if (await pass.isVisible()) await press(pass, h, 3000).catch(() => undefined);
      } else {
        // One wrong call (Bob's second guess, with a token at risk) to see the tokens go back.
        guesses.set(page, (guesses.get(page) ?? 0) + 1);
        const right = !(page === bob && guesses.get(page) === 2 && wrong === 0);
        if (!right) wrong++;
        if (page === cy && !shots.has("outrank-03-drafting-phone")) {
          await press(page.locator('[data-testid^="pool-"]').first(), "tap");
          await once(cy, "outrank-03-drafting-phone");
          await screen(cy, "outrank-03-drafting-phone-screen");
          expect(await fitsWidth(cy)).toBe(true);
          await press(page.locator('[data-testid^="pool-"]').first(), "tap");
        }
        await guess(page, h, right);
        if (!right) {
          await changed(page, me.version);
          await id(page, "reveal").waitFor();
          await once(page, "outrank-05-wrong-guess");
          await once(watcher, "outrank-05-wrong-guess-spectator");
          continue;
        }
      }
      await changed(page, me.version);
    }
    expect(cashed).toBeGreaterThan(0);
    expect(wrong).toBe(1);

    for (const p of [...players, watcher]) await id(p, "final-standings").waitFor();
    const winner = (await id(ada, "winner").textContent()) ?? "";
    expect(winner).toMatch(/wins|win!/);
    expect((await id(ada, "tiebreak").textContent()) ?? "").not.toBe("");
    await shot(ada, "outrank-06-final");
    await shot(cy, "outrank-06-final-phone");
    expect(await fitsWidth(cy)).toBe(true);
    await id(ada, "rematch").click();
    await id(bob, "phase-challenge").waitFor();
    await id(cy, "phase-challenge").waitFor();
    for (const p of [...players, watcher]) await p.context().close();
  }, 120_000);

  it("one table: three players pass one phone round, with a hand-over before every turn, to the end", async () => {
    const page = await (
      await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
    ).newPage();
    await page.goto(`${server.url}/outrank`);
    await id(page, "mode-table").tap();
    await id(page, "outrank-name").fill("Ada");
    await id(page, "settings-toggle").tap();
    await id(page, "end-rounds").tap();
    await id(page, "setting-rounds").fill("3");
    await id(page, "outrank-create").tap();
    await id(page, "phase-lobby").waitFor();
    for (const name of ["Bob", "Cy"]) {
      await id(page, "add-player-name").fill(name);
      await id(page, "add-player").tap();
    }
    await id(page, "player-T3").waitFor();
    await shot(page, "outrank-10-table-lobby");
    expect(await fitsWidth(page)).toBe(true);
    await id(page, "start-game").tap();

    let handovers = 0;
    let lastReady: string | null = null;
    let picks = 0;
    let lowerCardSeen = false;
    const deadline = Date.now() + 45_000;
    for (;;) {
      expect(Date.now()).toBeLessThan(deadline);
      const me = await look(page);
      if (me.phase === "gameEnd") break;
      if (me.handover) {
        const who = await id(page, "handover").getAttribute("data-player");
        // A hand-over only ever asks for someone other than whoever tapped last.
        expect(who).not.toBe(lastReady);
        if (handovers === 1) await shot(page, "outrank-11-pass-the-device");
        handovers++;
        lastReady = who;
        await id(page, "ready").tap();
        await page.waitForFunction(() => !document.querySelector('[data-testid="handover"]'), undefined, {
          polling: POLL_MS,
        });
        continue;
      }
      if (me.picker) {
        // The second round is played on the lower-wins card, to see it shown the right way round.
        picks++;
        const oldest = id(page, "challenge-companies-oldest");
        if (picks === 2 && (await oldest.count())) await oldest.tap();
        else await choose(page, "tap");
      } else if (me.dock) {
        // Read at once: a hand-over may have covered the board since the look.
        const direction = await id(page, "challenge")
          .getAttribute("data-direction", { timeout: 1000 })
          .catch(() => null);
        if (direction === null) {
          await page.waitForTimeout(50);
          continue;
        }
        const lowerWins = direction === "lower";
        if (lowerWins && !lowerCardSeen) {
          lowerCardSeen = true;
          expect(await id(page, "challenge-direction").textContent()).toBe(
            "Earliest first: HIGHER means an earlier year",
          );
          await press(page.locator('[data-testid^="pool-"]').first(), "tap");
          // HIGHER claims a year no later than the center's.
          expect(await id(page, "guess-higher").textContent()).toContain("≤");
          expect(await id(page, "guess-lower").textContent()).toContain("≥");
          await shot(page, "outrank-14-lower-wins-card");
          await press(page.locator('[data-testid^="pool-"]').first(), "tap");
        }
        if (me.canCash) await cashOut(page, "tap");
        else if (me.full || me.atRisk >= 1) await id(page, "pass").tap();
        else if (me.pool === 0) {
          // Caught between two screens (the round just ended): look again.
          await page.waitForTimeout(50);
          continue;
        } else {
          if (handovers === 2) await shot(page, "outrank-12-table-turn");
          await guess(page, "tap");
        }
      } else {
        await page.waitForTimeout(50);
        continue;
      }
      await changed(page, me.version);
    }
    expect(handovers).toBeGreaterThanOrEqual(6);
    expect(lowerCardSeen).toBe(true);
    await id(page, "final-standings").waitFor();
    expect(await id(page, "round").textContent()).toBe("Final");
    await shot(page, "outrank-13-table-final");
    expect(await fitsWidth(page)).toBe(true);
    await page.context().close();
  }, 90_000);
});
