import { rmSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWeb, fitsWidth, launch, shot } from "../support/browser";
import { startServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser;
let webDir: string | undefined;

beforeAll(async () => {
  webDir = buildWeb();
  server = await startServer({ TIME_SCALE: "1", WEB_DIR: webDir });
  browser = await launch();
  // A pack whose prompts are all pick-2, so the game is sure to need ordered answers.
  const white = Array.from({ length: 90 }, (_, i) => ({
    id: `twos-w-${i + 1}`,
    type: "white",
    properties: { text: `Answer number ${i + 1}.` },
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
  await browser?.close();
  await server?.close();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

const id = (page: Page, testId: string) => page.getByTestId(testId);
const phase = (page: Page) =>
  page.evaluate(() => document.querySelector('[data-testid^="phase-"]')?.getAttribute("data-testid")?.slice(6) ?? null);
const waitPhase = (page: Page, ...names: string[]) =>
  page.waitForFunction(
    (ps) => ps.includes(document.querySelector('[data-testid^="phase-"]')?.getAttribute("data-testid")?.slice(6) ?? ""),
    names,
    { timeout: 20_000 },
  );

describe("Card Table in the browser", () => {
  it("three players (one on a phone) and a spectator play a CAH game with pick-2 prompts and Rando", async () => {
    const mk = async (opts: Parameters<Browser["newContext"]>[0]) => (await browser.newContext(opts)).newPage();
    const ada = await mk({ viewport: { width: 1180, height: 900 } });
    const bob = await mk({ viewport: { width: 1024, height: 860 } });
    const cy = await mk({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const watcher = await mk({ viewport: { width: 1024, height: 860 } });
    const players = [ada, bob, cy];

    await ada.goto(`${server.url}/`);
    await id(ada, "game-card-table").click();
    await id(ada, "pack-twos").waitFor();
    await id(ada, "cards-name").fill("Ada");
    await id(ada, "pack-base").uncheck();
    await id(ada, "pack-twos").check();
    await id(ada, "variant-rando").check();
    await id(ada, "end-rounds").check();
    await id(ada, "setting-end-value").fill("2");
    await shot(ada, "cards-00-create");
    await id(ada, "cards-create").click();
    await waitPhase(ada, "LOBBY");
    const code = (await id(ada, "room-code").innerText()).trim();

    for (const [page, name] of [
      [bob, "Bob"],
      [cy, "Cy"],
    ] as const) {
      await page.goto(`${server.url}/cards/${code}`);
      await id(page, "cards-name").fill(name);
      await id(page, "cards-join").click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="cards-room"]')?.getAttribute("data-seat") !== "spectator",
      );
    }
    await watcher.goto(`${server.url}/cards/${code}`);
    await id(watcher, "spectator-banner").waitFor();
    await shot(ada, "cards-01-lobby");
    await shot(cy, "cards-01-lobby-phone");
    expect(await fitsWidth(cy)).toBe(true);
    await id(ada, "start-game").click();

    for (let round = 1; round <= 2; round++) {
      await Promise.all(players.map((p) => waitPhase(p, "PROMPT")));
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
      await id(ada, "round-result").waitFor();
      await shot(ada, `cards-05-result-r${round}`);
    }

    await Promise.all(players.map((p) => waitPhase(p, "END")));
    await id(ada, "final-standings").waitFor();
    expect(await phase(watcher)).toBe("END");
    await shot(ada, "cards-06-final");
    await shot(cy, "cards-06-final-phone");
    await id(ada, "rematch").click();
    await waitPhase(bob, "LOBBY");
    await shot(bob, "cards-07-rematch-lobby");
    for (const p of [...players, watcher]) await p.context().close();
  }, 240_000);
});
