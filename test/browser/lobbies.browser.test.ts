import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, expect, it } from "vitest";
import { browserPerFile, fitsWidth, shot } from "../support/browser";
import { describeWithChromium } from "../support/needs";
import { decodeQrPath } from "../support/qr-decode";
import { registerIn } from "../support/serpent-pages";

/**
 * The home page, and the invite (QR code, link, share sheet) on every lobby and projector:
 * each QR code is read back from what the page drew and must be the room's join link.
 */
const { server, browser } = browserPerFile({ TIME_SCALE: "0.5" });
const contexts: BrowserContext[] = [];

const id = (page: Page, testId: string) => page.getByTestId(testId);
const desk = { viewport: { width: 1280, height: 860 } };
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

async function open(opts: Parameters<Browser["newContext"]>[0]): Promise<Page> {
  const ctx = await browser.newContext(opts);
  contexts.push(ctx);
  return ctx.newPage();
}

/** The link the page's QR code holds, read from the drawn modules as a camera would. */
async function qrText(page: Page): Promise<string | null> {
  const qr = id(page, "invite-qr");
  await qr.waitFor();
  const box = (await qr.getAttribute("viewBox")) ?? "";
  const d = (await qr.locator("path").getAttribute("d")) ?? "";
  return decodeQrPath(d, Number(box.split(" ")[2]));
}

/** The invite is on screen, its QR code and its copy field both hold `url`, and the code is big enough to scan. */
async function expectInvite(page: Page, url: string, copyTestId: string) {
  await id(page, "invite").waitFor();
  expect(await id(page, "invite").getAttribute("data-url")).toBe(url);
  expect(await id(page, copyTestId).inputValue()).toBe(url);
  expect(await qrText(page)).toBe(url);
  const size = await id(page, "invite-qr").boundingBox();
  expect(size!.width).toBeGreaterThanOrEqual(140);
}

