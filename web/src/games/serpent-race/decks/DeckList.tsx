import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { useAccount } from "../../../kit/account";
import { errorText } from "../../../kit/api";
import { Button } from "../../../kit/Button";
import { Problem } from "../../../kit/fields";
import { Link } from "../../../kit/Link";
import { navigate } from "../../../kit/navigation";
import { listDecks, listOrgs } from "./api";
import { putDraft, takeFlash } from "./draft";
import { blankDeck } from "./form";
import { parseDeckFile } from "./import-file";
import { DECK_LABEL, type DeckSummary, LIMITS, type Org, VISIBILITY_LABEL } from "./types";

/** Mine first, then my organisations', then everyone's: each group by deck type, then name. */
function groups(decks: DeckSummary[]) {
  const order = (a: DeckSummary, b: DeckSummary) => a.decktype - b.decktype || a.name.localeCompare(b.name);
  return {
    mine: decks.filter((d) => d.mine).sort(order),
    org: decks.filter((d) => !d.mine && d.visibility === "org").sort(order),
    shared: decks.filter((d) => !d.mine && d.visibility === "public").sort(order),
  };
}

/** The decks one may use, with new, import and a way into each. */
export function DeckList() {
  const account = useAccount();
  const [decks, setDecks] = useState<DeckSummary[] | null>(null);
  const [orgs, setOrgs] = useState<Org[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [flash] = useState(takeFlash);
  const [importError, setImportError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();

  // The list depends on who is signed in (their own and their organisations' decks).
  useEffect(() => {
    let live = true;
    setDecks(null);
    listDecks().then(
      (d) => {
        if (!live) return;
        setDecks(d);
        setError(null);
      },
      (e: unknown) => {
        if (!live) return;
        setDecks([]);
        setError(errorText(e));
      },
    );
    if (account)
      listOrgs().then(
        (o) => live && setOrgs(o),
        () => undefined,
      );
    else setOrgs([]);
    return () => {
      live = false;
    };
  }, [account]);

  async function importFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    setImportError(null);
    if (file.size > LIMITS.fileBytes) return setImportError("The file is larger than a deck can be (512 KB).");
    const got = parseDeckFile(await file.text(), new Set((decks ?? []).map((d) => d.deckid)));
    if (!got.ok) return setImportError(`${file.name}: ${got.error}`);
    putDraft({
      form: got.form,
      problems: got.problems,
      notes: [`Imported from ${file.name}: check it, then save it as a new deck.`, ...got.notes],
    });
    navigate("/serpent/decks/new");
  }

  function newDeck() {
    putDraft({ form: blankDeck(), problems: [], notes: [] });
    navigate("/serpent/decks/new");
  }

  const g = groups(decks ?? []);
  const orgName = (orgid: string | null) => orgs.find((o) => o.id === orgid)?.name ?? "an organisation";

  return (
    <div className="stack stack--loose" data-testid="deck-list">
      {flash && (
        <p className="sd-status sd-status--ok" role="status" data-testid="deck-flash">
          {flash}
        </p>
      )}
      <div className="sd-toolbar">
        <Button variant="primary" onClick={newDeck} testId="deck-new">
          + New deck
        </Button>
        <Button onClick={() => fileInput.current?.click()} testId="deck-import">
          Import a JSON file
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Deck file to import"
          onChange={importFile}
          data-testid="deck-import-file"
        />
      </div>
      <Problem testId="import-error">{importError}</Problem>
      <Problem>{error}</Problem>
      {decks === null ? (
        <p className="muted">Loading decks…</p>
      ) : (
        <>
          <Group
            title="Your decks"
            id={`${id}-mine`}
            decks={g.mine}
            empty={
              account
                ? "You have no decks yet. Start a new one, duplicate a built-in deck, or import a file."
                : "Sign in to see and keep your own decks."
            }
            where={(d) => (d.visibility === "org" ? orgName(d.orgid) : VISIBILITY_LABEL[d.visibility])}
            testId="decks-mine"
          />
          {g.org.length > 0 && (
            <Group
              title="From your organisations"
              id={`${id}-org`}
              decks={g.org}
              empty=""
              where={(d) => orgName(d.orgid)}
              testId="decks-org"
            />
          )}
          <Group
            title="Public decks"
            id={`${id}-public`}
            decks={g.shared}
            empty="No public decks."
            where={(d) => (d.builtin ? "Built in" : "Shared by a teacher")}
            testId="decks-public"
          />
        </>
      )}
    </div>
  );
}

interface GroupProps {
  title: string;
  id: string;
  decks: DeckSummary[];
  empty: string;
  where(d: DeckSummary): string;
  testId: string;
}

function Group({ title, id, decks, empty, where, testId }: GroupProps) {
  return (
    <section className="stack stack--tight" aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{title}</h2>
      {decks.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="sd-decks">
          {decks.map((d) => (
            <li key={d.deckid} className="sd-deck" data-testid="deck-row" data-deckid={d.deckid}>
              <Link href={`/serpent/decks/${encodeURIComponent(d.deckid)}`} className="sd-deck__link">
                <span className="sd-deck__text">
                  <span className="sd-deck__name">{d.name}</span>
                  <span className="sd-deck__meta">
                    <span className={`sd-pill sd-pill--t${d.decktype}`}>{DECK_LABEL[d.decktype]}</span>
                    <span>
                      {d.cardCount} card{d.cardCount === 1 ? "" : "s"}
                    </span>
                    <span aria-hidden="true">·</span>
                    <span data-testid="deck-where">{where(d)}</span>
                  </span>
                </span>
                <span className="sd-deck__go" aria-hidden="true">
                  {d.mine ? "Edit ›" : "View ›"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
