import type { Browser, Page } from "playwright-core";
import { expect, it } from "vitest";
import { loadOutrankContent } from "../../src/games/outrank/content/index";
import { browserPerFile, fitsWidth, PAGE_WAIT_MS, SCREEN_DIR, shot } from "../support/browser";
import { describeWithChromium } from "../support/needs";
import { until } from "../support/waits";

// Round-end pause at most 20 s → 10 s: the players' "ready" ends it, and a loaded machine still
// has time to see the summary and tap. Grace 30 s → 15 s, ample for the reload.
const { server, browser } = browserPerFile({ TIME_SCALE: "0.5" });

/** The test driver knows every value (the server's content) so it can call guesses right or wrong on purpose. */
const VALUES = new Map(loadOutrankContent().categories.flatMap((f) => f.tokens.map((t) => [t.id, t.stats] as const)));

const id = (page: Page, testId: string) => page.getByTestId(testId);

/** What the screen shows (not the whole page): a phone's view with the turn dock stuck to its bottom. */
const screen = (page: Page, name: string) => page.screenshot({ path: `${SCREEN_DIR}/${name}.png` });

/** What a page shows now, read from the DOM. */
interface Seen {
  version: string | null;
  /** The stage on screen (null on a hand-over, which hides it). */
  phase: string | null;
  /** The game's phase, whatever the screen shows. */
  gamePhase: string | null;
  picker: boolean;
  dock: boolean;
  handover: boolean;
  atRisk: number;
  canCash: boolean;
  full: boolean;
  /** Tokens in the draft pool on screen. */
  pool: number;
  /** Between rounds: this screen offers "ready for the next round". */
  readyNext: boolean;
  /** While drafting: players who passed but are shown with tokens "at risk" (never right). */
  riskAfterPass: number;
}

function look(page: Page): Promise<Seen> {
  return page.evaluate(() => {
    const q = (sel: string) => document.querySelector(sel);
    const phase = q('[data-testid^="phase-"]')?.getAttribute("data-testid")?.slice(6) ?? null;
    const gamePhase = q(".or-game")?.getAttribute("data-phase") ?? null;
    const cash = q('[data-testid="open-cashout"]') as HTMLButtonElement | null;
    return {
      version: q(".or-game")?.getAttribute("data-version") ?? null,
      phase,
      gamePhase,
      picker: q('[data-testid="challenge-picker"]') !== null,
      dock: q('[data-testid="turn-dock"]') !== null,
      handover: q('[data-testid="handover"]') !== null,
      atRisk: document.querySelectorAll('[data-testid="pile-round"] li').length,
      canCash: cash !== null && !cash.disabled,
      full: q('[data-testid="open-discard"]') !== null,
      pool: document.querySelectorAll('[data-testid^="pool-"]').length,
      readyNext: q('[data-testid="ready-next"]') !== null,
      riskAfterPass:
        gamePhase === "drafting" ? document.querySelectorAll('[data-status="passed"] .or-risk-text').length : 0,
    };
  });
}

/** A name field's placeholder: its text, and whether it is styled as a hint (italic), not as a typed name. */
function placeholder(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el) => ({
    text: (el as HTMLInputElement).placeholder,
    italic: getComputedStyle(el, "::placeholder").fontStyle === "italic",
  }));
}

/** Where the hand-over's name sits on the screen, and what has the focus. */
function handoverPlace(page: Page) {
  return page.evaluate(() => {
    const r = document.querySelector(".or-handover__name")?.getBoundingClientRect();
    return {
      onScreen: r !== undefined && r.top >= 0 && r.bottom <= window.innerHeight,
      focused: document.activeElement?.getAttribute("data-testid") ?? null,
    };
  });
}

/** Poll on a timer: a page in the background gets few animation frames, so frame polling would crawl. */
const POLL_MS = 30;

/** Wait until the page has taken in something new (every accepted input sends events). */
async function changed(page: Page, version: string | null) {
  await page.waitForFunction((v) => document.querySelector(".or-game")?.getAttribute("data-version") !== v, version, {
    polling: POLL_MS,
  });
}

/**
 * Wait until one of the pages shows something other than what was seen: the game moved, or a
 * page's own transition (a reveal, a hand-over) has run, which changes no version.
 */
