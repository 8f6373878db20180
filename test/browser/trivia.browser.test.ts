import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import type { TriviaState } from "../../src/games/trivia-duel/state";
import { browserPerFile, fitsWidth, shot } from "../support/browser";
import { describeWithChromium } from "../support/needs";
import { until } from "../support/waits";

const { server, browser } = browserPerFile({ TIME_SCALE: "0.5" });

const id = (page: Page, testId: string) => page.getByTestId(testId);
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** Create a duel from the lobby form as `name`, with `questions` questions; returns the room code. */
async function createDuel(page: Page, name: string, questions = 3): Promise<string> {
  await page.goto(`${server.url}/trivia`);
  await id(page, "creator-name").fill(name);
  await page.locator("summary").click();
  await id(page, "setting-questions").fill(String(questions));
  await id(page, "create-room").click();
  await id(page, "phase-WAITING").waitFor();
  return (await id(page, "room-code").innerText()).trim();
}

/** Open a room link as someone with no saved name: the page asks for one first. */
async function joinAs(page: Page, code: string, name: string) {
  await page.goto(`${server.url}/trivia/${code}`);
  await id(page, "player-name").fill(name);
  await id(page, "name-submit").click();
}

describeWithChromium("Trivia Duel in the browser", () => {
  it("two named players (one on a phone) and a spectator: a whole match, a dropped phone pauses the clock, then a rematch", async () => {
    const desk = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const mobile = await browser.newContext(phone);
    const watching = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const a = await desk.newPage();
    const b = await mobile.newPage();
    const c = await watching.newPage();
    const answer = async (code: string) => {
      const s = (await server.live.get(code))!.state as TriviaState;
      return s.questions[s.questionIndex]!.displayAnswer;
    };

    await a.goto(`${server.url}/`);
    await id(a, "game-trivia-duel").waitFor();
    await shot(a, "trivia-00-home");
    await a.goto(`${server.url}/trivia`);
    await id(a, "create-form").waitFor();
    await shot(a, "trivia-00-lobby");
    // Made over the API, with what the form does not offer: Bo's phone drops mid-bet below and
    // the test waits out what was left of the bet, so the time to come back must be well over
    // the time to bet (the other tests here make their rooms with the form).
    const made = await fetch(`${server.url}/api/v1/trivia/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ config: { questionsPerMatch: 3, betTimeLimitSec: 20, graceSeconds: 120 } }),
    });
    expect(made.status).toBe(201);
    const code = ((await made.json()) as { roomId: string }).roomId;
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    await joinAs(a, code, "Ada");
    await id(a, "phase-WAITING").waitFor();
    await shot(a, "trivia-01-waiting");

    await b.goto(`${server.url}/trivia/${code}`);
    await shot(b, "trivia-01-name-form-phone");
    await id(b, "player-name").fill("Bo");
    await id(b, "name-submit").click();
    await id(a, "phase-CATEGORY").waitFor();
    await id(b, "phase-CATEGORY").waitFor();
    // Names, not "You / Opponent".
    expect(await id(a, "scoreboard").innerText()).toMatch(/Ada \(you\)[\s\S]*Bo/i);
    expect(await id(b, "scoreboard").innerText()).toMatch(/Bo \(you\)[\s\S]*Ada/i);
    await shot(a, "trivia-02-category");
    await shot(b, "trivia-02-category-phone");
    // Cy opens the link too and watches.
    await joinAs(c, code, "Cy");
    await id(c, "spectator-banner").waitFor();

    // Q1: Ada bets 50, Bo raises to 100, Ada matches; Ada buzzes with Space and answers with Enter.
    await id(a, "betting-your-turn").waitFor();
    await id(b, "betting-waiting").waitFor();
    expect(await id(b, "betting-waiting").innerText()).toContain("Ada");
    await shot(a, "trivia-03-betting-your-turn");
    await id(a, "bet-50").click();
    await id(b, "raise-100").waitFor();
    await shot(b, "trivia-04-betting-respond-phone");

    await id(b, "raise-100").click();
    await id(a, "match").click();
    await id(b, "phase-CLUE").waitFor();
    // On the phone the buzzer stays put while the clue grows, and there is no "press Space".
    const at1 = await id(b, "buzz").boundingBox();
    await b.waitForFunction(() => (document.querySelector('[data-testid="clue-text"]')?.textContent ?? "").length > 60);
    const at2 = await id(b, "buzz").boundingBox();
    expect(at2).toEqual(at1);
    expect(await b.getByText("press", { exact: false }).count()).toBe(0);
    expect(await a.getByText("press", { exact: false }).count()).toBe(1);
    await shot(a, "trivia-06-clue");
    await shot(b, "trivia-06-clue-phone");
    expect(await fitsWidth(b)).toBe(true);
    await a.keyboard.press("Space");
    await id(a, "answer-input").waitFor();
    await id(b, "opponent-answering").waitFor();
    expect(await id(b, "opponent-answering").innerText()).toContain("Ada is answering");
    await id(a, "answer-input").fill(await answer(code));
    await a.keyboard.press("Enter");
    await id(a, "phase-RESOLUTION").waitFor();
    await id(b, "phase-RESOLUTION").waitFor();
    await shot(a, "trivia-08-resolution-won");
    await shot(b, "trivia-08-resolution-lost-phone");
    expect(await id(a, "balance-P1").innerText()).toContain("600");

    // Q2: Bo opens with 10, Ada matches; Bo buzzes: the tap itself puts the caret in the answer box.
    await id(b, "betting-your-turn").waitFor();
    await id(b, "bet-10").click();
    await id(a, "match").click();
    await id(b, "buzz").waitFor();
    await id(b, "buzz").tap();
    expect(await b.evaluate(() => document.activeElement?.id)).toBe("answer-input");
    await id(b, "answer-input").fill("definitely not this");
    await shot(b, "trivia-09-answering-phone");
    await id(b, "answer-submit").click();
    await id(a, "buzz").waitFor();
    await id(a, "buzz").click();
    await id(a, "answer-input").fill(await answer(code));
    await id(a, "answer-submit").click();
    await id(a, "phase-RESOLUTION").waitFor();

    // Q3: Ada bets, and Bo's phone drops while Bo must answer the bet: Bo sees "Reconnecting…"
    // (how soon is the connection watcher's to say, on a test clock: test/connection-watch.test.ts),
    // with nothing left to press and a countdown that holds still, and is told the duel waits;
    // Ada sees the clock stopped, and Bo's turn does not time out meanwhile.
    await id(a, "betting-your-turn").waitFor();
    await id(a, "bet-10").click();
    await id(b, "match").waitFor();
    // Four raises on a phone (25, 50, 100 and 390 "all in"): "all in" stays on one line beside
    // its amount (one line of text is about 1.1 em tall; "all" over "in" would be twice that).
    expect(await id(b, "raise-390").textContent()).toMatch(/390\s*all in/);
    const allIn = await id(b, "raise-390")
      .locator(".btn__note")
      .evaluate((el) => el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).fontSize));
    expect(allIn).toBeLessThan(1.6);
    await shot(b, "trivia-09-raise-all-in-phone");
    await mobile.setOffline(true);
    await id(b, "connection-banner").waitFor();
    await id(b, "clock-waits").waitFor();
    for (const button of ["match", "raise-100", "fold"]) expect(await id(b, button).isDisabled()).toBe(true);
    expect(await id(b, "countdown").getAttribute("data-frozen")).toBe("true");
    const frozenAt = await id(b, "countdown").innerText();
    await id(a, "opponent-disconnected").waitFor();
    expect(await id(a, "opponent-disconnected").innerText()).toContain("Bo lost their connection");
    await a.waitForFunction(
      () => document.querySelector('[data-testid="countdown"]')?.getAttribute("data-frozen") === "true",
    );
    await shot(b, "trivia-10-reconnecting-phone");
    await shot(a, "trivia-10-opponent-away");
    // The bet's deadline as it stood when the clock stopped: once the server's clock is past
    // it (its timers run in this process, in order, so one due by then has fired) and nothing
    // is queued for the room, the turn would have timed out by now had the clock not stopped.
    const due = ((await server.live.get(code))!.state as TriviaState).betting!.deadline!;
    await until("the bet's deadline to pass", () => Date.now() > due && server.host.busyRooms() === 0, {
      ms: 60_000,
    });
    expect(await id(b, "countdown").innerText()).toBe(frozenAt);
    const paused = (await server.live.get(code))!.state as TriviaState;
    expect({
      phase: paused.phase,
      clockStopped: paused.pause !== null,
      bo: paused.players.P2.presence === "active",
    }).toEqual({
      phase: "BETTING",
      clockStopped: true,
      bo: false,
    });
    await mobile.setOffline(false);
    await id(a, "notice").waitFor();
    expect(await id(a, "notice").innerText()).toBe("Bo is back.");
    await id(b, "phase-BETTING").waitFor();
    await id(b, "fold").click();
    await id(b, "phase-RESOLUTION").waitFor();

    await id(a, "phase-COMPLETE").waitFor();
    await id(b, "phase-COMPLETE").waitFor();
    expect(await id(a, "match-result").getAttribute("data-winner")).toBe("P1");
    expect(await id(a, "recap").locator("li").count()).toBe(3);
    await shot(a, "trivia-11-complete-won");
    await shot(b, "trivia-11-complete-lost-phone");
    expect(await fitsWidth(b)).toBe(true);
    // The spectator's recap says who took each question by name.
    await id(c, "phase-COMPLETE").waitFor();
    const marks = await id(c, "recap").locator(".recap__mark").allInnerTexts();
    expect(marks).toHaveLength(3);
    for (const m of marks) expect(["Ada", "Bo", "–"]).toContain(m.trim());
    expect(marks).toContain("Ada");
    await shot(c, "trivia-11-complete-spectator");
    // Each page has applied the room's last step: its data-seq is the room's seq.
    const last = String((await server.live.get(code))!.seq);
    for (const p of [a, b, c]) await p.waitForFunction((seq) => document.body.dataset.seq === seq, last);

    // Bo's phone drops once more; back, Bo asks for a rematch and Ada sees it.
    await mobile.setOffline(true);
    await id(b, "connection-banner").waitFor();
    await mobile.setOffline(false);
    await b.waitForFunction(() => document.querySelector('[data-testid="connection-banner"]') === null);
    await id(b, "play-again").click();
    await a.getByText("Bo wants a rematch").first().waitFor();
    // Said once, not in a notice as well as on the end screen.
    expect(await a.getByText("wants a rematch").count()).toBe(1);
    await shot(a, "trivia-12-rematch-asked");
    await id(a, "play-again").click();
    await id(a, "phase-CATEGORY").waitFor();
    await id(b, "phase-CATEGORY").waitFor();
    // The new match has started: nothing about a rematch is left on either screen.
    for (const page of [a, b]) expect(await page.getByText("wants a rematch").count()).toBe(0);

    // A quick second match (every question folded) brings up the running tally.
    for (let q = 0; q < 3; q++) {
      await a.locator('[data-testid="betting-your-turn"], [data-testid="betting-waiting"]').first().waitFor();
      const page = (await id(a, "betting-your-turn").isVisible()) ? a : b;
      await id(page, "betting-your-turn").waitFor();
      await id(page, "fold").click();
      await id(page, "phase-RESOLUTION").waitFor();
    }
    await id(a, "phase-COMPLETE").waitFor();
    await id(a, "tally").waitFor();
    expect(await id(a, "tally").innerText()).toMatch(/Ada \d – \d Bo/);
    await shot(a, "trivia-13-tally");
    // Bo leaves: Ada's end screen still calls Bo by the name Bo played under.
    await id(b, "phase-COMPLETE").waitFor();
    await id(b, "leave").click();
    await a.waitForFunction(() =>
      (document.querySelector('[data-testid="rematch-status"]')?.textContent ?? "").includes("has gone"),
    );
    expect(await id(a, "rematch-status").innerText()).toContain("Bo has gone");
    expect(await id(a, "final-opponent").innerText()).toContain("Bo");
    await id(a, "invite").waitFor();
    await shot(a, "trivia-14-opponent-left");
    await desk.close();
    await mobile.close();
    await watching.close();
  });

  it("a wrong code, a refresh and a spectator", async () => {
    const ctxA = await browser.newContext();
    const ctxB = await browser.newContext(phone);
    const ctxC = await browser.newContext();
    const [a, b, c] = await Promise.all([ctxA, ctxB, ctxC].map((x) => x.newPage()));

    // A mistyped code is "no such room" at once (no name asked first), and creates nothing.
    await a!.goto(`${server.url}/trivia/NOPE99`);
    await id(a!, "room-not-found").waitFor();
    expect(await id(a!, "player-name").count()).toBe(0);
    expect(await id(a!, "room-not-found").innerText()).toContain("No room called NOPE99");
    expect(await server.live.get("NOPE99")).toBeNull();
    await shot(a!, "trivia-14-no-such-room");

    // Bo joins; a refresh keeps Bo's seat.
    const code = await createDuel(a!, "Ada");
    await joinAs(b!, code, "Bo");
    await id(a!, "phase-CATEGORY").waitFor();
    await id(b!, "phase-CATEGORY").waitFor();
    await b!.reload();
    await id(b!, "scoreboard").waitFor();
    expect(await id(b!, "trivia-room").getAttribute("data-seat")).toBe("P2");
    await shot(b!, "trivia-15-after-refresh-phone");
    // A third visitor pastes the invite link into the lobby's code form and watches.
    await c!.goto(`${server.url}/trivia`);
    await id(c!, "join-code").fill(`${server.url}/trivia/${code.toLowerCase()}`);
    await id(c!, "join-room").click();
    await id(c!, "player-name").fill("Cy");
    await id(c!, "name-submit").click();
    await id(c!, "spectator-banner").waitFor();
    expect(await c!.getByText("Both players can buzz").count()).toBe(0);
    await shot(c!, "trivia-16-spectator");

    for (const ctx of [ctxA, ctxB, ctxC]) await ctx.close();
  });

  it("the room form's settings reach the room, and each screen counts down what is left", async () => {
    const ctxA = await browser.newContext();
    const ctxB = await browser.newContext(phone);
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    const { categories } = (await (await fetch(`${server.url}/api/v1/trivia/categories`)).json()) as {
      categories: { name: string; questions: number }[];
    };
    const pick = categories.find((c) => c.questions >= 4)!.name;
    await a.goto(`${server.url}/trivia`);
    await id(a, "creator-name").fill("Ida");
    await a.locator("summary").click();
    await id(a, "setting-questions").fill("4");
    await id(a, "setting-bet").fill("40");
    await id(a, "setting-answer").fill("20");
    await id(a, `category-${pick}`).check();
    await id(a, "strict").check();
    expect(await a.locator("summary").textContent()).toContain(
      "4 questions, 40 s to bet, 20 s to answer, 1 category, exact answers",
    );
    await shot(a, "trivia-17-settings");
    await id(a, "create-room").click();
    await id(a, "phase-WAITING").waitFor();
    const code = ((await id(a, "room-code").textContent()) ?? "").trim();
    const room = async () => (await server.live.get(code))!.state as TriviaState;
    expect((await room()).config).toMatchObject({
      questionsPerMatch: 4,
      betTimeLimitSec: 40,
      answerTimeLimitSec: 20,
      strictMatching: true,
      categories: [pick],
    });

    await joinAs(b, code, "Jo");
    await id(a, "phase-CATEGORY").waitFor();
    const started = await room();
    expect(started.questions.map((q) => q.category)).toEqual([pick, pick, pick, pick]);
    // Betting counts down the room's 40 s (20 s at this server's time scale of 0.5).
    const seconds = async (page: Page) =>
      Number(/\d+/.exec((await id(page, "countdown").first().textContent()) ?? "")?.[0]);
    await a.locator('[data-testid="betting-your-turn"], [data-testid="betting-waiting"]').first().waitFor();
    const [first, second] = (await id(a, "betting-your-turn").isVisible()) ? [a, b] : [b, a];
    await id(first, "betting-your-turn").waitFor();
    const toBet = await seconds(first);
    expect(toBet).toBeGreaterThan(14);
    expect(toBet).toBeLessThanOrEqual(20);
    await shot(first, "trivia-18-bet-countdown");
    await id(first, "bet-10").click();
    await id(second, "match").click();
    // The answer box counts down the room's 20 s to answer (10 s here).
    await id(second, "buzz").waitFor();
    await id(second, "buzz").click();
    await id(second, "answer-input").waitFor();
    const toAnswer = await seconds(second);
    expect(toAnswer).toBeGreaterThan(6);
    // The page's clock is set from the ROOM_STATE it joined with: on a loaded machine that
    // one may arrive a second late, and the page then shows up to a second more.
    expect(toAnswer).toBeLessThanOrEqual(11);
    await shot(second, "trivia-19-answer-countdown");
    for (const ctx of [ctxA, ctxB]) await ctx.close();
  });

  it("leaving always gives the seat up, even straight after joining", async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const code = await createDuel(page, "Eve");
    await id(page, "leave").click();
    await page.waitForURL(`${server.url}/trivia`);
    const s = (await server.live.get(code))!.state as TriviaState;
    expect(s.players.P1.joined).toBe(false);
    await ctx.close();
  });
});
