import { useEffect, useId, useRef, useState } from "react";
import { AccountForm } from "../../../kit/AccountForm";
import { currentAccount, useAccount } from "../../../kit/account";
import { ApiError, errorText } from "../../../kit/api";
import { Button } from "../../../kit/Button";
import { ConfirmButton } from "../../../kit/ConfirmButton";
import { navigate } from "../../../kit/navigation";
import { Options } from "../../../kit/Options";
import { createDeck, deleteDeck, listOrgs, updateDeck } from "./api";
import { CardEditor } from "./CardEditor";
import { download } from "./download";
import { keepDraft, setFlash } from "./draft";
import { problemFromServer } from "./errors";
import {
  blankCard,
  type CardForm,
  type DeckForm,
  deckFromForm,
  type FieldProblem,
  fileName,
  formFromDeck,
  gameDeckJson,
  retype,
  withDeckType,
} from "./form";
import { Problems } from "./Problems";
import { SharingFields } from "./SharingFields";
import {
  ALLOWED,
  CARD_LABEL,
  type CardTypeCode,
  DECK_HINT,
  DECK_LABEL,
  DECK_TYPES,
  type DeckTypeCode,
  LIMITS,
  type Org,
  TOPICS,
} from "./types";

interface Props {
  initial: DeckForm;
  /** Problems known before editing starts (an imported file's gaps). */
  initialProblems?: FieldProblem[];
  /** What the editor says first (e.g. what an import changed). */
  notes?: string[];
  version?: number;
  /** A line to show first in the status (e.g. "Saved" after a new deck's first save). */
  flash?: string | null;
}

type Status = { kind: "ok" | "bad"; text: string } | null;

/** Opened cards: all of a small deck; otherwise none but those with problems. */
function initiallyOpen(form: DeckForm, problems: FieldProblem[]): Set<string> {
  if (form.cards.length <= 3) return new Set(form.cards.map((c) => c.key));
  return new Set(problems.map((p) => p.card).filter((k): k is string => k !== null));
}

