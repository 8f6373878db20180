import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import type { Card } from "../../src/games/card-table/state";
import { promptPlain } from "../../web/src/games/card-table/prompt-text";
import { browserPerFile, fitsWidth, shot } from "../support/browser";
import { cardsPages, DESK, id, PHONE, playTable, seatOf, waitPhase } from "../support/cards-pages";
import { describeWithChromium } from "../support/needs";

/**
 * Pig, Crazy Eights and Apples to Apples played from the browser, as their definitions ship
 * (cards.browser.test.ts plays CAH, the Sandbox, Blackjack and Oh Hell). Each table has a
 * phone at it; what a move did is read from the room's state, and the test waits for the
 * screens to show it.
 */
const { server, browser } = browserPerFile({ TIME_SCALE: "1" });
const { mk, createTable, sitDown, roomState } = cardsPages(server, browser);

const seqOf = (p: Page) => p.evaluate(() => Number(document.body.dataset.seq));
/** Press `button` and wait for the page to hear the room's next step (the move's outcome). */
async function press(p: Page, testId: string) {
  const seq = await seqOf(p);
  await id(p, testId).click();
  await p.waitForFunction((s) => Number(document.body.dataset.seq) > s, seq);
}
/** The element `testId` on `p` once its text matches `text`. */
const shows = (p: Page, testId: string, text: RegExp | string) => id(p, testId).filter({ hasText: text }).waitFor();

/** Two seats from /cards: the lead at a desk, a second player on a phone; the game started. */
async function twoAtTable(game: string) {
  const ada = await mk(DESK);
  const cy = await mk(PHONE);
  const code = await createTable(ada, "Ada", async (p) => {
    await id(p, `game-${game}`).check();
  });
  await sitDown(cy, code, "Cy");
  await id(ada, "start-game").click();
  await Promise.all([ada, cy].map((p) => waitPhase(p, "TABLE")));
  const seats = new Map<string, Page>([
    [(await seatOf(ada))!, ada],
    [(await seatOf(cy))!, cy],
  ]);
  return { ada, cy, code, seats, tag: (p: Page) => (p === cy ? "-phone" : "") };
}

const SUITS = ["clubs", "diamonds", "hearts", "spades"] as const;

/** WCAG's contrast ratio of two computed colours ("rgb(r, g, b)"). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).map(Number).map((x) => {
      const s = x / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** How a hand card is drawn: its opacity (its own and its text's), text and face colours. */
const cardLook = (p: Page, cardId: string) =>
  id(p, `hand-card-${cardId}`).evaluate((b) => {
    const own = getComputedStyle(b);
    const text = getComputedStyle(b.querySelector(".ct-tile__text") ?? b);
    return {
      opacity: Number(own.opacity) * Number(text.opacity),
      color: text.color,
      face: own.backgroundColor,
      border: own.borderStyle,
    };
  });

