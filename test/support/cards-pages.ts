import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import type { CardTableState } from "../../src/games/card-table/state";
import type { TestServer } from "./server";
import { until } from "./waits";

/**
 * What Card Table's browser suites share: the two screen sizes, how a page says its phase and
 * seat, setting up a table from /cards and sitting down at it, and playing the generic table.
 */

export const DESK = { viewport: { width: 1180, height: 900 } };
export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

export const id = (page: Page, testId: string) => page.getByTestId(testId);
export const phase = (page: Page) =>
  page.evaluate(() => document.querySelector('[data-testid^="phase-"]')?.getAttribute("data-testid")?.slice(6) ?? null);
export const waitPhase = (page: Page, ...names: string[]) =>
  page.waitForFunction(
    (ps) => ps.includes(document.querySelector('[data-testid^="phase-"]')?.getAttribute("data-testid")?.slice(6) ?? ""),
    names,
  );
export const seatOf = (page: Page) => id(page, "cards-room").getAttribute("data-seat");
export const waitSeated = (page: Page) =>
  page.waitForFunction(
    () => document.querySelector('[data-testid="cards-room"]')?.getAttribute("data-seat") !== "spectator",
  );

/**
 * The helpers bound to a file's server and browser (the proxies `browserPerFile` returns,
 * read only when a helper runs).
 */
export function cardsPages(server: TestServer, browser: Browser) {
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

  return { mk, createTable, sitDown, roomState };
}

/**
 * The generic table (any definition, drawn from its slots and legal actions): whichever of
 * `pages` has a button to press gets `act` called, until the game ends or `stop` holds.
 * Each press waits for the page's `data-seq` to move past the step it saw.
 */
export async function playTable(
  pages: Page[],
  act: (p: Page, phase: string) => Promise<void>,
  stop: () => Promise<boolean> = async () => false,
) {
  const actionable = (p: Page) =>
    p.evaluate(() => {
      const table = document.querySelector('[data-testid="phase-TABLE"]');
      const button = document.querySelector(
        '[data-testid="table-actions"] button:not(:disabled), button[data-playable="true"]:not(:disabled)',
      );
      return table && button ? (table.getAttribute("data-phase") ?? "") : null;
    });
  for (let moves = 0; moves < 400; moves++) {
    if ((await phase(pages[0]!)) === "END" || (await stop())) return;
    const next = await until("someone to have a move, or the end", async () => {
      for (const p of pages) {
        const at = await actionable(p);
        if (at !== null) return { p, at };
      }
      return (await phase(pages[0]!)) === "END" ? { p: null, at: "END" } : null;
    });
    if (next.p === null) return;
    const seq = Number(await next.p.evaluate(() => document.body.dataset.seq));
    await act(next.p, next.at);
    await next.p.waitForFunction((s) => Number(document.body.dataset.seq) > s, seq);
  }
  expect.fail("the table game did not end within 400 moves");
}
