import { type FormEvent, useEffect, useState } from "react";
import { errorText } from "../../../kit/api";
import { Choice } from "../../../kit/Choice";
import { SubmitRow } from "../../../kit/fields";
import { navigate } from "../../../kit/navigation";
import { createGame, type DeckSummary, listDecks, listOrgs, markGamemaster, type OrgSummary } from "../api";
import { BOARD_SIZE } from "../board";
import {
  type CreateFormState,
  createProblem,
  DEFAULT_CREATE,
  defaultDecks,
  missingDeckTypes,
  TIMER_LABEL,
  TIMER_NAMES,
  TIMERS,
  toNewGame,
} from "../create-form";
import { OrgPicker } from "./OrgPicker";

const DECK_GROUPS = [
  { type: 0, title: "Reward fields (+)", hint: "Questions on green fields" },
  { type: 1, title: "Penalty fields (−)", hint: "Questions on red fields" },
  { type: 2, title: "Luck fields (★)", hint: "Cards that act at once" },
  { type: 3, title: "Jokers", hint: "For the gamemaster to approve or reject" },
] as const;

const LOGINS = [
  { value: 0, title: "Public", hint: "Anyone with the code, with just a name." },
  { value: 1, title: "Private", hint: "Players sign in with an account." },
  { value: 2, title: "Organisation", hint: "Only members of your organisation (a class, a school)." },
] as const;

