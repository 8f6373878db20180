import { rmSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TriviaState } from "../../src/games/trivia-duel/state";
import { buildWeb, fitsWidth, launch, shot } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;
let webDir: string | undefined;

beforeAll(async () => {
  webDir = buildWeb();
  server = await startServer({ TIME_SCALE: "0.5", WEB_DIR: webDir });
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

const id = (page: Page, testId: string) => page.getByTestId(testId);

describe("Trivia Duel in the browser", () => {
  it("two players play a whole match through the UI, then rematch", async () => {
    const desk = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const a = await desk.newPage();
    const b = await phone.newPage();
    const answer = async (code: string) => {
      const s = (await server.live.get(code))!.state as TriviaState;
      return s.questions[s.questionIndex]!.displayAnswer;
    };

    await a.goto(`${server.url}/`);
    await id(a, "game-trivia-duel").waitFor();
    await shot(a, "trivia-00-home");
    await a.goto(`${server.url}/trivia`);
    await id(a, "create-room").click();
    await id(a, "phase-WAITING").waitFor();
    const code = (await id(a, "room-code").innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    await shot(a, "trivia-01-waiting");

    await b.goto(`${server.url}/trivia/${code}`);
    await id(a, "phase-CATEGORY").waitFor();
    await id(b, "phase-CATEGORY").waitFor();
    await shot(a, "trivia-02-category");
    await shot(b, "trivia-02-category-phone");

    // Q1: A bets 50, B raises to 100, A matches; A buzzes with Space and answers with Enter.
    await id(a, "betting-your-turn").waitFor();
    await id(b, "betting-waiting").waitFor();
    await shot(a, "trivia-03-betting-your-turn");
    await shot(b, "trivia-03-betting-waiting-phone");
    await id(a, "bet-50").click();
    await id(b, "raise-100").waitFor();
    await shot(b, "trivia-04-betting-respond-phone");
    await id(b, "raise-100").click();
    await id(a, "match").waitFor();
    await shot(a, "trivia-05-betting-raised");
    await id(a, "match").click();
    await id(a, "phase-CLUE").waitFor();
    await a.waitForFunction(() => (document.querySelector('[data-testid="clue-text"]')?.textContent ?? "").length > 10);
    await shot(a, "trivia-06-clue");
    await shot(b, "trivia-06-clue-phone");
    expect(await fitsWidth(b)).toBe(true);
    await a.keyboard.press("Space");
    await id(a, "answer-input").waitFor();
    await id(b, "opponent-answering").waitFor();
    await shot(a, "trivia-07-answering-you");
    await shot(b, "trivia-07-answering-opponent-phone");
    await id(a, "answer-input").fill(await answer(code));
    await a.keyboard.press("Enter");
    await id(a, "phase-RESOLUTION").waitFor();
    await id(b, "phase-RESOLUTION").waitFor();
    await shot(a, "trivia-08-resolution-won");
    await shot(b, "trivia-08-resolution-lost-phone");
    expect(await id(a, "balance-P1").innerText()).toContain("600");

    // Q2: B opens with 10, A matches; B buzzes and misses, A buzzes and answers.
    await id(b, "betting-your-turn").waitFor({ timeout: 20_000 });
    await id(b, "bet-10").click();
    await id(a, "match").click();
    await id(b, "buzz").waitFor();
    await id(b, "buzz").click();
    await id(b, "answer-input").fill("definitely not this");
    await id(b, "answer-submit").click();
    await id(a, "buzz").waitFor();
    await shot(a, "trivia-09-clue-resumed");
    await id(a, "buzz").click();
    await id(a, "answer-input").fill(await answer(code));
    await id(a, "answer-submit").click();
    await id(a, "phase-RESOLUTION").waitFor();

    // Q3: A folds before betting.
    await id(a, "betting-your-turn").waitFor({ timeout: 20_000 });
    await id(a, "fold").click();
    await id(b, "phase-RESOLUTION").waitFor();
    await shot(b, "trivia-10-resolution-fold-phone");

    await id(a, "phase-COMPLETE").waitFor({ timeout: 20_000 });
    await id(b, "phase-COMPLETE").waitFor();
    expect(await id(a, "match-result").getAttribute("data-winner")).toBe("P1");
    expect(await id(a, "recap").locator("li").count()).toBe(3);
    await shot(a, "trivia-11-complete-won");
    await shot(b, "trivia-11-complete-lost-phone");
    expect(await fitsWidth(b)).toBe(true);

    await id(a, "play-again").click();
    await id(b, "play-again").click();
    await id(a, "phase-CATEGORY").waitFor();
    await shot(a, "trivia-12-rematch");
    await desk.close();
    await phone.close();
  }, 180_000);

  it("a refresh keeps the seat, and a third visitor watches", async () => {
    const ctxA = await browser.newContext();
    const ctxB = await browser.newContext();
    const ctxC = await browser.newContext();
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    const c = await ctxC.newPage();
    await a.goto(`${server.url}/trivia`);
    await id(a, "create-room").click();
    await id(a, "phase-WAITING").waitFor();
    const code = (await id(a, "room-code").innerText()).trim();
    await b.goto(`${server.url}/trivia/${code}`);
    await id(b, "phase-CATEGORY").waitFor();
    // The third visitor pastes the invite link into the lobby's code form.
    await c.goto(`${server.url}/trivia`);
    await id(c, "join-code").fill(`${server.url}/trivia/${code.toLowerCase()}`);
    await id(c, "join-room").click();
    await id(c, "spectator-banner").waitFor();
    await shot(c, "trivia-13-spectator");
    await b.reload();
    await id(b, "scoreboard").waitFor();
    await id(b, "balance-P2").waitFor();
    const seatAfterReload = await b.evaluate(() => document.querySelector('[data-testid="spectator-banner"]') === null);
    expect(seatAfterReload).toBe(true);
    await shot(b, "trivia-14-after-refresh");
    for (const ctx of [ctxA, ctxB, ctxC]) await ctx.close();
  }, 120_000);
});