describeWithChromium("the home page and every lobby's invite", () => {
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it("home: each game's Play now is a real button-like link with a focus ring, and the account line is true", async () => {
    for (const [opts, tag] of [
      [desk, "desktop"],
      [phone, "phone"],
    ] as const) {
      const page = await open(opts);
      await page.goto(`${server.url}/`);
      const play = page.getByRole("link", { name: /^Play now\W+Trivia Duel$/ });
      await play.waitFor();
      expect(await play.getAttribute("href")).toBe("/trivia");
      // Looks like a button: a button's class and a touch-sized target, not a 20 px pill.
      expect(await play.getAttribute("class")).toContain("btn--primary");
      expect((await play.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      for (const name of ["Cricket Bingo", "Card Table", "Outrank", "SerpentRace"])
        expect(await page.getByRole("link", { name: new RegExp(`^Play now\\W+${name}$`) }).count()).toBe(1);
      expect(await fitsWidth(page)).toBe(true);
      await shot(page, `home-${tag}`);
      if (tag === "phone") continue;
      // The keyboard reaches it, and the focus ring shows on it.
      await play.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      expect(await play.evaluate((el) => el === document.activeElement && el.matches(":focus-visible"))).toBe(true);
      expect(await play.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
      await shot(page, "home-focus-ring");
      // No promise of "no accounts": SerpentRace hosts need one, and the page offers sign-in.
      const lead = (await id(page, "hero-lead").textContent()) ?? "";
      expect(lead).not.toMatch(/No accounts/i);
      expect(lead).toMatch(/most games need no account/i);
      expect(lead).toContain("SerpentRace");
      expect(lead).toContain("Cricket Bingo");
      await id(page, "sign-in-open").click();
      await id(page, "account-form").waitFor();
      await registerIn(page, "Hana");
      expect(await id(page, "home-account").textContent()).toContain("Signed in as Hana");
      await shot(page, "home-signed-in");
      // Clicking anywhere on a card plays (the link covers it).
      await id(page, "game-trivia-duel").click({ position: { x: 30, y: 30 } });
      await page.waitForFunction(() => location.pathname === "/trivia");
    }
  });

  it("Trivia Duel's waiting room: QR code, link, and the phone's share sheet (copy where there is none)", async () => {
    const a = await open(desk);
    await a.goto(`${server.url}/trivia`);
    await id(a, "creator-name").fill("Ada");
    await id(a, "create-room").click();
    await id(a, "phase-WAITING").waitFor();
    const code = ((await id(a, "room-code").textContent()) ?? "").trim();
    const url = `${server.url}/trivia/${code}`;
    await expectInvite(a, url, "share-link");
    // Desktop Chromium has no share sheet: Copy is the way, and no Share button pretends otherwise.
    expect(await id(a, "invite-share").count()).toBe(0);
    await shot(a, "invite-trivia-desktop");

    // A phone with a share sheet: the same room's invite hands the link to it.
    const ctx = await browser.newContext(phone);
    contexts.push(ctx);
    await ctx.addInitScript(() => {
      const w = window as unknown as { shared: ShareData[] };
      w.shared = [];
      Object.defineProperty(navigator, "share", {
        value: async (d: ShareData) => void w.shared.push(d),
        configurable: true,
      });
    });
    const b = await ctx.newPage();
    await b.goto(`${server.url}/trivia`);
    await id(b, "creator-name").fill("Bo");
    await id(b, "create-room").click();
    await id(b, "phase-WAITING").waitFor();
    const bCode = ((await id(b, "room-code").textContent()) ?? "").trim();
    await expectInvite(b, `${server.url}/trivia/${bCode}`, "share-link");
    await id(b, "invite-share").tap();
    await b.waitForFunction(() => (window as unknown as { shared: ShareData[] }).shared.length === 1);
    expect(await b.evaluate(() => (window as unknown as { shared: ShareData[] }).shared[0]?.url)).toBe(
      `${server.url}/trivia/${bCode}`,
    );
    expect(await fitsWidth(b)).toBe(true);
    await shot(b, "invite-trivia-phone");
  });

  it("Card Table's and Outrank's lobbies, at desktop and phone widths", async () => {
    for (const [opts, tag] of [
      [desk, "desktop"],
      [phone, "phone"],
    ] as const) {
      // Each game's own create form; Card Table's waits for its packs to load first.
      for (const [game, loaded, lobby] of [
        ["cards", "pack-base", "phase-LOBBY"],
        ["outrank", null, "phase-lobby"],
      ] as const) {
        const p = await open(opts);
        await p.goto(`${server.url}/${game}`);
        if (loaded) await id(p, loaded).waitFor();
        await id(p, `${game}-name`).fill("Ada");
        await id(p, `${game}-create`).click();
        await id(p, lobby).waitFor();
        const code = ((await id(p, "room-code").textContent()) ?? "").trim();
        await expectInvite(p, `${server.url}/${game}/${code}`, "share-link");
        expect(await fitsWidth(p)).toBe(true);
        await shot(p, `invite-${game}-${tag}`);
      }
    }
  });

  it("SerpentRace: the gamemaster's lobby and the projector both show the code to scan", async () => {
    const gm = await open(desk);
    await gm.goto(`${server.url}/serpent`);
    await id(gm, "account-form").waitFor();
    await registerIn(gm, "Teacher");
    await id(gm, "create-form").waitFor();
    await gm.waitForFunction(() => document.querySelectorAll('[data-testid^="deck-"]:checked').length > 0);
    await id(gm, "serpent-create").click();
    await id(gm, "phase-waiting").waitFor();
    const code = ((await id(gm, "room-code").textContent()) ?? "").trim();
    const join = `${server.url}/serpent/${code}`;
    await expectInvite(gm, join, "invite-link");
    await shot(gm, "invite-serpent-gamemaster");

    const wall = await open({ viewport: { width: 1920, height: 1080 } });
    await wall.goto(`${join}/projector`);
    await expectInvite(wall, join, "invite-link");
    // Big enough to scan from the back of a classroom.
    expect((await id(wall, "invite-qr").boundingBox())!.width).toBeGreaterThanOrEqual(250);
    await shot(wall, "invite-serpent-projector");
  });
});
