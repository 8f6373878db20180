import { expect, it } from "vitest";
import { browserPerFile, fitsWidth, shot } from "../support/browser";
import { describeWithChromium } from "../support/needs";
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

/**
 * SerpentRace games for accounts: a PRIVATE game and an ORGANIZATION game joined by signed-in
 * players, and the server skipping the roll of a player who is away. The public race with
 * its gamemaster and projector is serpent.browser.test.ts.
 */

/**
 * Less than a sixth of real time: a player who is away loses their roll after 4.5 s instead
 * of 30 s, still time enough for the other page to show it first.
 */
const TIME_SCALE = 0.15;

const { server, browser } = browserPerFile({ TIME_SCALE: String(TIME_SCALE) });
const pages = new Pages(() => browser);
const open = (opts: Parameters<Pages["open"]>[0]) => pages.open(opts);

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

    // A screen with the code alone may not watch a PRIVATE game (names, questions, chat):
    // it is told why and offered to sign in. The link on the teacher's screen opens it.
    const wall = (await open(desktop)).page;
    await wall.goto(`${server.url}/serpent/${privateCode}/projector`);
    await id(wall, "watch-refused").waitFor();
    expect(await id(wall, "watch-refused").getAttribute("data-code")).toBe("unauthorized");
    expect(await wall.getByText("Kim").count()).toBe(0);
    expect(await id(wall, "account-form").count()).toBe(1);
    await shot(wall, "serpent-20b-private-projector-refused");
    const link = (await id(teacher, "projector-link").getAttribute("href")) ?? "";
    expect(link).toMatch(new RegExp(`^/serpent/${privateCode}/projector\\?key=.+`));
    await wall.goto(`${server.url}${link}`);
    await id(wall, "phase-waiting").waitFor();
    expect(await wall.locator('[data-testid="serpent-room"]').getAttribute("data-role")).toBe("spectator");
    await wall.getByText("Kim").first().waitFor();
    await view(wall, "serpent-20c-private-projector-link");
    await wall.context().close();
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
      { polling: POLL_MS },
    );
    expect(await notice.jsonValue()).toMatch(/is away: their turn is skipped/);
    await view(other, "serpent-26-org-away");
    await other
      .getByText(/was away: their turn was skipped\./)
      .first()
      .waitFor();
    await id(other, "dice-panel").waitFor();
    await first.context().setOffline(false);
    await connection(first, "online");
    expect(await id(other, "away-notice").count()).toBe(0);
    expect(pages.thrown).toEqual([]);
  });
});
