import { useEffect, useState } from "react";
import { useAccount } from "../../../kit/account";
import { errorText } from "../../../kit/api";
import { getDeck } from "./api";
import { DeckEditor } from "./DeckEditor";
import { takeFlash } from "./draft";
import { formFromDeck } from "./form";
import { ReadOnlyDeck } from "./ReadOnlyDeck";
import type { StoredDeck } from "./types";

type Loaded = { deck: StoredDeck } | { error: string } | null;

/** One stored deck: the editor for its owner, a read-only view for everyone else. */
export function DeckPage({ deckid, onTitle }: { deckid: string; onTitle(t: string): void }) {
  const account = useAccount();
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [flash] = useState(takeFlash);

  const who = account?.id ?? null;
  useEffect(() => {
    // Signing in or out changes who may see and edit the deck: fetch it again.
    void who;
    let live = true;
    getDeck(deckid).then(
      (deck) => {
        if (!live) return;
        setLoaded({ deck });
        onTitle(deck.name);
      },
      (e: unknown) => live && setLoaded({ error: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [deckid, who, onTitle]);

  if (loaded === null) return <p className="muted">Loading the deck…</p>;
  if ("error" in loaded)
    return (
      <p className="note note--bad" role="alert" data-testid="deck-load-error">
        {loaded.error}
      </p>
    );
  const form = formFromDeck(loaded.deck);
  if (!loaded.deck.mine) return <ReadOnlyDeck deck={loaded.deck} form={form} />;
  return (
    <DeckEditor
      key={`${loaded.deck.deckid}:${loaded.deck.version}`}
      initial={form}
      version={loaded.deck.version}
      flash={flash}
    />
  );
}
