import { rmSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildWeb, fitsWidth, launch, SCREEN_DIR, shot } from "../support/browser";
import { describeWithChromium, hasChromium } from "../support/needs";
import { call, register } from "../support/serpent-client";
import { JOKER, LUCK, NEGATIVE, POSITIVE, QUESTIONS } from "../support/serpent-decks";
import { startServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;
let webDir: string | undefined;

beforeAll(async () => {
  if (!hasChromium) return;
  webDir = buildWeb();
  // A quarter of real time: the 2 s draw delay is 0.5 s, an answer has 15 s, a guess 7.5 s,
  // the gamemaster 30 s: quick, and still long enough for a driver on a busy machine.
  server = await startServer({ TIME_SCALE: "0.25", WEB_DIR: webDir });
  browser = await launch();
}, 180_000);

afterAll(async () => {
  if (!hasChromium) return;
  await browser?.close();
  await server?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

const id = (page: Page, testId: string) => page.getByTestId(testId);
/** Poll on a timer: a page in the background gets few animation frames. */
const POLL_MS = 40;
/** What the screen shows (not the whole page). */
const view = (page: Page, name: string) => page.screenshot({ path: `${SCREEN_DIR}/${name}.png` });

const PASSWORD = "correct horse 42";
let emails = 0;
const email = (who: string) => `${who}-${++emails}-${Date.now()}@school.example`;

/** Errors a page threw: a test fails on any. */
const thrown: string[] = [];

async function open(opts: Parameters<Browser["newContext"]>[0]): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext(opts);
  const page = await ctx.newPage();
  page.on("pageerror", (e) => thrown.push(`${e.message}`));
  return { ctx, page };
}

const desktop = { viewport: { width: 1280, height: 860 } };
const projector = { viewport: { width: 1920, height: 1080 } };
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** Register in the kit's account form (wherever it is shown). */
async function registerIn(page: Page, name: string) {
  await id(page, "account-mode-register").click();
  await id(page, "account-name").fill(name);
  await id(page, "account-email").fill(email(name.toLowerCase().replace(/\W/g, "")));
  await id(page, "account-password").fill(PASSWORD);
  await id(page, "account-submit").click();
  await id(page, "account-form").waitFor({ state: "detached" });
}

/** The room's phase and this page's task, as the DOM says. */
function look(page: Page) {
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

interface Field {
  type: string;
  step: number;
}

/** The board as the gamemaster's page draws it, and where every token stands. */
async function readBoard(page: Page): Promise<{ fields: Map<number, Field>; at: Map<string, number> }> {
  const raw = await page.evaluate(() => ({
    fields: [...document.querySelectorAll("[data-pos]")].map((c) => [
      Number(c.getAttribute("data-pos")),
      c.getAttribute("data-type") ?? "regular",
      Number(c.getAttribute("data-step")),
    ]),
    at: [...document.querySelectorAll('.sr-board [data-testid^="token-"]')].map((t) => [
      (t.getAttribute("data-testid") ?? "").slice(6),
      Number(t.getAttribute("data-position")),
    ]),
  }));
  return {
    fields: new Map(raw.fields.map(([p, type, step]) => [p as number, { type: type as string, step: step as number }])),
    at: new Map(raw.at as [string, number][]),
  };
}

/** The document's zones by the pre-roll position (0 counts as the first zone). */
const zone = (p: number) => (p <= 20 ? 2 : p <= 40 ? -1 : p <= 60 ? 1 : p <= 80 ? -2 : 3);

/** Every answer UI: the reward deck's six cards show them all. */
const UIS = ["quiz", "pairs", "words", "text", "truefalse", "number"];

interface Seen {
  question: boolean;
  /** The luck cards seen so far: both (a lost turn, an extra turn) before the end. */
  luck: Set<string>;
  joker: boolean;
  /** Answer UIs used, and `${who}-${ui}` for the screenshot of each page's first. */
  uis: Set<string>;
  shot: Set<string>;
  wrongGuess: boolean;
  wrongAnswer: boolean;
  /** A player rolled again on an extra turn. */
  extraTurn: boolean;
}

/**
 * The die to enter (a room with real dice): while the race still has something to show
 * (an answer UI, a joker, a luck card) the field that shows it; then the win if it is in
 * reach, else the longest useful move.
 */
function chooseDie(board: { fields: Map<number, Field> }, from: number, seen: Seen): number {
  const shown = UIS.every((u) => seen.uis.has(u)) && seen.joker && seen.luck.size === LUCK.cards.length;
  const score = (d: number): number => {
    const to = from + d;
    if (to >= 100) return shown ? 1000 : 1;
    const f = board.fields.get(to);
    if (!f) return 0;
    const after = to + f.step + zone(from);
    const landing = board.fields.get(after)?.type;
    // A right guess from here could win before the race has shown everything.
    if (!shown && f.type === "positive" && after >= 98) return 2;
    if (!seen.joker && f.type === "positive" && (landing === "positive" || landing === "negative")) return 500 + d;
    if (seen.luck.size < LUCK.cards.length && f.type === "luck") return 450 + d;
    if (!UIS.every((u) => seen.uis.has(u)) && f.type === "positive") return 400 + d;
    if (f.type === "luck") return 200 + d;
    if (f.type === "positive") return 150 + d;
    if (f.type === "regular") return 100 + d;
    return 50 + d;
  };
  return [1, 2, 3, 4, 5, 6].reduce((best, d) => (score(d) > score(best) ? d : best), 6);
}

type How = "click" | "tap" | "keyboard";

async function press(page: Page, testId: string, how: How) {
  const l = id(page, testId);
  if (how === "tap") return l.tap();
  if (how === "keyboard") {
    await l.focus();
    return l.press("Enter");
  }
  return l.click();
}

/** Answer the card on screen rightly, with the UI its type has. */
async function answer(page: Page, how: How, seen: Seen, who: string) {
  const box = id(page, "card-answer");
  await box.waitFor();
  const ui = (await box.getAttribute("data-ui")) ?? "";
  const question = ((await id(page, "card-question").textContent()) ?? "").trim();
  const card = QUESTIONS.get(question);
  expect(card, `a test deck card: ${question}`).toBeDefined();
  const first = !seen.shot.has(`${who}-${ui}`);
  seen.shot.add(`${who}-${ui}`);
  seen.uis.add(ui);
  // One true-or-false card is answered wrong, so the room sees a wrong answer and its correction.
  const wrong = ui === "truefalse" && !seen.wrongAnswer;
  seen.wrongAnswer ||= wrong;
  if (ui === "quiz") {
    const right = (card!.answer as { answer: string; correct: boolean }[]).find((o) => o.correct)!.answer;
    await press(page, `quiz-${right}`, how);
  } else if (ui === "truefalse") {
    await press(page, `tf-${String(wrong ? !card!.answer : card!.answer)}`, how);
  } else if (ui === "text") {
    await id(page, "answer-text").fill((card!.answer as string[])[0]!);
  } else if (ui === "number") {
    await id(page, "answer-number").fill(String((card!.answer as { correct: number }).correct));
  } else if (ui === "words") {
    for (const w of (card!.answer as string).split(" "))
      await press(
        page,
        (await page.locator(`[data-testid^="word-"][data-word="${w}"]`).first().getAttribute("data-testid"))!,
        how,
      );
  } else if (ui === "pairs") {
    const pairs = card!.answer as { left: string; right: string }[];
    const slots = page.locator('[data-testid^="slot-"]');
    for (let i = 0; i < pairs.length; i++) {
      const right = page.locator(`[data-testid^="right-"][data-text="${pairs[i]!.right}"]`).first();
      const slot = slots.nth(i);
      // A mouse drags the answer onto its match; a finger taps the answer, then the place.
      if (how === "click") await right.dragTo(slot);
      else if (how === "tap") {
        await right.tap();
        await slot.tap();
      } else {
        await right.focus();
        await right.press("Enter");
        await slot.focus();
        await slot.press("Enter");
      }
    }
  }
  if (first) await view(page, `serpent-answer-${ui}-${who}`);
  if (ui === "text" && how === "keyboard") await id(page, "answer-text").press("Enter");
  else await press(page, "answer-submit", how);
  seen.question = true;
}

/** Work out the formula on screen and enter the sum (or, once, a wrong one to see the penalty). */
async function guess(page: Page, how: How, seen: Seen, who: string, joker: boolean) {
  await id(page, "guess-prompt").waitFor();
  const terms = await Promise.all([0, 1, 2, 3].map((i) => id(page, `formula-${i}`).textContent()));
  const sum = terms.reduce((n, t) => n + Number((t ?? "0").replace("−", "-")), 0);
  const wrong = !seen.wrongGuess && !joker;
  seen.wrongGuess ||= wrong;
  await id(page, "guess-input").fill(String(wrong ? sum + 1 : sum));
  await view(page, `serpent-guess-${joker ? "joker" : "card"}-${who}`);
  if (how === "keyboard") await id(page, "guess-input").press("Enter");
  else await press(page, "guess-submit", how);
}

describeWithChromium("SerpentRace in the browser", () => {
  it("a gamemaster (projected) and two players (one on a phone) race to the end with a question, a luck card and a joker", async () => {
    // The gamemaster has an account and a small set of decks, so every draw is known.
    const teacher = await register(server.url, "Ms Rivera");
    const teacherEmail = (await call(server.url, "GET", "/api/v1/auth/me", { token: teacher.accessToken })).body.user
      .email as string;
    const deckIds: string[] = [];
    for (const d of [POSITIVE, NEGATIVE, LUCK, JOKER]) {
      const r = await call(server.url, "POST", "/api/v1/decks", { token: teacher.accessToken, body: d });
      expect(r.status).toBe(201);
      deckIds.push(r.body.deckid);
    }

    const gm = (await open(projector)).page;
    const ann = (await open(desktop)).page;
    const ben = (await open(phone)).page;
    const how = new Map<Page, How>([
      [ann, "click"],
      [ben, "tap"],
    ]);

    // The gamemaster finds the game on the home page and signs in in place.
    await gm.goto(`${server.url}/`);
    await id(gm, "game-serpent-race").click();
    await id(gm, "account-form").waitFor();
    await shot(gm, "serpent-00-home-signed-out");
    await id(gm, "account-email").fill(teacherEmail);
    await id(gm, "account-password").fill(PASSWORD);
    await id(gm, "account-submit").click();
    await id(gm, "create-form").waitFor();
    // Only the test decks: the shipped ones are ticked to start with.
    for (const box of await gm.locator('[data-testid^="deck-"][type="checkbox"]').all()) {
      const deckId = ((await box.getAttribute("data-testid")) ?? "").slice(5);
      if ((await box.isChecked()) !== deckIds.includes(deckId)) await box.click();
    }
    await id(gm, "max-players").fill("4");
    await id(gm, "physical-dice").check();
    await shot(gm, "serpent-01-create");
    await id(gm, "serpent-create").click();
    await id(gm, "phase-waiting").waitFor();
    const code = ((await id(gm, "room-code").textContent()) ?? "").trim();
    expect(code).toMatch(/^[A-Z0-9]{4,}$/);

    // Ann opens the link; Ben types the code on the home page of his phone.
    await ann.goto(`${server.url}/serpent/${code}`);
    await id(ann, "join-name").fill("Ann");
    await id(ann, "join-submit").click();
    await id(ann, "ready-toggle").waitFor();
    await ben.goto(`${server.url}/`);
    await id(ben, "enter-code").fill(code.toLowerCase());
    await id(ben, "enter-code-go").tap();
    await id(ben, "join-screen").waitFor();
    await shot(ben, "serpent-02-join-phone");
    expect(await fitsWidth(ben)).toBe(true);
    await id(ben, "join-name").fill("Ben");
    await id(ben, "join-submit").tap();
    await id(ben, "ready-toggle").waitFor();

    // Cleo joins by mistake (she is in another class): the gamemaster takes her out, after a question.
    const cleo = (await open(desktop)).page;
    await cleo.goto(`${server.url}/serpent/${code}`);
    await id(cleo, "join-name").fill("Cleo");
    await id(cleo, "join-submit").click();
    await id(cleo, "ready-toggle").waitFor();
    const cleoSeat = (await look(cleo)).seat!;
    await id(gm, `remove-${cleoSeat}`).click();
    await id(gm, `remove-${cleoSeat}-question`).waitFor();
    expect(await id(gm, `remove-${cleoSeat}-question`).textContent()).toContain("Take Cleo out of the game for good?");
    await view(gm, "serpent-04a-lobby-remove-projected");
    await id(gm, `remove-${cleoSeat}-confirm`).click();
    await id(cleo, "player-out").waitFor();
    expect(await id(cleo, "player-out").getAttribute("data-reason")).toBe("removed");
    await shot(cleo, "serpent-04b-removed");
    await gm.getByText("The gamemaster took Cleo out of the game.").first().waitFor();
    expect(await id(gm, `lobby-${cleoSeat}`).count()).toBe(0);
    // She can still watch, and her device is a spectator now.
    await id(cleo, "out-watch").click();
    await id(cleo, "phase-waiting").waitFor();
    expect(await cleo.locator('[data-testid="serpent-room"]').getAttribute("data-role")).toBe("spectator");
    await cleo.context().close();

    // A projector joins with the code alone.
    const wall = (await open(projector)).page;
    await wall.goto(`${server.url}/serpent/${code}/projector`);
    await id(wall, "phase-waiting").waitFor();

    await id(ann, "ready-toggle").click();
    await id(ben, "ready-toggle").tap();
    await gm.waitForFunction(() => document.querySelector('[data-testid="ready-count"]')?.textContent === "2 ready");
    await shot(ben, "serpent-03-lobby-phone");
    expect(await fitsWidth(ben)).toBe(true);
    await view(gm, "serpent-04-lobby-projected");
    await id(gm, "chat-input").fill("Good luck, both of you!");
    await id(gm, "chat-send").click();
    await ben.getByText("Good luck, both of you!").waitFor();
    await id(gm, "start-race").click();
    for (const p of [gm, ann, ben, wall])
      await p.waitForFunction(() => document.querySelector('[data-phase="active"]') !== null, undefined, {
        polling: POLL_MS,
      });
    await view(gm, "serpent-05-board-start");

    const seen: Seen = {
      question: false,
      luck: new Set(),
      joker: false,
      uis: new Set(),
      shot: new Set(),
      wrongGuess: false,
      wrongAnswer: false,
      extraTurn: false,
    };
    const names = new Map<Page, string>([
      [ann, "ann"],
      [ben, "phone"],
    ]);
    let reloaded = false;
    let offline = false;
    let awaySkipped = false;
    const shots = { card: false, decision: false, luck: false, skip: false, wall: false };
    const deadline = Date.now() + 300_000;
    // Ann switches between the mouse (she drags matches) and the keyboard, move by move.
    let annTurns = 0;
    for (;;) {
      if (Date.now() > deadline) {
        // Say where it stands, so a race that stalls can be told from a slow one.
        for (const [p, name] of [
          [gm, "gm"],
          [ann, "ann"],
          [ben, "ben"],
        ] as const)
          await view(p, `serpent-stuck-${name}`);
        const where = await Promise.all([gm, ann, ben].map((p) => look(p)));
        const feed = await gm.evaluate(() => document.querySelector('[data-testid="feed"]')?.textContent ?? "");
        throw new Error(`the race did not end in time: ${JSON.stringify(where)}; feed: ${feed}`);
      }
      const gmNow = await look(gm);
      if (gmNow.ended) break;
      // The gamemaster rules on a joker: approve, so the joker moves the player (a reward field).
      if (await id(gm, "decision-panel").count()) {
        seen.joker = true;
        if (!shots.decision) {
          await view(gm, "serpent-07-decision-projected");
          shots.decision = true;
          // The gamemaster's page reloads with a ruling waiting: the sync brings the request back.
          await gm.reload();
          await id(gm, "decision-panel").waitFor();
        }
        await id(gm, "decision-approve").click();
        await id(gm, "decision-panel").waitFor({ state: "detached" });
        continue;
      }
      if (await id(gm, "luck-view").count()) {
        seen.luck.add((await gm.locator('[data-testid="luck-view"] .sr-card__question').textContent()) ?? "");
        if (!shots.luck) await view(gm, "serpent-08-luck-projected");
        shots.luck = true;
      }
      // Once, after his reload, Ben's phone loses the line on his roll: the board shows him away
      // with the time before his turn is skipped, and the gamemaster skips it sooner, after a question.
      if (!awaySkipped && reloaded && (await look(ben)).task === "roll") {
        awaySkipped = true;
        await ben.context().setOffline(true);
        await id(gm, "away-countdown").waitFor({ timeout: 10_000 });
        expect(await id(gm, "away-notice").textContent()).toMatch(/^Ben is away: their turn is skipped in/);
        expect(await id(wall, "away-notice").count()).toBe(1);
        await id(gm, "skip-turn").click();
        await id(gm, "skip-turn-question").waitFor();
        await view(gm, "serpent-09a-away-skip-projected");
        await id(gm, "skip-turn-confirm").click();
        for (const p of [gm, ann])
          await p.getByText("The gamemaster skipped Ben's turn.").first().waitFor({ timeout: 5_000 });
        await id(gm, "away-notice").waitFor({ state: "detached" });
        await ben.context().setOffline(false);
        await ben.waitForFunction(
          () => document.querySelector('[data-testid="serpent-room"]')?.getAttribute("data-connection") === "online",
          undefined,
          { polling: POLL_MS, timeout: 15_000 },
        );
        continue;
      }
      if (!shots.skip && (await id(ben, "skip-notice").count())) {
        await view(ben, "serpent-09-skip-phone");
        shots.skip = true;
      }
      let acted = false;
      for (const p of [ann, ben]) {
        const me = await look(p);
        const who = names.get(p)!;
        const h = p === ann ? (annTurns % 2 === 0 ? "click" : "keyboard") : how.get(p)!;
        if (me.task === "roll") {
          // Once, mid-race, the phone reloads: its stored game token takes the same place back.
          if (p === ben && !reloaded && seen.question) {
            reloaded = true;
            const seat = me.seat;
            await ben.reload();
            await ben.waitForFunction(
              (s) => document.querySelector('[data-testid="serpent-room"]')?.getAttribute("data-seat") === s,
              seat,
              { polling: POLL_MS },
            );
            await id(ben, "dice-panel").waitFor();
          }
          // And once Ann's line drops: the banner says so, and the sync brings her back.
          if (p === ann && !offline && seen.question) {
            offline = true;
            await ann.context().setOffline(true);
            await id(ann, "connection-banner").waitFor({ timeout: 10_000 });
            await view(ann, "serpent-10-reconnecting");
            await ann.context().setOffline(false);
            await id(ann, "connection-banner").waitFor({ state: "detached", timeout: 15_000 });
            await id(ann, "dice-panel").waitFor();
          }
          if (((await id(p, "your-turn").textContent()) ?? "").startsWith("Extra turn")) seen.extraTurn = true;
          const board = await readBoard(gm);
          const seat = (await look(p)).seat!;
          const die = chooseDie(board, board.at.get(seat) ?? 0, seen);
          await press(p, `die-${die}`, h);
          acted = true;
        } else if (me.task === "answer") {
          if (!shots.card) {
            await gm.waitForFunction(() => document.querySelector('[data-testid="card-view"]') !== null);
            await view(gm, "serpent-06-question-projected");
            shots.card = true;
          }
          await answer(p, h, seen, who);
          acted = true;
        } else if (me.task === "guess" || me.task === "jokerGuess") {
          await guess(p, h, seen, who, me.task === "jokerGuess");
          acted = true;
        }
        if (acted) {
          if (p === ann) annTurns++;
          // Wait for the page to take the move in before looking again (a new task, or a new turn
          // with the same task: the other player missed theirs).
          await p
            .waitForFunction(
              ([task, turn]) => {
                const screen = document.querySelector('[data-testid="player-screen"]');
                return screen?.getAttribute("data-task") !== task || screen?.getAttribute("data-turn") !== turn;
              },
              [me.task, me.turn] as const,
              { polling: POLL_MS, timeout: 10_000 },
            )
            .catch(() => undefined);
          break;
        }
      }
      if (!shots.wall && seen.question) {
        await view(wall, "serpent-11-projector-view");
        shots.wall = true;
      }
      if (!acted) await gm.waitForTimeout(60);
    }

    // The end: everyone sees the winner and each player's report.
    for (const p of [gm, ann, ben, wall]) await id(p, "phase-ended").waitFor();
    // The room closes and the server lets every socket go: a clean end, no "Reconnecting…".
    for (const p of [gm, ann, ben, wall]) {
      await p.waitForFunction(
        () => document.querySelector('[data-testid="serpent-room"]')?.getAttribute("data-connection") === "closed",
        undefined,
        { polling: POLL_MS, timeout: 10_000 },
      );
    }
    // Past the heartbeat's window (a silent line shows the banner within about 2 s).
    await gm.waitForTimeout(2500);
    for (const p of [gm, ann, ben, wall]) {
      expect(await id(p, "connection-banner").count()).toBe(0);
      expect(await id(p, "connection-closed").count()).toBe(0);
      expect(await p.locator('[data-testid="serpent-room"]').getAttribute("data-connection")).toBe("closed");
    }
    expect(seen.question && seen.joker && awaySkipped).toBe(true);
    // Both luck cards came up: a lost turn (its skip told) and an extra turn, whose second roll
    // needs the die buttons fresh again.
    expect([...seen.luck].sort()).toEqual(LUCK.cards.map((c) => c.question).sort());
    expect(seen.extraTurn).toBe(true);
    const winner = (await id(gm, "winner").textContent()) ?? "";
    expect(winner).toMatch(/^(Ann|Ben) wins!$/);
    const reports = await gm.locator('[data-testid^="report-P"]').count();
    expect(reports).toBeGreaterThanOrEqual(2);
    await view(gm, "serpent-12-end-projected");
    await shot(ben, "serpent-13-end-phone");
    expect(await fitsWidth(ben)).toBe(true);
    // The results outlive the room: a refresh after the end still shows them.
    await ben.reload();
    await id(ben, "phase-ended").waitFor();
    expect([...seen.uis].sort()).toEqual([...UIS].sort());
    expect(seen.wrongAnswer && seen.wrongGuess).toBe(true);
    expect(thrown).toEqual([]);
  }, 360_000);

  it("a PRIVATE game and an ORGANIZATION game, joined with accounts; a player who is away is skipped", async () => {
    const teacher = (await open(desktop)).page;
    const kim = (await open(phone)).page;
    const lee = (await open(desktop)).page;

    // The teacher registers in place and hosts a PRIVATE game with the shipped decks; the server rolls.
    await teacher.goto(`${server.url}/serpent`);
    await registerIn(teacher, "Mr Okafor");
    await id(teacher, "create-form").waitFor();
    await teacher.waitForFunction(() => document.querySelectorAll('[data-testid^="deck-"]:checked').length >= 4);
    await id(teacher, "login-1").check();
    await id(teacher, "serpent-create").click();
    await id(teacher, "phase-waiting").waitFor();
    const privateCode = ((await id(teacher, "room-code").textContent()) ?? "").trim();

    // A student with no account is asked for one, registers, and joins under the account's name.
    for (const [p, name] of [
      [kim, "Kim"],
      [lee, "Lee"],
    ] as const) {
      await p.goto(`${server.url}/serpent/${privateCode}`);
      await id(p, "join-screen").waitFor();
      expect(await id(p, "join-screen").getAttribute("data-game-type")).toBe("PRIVATE");
      if (p === kim) await shot(kim, "serpent-20-private-join-phone");
      await registerIn(p, name);
      await id(p, "join-submit").click();
      await id(p, "ready-toggle").waitFor();
      await id(p, "ready-toggle").click();
    }
    await teacher.waitForFunction(
      () => document.querySelector('[data-testid="ready-count"]')?.textContent === "2 ready",
    );
    expect(await id(teacher, "lobby-P1").textContent()).toContain("Kim");
    await id(teacher, "start-race").click();
    // The first player rolls with the server's die.
    let roller: Page | null = null;
    for (let i = 0; i < 100 && !roller; i++) {
      for (const p of [kim, lee]) if ((await look(p)).task === "roll") roller = p;
      if (!roller) await kim.waitForTimeout(50);
    }
    expect(roller).not.toBeNull();
    await shot(roller!, "serpent-21-private-roll");
    await id(roller!, "roll").click();
    await teacher.locator('[data-testid="die-face"]').first().waitFor();
    await view(teacher, "serpent-22-private-rolled");

    // An ORGANIZATION game: the teacher creates the organisation in the form; students join it with its invite code.
    await teacher.goto(`${server.url}/serpent`);
    await id(teacher, "create-form").waitFor();
    await id(teacher, "login-2").check();
    await id(teacher, "org-name").fill("Class 4B");
    await id(teacher, "org-create").click();
    const invite = ((await id(teacher, "org-invite-code").textContent()) ?? "").trim();
    expect(invite.length).toBeGreaterThanOrEqual(4);
    await shot(teacher, "serpent-23-org-create");
    await id(teacher, "serpent-create").click();
    await id(teacher, "phase-waiting").waitFor();
    const orgCode = ((await id(teacher, "room-code").textContent()) ?? "").trim();

    for (const p of [kim, lee]) {
      await p.goto(`${server.url}/serpent/${orgCode}`);
      await id(p, "join-form").waitFor();
      expect(await id(p, "join-screen").getAttribute("data-game-type")).toBe("ORGANIZATION");
      await id(p, "join-submit").click();
      // Not a member yet: the page asks for the invite code, joins the organisation, then the race.
      await id(p, "join-invite").waitFor();
      if (p === kim) await shot(kim, "serpent-24-org-invite-phone");
      await id(p, "join-invite").fill(invite);
      await id(p, "join-submit").click();
      await id(p, "ready-toggle").waitFor();
      await id(p, "ready-toggle").click();
    }
    await teacher.waitForFunction(
      () => document.querySelector('[data-testid="ready-count"]')?.textContent === "2 ready",
    );
    await id(teacher, "start-race").click();
    for (const p of [kim, lee]) await p.waitForFunction(() => document.querySelector('[data-phase="active"]') !== null);
    await shot(kim, "serpent-25-org-race-phone");
    expect(await fitsWidth(kim)).toBe(true);

    // The first to roll loses the line before rolling: the other player's screen shows them
    // away, and after 30 s (scaled) the server skips their turn without anyone's say.
    let first: Page | null = null;
    for (let i = 0; i < 100 && !first; i++) {
      for (const p of [kim, lee]) if ((await look(p)).task === "roll") first = p;
      if (!first) await kim.waitForTimeout(50);
    }
    expect(first).not.toBeNull();
    const other = first === kim ? lee : kim;
    await first!.context().setOffline(true);
    await id(other, "away-notice").waitFor({ timeout: 10_000 });
    expect(await id(other, "away-notice").textContent()).toMatch(/is away: their turn is skipped/);
    await shot(other, "serpent-26-org-away");
    await other
      .getByText(/was away: their turn was skipped\./)
      .first()
      .waitFor({ timeout: 20_000 });
    await id(other, "dice-panel").waitFor();
    await first!.context().setOffline(false);
    await first!.waitForFunction(
      () => document.querySelector('[data-testid="serpent-room"]')?.getAttribute("data-connection") === "online",
      undefined,
      { polling: POLL_MS, timeout: 15_000 },
    );
    expect(await id(other, "away-notice").count()).toBe(0);
    expect(thrown).toEqual([]);
  }, 180_000);
});
