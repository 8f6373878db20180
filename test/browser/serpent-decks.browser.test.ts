import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { expect, it } from "vitest";
import { browserPerFile, fitsWidth, SCREEN_DIR, shot } from "../support/browser";
import { describeWithChromium } from "../support/needs";
import { call, methodFor } from "../support/rest";

const { server, browser } = browserPerFile();

const DESK = { viewport: { width: 1180, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const PASSWORD = "serpent-deck-42";

/** What the screen shows (not the whole page): the editor's save bar stays at the bottom of it. */
const screen = (page: Page, name: string) => page.screenshot({ path: `${SCREEN_DIR}/${name}.png` });

const id = (scope: Page | Locator, testId: string) => scope.getByTestId(testId);
const card = (page: Page, i: number) => page.getByTestId(`card-${i}`);

/** REST as a second teacher would call it, from outside the browser. */
const rest = <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  call<T>(server.url, init.method ?? methodFor(init.body), path, init);

/** A multiple-choice card's question and its options A to D, in order (none marked right). */
async function fillQuiz(quiz: Locator, question: string, options: string[]) {
  await id(quiz, "card-question").fill(question);
  for (const [i, text] of options.entries()) await id(quiz, `quiz-option-${"ABCD"[i]}`).fill(text);
}

async function addCard(page: Page, type: number) {
  await id(page, "add-card-type").selectOption(String(type));
  await id(page, "add-card").click();
}

async function signIn(page: Page, email: string) {
  await id(page, "sign-in-open").click();
  await id(page, "account-email").fill(email);
  await id(page, "account-password").fill(PASSWORD);
  await id(page, "account-submit").click();
  await expect.poll(() => id(page, "deck-account").textContent()).toMatch(/Signed in as/);
}

describeWithChromium("SerpentRace deck editor in Chromium", () => {
  it("a teacher writes a deck of every question type, fixes what the server refuses, exports, imports, shares and deletes", async () => {
    const page = await (await browser.newContext(DESK)).newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // Signed out, the public built-in decks are listed, and a deck can be started.
    await page.goto(`${server.url}/serpent/decks`);
    await expect.poll(() => id(page, "decks-public").getByTestId("deck-row").count()).toBe(6);
    await expect.poll(() => id(page, "decks-mine").textContent()).toMatch(/Sign in to see/);
    await shot(page, "serpent-decks-01-list");

    await id(page, "deck-new").click();
    await id(page, "deck-name").fill("Class 4B: mixed questions");
    await expect.poll(() => id(page, "deck-type").inputValue()).toBe("0");

    // 1 multiple choice, with no option marked right: the server will refuse it.
    const quiz = card(page, 0);
    await fillQuiz(quiz, "Which planet is known as the red planet?", ["Venus", "Mars", "Jupiter", "Mercury"]);
    await id(quiz, "card-topic").fill("science");

    // 2 pairs to match.
    await addCard(page, 1);
    const pairs = card(page, 1);
    await id(pairs, "card-question").fill("Match each country to its capital");
    await id(pairs, "pair-left-0").fill("France");
    await id(pairs, "pair-right-0").fill("Paris");
    await id(pairs, "pair-left-1").fill("Japan");
    await id(pairs, "pair-right-1").fill("Tokyo");
    await id(pairs, "pair-add").click();
    await id(pairs, "pair-left-2").fill("Kenya");
    await id(pairs, "pair-right-2").fill("Nairobi");

    // 3 own answer, with two accepted spellings.
    await addCard(page, 2);
    const own = card(page, 2);
    await id(own, "card-question").fill("What gas do plants take in from the air?");
    await id(own, "accepted-0").fill("carbon dioxide");
    await id(own, "accepted-add").click();
    await id(own, "accepted-1").fill("CO2");

    // 4 true or false.
    await addCard(page, 3);
    const tf = card(page, 3);
    await id(tf, "card-question").fill("The Nile flows into the Mediterranean Sea.");
    await id(tf, "truth-true").check();

    // 5 closest number: the range of accepted guesses is shown as it is typed.
    await addCard(page, 4);
    const closer = card(page, 4);
    await id(closer, "card-question").fill("How many bones are in an adult human body?");
    await id(closer, "closer-correct").fill("206");
    await id(closer, "closer-percent").fill("5");
    await expect.poll(() => id(closer, "closer-range").textContent()).toMatch(/195\.7 to 216\.3/);
    // The legacy sentence format is there too (checked, then put back to pairs).
    await id(pairs, "pairing-mode-sentence").check();
    await expect.poll(() => id(pairs, "pairing-sentence").isVisible()).toBe(true);
    await id(pairs, "pairing-mode-pairs").check();

    // Saving signed out asks for an account in place; registering saves at once.
    await id(page, "deck-save").click();
    await expect.poll(() => id(page, "account-form").isVisible()).toBe(true);
    await id(page, "account-mode-register").click();
    await id(page, "account-name").fill("Ms Ada");
    await id(page, "account-email").fill("ada@school.test");
    await id(page, "account-password").fill(PASSWORD);
    // The kit's one sign-in form, in place under the cards (with "Not now", as the editor works signed out).
    expect(await id(page, "account-cancel").count()).toBe(1);
    await id(page, "account-form").scrollIntoViewIfNeeded();
    await screen(page, "serpent-decks-01b-sign-in-to-save");
    await id(page, "account-submit").click();

    // The server refuses the quiz (no option marked right): the message sits on card 1.
    await expect.poll(() => id(quiz, "card-problem").textContent()).toMatch(/Mark exactly one option/);
    expect(await id(page, "deck-status").textContent()).toMatch(/did not save it: card 1 needs a fix/);
    expect(await page.locator('[data-testid="card-problem"]').count()).toBe(1);
    // The first invalid input has the keyboard, so the fix is by keyboard too.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("quiz-correct-A");
    await screen(page, "serpent-decks-02-server-error");
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    expect(await id(quiz, "quiz-correct-B").isChecked()).toBe(true);
    expect(await id(quiz, "card-problem").count()).toBe(0);
    await id(page, "deck-save").focus();
    await page.keyboard.press("Enter");

    await page.waitForURL(/\/serpent\/decks\/[0-9a-f-]{36}$/);
    const deckid = page.url().split("/").pop()!;
    await expect.poll(() => id(page, "deck-status").textContent()).toMatch(/Saved: 5 cards, version 1/);
    await screen(page, "serpent-decks-03-saved");

    // Export: the document's GameDeck with the server's card ids.
    const [download] = await Promise.all([page.waitForEvent("download"), id(page, "deck-export").click()]);
    expect(download.suggestedFilename()).toBe("class-4b-mixed-questions.serpent-deck.json");
    // Kept under its own name, as a browser would save it.
    const exportedPath = join(mkdtempSync(join(tmpdir(), "serpent-decks-")), download.suggestedFilename());
    await download.saveAs(exportedPath);
    const exported = JSON.parse(readFileSync(exportedPath, "utf8"));
    expect(Object.keys(exported)).toEqual(["deckid", "name", "decktype", "cards"]);
    expect(exported.deckid).toBe(deckid);
    expect(exported.cards.map((c: { type: number }) => c.type)).toEqual([0, 1, 2, 3, 4]);
    expect(exported.cards.every((c: { cardid?: string }) => typeof c.cardid === "string")).toBe(true);
    expect(exported.cards[0].answer.find((o: { correct: boolean }) => o.correct).answer).toBe("B");
    expect(exported.cards[2].answer).toEqual(["carbon dioxide", "CO2"]);
    expect(exported.cards[4].answer).toEqual({ correct: 206, percent: 5 });

    // Import it back: a copy, saved as a new deck with the same cards.
    await page.getByRole("link", { name: "SerpentRace decks" }).click();
    await expect.poll(() => id(page, "decks-mine").getByTestId("deck-row").count()).toBe(1);
    await id(page, "deck-import-file").setInputFiles(exportedPath);
    await page.waitForURL(/\/serpent\/decks\/new$/);
    await expect
      .poll(() => id(page, "deck-notes").textContent())
      .toMatch(/Imported from class-4b-mixed-questions\.serpent-deck\.json/);
    expect(await id(page, "deck-name").inputValue()).toBe("Class 4B: mixed questions (copy)");
    await screen(page, "serpent-decks-04-imported");
    await id(page, "deck-save").click();
    await page.waitForURL((u) => /\/serpent\/decks\/[0-9a-f-]{36}$/.test(u.pathname) && !u.pathname.endsWith(deckid));
    const copyId = page.url().split("/").pop()!;
    const copy = await rest<{ cards: { cardid: string; type: number }[] }>(`/api/v1/decks/${copyId}`);
    // Private to its owner: nobody else sees it.
    expect(copy.status).toBe(404);

    // Share the copy with a new organisation; a colleague who joins by code sees it.
    await id(page, "visibility-org").check();
    await id(page, "org-name").fill("Hillside School");
    await id(page, "org-create").click();
    const made = await id(page, "org-made").textContent();
    const inviteCode = /code (\S+)\./.exec(made ?? "")?.[1];
    expect(inviteCode).toBeTruthy();
    await expect.poll(() => id(page, "deck-org").locator("option:checked").textContent()).toBe("Hillside School");
    await id(page, "deck-sharing").scrollIntoViewIfNeeded();
    await screen(page, "serpent-decks-05-share");
    await id(page, "deck-save").click();
    await expect.poll(() => id(page, "deck-status").textContent()).toMatch(/Saved: 5 cards, version 2/);

    const bob = await rest<{ accessToken: string }>("/api/v1/auth/register", {
      body: { email: "bob@school.test", password: PASSWORD, displayName: "Mr Bob" },
    });
    expect(bob.status).toBe(201);
    expect((await rest("/api/v1/orgs/join", { body: { inviteCode }, token: bob.body.accessToken })).status).toBe(200);
    const seen = await rest<{ decks: { deckid: string; visibility: string; mine: boolean }[] }>("/api/v1/decks", {
      token: bob.body.accessToken,
    });
    expect(seen.body.decks.find((d) => d.deckid === copyId)).toMatchObject({ visibility: "org", mine: false });
    expect(seen.body.decks.find((d) => d.deckid === deckid)).toBeUndefined();
    // A member reads the organisation's deck, but not its answers (only its owner and the organisation's admins do).
    const shared = await rest<{ withAnswers: boolean; cards: { question: string }[] }>(`/api/v1/decks/${copyId}`, {
      token: bob.body.accessToken,
    });
    expect(shared.body.withAnswers).toBe(false);
    expect(shared.body.cards.map((c) => c.question)).toEqual(
      exported.cards.map((c: { question: string }) => c.question),
    );
    expect(JSON.stringify(shared.body)).not.toMatch(/"(correct|answer|percent)":/);

    // Delete the copy: two presses, then the list says so and it is gone.
    await id(page, "deck-delete").click();
    await id(page, "deck-delete-confirm").click();
    await page.waitForURL(/\/serpent\/decks$/);
    await expect.poll(() => id(page, "deck-flash").textContent()).toMatch(/Deleted/);
    await expect.poll(() => id(page, "decks-mine").getByTestId("deck-row").count()).toBe(1);
    expect((await rest(`/api/v1/decks/${copyId}`, { token: bob.body.accessToken })).status).toBe(404);

    // A luck deck and a joker deck: their cards' consequences.
    await id(page, "deck-new").click();
    await id(page, "deck-name").fill("Playground luck");
    await id(page, "deck-type").selectOption("2");
    const luck = card(page, 0);
    await id(luck, "card-question").fill("You forgot your gym bag. Lose 2 turns.");
    await id(luck, "consequence-type").selectOption("2");
    await id(luck, "consequence-value").fill("2");
    await id(page, "add-card").click();
    await id(card(page, 1), "card-question").fill("The bell rings early: back to the start.");
    await id(card(page, 1), "consequence-type").selectOption("5");
    expect(await id(card(page, 1), "consequence-value").count()).toBe(0);
    await id(luck, "card-question").scrollIntoViewIfNeeded();
    await screen(page, "serpent-decks-07-luck");
    await id(page, "deck-save").click();
    await page.waitForURL(/\/serpent\/decks\/[0-9a-f-]{36}$/);
    const luckId = page.url().split("/").pop()!;
    const luckDeck = await rest<{ cards: unknown[] }>(`/api/v1/decks/${luckId}`, {
      token: await page.evaluate(() => JSON.parse(localStorage.getItem("parlor.account") ?? "{}").accessToken),
    });
    expect(luckDeck.body.cards).toMatchObject([
      { type: 6, consequence: { type: 2, value: 2 } },
      { type: 6, consequence: { type: 5 } },
    ]);

    await page.getByRole("link", { name: "SerpentRace decks" }).click();
    await id(page, "deck-new").click();
    await id(page, "deck-name").fill("Jokers for 4B");
    await id(page, "deck-type").selectOption("3");
    await id(card(page, 0), "card-question").fill("Hum a song; the class guesses it within 20 seconds.");
    await id(card(page, 0), "consequence-type").selectOption("0");
    await id(card(page, 0), "consequence-value").fill("zero");
    await id(page, "add-card").click();
    await id(card(page, 1), "card-question").fill("Name five rivers in one breath.");
    await id(card(page, 1), "consequence-type").selectOption("1");
    await id(card(page, 1), "consequence-value").fill("-2");
    await id(page, "deck-save").click();
    // What the inputs cannot say is caught before sending, next to each card, and the first has the keyboard.
    await expect.poll(() => id(card(page, 0), "card-problem").textContent()).toMatch(/whole number/);
    expect(await id(card(page, 1), "card-problem").textContent()).toMatch(/whole number/);
    expect(await id(page, "deck-status").textContent()).toMatch(/2 things to fix/);
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest("[data-testid^=card-]")?.getAttribute("data-testid")),
      )
      .toBe("card-0");
    // Fixing the first one keeps the typing there (the other problem does not pull the focus away).
    await page.keyboard.press("Control+A");
    await page.keyboard.type("3");
    expect(await id(card(page, 0), "card-problem").count()).toBe(0);
    expect(
      await page.evaluate(() => document.activeElement?.closest("[data-testid^=card-]")?.getAttribute("data-testid")),
    ).toBe("card-0");
    expect(await id(card(page, 0), "consequence-value").inputValue()).toBe("3");
    await id(card(page, 1), "consequence-value").fill("2");
    await id(page, "deck-save").click();
    await page.waitForURL(/\/serpent\/decks\/[0-9a-f-]{36}$/);

    // Share the first deck with everyone: it shows as public in the list.
    await page.getByRole("link", { name: "SerpentRace decks" }).click();
    await id(page, "decks-mine")
      .getByRole("link", { name: /Class 4B: mixed questions/ })
      .click();
    await id(page, "visibility-public").check();
    await id(page, "deck-save").click();
    await expect.poll(() => id(page, "deck-status").textContent()).toMatch(/version 2/);
    const everyone = await rest<{ decks: { deckid: string }[] }>("/api/v1/decks");
    expect(everyone.body.decks.map((d) => d.deckid)).toContain(deckid);

    // A built-in deck is read-only; duplicating it opens an editable copy.
    await page.getByRole("link", { name: "SerpentRace decks" }).click();
    await expect.poll(() => id(page, "decks-mine").getByTestId("deck-row").count()).toBe(3);
    await id(page, "decks-public").getByRole("link", { name: /^Luck/ }).click();
    await expect.poll(() => id(page, "deck-readonly").isVisible()).toBe(true);
    expect(await page.locator("[data-testid=deck-readonly] [data-testid^=card-]").count()).toBe(26);
    await shot(page, "serpent-decks-06-builtin");
    await id(page, "deck-duplicate").click();
    await page.waitForURL(/\/serpent\/decks\/new$/);
    expect(await id(page, "deck-name").inputValue()).toBe("Luck (copy)");
    expect(await id(page, "deck-type").inputValue()).toBe("2");
    expect(await fitsWidth(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it("works at phone width: list, a refused card and a read-only deck", async () => {
    const page = await (await browser.newContext(PHONE)).newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await rest("/api/v1/auth/register", {
      body: { email: "cy@school.test", password: PASSWORD, displayName: "Cy" },
    });
    await page.goto(`${server.url}/serpent/decks`);
    await signIn(page, "cy@school.test");
    await expect.poll(() => id(page, "decks-public").getByTestId("deck-row").count()).toBeGreaterThanOrEqual(6);
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, "serpent-decks-p1-list-phone");

    await id(page, "deck-new").click();
    // Saving a deck without a name: the problem shows once, by the name; the bar says only where.
    await id(page, "deck-save").click();
    await expect.poll(() => id(page, "deck-status").textContent()).toMatch(/name needs a fix/);
    expect(await page.getByText(/Give the deck a name/).count()).toBe(1);
    await id(page, "deck-name").fill("Phone quiz");
    await id(page, "deck-type").selectOption("1");
    await addCard(page, 1);
    // Card 1 (multiple choice) is complete; card 2 has one pair only.
    const quiz = card(page, 0);
    await fillQuiz(quiz, "2 + 2 = ?", ["3", "4", "5", "22"]);
    await id(quiz, "quiz-correct-B").check();
    const pairs = card(page, 1);
    await id(pairs, "card-question").fill("Match the opposites");
    await id(pairs, "pair-left-0").fill("Hot");
    await id(pairs, "pair-right-0").fill("Cold");
    await id(page, "deck-save").click();
    await expect.poll(() => id(pairs, "card-problem").textContent()).toMatch(/at least two pairs/);
    expect(await fitsWidth(page)).toBe(true);
    await screen(page, "serpent-decks-p2-error-phone");
    // The bar at the bottom says where; "Show" goes back to the first empty input of that card.
    await page.evaluate(() => window.scrollTo(0, 0));
    await id(page, "deck-show-problem").click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("pair-left-1");
    await id(pairs, "pair-left-1").fill("Up");
    await id(pairs, "pair-right-1").fill("Down");
    await id(page, "deck-save").click();
    await page.waitForURL(/\/serpent\/decks\/[0-9a-f-]{36}$/);
    await expect.poll(() => id(page, "deck-status").textContent()).toMatch(/Saved: 2 cards/);
    await screen(page, "serpent-decks-p3-saved-phone");

    await page.goto(`${server.url}/serpent/decks`);
    await id(page, "decks-public")
      .getByRole("link", { name: /^Joker/ })
      .click();
    await expect.poll(() => id(page, "deck-readonly").isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await shot(page, "serpent-decks-p4-builtin-phone");
    // Someone else's public deck of questions: the questions, never the answers, and no export.
    await page.goto(`${server.url}/serpent/decks`);
    await id(page, "decks-public")
      .getByRole("link", { name: /Class 4B: mixed questions/ })
      .click();
    await expect.poll(() => id(page, "deck-readonly").isVisible()).toBe(true);
    await id(page, "deck-answers-withheld").waitFor();
    expect(await id(page, "deck-export").count()).toBe(0);
    expect(await page.getByText("✓ right").count()).toBe(0);
    await shot(page, "serpent-decks-p5-answers-withheld-phone");
    expect(errors).toEqual([]);
  });
});
