import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { browserPerFile, fitsWidth, shot } from "../support/browser";
import { describeWithChromium } from "../support/needs";
import { call } from "../support/rest";
import { register } from "../support/serpent-client";
import { JOKER, LUCK, NEGATIVE, POSITIVE, QUESTIONS } from "../support/serpent-decks";
import {
  connection,
  desktop,
  id,
  type Look,
  look,
  PASSWORD,
  Pages,
  POLL_MS,
  phone,
  projector,
  view,
} from "../support/serpent-pages";
import { until } from "../support/waits";

/**
 * SerpentRace's public race in a real browser: a gamemaster on a projector, two players (one
 * on a phone) and a projector page race on a short board to the end, through every answer
 * UI, both luck cards, a joker, a reload, a dropped line and a skipped turn. Games for
 * accounts and organisations are serpent-accounts.browser.test.ts.
 */
// A fifth of real time: the 2 s draw delay is 0.4 s, an answer has 12 s, a guess 6 s, the
// gamemaster 24 s, and an away player's roll is skipped after 6 s: the gamemaster skips it
// sooner by hand, with time to spare on a busy machine.
const { server, browser } = browserPerFile({ TIME_SCALE: "0.2" });
const pages = new Pages(() => browser);
const open = (opts: Parameters<Pages["open"]>[0]) => pages.open(opts);

/**
 * A short board (the create form's "Board size"): rows of nine, one pattern zone a row. Long
 * enough for the race to show everything below before someone must win, short enough for
 * about sixteen rolls.
 */
const BOARD_SIZE = 45;

interface Field {
  type: string;
  step: number;
}

interface Board {
  size: number;
  fields: Map<number, Field>;
  at: Map<string, number>;
}