describeWithChromium("Card Table's definition games in the browser", () => {
  it("Pig on the generic table: roll and hold, the score moves and the turn passes, to the target", async () => {
    const { ada, cy, code, seats, tag } = await twoAtTable("pig");
    const target = (await roomState(code)).settings.endValue ?? 0;
    // The table from /cards plays Pig as it ships: to 100.
    expect(target).toBe(100);
    const seen = { rolls: 0, ones: 0, holds: 0, passed: 0, newRounds: 0 };
    await playTable([ada, cy], async (p, at) => {
      expect(at).toBe("TURN");
      const before = await roomState(code);
      const me = before.roles.turn!;
      // Only the player in turn has a button.
      expect(seats.get(me)).toBe(p);
      const total = Number(before.vocab?.playerVars[me]?.turnTotal ?? 0);
      const score = before.players.find((x) => x.id === me)!.score;
      // The mover's screen shows where the turn stands before anything is pressed.
      await shows(p, `tableau-${me}`, new RegExp(`^You ${score} points\\b.*turn total ${total}$`));
      // Holding is offered once the turn has a total, in the definition's word.
      expect(await id(p, "act-nextTurn").count()).toBe(total > 0 ? 1 : 0);
      if (total > 0) expect(await id(p, "act-nextTurn").textContent()).toBe("Hold");
      const hold = total >= 20 || (total > 0 && score + total >= target);
      await press(p, hold ? "act-nextTurn" : "act-roll");
      const after = await roomState(code);
      const nowTotal = Number(after.vocab?.playerVars[me]?.turnTotal ?? 0);
      const nowScore = after.players.find((x) => x.id === me)!.score;
      let turnOver = hold;
      if (hold) {
        seen.holds++;
        // The total is banked: the score moves on both screens.
        expect(nowScore).toBe(score + total);
        expect(nowTotal).toBe(0);
        for (const q of [ada, cy]) await shows(q, `score-${me}`, new RegExp(`^${nowScore}\\b`));
        if (seen.holds === 1) await shot(p, `cards-50-pig-held${tag(p)}`);
      } else {
        seen.rolls++;
        const face = after.dice.d6?.currentFace?.value as number;
        // (A one on the round's last turn can end the game: then the end screen shows instead.)
        if (after.currentPhase !== "END") await shows(p, "die-d6", new RegExp(`shows\\s*${face}$`));
        expect(nowScore).toBe(score);
        if (face === 1) {
          // A one loses the turn's total and ends the turn.
          seen.ones++;
          turnOver = true;
          expect(nowTotal).toBe(0);
          if (seen.ones === 1) await shot(p, `cards-51-pig-rolled-one${tag(p)}`);
        } else {
          expect(nowTotal).toBe(total + face);
          expect(after.roles.turn).toBe(me);
          await shows(p, `tableau-${me}`, new RegExp(`turn total ${total + face}$`));
          if (seen.rolls === 1) {
            await shot(p, `cards-52-pig-rolled${tag(p)}`);
            expect(await fitsWidth(cy)).toBe(true);
          }
        }
      }
      if (!turnOver || after.currentPhase === "END") return;
      // The turn passes; after the round's last turn the next round starts with the other
      // starter, who (two at the table) is the one who just played.
      if (after.round === before.round) expect(after.roles.turn).not.toBe(me);
      else {
        expect(after.round).toBe(before.round + 1);
        seen.newRounds++;
      }
      if (after.roles.turn !== me) seen.passed++;
      await shows(seats.get(after.roles.turn!)!, "turn-name", "Your turn");
      await shows(seats.get(after.roles.turn!) === ada ? cy : ada, "turn-name", /^Turn: /);
    });
    await Promise.all([ada, cy].map((p) => waitPhase(p, "END")));
    const end = await roomState(code);
    const top = Math.max(...end.players.map((x) => x.score));
    const winner = end.players.find((x) => x.score === top)!;
    expect(top).toBeGreaterThanOrEqual(target);
    // A game to a score ends with one leader (a tie for first plays another round).
    expect(end.players.filter((x) => x.score === top)).toHaveLength(1);
    for (const q of [ada, cy]) {
      const mine = (await seatOf(q)) === winner.id;
      await shows(q, "game-winner", mine ? "You win the game!" : `${winner.name} wins the game!`);
    }
    expect(seen.holds).toBeGreaterThan(0);
    expect(seen.passed).toBeGreaterThan(0);
    await shot(cy, "cards-53-pig-end-phone");
    expect(await fitsWidth(cy)).toBe(true);
    for (const p of [ada, cy]) await p.context().close();
  });

  it("Crazy Eights on the generic table: a matching card, an eight naming a suit, a draw when nothing matches", async () => {
    const { ada, cy, code, seats, tag } = await twoAtTable("crazy-eights");
    const start = await roomState(code);
    // Two players are dealt seven each, and one card turned up starts the pile.
    expect(start.players.map((x) => x.hand.length)).toEqual([7, 7]);
    expect(start.globalSlots.pile).toHaveLength(1);
    const other = (p: Page) => (p === ada ? cy : ada);
    const pileTop = (p: Page) => p.locator('[data-testid="slot-pile"] .ct-mini-card').last();
    const seen = { matches: 0, eights: 0, draws: 0, unplayable: false };
    await playTable(
      [ada, cy],
      async (p, at) => {
        expect(at).toBe("TURN");
        const before = await roomState(code);
        const me = before.roles.turn!;
        expect(seats.get(me)).toBe(p);
        const hand = before.players.find((x) => x.id === me)!.hand;
        const suit = before.vocab?.vars.suit as string;
        const pile = before.globalSlots.pile!;
        const top = pile[pile.length - 1]!;
        // The mover's screen is up to date: its hand and the pile as the room has them.
        await p.waitForFunction(
          ([h, n]) =>
            document.querySelectorAll('[data-testid="hand"] li').length === h &&
            document.querySelectorAll('[data-testid="slot-pile"] .ct-mini-card').length === n,
          [hand.length, pile.length],
        );
        const fits = (c: Card) =>
          c.properties.rank === "8" || c.properties.suit === suit || c.properties.rank === top.properties.rank;
        // The screen offers exactly the cards the rules allow: the suit in force, the top's rank, eights.
        const offered = await p
          .locator('button[data-playable="true"]')
          .evaluateAll((bs) => bs.map((b) => b.getAttribute("data-testid")!.slice("hand-card-".length)));
        expect(offered.sort()).toEqual(
          hand
            .filter(fits)
            .map((c) => c.id)
            .sort(),
        );
        const eight = hand.find((c) => fits(c) && c.properties.rank === "8");
        const match = hand.find((c) => fits(c) && c.properties.rank !== "8");
        const sameHand = async () => (await roomState(code)).round === before.round;
        if (eight && (seen.eights === 0 || !match)) {
          // An eight asks which suit comes next: one button a suit.
          await id(p, `hand-card-${eight.id}`).click();
          const named = SUITS.find((s) => s !== suit)!;
          await id(p, `act-play-${named}`).waitFor();
          expect(await id(p, "card-actions").locator("button").count()).toBe(4);
          if (seen.eights === 0) await shot(p, `cards-60-eights-name-a-suit${tag(p)}`);
          await press(p, `act-play-${named}`);
          seen.eights++;
          // Unless that was the hand's last card (a new hand is dealt), the named suit is in force.
          if (await sameHand()) {
            expect((await roomState(code)).vocab?.vars.suit).toBe(named);
            await shows(other(p), "table-vars", `suit: ${named}`);
            // The rules' count of passes is theirs alone: no chip for it.
            expect(await id(other(p), "table-vars").textContent()).not.toMatch(/pass/i);
            expect(await pileTop(other(p)).textContent()).toBe(eight.properties.text);
            if (seen.eights === 1) await shot(other(p), `cards-61-eights-suit-named${tag(other(p))}`);
          }
        } else if (match) {
          const unplayable = hand.filter((c) => !fits(c));
          const red = unplayable.find((c) => c.properties.color === "red");
          if (red && !seen.unplayable) {
            // A card that may not be played is told apart by its face and border, not faded:
            // a red one reads as well as any (WCAG AA for text, 4.5:1).
            const [off, on] = [await cardLook(p, red.id), await cardLook(p, match.id)];
            expect(off.opacity).toBe(1);
            expect(contrast(off.color, off.face)).toBeGreaterThanOrEqual(4.5);
            expect(off.face).not.toBe(on.face);
            expect([off.border, on.border]).toEqual(["dashed", "solid"]);
            await shot(p, `cards-64-eights-unplayable${tag(p)}`);
            seen.unplayable = true;
          }
          await id(p, `hand-card-${match.id}`).click();
          await press(p, "act-play");
          seen.matches++;
          if (await sameHand()) {
            expect((await roomState(code)).vocab?.vars.suit).toBe(match.properties.suit);
            await other(p)
              .locator('[data-testid="slot-pile"] .ct-mini-card')
              .last()
              .filter({ hasText: match.properties.text as string })
              .waitFor();
            if (seen.matches === 1) await shot(other(p), `cards-62-eights-matched${tag(other(p))}`);
          }
        } else if ((await id(p, "act-draw").count()) > 0) {
          // Nothing matches: no card is offered, and the stock gives one more.
          expect(offered).toEqual([]);
          const held = await p.locator('[data-testid="hand"] li').count();
          await press(p, "act-draw");
          seen.draws++;
          expect((await roomState(code)).players.find((x) => x.id === me)!.hand).toHaveLength(hand.length + 1);
          await p.waitForFunction((n) => document.querySelectorAll('[data-testid="hand"] li').length === n, held + 1);
          if (seen.draws === 1) {
            await shot(p, `cards-63-eights-drew${tag(p)}`);
            expect(await fitsWidth(cy)).toBe(true);
          }
        } else await press(p, "act-nextTurn");
      },
      async () => seen.matches > 0 && seen.eights > 0 && seen.draws > 0 && seen.unplayable,
    );
    expect(seen.unplayable).toBe(true);
    expect(seen.matches).toBeGreaterThan(0);
    expect(seen.eights).toBeGreaterThan(0);
    expect(seen.draws).toBeGreaterThan(0);
    // Every card is still somewhere: the hands, the pile and the stock hold the 52.
    const s = await roomState(code);
    const held = s.players.reduce((n, x) => n + x.hand.length, 0);
    const stock = s.decks.stock!;
    expect(held + s.globalSlots.pile!.length + stock.cards.length + stock.discardPile.length).toBe(52);
    for (const p of [ada, cy]) await p.context().close();
  });

  it("Apples to Apples on the judged screens: a quality drawn, things played, the judge's pick wins, over two rounds", async () => {
    const ada = await mk(DESK);
    const bob = await mk({ viewport: { width: 1024, height: 860 } });
    const cy = await mk(PHONE);
    const players = [ada, bob, cy];
    const code = await createTable(ada, "Ada", async (p) => {
      await id(p, "game-apples-to-apples").check();
    });
    // A judged definition's rules may be changed in the lobby: two rounds.
    await id(ada, "edit-rules").click();
    await id(ada, "end-rounds").check();
    await id(ada, "setting-end-value").fill("2");
    await id(ada, "save-rules").click();
    await shows(ada, "table-rules", "2 rounds, then most points wins");
    await sitDown(bob, code, "Bob");
    await sitDown(cy, code, "Cy");
    await shows(cy, "table-rules", "2 rounds, then most points wins");
    await shot(cy, "cards-70-apples-lobby-phone");
    await id(ada, "start-game").click();

    const judges: string[] = [];
    for (let round = 1; round <= 2; round++) {
      await Promise.all(players.map((p) => waitPhase(p, "PROMPT")));
      let judge: Page | null = null;
      for (const p of players) if (await id(p, "draw-prompt").isVisible()) judge = p;
      expect(judge).not.toBeNull();
      judges.push((await seatOf(judge!))!);
      await id(judge!, "draw-prompt").click();
      await Promise.all(players.map((p) => waitPhase(p, "SUBMIT")));
      // Everyone reads the same quality, the room's prompt card.
      const quality = (await roomState(code)).globalSlots.prompt![0]!;
      expect(quality.type).toBe("quality");
      for (const p of players)
        expect(await id(p, "prompt-card").locator("blockquote").textContent()).toBe(quality.properties.text);
      for (const p of players) {
        if (p === judge) continue;
        const pick = Number(await id(p, "phase-SUBMIT").getAttribute("data-pick"));
        expect(pick).toBe(1);
        await p.locator('button[data-testid^="hand-card-"]').first().click();
        if (round === 1 && p === cy) {
          await shot(cy, "cards-71-apples-play-a-thing-phone");
          expect(await fitsWidth(cy)).toBe(true);
        }
        await id(p, "submit-cards").click();
      }
      await Promise.all(players.map((p) => waitPhase(p, "JUDGE")));
      // The two things played, without names; everyone reads them, only the judge picks.
      const picks = judge!.locator('[data-testid^="judge-pick-"]');
      await picks.nth(1).waitFor();
      expect(await picks.count()).toBe(2);
      for (const p of players) {
        expect(await p.locator('[data-testid^="entry-author-"]').count()).toBe(0);
        if (p === judge) continue;
        expect(await p.locator('li[data-testid^="entry-"]').count()).toBe(2);
        expect(await p.locator('[data-testid^="judge-pick-"]').count()).toBe(0);
      }
      await shot(judge!, `cards-72-apples-judging-r${round}${judge === cy ? "-phone" : ""}`);
      if (judge !== cy) await shot(cy, `cards-72-apples-judging-r${round}-phone`);
      const chosen = Number(((await picks.nth(1).getAttribute("data-testid")) ?? "").slice("judge-pick-".length));
      const scores = (await roomState(code)).players.map((x) => x.score);
      await picks.nth(1).click();
      const result = `[data-testid="round-result"][data-round="${round}"]`;
      await Promise.all(players.map((p) => p.locator(result).waitFor()));

      // The picked thing's player wins the round, scores a point and keeps the quality.
      const s = await roomState(code);
      const last = s.lastRound!;
      expect(last.round).toBe(round);
      expect(last.winningIndex).toBe(chosen);
      const won = last.submissions.find((x) => x.index === chosen)!;
      const winner = s.players.find((x) => x.id === last.winnerId)!;
      expect(winner.id).not.toBe(judges[round - 1]);
      expect(s.players.map((x) => x.score)).toEqual(scores.map((n, i) => (s.players[i]!.id === winner.id ? n + 1 : n)));
      expect(winner.slots.scorePile?.map((c) => c.id)).toContain(quality.id);
      for (const p of players) {
        const line = p.locator(`${result} [data-testid="round-winner"]`);
        expect(await line.getAttribute("data-player")).toBe(winner.id);
        expect(await line.textContent()).toContain((await seatOf(p)) === winner.id ? "You" : winner.name);
        expect(await p.locator(`${result} [data-testid="winning-card"] blockquote`).textContent()).toBe(
          promptPlain(quality, won.cards),
        );
      }
      await shot(cy, `cards-73-apples-result-r${round}-phone`);
    }
    // The judge rotates; after the second round the game is over, the winner named everywhere.
    expect(judges[1]).not.toBe(judges[0]);
    await Promise.all(players.map((p) => waitPhase(p, "END")));
    const end = await roomState(code);
    expect(end.status).toBe("ended");
    expect(end.lastRound?.round).toBe(2);
    for (const p of players) await shows(p, "phase-END", "2 rounds played");
    const heading = (await id(ada, "game-winner").textContent()) ?? "";
    const top = Math.max(...end.players.map((x) => x.score));
    const leaders = end.players.filter((x) => x.score === top);
    if (leaders.length === 1)
      expect(heading).toContain(leaders[0]!.id === (await seatOf(ada)) ? "You win" : `${leaders[0]!.name} wins`);
    else expect(heading).toMatch(/^A tie/);
    await shot(cy, "cards-74-apples-end-phone");
    expect(await fitsWidth(cy)).toBe(true);
    for (const p of players) await p.context().close();
  });
});
