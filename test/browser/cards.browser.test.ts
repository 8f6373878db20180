import { rmSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CardTableState } from "../../src/games/card-table/state";
import { buildWeb, fitsWidth, launch, shot } from "../support/browser";
import { describeWithChromium, hasChromium } from "../support/needs";
import { startServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;
let webDir: string | undefined;

beforeAll(async () => {
  if (!hasChromium) return;
  webDir = buildWeb();
  server = await startServer({ TIME_SCALE: "1", WEB_DIR: webDir });
  browser = await launch();
  // A pack whose prompts are all pick-2, so the game is sure to need ordered answers. Its
  // answers start with "An", so a filled-in prompt shows the small letter mid-sentence.
  const white = Array.from({ length: 90 }, (_, i) => ({
    id: `twos-w-${i + 1}`,
    type: "white",
    properties: { text: `An answer numbered ${i + 1}.` },
  }));
  const black = Array.from({ length: 12 }, (_, i) => ({
    id: `twos-b-${i + 1}`,
    type: "black",
    properties: { text: `Step one: _____. Step two: _____. (${i + 1})`, pick: 2, blanks: 2 },
  }));
  // Uploaded by someone else and shared, so every browser here may pick it.
  const headers = { "content-type": "application/json", "x-parlor-owner": "pack-author-key-000000001" };
  const r = await fetch(`${server.url}/api/v1/cards/packs`, {
    method: "POST",
    headers,
    body: JSON.stringify({ id: "twos", name: "Two of a kind", official: false, cards: { white, black } }),
  });
  expect(r.status).toBe(201);
  const shared = await fetch(`${server.url}/api/v1/cards/packs/twos/share`, {
    method: "POST",
    headers,
    body: JSON.stringify({ shared: true }),
  });
  expect(shared.status).toBe(200);
}, 120_000);

afterAll(async () => {
  if (!hasChromium) return;
  await browser?.close();
  await server?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

const DESK = { viewport: { width: 1180, height: 900 } };
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

const id = (page: Page, testId: string) => page.getByTestId(testId);
const phase = (page: Page) =>
  page.evaluate(() => document.querySelector('[data-testid^="phase-"]')?.getAttribute("data-testid")?.slice(6) ?? null);
const waitPhase = (page: Page, ...names: string[]) =>
  page.waitForFunction(
    (ps) => ps.includes(document.querySelector('[data-testid^="phase-"]')?.getAttribute("data-testid")?.slice(6) ?? ""),
    names,
    { timeout: 20_000 },
  );
const seatOf = (page: Page) => id(page, "cards-room").getAttribute("data-seat");
const waitSeated = (page: Page) =>
  page.waitForFunction(
    () => document.querySelector('[data-testid="cards-room"]')?.getAttribute("data-seat") !== "spectator",
  );
const mk = async (opts: Parameters<Browser["newContext"]>[0]) => (await browser.newContext(opts)).newPage();

/** The lead sets up a table from /cards and lands in its lobby; returns the room code. */
async function createTable(page: Page, name: string, setup?: (p: Page) => Promise<void>): Promise<string> {
  await page.goto(`${server.url}/cards`);
  await id(page, "pack-base").waitFor();
  await id(page, "cards-name").fill(name);
  await setup?.(page);
  await id(page, "cards-create").click();
  await waitPhase(page, "LOBBY");
  return (await id(page, "room-code").innerText()).trim();
}

/** A visitor is greeted with the join form (not a spectator's page) and sits down. */
async function sitDown(page: Page, code: string, name: string) {
  await page.goto(`${server.url}/cards/${code}`);
  await id(page, "join-screen").waitFor();
  await id(page, "cards-name").fill(name);
  await id(page, "cards-join").click();
  await waitSeated(page);
}

const roomState = async (code: string) => (await server.live.get(code))!.state as CardTableState;

describeWithChromium("Card Table in the browser", () => {
  it("three players (one on a phone) and a spectator play a CAH game with pick-2 prompts and Rando", async () => {
    const ada = await mk(DESK);
    const bob = await mk({ viewport: { width: 1024, height: 860 } });
    const cy = await mk(PHONE);
    const watcher = await mk({ viewport: { width: 1024, height: 860 } });
    const players = [ada, bob, cy];

    await ada.goto(`${server.url}/`);
    await id(ada, "game-card-table").click();
    const code = await createTable(ada, "Ada", async (p) => {
      await id(p, "pack-twos").waitFor();
      await id(p, "pack-base").uncheck();
      await id(p, "pack-twos").check();
      await id(p, "variant-rando").check();
      await id(p, "end-rounds").check();
      await id(p, "setting-end-value").fill("2");
      await shot(p, "cards-00-create");
    });

    // On a phone, "Join with a code" comes first, above the setup form.
    await cy.goto(`${server.url}/cards`);
    await id(cy, "create-form").waitFor();
    const codeBox = await id(cy, "cards-code").boundingBox();
    const formBox = await id(cy, "create-form").boundingBox();
    expect(codeBox!.y).toBeLessThan(formBox!.y);
    expect(codeBox!.y + codeBox!.height).toBeLessThan(740);
    await shot(cy, "cards-00-lobby-phone");
    expect(await fitsWidth(cy)).toBe(true);
    // A mistyped code says so; it does not open an empty table.
    await id(cy, "cards-code").fill("ZZZZ99");
    await id(cy, "cards-code-join").click();
    await id(cy, "room-not-found").waitFor();
    expect(await id(cy, "room-not-found").innerText()).toContain("No room called ZZZZ99");
    await shot(cy, "cards-00-wrong-code-phone");

    // Bob opens the link; Cy types the code. Both are greeted with the join form.
    await sitDown(bob, code, "Bob");
    await cy.goto(`${server.url}/cards`);
    await id(cy, "cards-code").fill(code.toLowerCase());
    await id(cy, "cards-code-join").click();
    await id(cy, "join-screen").waitFor();
    expect(await id(cy, "spectator-banner").count()).toBe(0);
    await shot(cy, "cards-01-join-phone");
    // "ada" is Ada's name in other letters: refused, with the form kept for another try.
    await id(cy, "cards-name").fill("ada");
    await id(cy, "cards-join").click();
    await id(cy, "join-error").waitFor();
    expect(await id(cy, "join-error").innerText()).toContain("already called");
    expect(await seatOf(cy)).toBe("spectator");
    await shot(cy, "cards-01-name-taken-phone");
    await id(cy, "cards-name").fill("Cy");
    await id(cy, "cards-join").click();
    await waitSeated(cy);

    // Watching is the visitor's second choice.
    await watcher.goto(`${server.url}/cards/${code}`);
    await id(watcher, "join-screen").waitFor();
    await id(watcher, "just-watch").click();
    await id(watcher, "spectator-banner").waitFor();
    await shot(ada, "cards-01-lobby");
    await shot(cy, "cards-01-lobby-phone");
    expect(await fitsWidth(cy)).toBe(true);

    // The lead presses Start at the bottom of the lobby; the game opens at its top.
    await id(ada, "start-game").scrollIntoViewIfNeeded();
    await ada.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await ada.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await id(ada, "start-game").click();

    for (let round = 1; round <= 2; round++) {
      await Promise.all(players.map((p) => waitPhase(p, "PROMPT")));
      if (round === 1) expect(await ada.evaluate(() => window.scrollY)).toBe(0);
      let judge: Page | null = null;
      for (const p of players) if (await id(p, "draw-prompt").isVisible()) judge = p;
      expect(judge).not.toBeNull();
      await id(judge!, "draw-prompt").click();
      await Promise.all(players.map((p) => waitPhase(p, "SUBMIT")));
      if (round === 1) await shot(watcher, "cards-02-submit-spectator");
      for (const p of players) {
        if (p === judge) continue;
        const tiles = p.locator('button[data-testid^="hand-card-"]');
        await tiles.nth(0).click();
        await tiles.nth(1).click();
        const first = await id(p, "slot-1").getAttribute("data-card");
        // Reorder from the keyboard: the first answer's handle, arrow down.
        await id(p, "slot-handle-1").focus();
        await p.keyboard.press("ArrowDown");
        await p.waitForFunction(
          (c) => document.querySelector('[data-testid="slot-2"]')?.getAttribute("data-card") === c,
          first,
        );
        if (round === 1) await shot(p, `cards-03-pick2-ordered-${p === cy ? "phone" : "desktop"}`);
        if (p === cy) expect(await fitsWidth(cy)).toBe(true);
        await id(p, "submit-cards").click();
      }
      await waitPhase(judge!, "JUDGE");
      await shot(judge!, `cards-04-judging-r${round}`);
      const entries = judge!.locator('[data-testid^="judge-pick-"]');
      // Two players and Rando answered.
      expect(await entries.count()).toBe(3);
      await entries.nth(0).click();
      const result = `[data-testid="round-result"][data-round="${round}"]`;
      await Promise.all([...players, watcher].map((p) => p.locator(result).waitFor()));
      // The answer reads as a sentence: no full stop before the prompt's own, a small letter mid-sentence.
      const winning = await id(ada, "winning-card").innerText();
      expect(winning).toMatch(/^Step one: an answer numbered \d+\. Step two: an answer numbered \d+\. \(\d+\)$/);
      // After judging, everyone sees who played each answer.
      for (const p of [...players, watcher]) {
        const authors = await p.locator('[data-testid^="answer-author-"]').allInnerTexts();
        expect(authors).toHaveLength(3);
        expect(authors.join(" ")).toContain("Rando Cardrissian");
      }
      await shot(ada, `cards-05-result-r${round}`);
      if (round === 1) await shot(cy, "cards-05-result-phone");
    }

    await Promise.all(players.map((p) => waitPhase(p, "END")));
    await id(ada, "final-standings").waitFor();
    expect(await phase(watcher)).toBe("END");
    // Two points among four (three people and Rando): someone ties, and tied players share a place.
    const rows = ada.locator('[data-testid^="standing-"]');
    const places = (await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-rank"))))) as number[];
    const scores = await ada.locator(".ct-standing__score").allInnerTexts();
    expect(places[0]).toBe(1);
    expect(new Set(places).size).toBeLessThan(places.length);
    places.forEach((place, i) => {
      if (i > 0 && scores[i] === scores[i - 1]) expect(place).toBe(places[i - 1]);
      if (i > 0 && scores[i] !== scores[i - 1]) expect(place).toBe(i + 1);
    });
    await shot(ada, "cards-06-final");
    await shot(cy, "cards-06-final-phone");
    await id(ada, "rematch").click();
    await waitPhase(bob, "LOBBY");
    await shot(bob, "cards-07-rematch-lobby");
    for (const p of [...players, watcher]) await p.context().close();
  }, 120_000);

  it("a kick sticks, the lead locks the table, a leave frees the seat, and a dropped phone keeps its seat", async () => {
    const lea = await mk(DESK);
    const kim = await mk(PHONE);
    const max = await mk(PHONE);
    const nia = await mk(PHONE);
    const ola = await mk({ viewport: { width: 1024, height: 860 } });
    const code = await createTable(lea, "Lea");

    // Kim sits down and is kicked: a clear screen, no way back to a seat.
    await sitDown(kim, code, "Kim");
    const kimSeat = (await seatOf(kim))!;
    await id(lea, `kick-${kimSeat}`).click();
    await id(lea, `kick-${kimSeat}-confirm`).click();
    await id(kim, "removed-screen").waitFor();
    expect(await id(kim, "cards-join").count()).toBe(0);
    await shot(kim, "cards-10-removed-phone");
    expect(await fitsWidth(kim)).toBe(true);
    await kim.reload();
    await id(kim, "removed-screen").waitFor();
    expect(await id(kim, "cards-join").count()).toBe(0);
    // Even a browser that forgot it was kicked (its device id kept) is refused a new seat under a new name.
    await kim.evaluate((c) => localStorage.removeItem(`parlor.cards.kicked.${c}`), code);
    await kim.reload();
    await id(kim, "join-screen").waitFor();
    await id(kim, "cards-name").fill("Kimberly");
    await id(kim, "cards-join").click();
    await id(kim, "removed-screen").waitFor();
    expect(await seatOf(kim)).toBe("spectator");
    await id(kim, "watch-after-removed").click();
    await id(kim, "kicked-banner").waitFor();
    expect(await id(kim, "cards-join").count()).toBe(0);
    expect((await roomState(code)).players.filter((p) => p.presence !== "left").map((p) => p.name)).toEqual(["Lea"]);

    // The lead locks the table: a visitor is told so and may watch; unlocked, the form comes back.
    await id(lea, "lock-table").click();
    await lea.waitForFunction(
      () => document.querySelector('[data-testid="lock-state"]')?.textContent?.startsWith("Locked") === true,
    );
    await max.goto(`${server.url}/cards/${code}`);
    await id(max, "table-locked-note").waitFor();
    expect(await id(max, "cards-join").count()).toBe(0);
    await shot(max, "cards-11-locked-phone");
    await shot(lea, "cards-11-locked-lead");
    await id(lea, "unlock-table").click();
    await id(max, "cards-join").waitFor();
    await id(max, "cards-name").fill("Max");
    await id(max, "cards-join").click();
    await waitSeated(max);

    // Two more sit down; Max leaves, and his seat is given up at once.
    await sitDown(nia, code, "Nia");
    await sitDown(ola, code, "Ola");
    const maxSeat = (await seatOf(max))!;
    await id(max, "leave").click();
    await id(max, "leave-confirm").click();
    await max.waitForURL(`${server.url}/cards`);
    // Given up before the server let the page go (in the lobby a seat that leaves is gone from the list).
    const seated = (await roomState(code)).players.filter((p) => p.presence !== "left");
    expect(seated.map((p) => p.name)).toEqual(["Lea", "Nia", "Ola"]);
    await lea.waitForFunction((seat) => !document.querySelector(`[data-testid="player-${seat}"]`), maxSeat);

    // Nia's phone drops off the network: "Reconnecting…" within two seconds; back online, her seat goes on.
    const niaSeat = await seatOf(nia);
    await nia.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const dropped = Date.now();
    await nia.context().setOffline(true);
    await id(nia, "connection-banner").waitFor({ timeout: 2_000 });
    expect(Date.now() - dropped).toBeLessThan(2_000);
    // In sight even at the bottom of the page.
    const top = await id(nia, "connection-banner").evaluate((e) => e.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(100);
    await nia.screenshot({ path: "artifacts/screens/cards-12-reconnecting-phone.png" });
    await nia.context().setOffline(false);
    await id(nia, "connection-banner").waitFor({ state: "hidden", timeout: 15_000 });
    expect(await seatOf(nia)).toBe(niaSeat);
    await id(lea, "start-game").click();
    await waitPhase(nia, "PROMPT");
    expect(await nia.locator('[data-testid^="hand-card-"]').count()).toBeGreaterThan(0);
    expect(await seatOf(nia)).toBe(niaSeat);
    await shot(nia, "cards-13-after-reconnect-phone");
    for (const p of [lea, kim, max, nia, ola]) await p.context().close();
  }, 90_000);

  it("the Sandbox Table is set up from /cards and played: roll the die, score its face", async () => {
    const sam = await mk(DESK);
    const tia = await mk(PHONE);
    const code = await createTable(sam, "Sam", async (p) => {
      await id(p, "game-sandbox").check();
      await id(p, "sandbox-target").fill("5");
    });
    expect(await id(sam, "phase-LOBBY").innerText()).toMatch(/sandbox table/i);
    await sitDown(tia, code, "Tia");
    await id(sam, "start-game").click();
    await Promise.all([sam, tia].map((p) => waitPhase(p, "PLAY")));
    for (let turn = 0; turn < 40 && (await phase(sam)) === "PLAY"; turn++) {
      const mover = (await id(sam, "roll-d6").count()) > 0 ? sam : tia;
      if (turn === 0) {
        // Play a card to the shared table first: everyone sees it.
        await mover.locator('button[data-testid^="hand-card-"]').first().click();
        await id(mover, "play-to-table").click();
        await (mover === sam ? tia : sam).locator('[data-testid="slot-table"] .ct-mini-card').first().waitFor();
        await shot(tia, "cards-20-sandbox-phone");
        expect(await fitsWidth(tia)).toBe(true);
      }
      const before = await phase(sam);
      await id(mover, "roll-d6").click();
      await sam.waitForFunction(
        (m) => {
          const roll = document.querySelector('[data-testid="roll-d6"]');
          return m === "sam" ? !roll : roll !== null || document.querySelector('[data-testid="phase-END"]') !== null;
        },
        mover === sam ? "sam" : "tia",
      );
      expect(before).toBe("PLAY");
    }
    await waitPhase(sam, "END");
    const top = Math.max(...(await roomState(code)).players.map((p) => p.score));
    expect(top).toBeGreaterThanOrEqual(5);
    await shot(sam, "cards-21-sandbox-end");
    for (const p of [sam, tia]) await p.context().close();
  }, 60_000);
});