/** The board as a page draws it, and where every token stands. */
async function readBoard(page: Page): Promise<Board> {
  const raw = await page.evaluate(() => ({
    fields: [...document.querySelectorAll(".sr-board [data-pos]")].map((c) => [
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
    size: raw.fields.length,
    fields: new Map(raw.fields.map(([p, type, step]) => [p as number, { type: type as string, step: step as number }])),
    at: new Map(raw.at as [string, number][]),
  };
}

/** The zone modifier of a pre-roll position: fifths of the board (0 counts as the first). */
const zone = (p: number, size: number) => [2, -1, 1, -2, 3][Math.min(4, Math.max(0, Math.ceil((p * 5) / size) - 1))]!;

/** Every answer UI: each question deck's six cards show them all. */
const UIS = ["quiz", "pairs", "words", "text", "truefalse", "number"];

interface Seen {
  question: boolean;
  /** The luck cards seen so far: both (a lost turn, an extra turn) before the end. */
  luck: Set<string>;
  joker: boolean;
  /** Answer UIs used, and the screenshots taken (each page's first of every answer UI and guess). */
  uis: Set<string>;
  shot: Set<string>;
  wrongGuess: boolean;
  wrongAnswer: boolean;
  /** A player rolled again on an extra turn. */
  extraTurn: boolean;
}

/** Everything the race is to show has been shown: now it may end. */
const allShown = (seen: Seen) =>
  UIS.every((u) => seen.uis.has(u)) && seen.joker && seen.luck.size === LUCK.cards.length && seen.extraTurn;

/**
 * Where a die takes a player who answers rightly and guesses as the driver does (the first
 * guess of the race wrong, by design), and the gamemaster approves every joker: the field it
 * ends on, whether that wins, and what it shows on the way (a card, a joker, a luck card).
 */
function outcome(board: Board, from: number, die: number, seen: Seen) {
  const n = board.size;
  const to = from + die;
  if (to >= n) return { final: n, win: true, shows: null };
  const f = board.fields.get(to)!;
  if (f.type !== "positive") return { final: to, win: false, shows: f.type };
  const after = Math.max(1, to + f.step + zone(from, n) - (seen.wrongGuess ? 0 : 2));
  if (after >= n) return { final: n, win: true, shows: "positive" };
  const landing = board.fields.get(after)!;
  // A secondary landing draws a joker; approved on a reward field, it moves 6 + step + zone.
  if (landing.type === "negative") return { final: after, win: false, shows: "joker" };
  if (landing.type !== "positive") return { final: after, win: false, shows: "positive" };
  const joker = after + 6 + landing.step + zone(after, n);
  return { final: Math.min(n, joker), win: joker >= n, shows: "joker" };
}

/**
 * The die to enter (a room with real dice). Once everything is shown, the furthest move (the
 * win if in reach). Before that: never the win while another move is left; a move that shows
 * something still unseen (a joker, a luck card, a card with an unseen answer UI), the
 * shortest such first, to keep the board for what is still to come; else the shortest move
 * that still goes forward, so the race cannot circle.
 */
function chooseDie(board: Board, from: number, seen: Seen): number {
  const done = allShown(seen);
  const unseen = UIS.filter((u) => !seen.uis.has(u));
  const score = (die: number): number => {
    const o = outcome(board, from, die, seen);
    if (done) return o.final + (o.win ? 1000 : 0);
    if (o.win) return -1000 + die;
    const cost = (o.final - from) * 5;
    if (o.shows === "joker" && !seen.joker) return 500 - cost;
    if (o.shows === "luck" && (seen.luck.size < LUCK.cards.length || !seen.extraTurn)) return 450 - cost;
    if ((o.shows === "positive" || o.shows === "joker" || o.shows === "negative") && unseen.length) return 400 - cost;
    if (o.final <= from) return -500;
    return 100 - cost;
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
  const name = `serpent-guess-${joker ? "joker" : "card"}-${who}`;
  if (!seen.shot.has(name)) await view(page, name);
  seen.shot.add(name);
  if (how === "keyboard") await id(page, "guess-input").press("Enter");
  else await press(page, "guess-submit", how);
}

/** A page took the move in: its task or its turn changed (a missed turn keeps the task). */
function movedOn(page: Page, before: Look) {
  return page.waitForFunction(
    ([task, turn]) => {
      const screen = document.querySelector('[data-testid="player-screen"]');
      return screen?.getAttribute("data-task") !== task || screen?.getAttribute("data-turn") !== turn;
    },
    [before.task, before.turn] as const,
    { polling: POLL_MS },
  );
}

type Next = { kind: "ended" } | { kind: "decision" } | { kind: "task"; page: Page; now: Look };

const TASKS = ["roll", "answer", "guess", "jokerGuess"];

/**
 * Wait until the race needs someone: the gamemaster's ruling on a joker, a player's task, or
 * the end. Between them the server is drawing a card (its delay) or the pages are catching up.
 */
async function nextMove(gm: Page, players: Page[], timeoutMs: number, stuck: () => Promise<Error>): Promise<Next> {
  const next = async (): Promise<Next | null> => {
    const [ended, deciding] = await gm.evaluate(() => [
      document.querySelector('[data-testid="phase-ended"]') !== null,
      document.querySelector('[data-testid="decision-panel"]') !== null,
    ]);
    if (ended) return { kind: "ended" };
    if (deciding) return { kind: "decision" };
    for (const page of players) {
      const now = await look(page);
      if (now.task && TASKS.includes(now.task)) return { kind: "task", page, now };
    }
    return null;
  };
  try {
    return await until("the race to need someone", next, { ms: timeoutMs, everyMs: POLL_MS });
  } catch (err) {
    if (String(err).includes("timed out")) throw await stuck();
    throw err;
  }
}

/** The page's socket is closed, with no banner (that it stays so is the connection watcher's test). */
async function isClosed(page: Page) {
  const state = await page.evaluate(() => ({
    connection: document.querySelector('[data-testid="serpent-room"]')?.getAttribute("data-connection"),
    banner: document.querySelector('[data-testid="connection-banner"], [data-testid="connection-closed"]') !== null,
  }));
  expect(state).toEqual({ connection: "closed", banner: false });
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

    // The gamemaster finds the game on the home page and signs in in place.
    await gm.goto(`${server.url}/`);
    await id(gm, "game-serpent-race").click();
    await id(gm, "account-form").waitFor();
    await shot(gm, "serpent-00-home-signed-out");
    await id(gm, "account-email").fill(teacherEmail);
    await id(gm, "account-password").fill(PASSWORD);
    await id(gm, "account-submit").click();
    await id(gm, "create-form").waitFor();
    // Only the test decks: the shipped ones are ticked to start with (once the list is in).
    const checked = () =>
      gm.evaluate(() =>
        [...document.querySelectorAll('[data-testid^="deck-"][type="checkbox"]:checked')]
          .map((b) => (b.getAttribute("data-testid") ?? "").slice(5))
          .sort(),
      );
    await id(gm, `deck-${deckIds[0]}`).waitFor();
    await gm.waitForFunction(() => document.querySelectorAll('[data-testid^="deck-"]:checked').length >= 4);
    for (const box of await gm.locator('[data-testid^="deck-"][type="checkbox"]').all()) {
      const deckId = ((await box.getAttribute("data-testid")) ?? "").slice(5);
      if ((await box.isChecked()) !== deckIds.includes(deckId)) await box.click();
    }
    expect(await checked()).toEqual([...deckIds].sort());
    await id(gm, "max-players").fill("4");
    // The board is 100 fields unless the gamemaster picks another size: a short race here.
    expect(await id(gm, "board-size").inputValue()).toBe("100");
    await id(gm, "board-size").fill(String(BOARD_SIZE));
    await id(gm, "physical-dice").check();
    // The timers are the document's unless changed (folded away in the form).
    await id(gm, "timers").locator("summary").click();
    expect(await id(gm, "timer-answerSeconds").inputValue()).toBe("60");
    expect(await id(gm, "timer-decisionSeconds").inputValue()).toBe("120");
    await shot(gm, "serpent-01-create");
    await id(gm, "serpent-create").click();
    await id(gm, "phase-waiting").waitFor();
    const code = ((await id(gm, "room-code").textContent()) ?? "").trim();
    expect(code).toMatch(/^[A-Z0-9]{4,}$/);
    expect(await id(gm, "board-fields").textContent()).toBe(`${BOARD_SIZE} fields`);

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

    // A projector opens the link on the gamemaster's screen (a public game's code alone would do too).
    const wall = (await open(projector)).page;
    const link = (await id(gm, "projector-link").getAttribute("href")) ?? "";
    expect(link).toMatch(new RegExp(`^/serpent/${code}/projector\\?key=.+`));
    await wall.goto(`${server.url}${link}`);
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
      await p.locator('[data-testid="serpent-room"][data-phase="active"]').waitFor();
    // Every screen draws the board at the chosen size.
    for (const p of [gm, ann, ben, wall]) expect((await readBoard(p)).size).toBe(BOARD_SIZE);
    await view(gm, "serpent-05-board-start");
    await shot(ben, "serpent-05b-board-start-phone");
    expect(await fitsWidth(ben)).toBe(true);

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
    // Ann switches between the mouse (she drags matches) and the keyboard, move by move; Ben taps.
    let annMoves = 0;
    let rolls = 0;
    /** Say where the race stands, so one that stalls can be told from a slow one. */
    const stuck = async (why: string) => {
      for (const [p, name] of [
        [gm, "gm"],
        [ann, "ann"],
        [ben, "ben"],
      ] as const)
        await view(p, `serpent-stuck-${name}`);
      const where = await Promise.all([gm, ann, ben].map((p) => look(p)));
      const feed = await gm.evaluate(() => document.querySelector('[data-testid="feed"]')?.textContent ?? "");
      return new Error(
        `${why}: ${JSON.stringify(where)}; seen ${JSON.stringify({ ...seen, luck: [...seen.luck], uis: [...seen.uis], shot: undefined })}; feed: ${feed}`,
      );
    };
    for (;;) {
      // The longest quiet stretch is a card's draw delay; 20 s means something is stuck.
      const next = await nextMove(gm, [ann, ben], 20_000, () => stuck("nobody has anything to do"));
      if (next.kind === "ended") break;
      // The gamemaster rules on a joker: approve, so the joker moves the player (a reward field).
      if (next.kind === "decision") {
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
      const { page: p, now: me } = next;
      const who = names.get(p)!;
      const how: How = p === ben ? "tap" : annMoves % 2 === 0 ? "click" : "keyboard";
      if (me.task === "roll") {
        const extra = ((await id(p, "your-turn").textContent()) ?? "").startsWith("Extra turn");
        // Once, after his reload, Ben's phone loses the line on his roll (not an extra one, which
        // the race still has to show): the board shows him away with the time before his turn is
        // skipped, and the gamemaster skips it sooner, after a question.
        if (p === ben && reloaded && !awaySkipped && !extra) {
          awaySkipped = true;
          await ben.context().setOffline(true);
          // The server hears of it when the socket closes, or at the latest when a ping goes
          // unanswered: 10 s between pings and 5 s to answer.
          await id(gm, "away-countdown").waitFor();
          expect(await id(gm, "away-notice").textContent()).toMatch(/^Ben is away: their turn is skipped in/);
          await id(wall, "away-notice").waitFor();
          await id(gm, "skip-turn").click();
          await id(gm, "skip-turn-question").waitFor();
          await view(gm, "serpent-09a-away-skip-projected");
          await id(gm, "skip-turn-confirm").click();
          for (const q of [gm, ann]) await q.getByText("The gamemaster skipped Ben's turn.").first().waitFor();
          await id(gm, "away-notice").waitFor({ state: "detached" });
          await ben.context().setOffline(false);
          await connection(ben, "online");
          continue;
        }
        // Once, mid-race, the phone reloads: its stored game token takes the same place back.
        if (p === ben && !reloaded && seen.question) {
          reloaded = true;
          await ben.reload();
          await ben.locator(`[data-testid="serpent-room"][data-seat="${me.seat}"]`).waitFor();
          await id(ben, "dice-panel").waitFor();
        }
        // And once Ann's line drops: the banner says so, and the sync brings her back.
        if (p === ann && !offline && seen.question) {
          offline = true;
          await ann.context().setOffline(true);
          await id(ann, "connection-banner").waitFor();
          await view(ann, "serpent-10-reconnecting");
          await ann.context().setOffline(false);
          await id(ann, "connection-banner").waitFor({ state: "detached" });
          await id(ann, "dice-panel").waitFor();
        }
        if (extra) seen.extraTurn = true;
        // The player's own page: it has taken in every move before offering this roll.
        const board = await readBoard(p);
        const from = board.at.get(me.seat!) ?? 0;
        const die = chooseDie(board, from, seen);
        await press(p, `die-${die}`, how);
        await movedOn(p, me);
        rolls++;
        // A luck card: the projected board shows it until the next roll.
        if (from + die < board.size && board.fields.get(from + die)?.type === "luck") {
          const card = gm.locator(`[data-testid="luck-view"][data-turn="${me.turn}"]`);
          await card.waitFor();
          const question = ((await card.locator(".sr-card__question").textContent()) ?? "").trim();
          seen.luck.add(question);
          if (!shots.luck) await view(gm, "serpent-08-luck-projected");
          shots.luck = true;
          // Ben's phone says he will miss his next turn.
          if (p === ben && question === LUCK.cards[0]!.question && !shots.skip) {
            await id(ben, "skip-notice").waitFor();
            await view(ben, "serpent-09-skip-phone");
            shots.skip = true;
          }
        }
        // Some 16 rolls on this board (about 35 at worst); far more means the race circles.
        if (rolls > 80) throw await stuck(`${rolls} rolls and the race has not ended`);
      } else if (me.task === "answer") {
        if (!shots.card) {
          await id(gm, "card-view").waitFor();
          await view(gm, "serpent-06-question-projected");
          shots.card = true;
        }
        await answer(p, how, seen, who);
        await movedOn(p, me);
        if (!shots.wall) {
          await id(wall, "card-view").waitFor();
          await view(wall, "serpent-11-projector-view");
          shots.wall = true;
        }
      } else {
        await guess(p, how, seen, who, me.task === "jokerGuess");
        await movedOn(p, me);
      }
      if (p === ann) annMoves++;
    }

    // The end: everyone sees the winner and each player's report.
    for (const p of [gm, ann, ben, wall]) await id(p, "phase-ended").waitFor();
    // The room closes and the server lets every socket go: a clean end, no "Reconnecting…"
    // (nor later, past the heartbeat's window: test/connection-watch.test.ts).
    for (const p of [gm, ann, ben, wall]) await connection(p, "closed");
    for (const p of [gm, ann, ben, wall]) await isClosed(p);
    expect(seen.question && seen.joker && awaySkipped && reloaded && offline).toBe(true);
    // Both luck cards came up: a lost turn (its skip told) and an extra turn, whose second roll
    // needs the die buttons fresh again.
    expect([...seen.luck].sort()).toEqual(LUCK.cards.map((c) => c.question).sort());
    expect(seen.extraTurn).toBe(true);
    const winner = (await id(gm, "winner").textContent()) ?? "";
    expect(winner).toMatch(/^(Ann|Ben) wins!$/);
    const reports = await gm.locator('[data-testid^="report-P"]').count();
    expect(reports).toBeGreaterThanOrEqual(2);
    // The winner stands on the last field of the short board.
    expect(await gm.locator(".sr-final__row.is-winner .sr-final__pos").textContent()).toBe(`field ${BOARD_SIZE}`);
    await view(gm, "serpent-12-end-projected");
    await shot(ben, "serpent-13-end-phone");
    expect(await fitsWidth(ben)).toBe(true);
    // The results outlive the room: a refresh after the end still shows them.
    await ben.reload();
    await id(ben, "phase-ended").waitFor();
    // Every end screen leads somewhere: back to /serpent, and for the gamemaster a new race.
    for (const p of [gm, ann, ben, wall]) expect(await id(p, "end-back").getAttribute("href")).toBe("/serpent");
    expect(await id(ann, "race-again").count()).toBe(0);
    await id(gm, "race-again").click();
    await id(gm, "phase-waiting").waitFor();
    const nextCode = ((await id(gm, "room-code").textContent()) ?? "").trim();
    expect(nextCode).toMatch(/^[A-Z0-9]{4,}$/);
    expect(nextCode).not.toBe(code);
    // Same settings: the short board and real dice.
    expect(await id(gm, "board-fields").textContent()).toBe(`${BOARD_SIZE} fields`);
    // The players' and the projector's end screens show the new code; a phone joins with a tap.
    for (const p of [ann, ben, wall]) await p.locator(`[data-testid="next-race"][data-code="${nextCode}"]`).waitFor();
    expect(await id(wall, "next-code").textContent()).toBe(nextCode);
    await view(wall, "serpent-14-next-race-projector");
    await shot(ben, "serpent-15-next-race-phone");
    expect(await fitsWidth(ben)).toBe(true);
    await id(ben, "join-next").tap();
    await id(ben, "join-screen").waitFor();
    expect(await id(ben, "join-name").inputValue()).toBe("Ben");
    await id(ben, "join-submit").tap();
    await id(ben, "ready-toggle").waitFor();
    await gm.locator('[data-testid="lobby-players"]').getByText("Ben").waitFor();
    await view(gm, "serpent-16-next-race-lobby");
    expect([...seen.uis].sort()).toEqual([...UIS].sort());
    expect(seen.wrongAnswer && seen.wrongGuess).toBe(true);
    expect(pages.thrown).toEqual([]);
  });
});