/** The deck editor: name, deck type, sharing, every card, and save, export and delete. */
export function DeckEditor({ initial, initialProblems = [], notes = [], version, flash = null }: Props) {
  const account = useAccount();
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<FieldProblem[]>(initialProblems);
  const [open, setOpen] = useState(() => initiallyOpen(initial, initialProblems));
  const [status, setStatus] = useState<Status>(flash ? { kind: "ok", text: flash } : null);
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(initial.deckid === null);
  const [signIn, setSignIn] = useState(false);
  const [orgs, setOrgs] = useState<Org[] | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  const [addType, setAddType] = useState<CardTypeCode>(ALLOWED[initial.decktype][0]!);
  const [saved, setSaved] = useState(version);
  const id = useId();

  // Organisations are the signed-in user's: fetched again whenever the account changes.
  useEffect(() => {
    if (!account) {
      setOrgs(null);
      return;
    }
    let live = true;
    listOrgs().then(
      (o) => live && setOrgs(o),
      () => live && setOrgs([]),
    );
    return () => {
      live = false;
    };
  }, [account]);

  // A new deck survives a reload until it is saved.
  useEffect(() => {
    if (form.deckid === null) keepDraft(form);
  }, [form]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // After problems are shown, take the keyboard (and the eye) to the first one; only then:
  // fixing one problem while others remain must not pull the focus away from the typing.
  const problemsNow = useRef(problems);
  problemsNow.current = problems;
  useEffect(() => {
    if (focusTick === 0) return;
    const first = problemsNow.current[0];
    if (!first) return;
    const root = first.card
      ? document.querySelector(`[data-card-key="${first.card}"]`)
      : document.querySelector(`[data-deck-field="${first.field}"]`);
    const target = (root?.querySelector('[aria-invalid="true"]') ??
      root?.querySelector("input, select, textarea, button") ??
      root) as HTMLElement | null;
    target?.scrollIntoView({ block: "center" });
    target?.focus({ preventScroll: true });
  }, [focusTick]);

  const cardProblems = (key: string) => problems.filter((p) => p.card === key);
  const deckProblems = (field: string) => problems.filter((p) => p.card === null && p.field === field);
  const placedDeckFields = ["name", "orgid"];
  const looseProblems = problems.filter((p) => p.card === null && !placedDeckFields.includes(p.field));

  function edit(next: DeckForm, clear: (p: FieldProblem) => boolean) {
    setForm(next);
    setDirty(true);
    setStatus(null);
    setProblems((ps) => ps.filter((p) => !clear(p)));
  }

  function editCard(key: string, patch: Partial<CardForm>) {
    edit({ ...form, cards: form.cards.map((c) => (c.key === key ? { ...c, ...patch } : c)) }, (p) => p.card === key);
  }

  function show(list: FieldProblem[], lead: string) {
    setProblems(list);
    setOpen((o) => new Set([...o, ...list.map((p) => p.card).filter((k): k is string => k !== null)]));
    setFocusTick((t) => t + 1);
    // The whole message sits beside its card; the bar at the bottom only says where.
    const first = list[0];
    const index = first?.card ? form.cards.findIndex((c) => c.key === first.card) : -1;
    // A deck field's message is shown by its input (the name, the sharing) or just above this
    // bar (the rest): saying it here too would show it twice.
    const where =
      list.length > 1
        ? `${list.length} things to fix, marked below.`
        : index >= 0
          ? `card ${index + 1} needs a fix.`
          : (DECK_FIELD_WHERE[first?.field ?? ""] ?? "see the note above.");
    setStatus({ kind: "bad", text: `${lead}: ${where}` });
  }

  /** Back to the first problem (from the bar at the bottom). */
  const goToProblem = () => setFocusTick((t) => t + 1);

  async function save() {
    const { body, problems: local } = deckFromForm(form);
    if (local.length) return show(local, "Not saved yet");
    if (!currentAccount()) {
      setSignIn(true);
      setStatus({ kind: "bad", text: "Sign in to save the deck; nothing you wrote is lost." });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const stored = form.deckid ? await updateDeck(form.deckid, body) : await createDeck(body);
      const next = formFromDeck(stored);
      // The same cards keep their keys, so what is open stays open.
      next.cards = next.cards.map((c, i) => ({ ...c, key: form.cards[i]?.key ?? c.key }));
      setProblems([]);
      setDirty(false);
      setSaved(stored.version);
      const text = `Saved: ${stored.cardCount} card${stored.cardCount === 1 ? "" : "s"}, version ${stored.version}.`;
      if (form.deckid === null) {
        keepDraft(null);
        setFlash(text);
        navigate(`/serpent/decks/${encodeURIComponent(stored.deckid)}`, { replace: true });
        return;
      }
      setForm(next);
      setStatus({ kind: "ok", text });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400)
        return show([problemFromServer(e.message, form.cards, form.decktype, e.code)], "The server did not save it");
      if (e instanceof ApiError && e.status === 401) setSignIn(true);
      setStatus({ kind: "bad", text: errorText(e) });
    } finally {
      setBusy(false);
    }
  }

  function exportJson() {
    const { json, problems: local } = gameDeckJson(form);
    if (local.length) return show(local, "Fix these before exporting");
    download(fileName(form.name), json);
    setStatus({ kind: "ok", text: `Exported as ${fileName(form.name)}.` });
  }

  async function remove() {
    if (!form.deckid) return;
    setBusy(true);
    try {
      await deleteDeck(form.deckid);
      setDirty(false);
      setFlash(`Deleted “${form.name}”.`);
      navigate("/serpent/decks");
    } catch (e) {
      setStatus({ kind: "bad", text: errorText(e) });
    } finally {
      setBusy(false);
    }
  }

  function addCard() {
    const card = blankCard(addType);
    edit({ ...form, cards: [...form.cards, card] }, () => false);
    setOpen((o) => new Set([...o, card.key]));
    // Focus the new card's question once it is on the page.
    window.setTimeout(() => {
      const q = document.querySelector<HTMLElement>(`[data-card-key="${card.key}"] [data-testid="card-question"]`);
      q?.scrollIntoView({ block: "center" });
      q?.focus({ preventScroll: true });
    }, 0);
  }

  const allowed = ALLOWED[form.decktype];
  const nameProblems = deckProblems("name");

  return (
    <div className="sd-editor stack stack--loose" data-testid="deck-editor" data-deckid={form.deckid ?? ""}>
      <datalist id="sd-topics">
        {TOPICS.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      {notes.length > 0 && (
        <div className="banner banner--info" data-testid="deck-notes">
          {notes.length === 1 ? (
            <p>{notes[0]}</p>
          ) : (
            <ul className="sd-notes">
              {notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </div>
      )}

      <section className="card stack" aria-labelledby={`${id}-deck`}>
        <h2 id={`${id}-deck`}>The deck</h2>
        <label className="sd-field" data-deck-field="name">
          <span className="sd-field__label">Name</span>
          <input
            className="text-input"
            value={form.name}
            maxLength={LIMITS.name}
            onChange={(e) => edit({ ...form, name: e.target.value }, (p) => p.field === "name")}
            aria-invalid={nameProblems.length > 0}
            aria-describedby={nameProblems.length ? `${id}-name-err` : undefined}
            data-testid="deck-name"
          />
        </label>
        <Problems list={nameProblems} id={`${id}-name-err`} />
        <label className="sd-field">
          <span className="sd-field__label">Deck type</span>
          <select
            className="text-input sd-select"
            value={form.decktype}
            onChange={(e) => {
              const t = Number(e.target.value) as DeckTypeCode;
              edit(withDeckType(form, t), (p) => p.field === "type");
              setAddType(ALLOWED[t][0]!);
            }}
            aria-describedby={`${id}-type-hint`}
            data-testid="deck-type"
          >
            <Options values={DECK_TYPES} label={(t) => DECK_LABEL[t]} />
          </select>
          <span id={`${id}-type-hint`} className="small muted">
            {DECK_HINT[form.decktype]}
          </span>
        </label>
        <div data-deck-field="orgid">
          <SharingFields
            visibility={form.visibility}
            orgid={form.orgid}
            orgs={orgs}
            signedIn={account !== null}
            problems={deckProblems("orgid")}
            onChange={(v) => edit({ ...form, ...v }, (p) => p.field === "orgid")}
            onOrg={(o) => setOrgs((list) => [...(list ?? []).filter((x) => x.id !== o.id), o])}
          />
        </div>
        {form.deckid && (
          <div className="sd-danger row row--wrap">
            <ConfirmButton
              label="Delete"
              confirmLabel="Yes, delete it"
              cancelLabel="Keep it"
              question={`Delete “${form.name}”?`}
              onConfirm={remove}
              disabled={busy}
              testId="deck-delete"
              className="sd-confirm"
              armedMs={6000}
            />
            <span className="small muted">Games already set up keep their cards.</span>
          </div>
        )}
      </section>

      <section className="stack" aria-labelledby={`${id}-cards`}>
        <div className="row row--between row--wrap">
          <h2 id={`${id}-cards`}>
            Cards <span className="muted">({form.cards.length})</span>
          </h2>
          {form.cards.length > 3 && (
            <div className="row">
              <button
                type="button"
                className="sd-link-btn"
                onClick={() => setOpen(new Set(form.cards.map((c) => c.key)))}
              >
                Open all
              </button>
              <button type="button" className="sd-link-btn" onClick={() => setOpen(new Set())}>
                Close all
              </button>
            </div>
          )}
        </div>
        <ol className="sd-cards">
          {form.cards.map((card, i) => (
            <li key={card.key}>
              <CardEditor
                card={card}
                index={i}
                decktype={form.decktype}
                problems={cardProblems(card.key)}
                open={open.has(card.key)}
                onToggle={() =>
                  setOpen((o) => {
                    const n = new Set(o);
                    if (n.has(card.key)) n.delete(card.key);
                    else n.add(card.key);
                    return n;
                  })
                }
                onChange={(patch) => editCard(card.key, patch)}
                onRetype={(t) =>
                  edit(
                    { ...form, cards: form.cards.map((c) => (c.key === card.key ? retype(c, t) : c)) },
                    (p) => p.card === card.key,
                  )
                }
                onRemove={() =>
                  edit({ ...form, cards: form.cards.filter((c) => c.key !== card.key) }, (p) => p.card === card.key)
                }
                canRemove={form.cards.length > 1}
              />
            </li>
          ))}
        </ol>
        <div className="sd-add row row--wrap">
          {allowed.length > 1 && (
            <label className="sd-field sd-add__type">
              <span className="sd-field__label">New card's type</span>
              <select
                className="text-input sd-select"
                value={addType}
                onChange={(e) => setAddType(Number(e.target.value) as CardTypeCode)}
                data-testid="add-card-type"
              >
                <Options values={allowed} label={(t) => CARD_LABEL[t]} />
              </select>
            </label>
          )}
          <Button onClick={addCard} disabled={form.cards.length >= LIMITS.cards} testId="add-card">
            + Add {allowed.length > 1 ? "a card" : `a ${CARD_LABEL[allowed[0]!].toLowerCase()} card`}
          </Button>
        </div>
      </section>

      {signIn && !account && (
        <AccountForm
          title="Sign in to save"
          why="Sign in or create an account to save this deck. Your cards stay as they are."
          onDone={() => {
            setSignIn(false);
            void save();
          }}
          onCancel={() => setSignIn(false)}
        />
      )}

      <div className="sd-actions" data-testid="deck-actions">
        <Problems list={looseProblems} id={`${id}-deck-err`} />
        {!status && (dirty || saved) && (
          <p className="small muted" data-testid="deck-state">
            {form.deckid === null ? "Not saved yet" : dirty ? "Unsaved changes" : `All saved · version ${saved}`}
          </p>
        )}
        {status && (
          <p
            className={status.kind === "ok" ? "sd-status sd-status--ok" : "sd-status sd-status--bad"}
            role={status.kind === "ok" ? "status" : "alert"}
            data-testid="deck-status"
          >
            {status.text}
            {status.kind === "bad" && problems.length > 0 && (
              <button type="button" className="sd-link-btn" onClick={goToProblem} data-testid="deck-show-problem">
                Show
              </button>
            )}
          </p>
        )}
        <div className="row row--wrap">
          <Button variant="primary" onClick={save} disabled={busy} testId="deck-save">
            {form.deckid ? "Save changes" : "Save deck"}
          </Button>
          <Button onClick={exportJson} testId="deck-export">
            Export JSON
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Where a single problem with the deck itself is, for the bar at the bottom. */
const DECK_FIELD_WHERE: Record<string, string> = {
  name: "the deck's name needs a fix (at the top).",
  orgid: "choose whom to share the deck with.",
};