/** The gamemaster's form: decks, who may join, how many, and the dice. */
export function CreateForm() {
  const [decks, setDecks] = useState<DeckSummary[] | null>(null);
  const [orgs, setOrgs] = useState<OrgSummary[] | null>(null);
  const [form, setForm] = useState<CreateFormState>(DEFAULT_CREATE);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    listDecks()
      .then((d) => {
        setDecks(d);
        setForm((f) => ({ ...f, deckids: f.deckids.length ? f.deckids : defaultDecks(d) }));
      })
      .catch((e) => setProblem(`Could not load the decks: ${errorText(e)}`));
  }, []);

  const loadOrgs = () =>
    listOrgs()
      .then((o) => {
        setOrgs(o);
        setForm((f) => ({ ...f, orgid: f.orgid ?? (o.length === 1 ? o[0]!.id : null) }));
      })
      .catch((e) => setProblem(`Could not load your organisations: ${errorText(e)}`));
  useEffect(() => {
    if (form.logintype === 2 && orgs === null) void loadOrgs();
  });

  const set = (patch: Partial<CreateFormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setProblem(null);
  };
  const toggleDeck = (id: string, on: boolean) =>
    set({ deckids: on ? [...form.deckids, id] : form.deckids.filter((x) => x !== id) });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const bad = createProblem(form);
    setProblem(bad);
    if (bad) return;
    setBusy(true);
    try {
      const g = await createGame(toNewGame(form));
      markGamemaster(g.gamecode, g.id);
      navigate(`/serpent/${encodeURIComponent(g.gamecode)}`);
    } catch (err) {
      setProblem(`Could not create the game: ${errorText(err)}`);
      setBusy(false);
    }
  }

  const missing = decks ? missingDeckTypes(decks, form.deckids) : [];
  return (
    <form className="card stack" onSubmit={submit} noValidate data-testid="create-form">
      <h2>Host a race</h2>

      <fieldset className="sr-fieldset">
        <legend className="label">Decks</legend>
        {decks === null && !problem && <p className="muted">Loading the decks…</p>}
        {decks?.length === 0 && <p className="muted">No decks yet: create one in the deck editor.</p>}
        {decks &&
          DECK_GROUPS.map((g) => {
            const group = decks.filter((d) => d.decktype === g.type);
            if (group.length === 0) return null;
            return (
              <div key={g.type} className="sr-deck-group">
                <p className="sr-deck-group__title">
                  {g.title} <span className="muted small">{g.hint}</span>
                </p>
                <ul className="sr-deck-list">
                  {group.map((d) => (
                    <li key={d.deckid}>
                      <label className="sr-check">
                        <input
                          type="checkbox"
                          checked={form.deckids.includes(d.deckid)}
                          onChange={(e) => toggleDeck(d.deckid, e.target.checked)}
                          data-testid={`deck-${d.deckid}`}
                          data-deck-name={d.name}
                        />
                        <span>
                          {d.name}{" "}
                          <span className="muted small">
                            {d.cardCount} card{d.cardCount === 1 ? "" : "s"}
                            {d.builtin
                              ? " · built in"
                              : d.mine
                                ? " · yours"
                                : d.visibility === "org"
                                  ? " · your organisation's"
                                  : ""}
                          </span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        {decks && form.deckids.length > 0 && missing.length > 0 && (
          <p className="note small" data-testid="missing-decks">
            No {missing.join(", ")} deck: those fields draw no card and the turn moves on.
          </p>
        )}
      </fieldset>

      <fieldset className="sr-fieldset">
        <legend className="label">Who may join</legend>
        <div className="sr-options">
          {LOGINS.map((l) => (
            <Choice
              key={l.value}
              name="logintype"
              checked={form.logintype === l.value}
              onChoose={() => set({ logintype: l.value })}
              testId={`login-${l.value}`}
              className={form.logintype === l.value ? "sr-option is-on" : "sr-option"}
            >
              <span className="sr-option__title">{l.title}</span>
              <span className="muted small">{l.hint}</span>
            </Choice>
          ))}
        </div>
        {form.logintype === 2 && (
          <OrgPicker
            orgs={orgs}
            chosen={form.orgid}
            onChoose={(orgid) => set({ orgid })}
            onChanged={(org) => {
              void loadOrgs();
              set({ orgid: org.id });
            }}
          />
        )}
      </fieldset>

      <div className="sr-inline-fields">
        <label className="sr-field" htmlFor="serpent-max">
          <span className="label">Players at most</span>
          <input
            id="serpent-max"
            className="text-input sr-number"
            type="number"
            inputMode="numeric"
            min={2}
            max={10}
            value={form.maxplayers}
            onChange={(e) => set({ maxplayers: e.target.value })}
            data-testid="max-players"
          />
        </label>
        <label className="sr-field" htmlFor="serpent-board-size">
          <span className="label">Board size</span>
          <input
            id="serpent-board-size"
            className="text-input sr-number"
            type="number"
            inputMode="numeric"
            min={BOARD_SIZE.min}
            max={BOARD_SIZE.max}
            value={form.boardSize}
            onChange={(e) => set({ boardSize: e.target.value })}
            aria-describedby="serpent-board-size-hint"
            data-testid="board-size"
          />
        </label>
        <Choice
          checkbox
          checked={form.physicalDice}
          onChoose={(checked) => set({ physicalDice: checked })}
          testId="physical-dice"
          className="sr-check sr-check--box"
        >
          <span>
            Real dice <span className="muted small">players roll at their desk and type the number</span>
          </span>
        </Choice>
      </div>

      <p id="serpent-board-size-hint" className="muted small">
        The board has {BOARD_SIZE.default} fields unless you pick {BOARD_SIZE.min} to {BOARD_SIZE.max}: fewer fields
        make a shorter race.
      </p>

      <details className="sr-timers" data-testid="timers">
        <summary>
          <span className="label">Timers</span>{" "}
          <span className="muted small">
            {TIMER_NAMES.map((n) => `${form.timers[n]} s`).join(" · ")} (answer, joker ruling, working out, draw)
          </span>
        </summary>
        <div className="sr-inline-fields">
          {TIMER_NAMES.map((name) => (
            <label key={name} className="sr-field" htmlFor={`serpent-${name}`}>
              <span className="label">{TIMER_LABEL[name]} (s)</span>
              <input
                id={`serpent-${name}`}
                className="text-input sr-number"
                type="number"
                inputMode="numeric"
                min={TIMERS[name].min}
                max={TIMERS[name].max}
                value={form.timers[name]}
                onChange={(e) => set({ timers: { ...form.timers, [name]: e.target.value } })}
                data-testid={`timer-${name}`}
              />
            </label>
          ))}
        </div>
        <p className="muted small">
          Younger players may need longer to answer; a quick revision round less. Each is a whole number of seconds.
        </p>
      </details>

      <SubmitRow problem={problem} problemTestId="create-error" busy={busy || decks === null} testId="serpent-create">
        {busy ? "Creating…" : "Create the game"}
      </SubmitRow>
    </form>
  );
}
