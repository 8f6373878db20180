import { useCallback, useState } from "react";
import { Layout } from "../../../kit/Layout";
import { Link } from "../../../kit/Link";
import { useTitle } from "../../../kit/useTitle";
import { AccountBar } from "./AccountBar";
import { DeckEditor } from "./DeckEditor";
import { DeckList } from "./DeckList";
import { DeckPage } from "./DeckPage";
import { readDraft } from "./draft";
import { blankDeck } from "./form";
import "./decks.css";

/**
 * SerpentRace's deck editor: `/serpent/decks` lists the decks one may use,
 * `/serpent/decks/new` edits a new one (blank, imported or duplicated), and
 * `/serpent/decks/<deckid>` opens a stored one.
 */
export function SerpentDecks({ deckid }: { deckid?: string }) {
  const [title, setTitle] = useState(deckid === undefined ? "Decks" : deckid === "new" ? "New deck" : "Deck");
  useTitle(`${title} · SerpentRace`);
  const onTitle = useCallback((t: string) => setTitle(t), []);
  return (
    <Layout>
      <div className="sd-page stack stack--loose">
        <header className="stack stack--tight">
          <nav aria-label="Breadcrumb" className="sd-crumbs small">
            <Link href="/">Parlor</Link>
            <span aria-hidden="true"> › </span>
            {deckid === undefined ? (
              <span>SerpentRace decks</span>
            ) : (
              <Link href="/serpent/decks">SerpentRace decks</Link>
            )}
          </nav>
          <h1>{deckid === undefined ? "Decks" : deckid === "new" ? "New deck" : title}</h1>
          {deckid === undefined && (
            <p className="muted">
              Question, luck and joker cards for SerpentRace. Write your own, share them with your school or everyone,
              or bring them in as JSON.
            </p>
          )}
          <AccountBar />
        </header>
        {deckid === undefined ? (
          <DeckList />
        ) : deckid === "new" ? (
          <NewDeck />
        ) : (
          <DeckPage deckid={deckid} onTitle={onTitle} />
        )}
      </div>
    </Layout>
  );
}

function NewDeck() {
  const [draft] = useState(() => readDraft() ?? { form: blankDeck(), problems: [], notes: [] });
  return <DeckEditor initial={draft.form} initialProblems={draft.problems} notes={draft.notes} />;
}
