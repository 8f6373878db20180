import type { BrowserContext, Page } from "playwright-core";
import { expect, it } from "vitest";
import { type DailyGame, generateDaily } from "../../src/games/cricket-bingo/generate";
import { utcDate } from "../../src/games/cricket-bingo/seed";
import { winLines } from "../../src/games/cricket-bingo/win-lines";
import { browserPerFile, fitsWidth, shot } from "../support/browser";
import { describeWithChromium } from "../support/needs";

/**
 * Cricket Bingo in the browser: today's 3×3 played ranked (signed in) to a win on a phone (a
 * wrong placement, the wildcard, a refresh mid-game, the share text, the leaderboard),
 * yesterday's 4×4 in assisted mode played to a loss, keyboard play on a desktop, and a
 * guest's unranked game told where it would have placed; on each, what the cells mean, read
 * without spending a life. The test reads the day's deck from the server side
 * (`generateDaily`, with the server's seed secret) to know which cells each card fits.
 */
const SECRET = "bingo-browser-test-daily-seed";
const { server, browser } = browserPerFile({ DAILY_SEED_SECRET: SECRET });

const today = utcDate(Date.now());
const yesterday = utcDate(Date.now() - 86_400_000);
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const phone390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const dayOf = (date: string, size: 3 | 4) => generateDaily(date, size, { secret: SECRET });
const id = (page: Page, testId: string) => page.getByTestId(testId);

async function num(page: Page, attr: "deck-index" | "lives" | "score"): Promise<number> {
  return Number(await id(page, "bingo-game").getAttribute(`data-${attr}`));
}

/** Waits until the turn has come back: the deck pointer moved on past `before`. */
async function turnDone(page: Page, before: number) {
  await page.waitForFunction(
    (b) => Number(document.querySelector('[data-testid="bingo-game"]')?.getAttribute("data-deck-index")) > b,
    before,
  );
}

