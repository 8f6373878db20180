import { useState } from "react";
import { Button } from "../../../kit/Button";
import { navigate } from "../../../kit/navigation";
import { answerLines } from "./describe";
import { download } from "./download";
import { putDraft } from "./draft";
import { type DeckForm, duplicateForm, fileName, gameDeckJson } from "./form";
import { CARD, CARD_LABEL, DECK_HINT, DECK_LABEL, type StoredDeck, VISIBILITY_LABEL } from "./types";

/**
 * A deck one may use but not change (built-in, public, an organisation's): read it, or copy it
 * to edit. Its answers show only to those the server gives them (an organisation deck's
 * owners and admins): for everyone else the server sends the questions alone, so a player
 * can never look up the card they drew. Exporting needs the answers.
 */
export function ReadOnlyDeck({ deck, form }: { deck: StoredDeck; form: DeckForm }) {
  const [note, setNote] = useState<string | null>(null);
  const answers = deck.withAnswers;
  function duplicate() {
    putDraft({
      form: duplicateForm(form),
      problems: [],
      notes: [
        `A copy of “${deck.name}”: save it to keep it as your own.`,
        ...(answers || !hasQuestions(form)
          ? []
          : ["Only the deck's owner sees its answers, so the copy has none yet: write them in before saving."]),
      ],
    });
    navigate("/serpent/decks/new");
  }
  function exportJson() {
    download(fileName(deck.name), gameDeckJson(form).json);
    setNote(`Exported as ${fileName(deck.name)}.`);
  }
  return (
    <div className="stack stack--loose" data-testid="deck-readonly" data-deckid={deck.deckid}>
      <section className="card stack">
        <div className="stack stack--tight">
          <h2>{deck.name}</h2>
          <p className="muted">
            {DECK_LABEL[deck.decktype]} · {deck.cardCount} cards ·{" "}
            {deck.builtin ? "Built in" : VISIBILITY_LABEL[deck.visibility]}
          </p>
          <p className="small muted">{DECK_HINT[deck.decktype]}</p>
        </div>
        <p className="small">
          {deck.builtin
            ? "Built-in decks cannot be changed. Duplicate one to make your own version."
            : "Only its owner can change this deck. Duplicate it to make your own version."}
        </p>
        <div className="row row--wrap">
          <Button variant="primary" onClick={duplicate} testId="deck-duplicate">
            Duplicate to edit
          </Button>
          {answers && (
            <Button onClick={exportJson} testId="deck-export">
              Export JSON
            </Button>
          )}
        </div>
        {!answers && hasQuestions(form) && (
          <p className="small muted" data-testid="deck-answers-withheld">
            Only the deck's owner sees its answers: players never can, so no card can be looked up during a race.
          </p>
        )}
        {note && (
          <p className="sd-status sd-status--ok" role="status">
            {note}
          </p>
        )}
      </section>
      <ol className="sd-cards">
        {form.cards.map((c, i) => (
          <li key={c.key} className="sd-card sd-card--read" data-testid={`card-${i}`}>
            <p className="sd-card__type">
              <span className="sd-card__num" aria-hidden="true">
                {i + 1}
              </span>
              {CARD_LABEL[c.type]}
              {c.topic && <span className="sd-badge">{c.topic}</span>}
            </p>
            <p className="sd-card__question">{c.question}</p>
            {(answers || c.type === CARD.LUCK || c.type === CARD.JOKER) && (
              <ul className="sd-answer-lines">
                {answerLines(c).map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Whether a deck has cards with answers to hide (luck and joker decks have none). */
const hasQuestions = (form: DeckForm) => form.cards.some((c) => c.type !== CARD.LUCK && c.type !== CARD.JOKER);
