import { rmSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildWeb, fitsWidth, launch, shot } from "../support/browser";
import { describeWithChromium, hasChromium } from "../support/needs";
import {
  connection,
  desktop,
  firstToRoll,
  id,
  Pages,
  POLL_MS,
  phone,
  registerIn,
  view,
} from "../support/serpent-pages";
import { startServer, type TestServer } from "../support/server";

/**
 * SerpentRace games for accounts: a PRIVATE game and an ORGANIZATION game joined by signed-in
 * players, and the server skipping the roll of a player who is away. The public race with
 * its gamemaster and projector is serpent.browser.test.ts.
 */
let server: TestServer;
let browser: Browser;
let webDir: string | undefined;
const pages = new Pages(() => browser);
const open = (opts: Parameters<Pages["open"]>[0]) => pages.open(opts);

/**
 * Less than a sixth of real time: a player who is away loses their roll after 4.5 s instead
 * of 30 s, still time enough for the other page to show it first.
 */
const TIME_SCALE = 0.15;

beforeAll(async () => {
  if (!hasChromium) return;
  webDir = buildWeb();
  server = await startServer({ TIME_SCALE: String(TIME_SCALE), WEB_DIR: webDir });
  browser = await launch();
}, 180_000);

afterAll(async () => {
  if (!hasChromium) return;
  await browser?.close();
  await server?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

describeWithChromium("SerpentRace in the browser, with accounts", () => {
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
    const roller = await firstToRoll([kim, lee]);
    await shot(roller, "serpent-21-private-roll");
    await id(roller, "roll").click();
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
    for (const p of [kim, lee]) await p.locator('[data-testid="serpent-room"][data-phase="active"]').waitFor();
    await shot(kim, "serpent-25-org-race-phone");
    expect(await fitsWidth(kim)).toBe(true);

    // The first to roll loses the line before rolling: the other player's screen shows them
    // away, and after 30 s (scaled to 4.5 s) the server skips their turn without anyone's say.
    const first = await firstToRoll([kim, lee]);
    const other = first === kim ? lee : kim;
    await first.context().setOffline(true);
    // Read as it appears: the notice lasts only until the skip.
    const notice = await other.waitForFunction(
      () => document.querySelector('[data-testid="away-notice"]')?.textContent,
      undefined,
      { polling: POLL_MS, timeout: 10_000 },
    );
    expect(await notice.jsonValue()).toMatch(/is away: their turn is skipped/);
    await view(other, "serpent-26-org-away");
    await other
      .getByText(/was away: their turn was skipped\./)
      .first()
      .waitFor({ timeout: 20_000 });
    await id(other, "dice-panel").waitFor();
    await first.context().setOffline(false);
    await connection(first, "online");
    expect(await id(other, "away-notice").count()).toBe(0);
    expect(pages.thrown).toEqual([]);
  }, 120_000);
});