/** The share box shows all of its text: every line wrapped to fit, the box tall enough for them. */
async function shareTextFits(page: Page): Promise<boolean> {
  return id(page, "share-text").evaluate(
    (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1,
  );
}

/**
 * "What the cells mean": opened, it lists every cell in grid order with its full meaning;
 * reading it plays nothing (the same card, the same lives). Closed again afterwards.
 */
async function legendExplains(page: Page, day: DailyGame, how: "tap" | "key", shotName: string) {
  const before = { deck: await num(page, "deck-index"), lives: await num(page, "lives") };
  if (how === "tap") await id(page, "bingo-legend-toggle").tap();
  else await page.keyboard.press("i");
  await id(page, "bingo-legend").waitFor();
  expect(await id(page, "bingo-legend-toggle").getAttribute("aria-expanded")).toBe("true");
  const rows = await page.$$eval('[data-testid^="legend-"]', (els) =>
    els.map((e) => ({ id: (e.getAttribute("data-testid") ?? "").slice("legend-".length), text: e.textContent ?? "" })),
  );
  expect(rows.map((r) => r.id)).toEqual(day.grid.map((c) => c.id));
  for (const [i, c] of day.grid.entries()) {
    expect(rows[i]!.text).toContain(c.label);
    expect(rows[i]!.text).toContain(c.shortLabel);
  }
  expect(await fitsWidth(page)).toBe(true);
  await id(page, "bingo-legend").scrollIntoViewIfNeeded();
  await shot(page, shotName);
  expect({ deck: await num(page, "deck-index"), lives: await num(page, "lives") }).toEqual(before);
  if (how === "tap") await id(page, "bingo-legend-toggle").tap();
  else await page.keyboard.press("i");
  await id(page, "bingo-legend").waitFor({ state: "detached" });
}

async function openCells(page: Page): Promise<Set<string>> {
  const ids = await page.$$eval('[data-testid^="cell-"][data-state="open"]', (els) =>
    els.map((e) => (e.getAttribute("data-testid") ?? "").slice("cell-".length)),
  );
  return new Set(ids);
}

/**
 * A way to win from card `from` on: card `from` is the wildcard, put on one cell of a line,
 * and the line's other cells go to later cards that fit them. Picks the line and the
 * wildcard cell that finish soonest.
 */
function planWin(day: DailyGame, from: number) {
  let best: { last: number; line: string[]; wildcardCell: string; cards: Map<number, string> } | null = null;
  for (const l of winLines(day.gridSize)) {
    const line = l.cells.map((i) => day.grid[i]!.id);
    for (const wildcardCell of line) {
      const rest = line.filter((c) => c !== wildcardCell);
      // Greedy over the deck order with backtracking: the earliest card set covering `rest`.
      const assign = (cells: string[], used: Set<number>, limit: number): Map<number, string> | null => {
        if (cells.length === 0) return new Map();
        const [cell, ...others] = cells;
        for (let k = from + 1; k <= limit; k++) {
          if (used.has(k) || !day.fits[k]!.includes(cell!)) continue;
          used.add(k);
          const found = assign(others, used, limit);
          used.delete(k);
          if (found) return found.set(k, cell!);
        }
        return null;
      };
      for (let limit = from + rest.length; limit < 40; limit++) {
        const cards = assign(rest, new Set(), limit);
        if (!cards) continue;
        if (!best || limit < best.last) best = { last: limit, line, wildcardCell, cards };
        break;
      }
    }
  }
  return best;
}

describeWithChromium("Cricket Bingo in the browser", () => {
  it("on a phone: signed in, today's 3×3 ranked to a win, with a wrong card, the wildcard, a refresh, the cells explained, the share text and the leaderboard", async () => {
    const ctx: BrowserContext = await browser.newContext(phone);
    await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const page = await ctx.newPage();
    const day = dayOf(today, 3);

    // From the home page's card to today's puzzle.
    await page.goto(`${server.url}/`);
    await id(page, "game-cricket-bingo").click();
    await page.waitForURL(`${server.url}/bingo`);
    await id(page, "bingo-setup").waitFor();
    // A guest is told the game will not be ranked, and how to rank.
    expect(await id(page, "bingo-who").textContent()).toContain("not ranked");
    expect(await id(page, "bingo-play").textContent()).toBe("Play as a guest");
    await shot(page, "bingo-00-hub-phone");
    expect(await fitsWidth(page)).toBe(true);

    // Ranked games belong to an account: make one, in place.
    await id(page, "bingo-sign-in").tap();
    await id(page, "account-mode-register").tap();
    await id(page, "account-name").fill("Ada");
    await id(page, "account-email").fill(`ada-${Date.now()}@example.com`);
    await id(page, "account-password").fill("correct horse 42");
    await shot(page, "bingo-00b-sign-in-phone");
    expect(await fitsWidth(page)).toBe(true);
    await id(page, "account-submit").tap();
    await page.locator('[data-testid="bingo-who"][data-ranked="yes"]').waitFor();
    expect(await id(page, "bingo-who").textContent()).toContain("Ada");
    expect(await id(page, "bingo-play").textContent()).toBe("Play ranked");
    await shot(page, "bingo-00c-signed-in-phone");

    await id(page, "size-3").check({ force: true });
    await id(page, "mode-classic").check({ force: true });
    await id(page, "bingo-play").click();
    await id(page, "bingo-card").waitFor();
    expect(await id(page, "unranked-banner").count()).toBe(0);
    expect(await id(page, "bingo-card-name").textContent()).toBe(day.dailyDeck[0]!.name);
    expect(await page.locator('[data-testid^="cell-"]').count()).toBe(9);
    // The cells and turn buttons have their own feedback: no phone tap highlight over them.
    for (const el of [
      page.locator('[data-testid^="cell-"]').first(),
      id(page, "bingo-skip"),
      id(page, "bingo-wildcard"),
    ])
      expect(await el.evaluate((e) => getComputedStyle(e).getPropertyValue("-webkit-tap-highlight-color"))).toBe(
        "rgba(0, 0, 0, 0)",
      );
    // Classic: nothing is highlighted (docs/games/cricket-bingo.md, Decisions D5).
    expect(await page.locator(".cell--eligible, .cell--dim, .cell--recommended, [data-eligible]").count()).toBe(0);
    await shot(page, "bingo-01-grid-phone");
    expect(await fitsWidth(page)).toBe(true);
    // The cells show short labels on a phone; their full meaning is a tap away, and costs nothing.
    await legendExplains(page, day, "tap", "bingo-01b-legend-phone");

    // Card 0 on a cell it does not fit: the cell shakes and a life goes.
    const wrong = day.grid.find((c) => !day.fits[0]!.includes(c.id))!;
    expect(await num(page, "lives")).toBe(20);
    await id(page, `cell-${wrong.id}`).tap();
    await page.locator(`[data-testid="cell-${wrong.id}"][data-flash="wrong"]`).waitFor();
    expect(await id(page, `cell-${wrong.id}`).getAttribute("class")).toMatch(/cell--wrong-[01]/);
    await shot(page, "bingo-02-wrong-shake");
    expect(await num(page, "lives")).toBe(19);
    expect(await id(page, "bingo-feedback").textContent()).toContain("does not fit");
    expect(await id(page, `cell-${wrong.id}`).getAttribute("data-state")).toBe("open");

    const plan = planWin(day, 1);
    expect(plan, "a winnable line from card 1 on").not.toBeNull();
    expect(plan!.last - plan!.cards.size).toBeLessThan(19); // skips the lives can afford

    // Card 1: the wildcard. Every empty cell turns gold until a cell is tapped.
    expect(await num(page, "deck-index")).toBe(1);
    await id(page, "bingo-wildcard").tap();
    expect(await id(page, "bingo-wildcard").getAttribute("aria-pressed")).toBe("true");
    expect(await page.locator(".cell--wild-target").count()).toBe(9);
    expect(await id(page, "bingo-feedback").textContent()).toContain("Wildcard on");
    await shot(page, "bingo-03-wildcard-mode");
    await id(page, `cell-${plan!.wildcardCell}`).tap();
    await turnDone(page, 1);
    expect(await id(page, `cell-${plan!.wildcardCell}`).getAttribute("data-state")).toBe("wildcard");
    expect(await id(page, "bingo-wildcards").textContent()).toBe("0");
    expect(await id(page, "bingo-wildcard").isDisabled()).toBe(true);

    // The rest: planned cards to their cells, other cards that fit a cell off the line go
    // there, the rest are skipped. A refresh after the first of these turns resumes the game.
    let refreshed = false;
    for (;;) {
      const status = await id(page, "bingo-game").getAttribute("data-status");
      if (status !== "playing") break;
      const i = await num(page, "deck-index");
      expect(await id(page, "bingo-card-name").textContent()).toBe(day.dailyDeck[i]!.name);
      const open = await openCells(page);
      const planned = plan!.cards.get(i);
      const spare = day.fits[i]!.find((c) => open.has(c) && !plan!.line.includes(c));
      if (planned) await id(page, `cell-${planned}`).tap();
      else if (spare) await id(page, `cell-${spare}`).tap();
      else await id(page, "bingo-skip").tap();
      await turnDone(page, i);
      if (!refreshed && (await id(page, "bingo-game").getAttribute("data-status")) === "playing") {
        refreshed = true;
        const before = { deck: await num(page, "deck-index"), score: await num(page, "score") };
        await shot(page, "bingo-04-before-refresh");
        await page.reload();
        await id(page, "bingo-card").waitFor();
        expect({ deck: await num(page, "deck-index"), score: await num(page, "score") }).toEqual(before);
        expect(await id(page, `cell-${plan!.wildcardCell}`).getAttribute("data-state")).toBe("wildcard");
        await shot(page, "bingo-04-after-refresh");
      }
    }
    expect(refreshed).toBe(true);

    // The win: the line is drawn, the summary and the share text follow.
    await id(page, "bingo-result").waitFor();
    expect(await id(page, "bingo-result").getAttribute("data-result")).toBe("won");
    await id(page, "win-line").waitFor();
    expect(await page.locator(".cell--win").count()).toBe(3);
    // The picture once the line's animation has run.
    await id(page, "win-line").evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
    );
    await shot(page, "bingo-05-win-line");
    await id(page, "bingo-summary").waitFor();
    await id(page, "share-text").waitFor();
    const shareShown = await id(page, "share-text").inputValue();
    expect(shareShown).toContain(`Cricket Bingo ${today} · 3×3`);
    expect(shareShown).toContain("Bingo!");
    expect(shareShown.split("\n").slice(-3).join("")).toMatch(/^[🟩🟨🟥⬜]{9}$/u);
    for (const card of day.dailyDeck) expect(shareShown).not.toContain(card.name);
    expect(await shareTextFits(page)).toBe(true);
    await id(page, "bingo-share").tap();
    await expect.poll(() => id(page, "bingo-share").textContent()).toBe("Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareShown);
    await id(page, "bingo-summary").scrollIntoViewIfNeeded();
    await shot(page, "bingo-06-summary");

    // Ranked: the summary gives the rank, and today's leaderboard has Ada, marked as this player.
    await expect.poll(() => id(page, "summary-rank").textContent()).toContain("#1 of 1");
    expect(await id(page, "summary-rank").getAttribute("data-ranked")).toBe("yes");
    await id(page, "leaderboard-row-you").waitFor();
    expect(await id(page, "leaderboard-row-you").textContent()).toContain("Ada");
    expect(await id(page, "leaderboard-you").textContent()).toContain("#1");
    await id(page, "next-puzzle-countdown").waitFor();
    expect(await id(page, "next-puzzle-countdown").textContent()).toMatch(/^\d{1,2}:\d\d:\d\d$/);
    await id(page, "leaderboard").scrollIntoViewIfNeeded();
    await shot(page, "bingo-07-leaderboard");
    expect(await fitsWidth(page)).toBe(true);

    // Coming back later shows the finished game again, never a second attempt.
    await page.goto(`${server.url}/bingo`);
    await id(page, "bingo-result").waitFor();
    expect(await id(page, "bingo-result").getAttribute("data-result")).toBe("won");
    // The 3×3 is taken in classic mode: the setup shows that, and assisted cannot be chosen for it.
    await id(page, "bingo-another").tap();
    await id(page, "setup-mode-fixed").waitFor();
    expect(await id(page, "setup-mode-fixed").textContent()).toContain("classic mode");
    expect(await id(page, "mode-classic").isChecked()).toBe(true);
    expect(await id(page, "mode-assisted").isDisabled()).toBe(true);
    expect(await id(page, "bingo-play").textContent()).toBe("See your result");
    await id(page, "bingo-setup").scrollIntoViewIfNeeded();
    await shot(page, "bingo-07b-setup-taken");
    // The 4×4 is still free, in either mode.
    await id(page, "size-4").check({ force: true });
    expect(await id(page, "setup-mode-fixed").count()).toBe(0);
    expect(await id(page, "mode-assisted").isDisabled()).toBe(false);
    await ctx.close();
  });

  it("on a phone: yesterday's 4×4 for practice, assisted, skipped to a loss", async () => {
    const ctx = await browser.newContext(phone);
    const page = await ctx.newPage();
    const day = dayOf(yesterday, 4);

    await page.goto(`${server.url}/bingo`);
    await id(page, `archive-${yesterday}`).tap();
    await page.waitForURL(`${server.url}/bingo/${yesterday}`);
    await id(page, "practice-banner").waitFor();
    await id(page, "size-4").check({ force: true });
    await id(page, "mode-assisted").check({ force: true });
    await id(page, "bingo-play").tap();
    await id(page, "bingo-card").waitFor();
    expect(await id(page, "practice-banner").textContent()).toContain("not ranked");

    // Assisted: exactly the cells card 0 fits are highlighted, the first by priority starred.
    const eligible = await page.$$eval("[data-eligible]", (els) =>
      els.map((e) => (e.getAttribute("data-testid") ?? "").slice("cell-".length)),
    );
    expect(eligible.sort()).toEqual([...day.fits[0]!].sort());
    if (eligible.length > 0) expect(await page.locator("[data-recommended]").count()).toBe(1);
    expect(await page.locator(".cell--dim").count()).toBe(16 - eligible.length);
    await shot(page, "bingo-08-assisted-4x4");
    expect(await fitsWidth(page)).toBe(true);

    for (let lives = 25; lives > 0; lives--) {
      const i = await num(page, "deck-index");
      await id(page, "bingo-skip").tap();
      await turnDone(page, i);
    }
    await id(page, "bingo-result").waitFor();
    expect(await id(page, "bingo-result").getAttribute("data-result")).toBe("lost");
    expect(await id(page, "bingo-summary").textContent()).toContain("Out of lives");
    expect(await id(page, "bingo-summary").textContent()).toContain("not ranked");
    await id(page, "share-text").waitFor();
    expect(await id(page, "share-text").inputValue()).toContain("No bingo");
    // The longest header (a 4×4 assisted game) is wider than a phone: it wraps, and nothing is cut off.
    expect(await id(page, "share-text").inputValue()).toContain("4×4 (assisted)");
    expect(await shareTextFits(page)).toBe(true);
    await shot(page, "bingo-09-loss");
    // Practice is never on the board.
    await id(page, "leaderboard-rows").or(id(page, "leaderboard-empty")).waitFor();
    expect(await id(page, "leaderboard-you").count()).toBe(0);
    await ctx.close();
  });

  it("on a desktop: arrows, Enter, S and W play the game; a dropped line is said in plain words", async () => {
    const ctx = await browser.newContext({ viewport: { width: 1024, height: 800 }, reducedMotion: "reduce" });
    const page = await ctx.newPage();
    const day = dayOf(today, 4);
    // Every turn the page sends names the card on show (deckIndex), so a retry is never played twice.
    const sent: unknown[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/actions")) sent.push(r.postDataJSON());
    });
    await page.goto(`${server.url}/bingo`);
    await id(page, "size-4").check({ force: true });
    await id(page, "mode-classic").check({ force: true });
    await id(page, "bingo-play").click();
    await id(page, "bingo-card").waitFor();

    // Arrows bring the focus ring into the grid and move it; Enter places card 0 on a cell it fits.
    const target = day.grid.findIndex((c) => day.fits[0]!.includes(c.id));
    await page.keyboard.press("ArrowUp");
    const focused = () => page.evaluate(() => Number(document.activeElement?.getAttribute("data-index") ?? -1));
    let at = await focused();
    expect(at).toBeGreaterThanOrEqual(0);
    while (at !== target) {
      const [r, c, tr, tc] = [Math.floor(at / 4), at % 4, Math.floor(target / 4), target % 4];
      await page.keyboard.press(r < tr ? "ArrowDown" : r > tr ? "ArrowUp" : c < tc ? "ArrowRight" : "ArrowLeft");
      at = await focused();
    }
    await shot(page, "bingo-10-keyboard-focus");
    await page.keyboard.press("Enter");
    await turnDone(page, 0);
    expect(await id(page, `cell-${day.grid[target]!.id}`).getAttribute("data-state")).toBe("placed");
    expect(await num(page, "score")).toBe(
      100 +
        (day.grid[target]!.type === "trophy" ? 20 : 0) +
        (day.grid[target]!.type === "teammate" ? 30 : 0) +
        (day.grid[target]!.type === "combo" ? 50 : 0),
    );

    // I opens and closes what the cells mean; nothing is played.
    await legendExplains(page, day, "key", "bingo-10b-legend-desktop");

    // S skips; W turns the wildcard on and off.
    await page.keyboard.press("s");
    await turnDone(page, 1);
    expect(await num(page, "lives")).toBe(24);
    await page.keyboard.press("w");
    expect(await id(page, "bingo-wildcard").getAttribute("aria-pressed")).toBe("true");
    expect(await page.locator(".cell--wild-target").count()).toBe(15);
    await shot(page, "bingo-11-keyboard-wildcard");
    await page.keyboard.press("w");
    expect(await id(page, "bingo-wildcard").getAttribute("aria-pressed")).toBe("false");

    // A wrong card with motion reduced: no shake, but the cell still turns red.
    const wrongAt = day.grid.findIndex((c) => !day.fits[2]!.includes(c.id) && c.id !== day.grid[target]!.id);
    await id(page, `cell-${day.grid[wrongAt]!.id}`).click();
    const flashed = page.locator(`[data-testid="cell-${day.grid[wrongAt]!.id}"][data-flash="wrong"]`);
    await flashed.waitFor();
    expect(await flashed.evaluate((e) => getComputedStyle(e).animationName)).toBe("none");
    expect(await num(page, "lives")).toBe(23);
    expect(sent).toEqual([
      { type: "PLACE", categoryId: day.grid[target]!.id, deckIndex: 0 },
      { type: "SKIP", deckIndex: 1 },
      { type: "PLACE", categoryId: day.grid[wrongAt]!.id, deckIndex: 2 },
    ]);

    // Offline: the skip fails and says why, in words.
    await ctx.setOffline(true);
    await page.keyboard.press("s");
    await id(page, "toast").waitFor();
    expect(await id(page, "toast").textContent()).toContain("Could not reach the Parlor server");
    await shot(page, "bingo-12-offline-error");
    await ctx.setOffline(false);
    expect(await num(page, "lives")).toBe(23);
    await ctx.close();
  });
  it("on a 390 px phone: a guest's game of today is unranked, explains its cells, and ends with the rank it would have had", async () => {
    const ctx = await browser.newContext(phone390);
    const page = await ctx.newPage();
    const day = dayOf(today, 3);
    await page.goto(`${server.url}/bingo`);
    await id(page, "bingo-setup").waitFor();
    await id(page, "size-3").check({ force: true });
    await id(page, "mode-classic").check({ force: true });
    await id(page, "bingo-play").tap();
    await id(page, "bingo-card").waitFor();
    expect(await id(page, "unranked-banner").textContent()).toContain("not ranked");
    expect(await id(page, "bingo-game-title").textContent()).toContain("guest");
    await shot(page, "bingo-13-guest-grid-390");
    expect(await fitsWidth(page)).toBe(true);
    await legendExplains(page, day, "tap", "bingo-14-guest-legend-390");

    // Out of lives by skipping: nothing scored, so the board's signed-in winner (Ada) stays ahead.
    for (let lives = 20; lives > 0; lives--) {
      const i = await num(page, "deck-index");
      await id(page, "bingo-skip").tap();
      await turnDone(page, i);
    }
    await id(page, "bingo-result").waitFor();
    await expect.poll(() => id(page, "summary-rank").textContent()).toContain("would be #2 of 2");
    expect(await id(page, "summary-rank").textContent()).toContain("Not ranked");
    expect(await id(page, "summary-rank").getAttribute("data-ranked")).toBe("no");
    // How to rank next time, and the guest is not on the board.
    await id(page, "bingo-sign-in").waitFor();
    await id(page, "leaderboard-rows").waitFor();
    expect(await id(page, "leaderboard-you").count()).toBe(0);
    await id(page, "bingo-summary").scrollIntoViewIfNeeded();
    await shot(page, "bingo-15-guest-summary-390");
    expect(await fitsWidth(page)).toBe(true);
    await ctx.close();
  });
});