async function somethingNew(pages: Page[], seen: Seen[]) {
  const before = JSON.stringify(seen);
  await until("something new on the pages", async () => JSON.stringify(await Promise.all(pages.map(look))) !== before, {
    ms: PAGE_WAIT_MS,
    everyMs: POLL_MS,
    seen: () => `they showed ${before}`,
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
    // The empty name field hints; it does not look like a name already typed.
    expect(await placeholder(ada, "outrank-name")).toEqual({ text: "Your name", italic: true });
    await shot(ada, "outrank-00-name-hint");
    await id(ada, "outrank-name").fill("Ada");
    await id(ada, "settings-toggle").click();
    await id(ada, "setting-target").fill("8");
    // A score target ends the game the moment someone reaches it, unless the lead asks otherwise:
    // this table plays the round out (the longer game leaves room for a cash-out).
    expect(await id(ada, "target-ends-atOnce").isChecked()).toBe(true);
    await id(ada, "target-ends-roundEnd").click();
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
    expect(await bob.locator('[title="How the game ends"]').textContent()).toBe("8 points, round played out");
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
    let summaries = 0;
    const guesses = new Map<Page, number>();
    const shots = new Set<string>();
    const once = async (p: Page, name: string) => {
      if (shots.has(name)) return;
      shots.add(name);
      await shot(p, name);
    };
    const players = [ada, bob, cy];
    // Every pass of this loop acts or waits for the game to move (a stalled game fails the wait).
    for (;;) {
      const seen = await Promise.all(players.map(look));
      if (seen.every((x) => x.phase === "gameEnd")) break;
      // Nobody who passed is ever shown with tokens at risk.
      expect(seen.map((x) => x.riskAfterPass)).toEqual([0, 0, 0]);
      const r = seen.findIndex((x) => x.readyNext);
      if (r >= 0) {
        // Between rounds the summary stays until each player says they are ready.
        const page = players[r]!;
        if (summaries === 0) await once(cy, "outrank-07-round-summary-phone");
        // The countdown (2 s here) may win the race to the next round: then there is nothing to tap.
        const tapped = await press(id(page, "ready-next"), how.get(page)!, 1000).then(
          () => true,
          () => false,
        );
        if (tapped && summaries++ === 0) {
          // The one who tapped sees whom the table waits for (unless the round has moved on already).
          const waiting = await id(page, "ready-waiting")
            .textContent({ timeout: 1000 })
            .catch(() => null);
          if (waiting !== null) {
            expect(waiting).toMatch(/^(Waiting for .+\.|Starting the next round…)$/);
            await once(page, `outrank-08-round-ready-${names.get(page)}`);
          }
        }
        continue;
      }
      const k = seen.findIndex((x) => x.picker || x.dock);
      if (k < 0) {
        // Nobody can act yet: wait until some page shows something else.
        await somethingNew(players, seen);
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
        // The turn may have moved on since the look (a round that ends as its pool empties), or
        // a busy machine may not press in time: then nothing was sent, so look again rather than
        // wait for a change this page will not make.
        const pass = id(page, "pass");
        const passed =
          (await pass.isVisible()) &&
          (await press(pass, h, 3000).then(
            () => true,
            () => false,
          ));
        if (!passed) continue;
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
    expect(summaries).toBeGreaterThan(0);

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
  });

  it("one table: three players pass one phone round, with a hand-over before every turn, to the end", async () => {
    const page = await (
      await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
    ).newPage();
    await page.goto(`${server.url}/outrank`);
    await id(page, "mode-table").tap();
    expect(await placeholder(page, "outrank-name")).toEqual({ text: "First player's name", italic: true });
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
    let nextRounds = 0;
    /** The first player to pass with a token this round, until their pass has been seen on screen. */
    let passedWith: string | null = null;
    let bankedSeen = false;
    // Every pass of this loop acts or waits for the game to move (a stalled game fails the wait).
    for (;;) {
      const me = await look(page);
      if (me.phase === "gameEnd") break;
      expect(me.riskAfterPass).toBe(0);
      if (passedWith !== null && me.gamePhase === "drafting") {
        // A player who passed holds nothing at risk: their tokens show as banked.
        const tokens = (await id(page, `tokens-${passedWith}`).textContent()) ?? "";
        expect(tokens).toContain("banked");
        expect(tokens).not.toContain("at risk");
        if (!bankedSeen) await shot(page, "outrank-15-banked-after-pass");
        bankedSeen = true;
      }
      // Looked at right after the pass, or the round ended with it: either way, done with it.
      passedWith = null;
      if (me.readyNext) {
        // Between rounds the summary stays until the table taps "Next round" (or the countdown ends).
        if (nextRounds === 0) await shot(page, "outrank-16-table-round-summary");
        nextRounds++;
        await id(page, "ready-next")
          .tap({ timeout: 1000 })
          .catch(() => undefined);
        continue;
      }
      if (me.handover) {
        const who = await id(page, "handover").getAttribute("data-player");
        // A hand-over only ever asks for someone other than whoever tapped last.
        expect(who).not.toBe(lastReady);
        // However far down the last screen was scrolled, the name is on screen and "I'm ready" has the focus.
        await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "ready", undefined, {
          polling: POLL_MS,
          timeout: 3000,
        });
        expect(await handoverPlace(page)).toEqual({ onScreen: true, focused: "ready" });
        if (handovers === 0) await screen(page, "outrank-11-first-handover-screen");
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
          await somethingNew([page], [me]);
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
        else if (me.full || me.atRisk >= 1) {
          if (me.atRisk >= 1 && !bankedSeen) passedWith = lastReady;
          await id(page, "pass").tap();
        } else if (me.pool === 0) {
          // Caught between two screens (the round just ended): look again once it has moved.
          await somethingNew([page], [me]);
          continue;
        } else {
          if (handovers === 2) await shot(page, "outrank-12-table-turn");
          await guess(page, "tap");
        }
      } else {
        await somethingNew([page], [me]);
        continue;
      }
      await changed(page, me.version);
    }
    expect(handovers).toBeGreaterThanOrEqual(6);
    expect(lowerCardSeen).toBe(true);
    expect(bankedSeen).toBe(true);
    expect(nextRounds).toBeGreaterThan(0);
    await id(page, "final-standings").waitFor();
    expect(await id(page, "round").textContent()).toBe("Final");
    await shot(page, "outrank-13-table-final");
    expect(await fitsWidth(page)).toBe(true);
    await page.context().close();
  });
});
