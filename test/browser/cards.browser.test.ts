import type { Page } from "playwright-core";
import { beforeAll, expect, it } from "vitest";
import { browserPerFile, fitsWidth, shot } from "../support/browser";
import { CahBot, seatToken } from "../support/cah-bot";
import { cardsPages, DESK, id, PHONE, phase, playTable, seatOf, waitPhase, waitSeated } from "../support/cards-pages";
import { describeWithChromium, hasChromium } from "../support/needs";
import { until } from "../support/waits";

const { server, browser } = browserPerFile({ TIME_SCALE: "1" });
beforeAll(async () => {
  if (!hasChromium) return;
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
});

const { mk, createTable, sitDown, roomState } = cardsPages(server, browser);

describeWithChromium("Card Table in the browser", () => {
  it("three players (one on a phone) and a spectator play a CAH game with pick-2 prompts and Rando", async () => {
    const ada = await mk(DESK);
    const bob = await mk({ viewport: { width: 1024, height: 860 } });
    const cy = await mk(PHONE);
    const watcher = await mk({ viewport: { width: 1024, height: 860 } });
    // The watcher's browser speaks into a list the test reads (headless Chromium has no voices).
    await watcher.addInitScript(() => {
      const said: string[] = [];
      Object.assign(window, { __said: said });
      Object.defineProperty(window, "speechSynthesis", {
        configurable: true,
        value: { speak: (u: { text: string }) => said.push(u.text), cancel: () => {} },
      });
    });
    const said = () => watcher.evaluate(() => (window as unknown as { __said: string[] }).__said.slice());
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
    // The empty name box shows a hint, not what reads like someone's name, and looks like a hint.
    const nameBox = id(cy, "cards-name");
    expect(await nameBox.inputValue()).toBe("");
    expect(await nameBox.getAttribute("placeholder")).toBe("Type your name");
    const look = await nameBox.evaluate((el) => {
      const hint = getComputedStyle(el, "::placeholder");
      return { hint: hint.color, style: hint.fontStyle, text: getComputedStyle(el).color };
    });
    expect(look.style).toBe("italic");
    expect(look.hint).not.toBe(look.text);
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
      // Reading the cards aloud is off until a player turns it on; it is kept for the next visit.
      if (round === 1) {
        expect(await id(watcher, "read-aloud").isChecked()).toBe(false);
        await id(watcher, "read-aloud").check();
      }
      if (round === 1) expect(await ada.evaluate(() => window.scrollY)).toBe(0);
      let judge: Page | null = null;
      for (const p of players) if (await id(p, "draw-prompt").isVisible()) judge = p;
      expect(judge).not.toBeNull();
      await id(judge!, "draw-prompt").click();
      await Promise.all(players.map((p) => waitPhase(p, "SUBMIT")));
      if (round === 1) await shot(watcher, "cards-02-submit-spectator");
      if (round === 2) {
        // Round 1's result stays in view while round 2 is answered; each viewer may hide it.
        const last = '[data-testid="last-round"][data-round="1"]';
        await Promise.all([...players, watcher].map((p) => p.locator(last).waitFor()));
        expect(await id(bob, "last-round-winning").textContent()).toMatch(/^Step one: an answer numbered/);
        await shot(cy, "cards-03-last-round-phone");
        await shot(bob, "cards-03-last-round");
        await id(cy, "last-round-hide").click();
        await id(cy, "last-round").waitFor({ state: "detached" });
        expect(await bob.locator(last).count()).toBe(1);
      }
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
      if (round === 1) {
        // The prompt was read when it was drawn, then the three answers filled into it.
        await watcher.waitForFunction(() => (window as unknown as { __said: string[] }).__said.length >= 4);
        const lines = await said();
        expect(lines[0]).toMatch(/^Step one: blank\. Step two: blank\. \(\d+\)$/);
        expect(lines.slice(1).map((l) => l.slice(0, 3))).toEqual(["1. ", "2. ", "3. "]);
        expect(lines[1]).toMatch(/^1\. Step one: an? /);
      }
      // The judging of the next round is where the last round's result goes.
      await Promise.all(players.map((p) => waitPhase(p, "JUDGE")));
      for (const p of players) expect(await id(p, "last-round").count()).toBe(0);
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
    // The final scoreboard is a record: the lead has no kick buttons on it.
    await id(ada, "scoreboard").waitFor();
    expect(await ada.locator('[data-testid^="kick-"]').count()).toBe(0);
    await id(ada, "rematch").click();
    await waitPhase(bob, "LOBBY");
    await shot(bob, "cards-07-rematch-lobby");
    for (const p of [...players, watcher]) await p.context().close();
  });

  it("everyone votes (no judge, one vote each but never for your own, 3/2/1 points) and writes on blank cards", async () => {
    const ada = await mk(DESK);
    const bob = await mk({ viewport: { width: 1024, height: 860 } });
    const cy = await mk(PHONE);
    const players = [ada, bob, cy];
    const code = await createTable(ada, "Ada", async (p) => {
      await id(p, "pack-twos").waitFor();
      await id(p, "pack-base").uncheck();
      await id(p, "pack-twos").check();
      await id(p, "variant-voting").check();
      await id(p, "end-rounds").check();
      await id(p, "setting-end-value").fill("1");
      // Fifty blank cards among the pack's ninety answers, twenty to a hand: everyone holds some.
      await id(p, "setting-hand-size").fill("20");
      await id(p, "setting-blank-cards").fill("50");
      await id(p, "setting-blocked-words").fill("goose");
    });
    await sitDown(bob, code, "Bob");
    await sitDown(cy, code, "Cy");
    await id(ada, "player-P3").waitFor();
    await id(ada, "start-game").click();
    // Nobody judges: the prompt is drawn for the table, and everyone answers.
    await Promise.all(players.map((p) => waitPhase(p, "SUBMIT")));
    for (const p of players) {
      expect(await id(p, "judge-name").count()).toBe(0);
      // Each answer is a written blank card and a printed one.
      await p.locator('button[data-testid^="hand-card-blank-"]').first().click();
      await p.locator('button[data-testid^="hand-card-"]:not([data-testid^="hand-card-blank-"])').first().click();
      const write = p.locator('[data-testid^="slot-write-"]');
      await write.waitFor();
      expect(await id(p, "submit-cards").isDisabled()).toBe(true);
      await write.fill(`a card ${p === cy ? "from the phone" : "written at a desk"}`);
      if (p === cy) await shot(cy, "cards-08-write-in-phone");
      await id(p, "submit-cards").click();
    }
    await Promise.all(players.map((p) => waitPhase(p, "JUDGE")));
    await shot(cy, "cards-08-voting-phone");
    expect(await cy.locator('[data-testid="submissions"]').innerText()).toContain("a card from the phone");
    expect(await fitsWidth(cy)).toBe(true);
    for (const p of players) {
      // Three answers; one is the voter's own and cannot be chosen.
      await p.locator('[data-testid^="judge-pick-"]').nth(2).waitFor();
      expect(await p.locator('[data-testid^="judge-pick-"]:disabled').count()).toBe(1);
      await p.locator('[data-testid^="judge-pick-"]:enabled').first().click();
      if (p !== cy) await p.locator('[data-testid^="my-vote-"]').waitFor();
    }
    await shot(ada, "cards-08-voting-desktop");
    // One round: the game ends with the count shown to everyone.
    await Promise.all(players.map((p) => waitPhase(p, "END")));
    const votes = await ada.locator('[data-testid^="answer-votes-"]').allInnerTexts();
    expect(votes.map((t) => Number(t.split(" ")[0])).reduce((a, b) => a + b, 0)).toBe(3);
    const state = await roomState(code);
    const points = state.players.reduce((sum, p) => sum + p.score, 0);
    // Three votes over three answers: 2+1 (3 and 2 points), or 1+1+1 (3 points each).
    expect([5, 9]).toContain(points);
    await shot(ada, "cards-08-voting-count");
    for (const p of players) await p.context().close();
  });

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

    // Nia's phone drops off the network: "Reconnecting…" (within two seconds: the connection
    // watcher's test, on a test clock); back online, her seat goes on.
    const niaSeat = await seatOf(nia);
    await nia.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await nia.context().setOffline(true);
    await id(nia, "connection-banner").waitFor();
    // In sight even at the bottom of the page.
    const top = await id(nia, "connection-banner").evaluate((e) => e.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(100);
    await nia.screenshot({ path: "artifacts/screens/cards-12-reconnecting-phone.png" });
    await nia.context().setOffline(false);
    await id(nia, "connection-banner").waitFor({ state: "hidden" });
    expect(await seatOf(nia)).toBe(niaSeat);
    await id(lea, "start-game").click();
    await waitPhase(nia, "PROMPT");
    expect(await nia.locator('[data-testid^="hand-card-"]').count()).toBeGreaterThan(0);
    expect(await seatOf(nia)).toBe(niaSeat);
    await shot(nia, "cards-13-after-reconnect-phone");
    for (const p of [lea, kim, max, nia, ola]) await p.context().close();
  });

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
  });

  it("Blackjack on the generic table: bets, a face-down hole card, hit and stand, to the end", async () => {
    const ada = await mk(DESK);
    const cy = await mk(PHONE);
    const code = await createTable(ada, "Ada", async (p) => {
      await id(p, "game-blackjack").check();
      await shot(p, "cards-30-create-blackjack");
    });
    await sitDown(cy, code, "Cy");
    await id(ada, "start-game").click();
    await Promise.all([ada, cy].map((p) => waitPhase(p, "TABLE")));
    const seen = new Set<string>();
    const hits = new Set<number>();
    await playTable([ada, cy], async (p, at) => {
      const round = (await roomState(code)).round;
      if (!seen.has(at)) {
        seen.add(at);
        await shot(p, `cards-31-blackjack-${at.toLowerCase()}${p === cy ? "-phone" : ""}`);
        if (p === cy) expect(await fitsWidth(cy)).toBe(true);
      }
      if (at === "BET") {
        await id(p, "amount-nextTurn").fill("5");
        await id(p, "act-nextTurn").click();
      } else if (at === "PLAY") {
        // Until everyone is done the dealer shows one card up and one face down.
        expect(await p.locator('[data-testid="slot-hole"] .ct-mini-card--back').count()).toBe(1);
        expect(await id(p, "act-nextTurn").innerText()).toBe("Stand");
        // One hit a hand, the first time it is offered.
        if (!hits.has(round) && (await id(p, "act-draw").count()) > 0) {
          hits.add(round);
          await id(p, "act-draw").click();
        } else await id(p, "act-nextTurn").click();
      } else await id(p, "act-nextTurn").click();
    });
    await Promise.all([ada, cy].map((p) => waitPhase(p, "END")));
    const s = await roomState(code);
    expect(s.round).toBe(6);
    expect(hits.size).toBeGreaterThan(0);
    expect([...seen].sort()).toEqual(["BET", "PLAY", "RESULT"]);
    await shot(cy, "cards-32-blackjack-end-phone");
    for (const p of [ada, cy]) await p.context().close();
  });

  it("Oh Hell on the generic table: bids, following suit, a trick taken and the next led", async () => {
    const ada = await mk(DESK);
    const cy = await mk(PHONE);
    const code = await createTable(ada, "Ada", async (p) => {
      await id(p, "game-oh-hell").check();
    });
    await sitDown(cy, code, "Cy");
    await id(ada, "start-game").click();
    await Promise.all([ada, cy].map((p) => waitPhase(p, "TABLE")));
    let tricks = 0;
    await playTable(
      [ada, cy],
      async (p, at) => {
        if (at === "BID") {
          await id(p, "amount-nextTurn").fill("2");
          await id(p, "act-nextTurn").click();
        } else if (at === "TRICK") {
          // Only the cards the rules allow are offered (following suit is the server's to say).
          const card = p.locator('button[data-playable="true"]').first();
          const cardId = ((await card.getAttribute("data-testid")) ?? "").slice("hand-card-".length);
          const state = await roomState(code);
          const mine = state.players.find((x) => x.hand.some((c) => c.id === cardId))!;
          const led = state.vocab?.vars.led;
          const chosen = mine.hand.find((c) => c.id === cardId)!;
          if (led && mine.hand.some((c) => c.properties.suit === led)) expect(chosen.properties.suit).toBe(led);
          await card.click();
          await id(p, "act-play").click();
        } else {
          tricks++;
          if (tricks === 1) {
            // Both cards of the trick lie on the table, on the phone too, before it is put away.
            await cy.locator('[data-testid^="tableau-"] .ct-mini-card').nth(1).waitFor();
            await shot(cy, "cards-33-oh-hell-trick-phone");
            await shot(ada, "cards-33-oh-hell-trick");
          }
          await id(p, "act-nextTurn").click();
        }
      },
      async () => (await roomState(code)).round > 1,
    );
    const s = await roomState(code);
    expect(tricks).toBe(5);
    expect(s.players.map((p) => p.score).every((n) => n === 0 || n === 12)).toBe(true);
    await shot(ada, "cards-34-oh-hell-next-hand");
    for (const p of [ada, cy]) await p.context().close();
  });

  it("the lead vetoes and reports a card, and a player hands their seat to someone watching", async () => {
    const ada = await mk(DESK);
    const bob = await mk({ viewport: { width: 1024, height: 860 } });
    const dee = await mk(PHONE);
    const code = await createTable(ada, "Ada");
    await sitDown(bob, code, "Bob");
    // The third player is a bot on the socket: it draws, answers and judges by itself.
    const cal = new CahBot(server.url, code, await seatToken(server.url, code, "Cal"), "Cal");
    await id(ada, "player-P3").waitFor();
    await id(ada, "start-game").click();
    await Promise.all([ada, bob].map((p) => waitPhase(p, "PROMPT", "SUBMIT")));

    // The lead vetoes a card from their hand: it is gone for the room, and everyone sees what it said.
    const vetoed = (await roomState(code)).players.find((p) => p.id === "P1")!.hand[0]!;
    await id(ada, "card-vetoes").locator("summary").click();
    const row = ada.locator(`[data-testid="veto-row"][data-card="${vetoed.id}"]`);
    await row.getByTestId("veto-card").click();
    for (const p of [ada, bob]) await id(p, "vetoed-card").waitFor();
    expect(await id(bob, "vetoed-card").innerText()).toBe(vetoed.properties.text);
    let s = await roomState(code);
    expect(s.vetoed?.map((c) => c.id)).toEqual([vetoed.id]);
    expect(s.players.find((p) => p.id === "P1")!.hand).toHaveLength(s.settings.handSize);
    expect(await row.count()).toBe(0);
    await shot(bob, "cards-40-vetoed-list");
    // …and reports another, with a reason and a note.
    const reported = ada.locator('[data-testid="veto-row"]').first();
    const reportedId = await reported.getAttribute("data-card");
    await reported.getByTestId("report-card").click();
    await reported.getByTestId("report-reason").selectOption("broken");
    await reported.getByTestId("report-note").fill("The joke is cut off.");
    await shot(ada, "cards-40-veto-and-report");
    await reported.getByTestId("report-send").click();
    await id(ada, "report-sent").waitFor();
    const key = await server.services.secret!("card-reports");
    const reports = await fetch(`${server.url}/api/v1/cards/reports`, { headers: { authorization: `Bearer ${key}` } });
    expect((await reports.json()).reports).toEqual([
      expect.objectContaining({ cardId: reportedId, reason: "broken", note: "The joke is cut off.", room: code }),
    ]);

    // Dee watches; Bob hands her his seat with a link.
    await dee.goto(`${server.url}/cards/${code}`);
    await id(dee, "join-screen").waitFor();
    await id(dee, "just-watch").click();
    const before = (await roomState(code)).players.find((p) => p.id === "P2")!;
    await id(bob, "seat-handover").locator("summary").click();
    await id(bob, "offer-my-seat").click();
    const link = await id(bob, "handover-link").inputValue();
    expect(link).toContain(`/cards/${code}#handover=`);
    await shot(bob, "cards-41-handover-link");
    await dee.goto(link);
    await id(dee, "handover-claim").waitFor();
    await shot(dee, "cards-42-handover-claim-phone");
    await id(dee, "handover-name").fill("Dee");
    await id(dee, "handover-take").click();
    await dee.waitForFunction(
      () => document.querySelector('[data-testid="cards-room"]')?.getAttribute("data-seat") === "P2",
    );
    // The seat is Dee's with its hand and score; Bob only watches now.
    const after = (await roomState(code)).players.find((p) => p.id === "P2")!;
    expect(after.hand.map((c) => c.id)).toEqual(before.hand.map((c) => c.id));
    expect(after.score).toBe(before.score);
    expect(after.name).toBe("Dee");
    await bob.waitForFunction(
      () => document.querySelector('[data-testid="cards-room"]')?.getAttribute("data-seat") === "spectator",
    );
    // Bob's old token takes nothing back, even after a reload.
    await bob.reload();
    await id(bob, "join-screen").waitFor();
    expect(await seatOf(bob)).toBe("spectator");
    await shot(bob, "cards-43-old-holder-watches");

    // Dee plays on from the seat: she draws if she judges, else answers.
    s = await roomState(code);
    if (s.currentPhase === "PROMPT" && s.roles.judge !== "P3")
      await id(s.roles.judge === "P1" ? ada : dee, "draw-prompt").click();
    await waitPhase(dee, "SUBMIT");
    s = await roomState(code);
    if (s.roles.judge !== "P2") {
      const pick = s.globalSlots.prompt?.[0]?.properties.pick ?? 1;
      const tiles = dee.locator('button[data-testid^="hand-card-"]');
      for (let i = 0; i < pick; i++) await tiles.nth(i).click();
      await id(dee, "submit-cards").click();
      await until("Dee's answer", async () => {
        const now = await roomState(code);
        return (now.players.find((p) => p.id === "P2")!.slots.submission?.length ?? 0) === pick || null;
      });
    }
    await shot(dee, "cards-44-new-holder-plays-phone");
    expect(await fitsWidth(dee)).toBe(true);
    cal.close();
    for (const p of [ada, bob, dee]) await p.context().close();
  });

  it("on a phone the lead's veto panel is folded with a count, and opens as a short list that scrolls", async () => {
    const ada = await mk(PHONE);
    const code = await createTable(ada, "Ada");
    const bots: CahBot[] = [];
    for (const name of ["Bob", "Cal"])
      bots.push(new CahBot(server.url, code, await seatToken(server.url, code, name), name));
    await id(ada, "player-P3").waitFor();
    await id(ada, "start-game").click();
    await waitPhase(ada, "PROMPT", "SUBMIT", "JUDGE");
    const panel = id(ada, "card-vetoes");
    await panel.waitFor();
    // Folded: no row takes room until the lead opens it, and the summary says how many there are.
    const folded = await panel.evaluate((d) => ({
      open: (d as HTMLDetailsElement).open,
      count: Number(d.querySelector('[data-testid="veto-count"]')?.textContent),
      rows: d.querySelectorAll('[data-testid="veto-row"]').length,
    }));
    expect(folded.open).toBe(false);
    expect(folded.count).toBe(folded.rows);
    expect(folded.rows).toBeGreaterThanOrEqual((await roomState(code)).settings.handSize);
    expect(await panel.locator('[data-testid="veto-row"]').first().isVisible()).toBe(false);
    await shot(ada, "cards-45-veto-folded-phone");
    // Open, the list is a window of at most half the screen that scrolls in place…
    await panel.locator("summary").click();
    const list = panel.locator(".ct-vetoes");
    const box = await list.evaluate((u) => ({ height: u.clientHeight, scroll: u.scrollHeight, screen: innerHeight }));
    expect(box.height).toBeLessThanOrEqual(box.screen / 2);
    expect(box.scroll).toBeGreaterThan(box.height);
    expect(await fitsWidth(ada)).toBe(true);
    await shot(ada, "cards-45-veto-open-phone");
    // …and every row is still in reach: the last card's veto scrolls into view and takes it out.
    const last = panel.locator('[data-testid="veto-row"]').last();
    const lastId = (await last.getAttribute("data-card"))!;
    await last.getByTestId("veto-card").click();
    await until(
      "the last card vetoed",
      async () => (await roomState(code)).vetoed?.some((c) => c.id === lastId) || null,
    );
    await panel.locator(`[data-testid="veto-row"][data-card="${lastId}"]`).waitFor({ state: "detached" });
    // A wide screen has room for the whole list beside the game.
    await ada.setViewportSize({ width: 1280, height: 800 });
    expect(await list.evaluate((u) => u.scrollHeight <= u.clientHeight)).toBe(true);
    await shot(ada, "cards-45-veto-open-desk");
    for (const b of bots) b.close();
    await ada.context().close();
  });

  it("the pack picker finds the shipped packs and your own, and pages through shared ones", async () => {
    // Thirty more shared packs from another uploader (one import, then a share each): with
    // "Two of a kind", one more than the picker shows at first.
    const author = { "content-type": "application/json", "x-parlor-owner": "pack-author-key-000000001" };
    const many = Array.from({ length: 30 }, (_, i) => ({
      id: `zz-filler-${String(i + 1).padStart(2, "0")}`,
      name: `Filler ${i + 1}`,
      white: [0],
      black: [0],
    }));
    const imported = await fetch(`${server.url}/api/v1/cards/packs/import`, {
      method: "POST",
      headers: author,
      body: JSON.stringify({ white: ["A spare answer."], black: [{ text: "Why _____?", pick: 1 }], packs: many }),
    });
    expect(imported.status).toBe(201);
    for (const p of many) {
      const r = await fetch(`${server.url}/api/v1/cards/packs/${p.id}/share`, {
        method: "POST",
        headers: author,
        body: JSON.stringify({ shared: true }),
      });
      expect(r.status).toBe(200);
    }
    // This browser's own private pack, uploaded with the owner key it keeps.
    const own = "browser-own-key-000000001";
    const mine = await fetch(`${server.url}/api/v1/cards/packs`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-parlor-owner": own },
      body: JSON.stringify({
        id: "my-own",
        name: "My own",
        official: false,
        cards: {
          white: [{ id: "my-own-w-1", type: "white", properties: { text: "Mine." } }],
          black: [{ id: "my-own-b-1", type: "black", properties: { text: "Whose _____?", pick: 1, blanks: 1 } }],
        },
      }),
    });
    expect(mine.status).toBe(201);

    const page = await mk(PHONE);
    await page.addInitScript((key) => localStorage.setItem("parlor.owner", key), own);
    await page.goto(`${server.url}/cards`);
    for (const pack of ["base", "office-life", "space-and-science", "my-own", "twos", "zz-filler-29"])
      await id(page, `pack-${pack}`).waitFor();
    expect(await id(page, "pack-zz-filler-30").count()).toBe(0);
    await id(page, "packs-more").scrollIntoViewIfNeeded();
    await shot(page, "cards-30-packs-paged-phone");
    await id(page, "packs-more").click();
    await id(page, "pack-zz-filler-30").waitFor();
    await id(page, "packs-more").waitFor({ state: "detached" });
    expect(await page.locator('input[data-testid^="pack-"]').count()).toBe(3 + 1 + 31);
    expect(await fitsWidth(page)).toBe(true);
    await page.context().close();
  });
});
