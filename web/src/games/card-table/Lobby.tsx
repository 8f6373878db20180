import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../kit/Button";
import { JoinByCode } from "../../kit/JoinByCode";
import { Layout } from "../../kit/Layout";
import { navigate } from "../../kit/navigation";
import { useTitle } from "../../kit/useTitle";
import { ApiError, createRoom, listDefinitions, takeSeat } from "./api";
import { SettingsFields } from "./screens/SettingsFields";
import { cleanName, lastName, NAME_MAX, rememberName, saveSeat } from "./seat-token";
import { CAH_VARIANTS, formFromDefaults, formProblem, type SettingsForm, toSettings } from "./settings-form";
import { usePacks } from "./usePacks";
import type { VariantDef } from "./wire";
import "./cards.css";

/** /cards: set up a new table (settings, packs, variants), or join one by its code. */
export function CardsLobby() {
  useTitle("Card Table");
  const { packs, error: packsError } = usePacks();
  const [variants, setVariants] = useState<VariantDef[]>(CAH_VARIANTS);
  const [form, setForm] = useState<SettingsForm>(() => formFromDefaults(undefined, CAH_VARIANTS));
  const [name, setName] = useState(lastName);
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // The server's CAH definition names the variants and defaults; the built-in copy stands in until then.
  useEffect(() => {
    let live = true;
    listDefinitions().then(
      (defs) => {
        const cah = defs.find((d) => d.id === "cah") ?? defs[0];
        if (!live || !cah) return;
        setVariants(cah.variants);
        setForm(formFromDefaults(cah.defaultSettings, cah.variants));
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  async function create(e: FormEvent) {
    e.preventDefault();
    const clean = cleanName(name);
    const bad = clean ? formProblem(form) : "Type your name: the others see it at the table.";
    setProblem(bad);
    if (bad) return;
    setCreating(true);
    try {
      const roomId = await createRoom(toSettings(form));
      const token = await takeSeat(roomId, clean);
      saveSeat(roomId, { token, name: clean });
      rememberName(clean);
      navigate(`/cards/${encodeURIComponent(roomId)}`);
    } catch (err) {
      setProblem(`Could not set up the table: ${err instanceof ApiError ? err.message : "the server did not answer."}`);
      setCreating(false);
    }
  }

  return (
    <Layout>
      <section className="stack stack--loose">
        <div className="stack stack--tight">
          <p className="eyebrow">3 to 20 players · a judge each round</p>
          <h1>Card Table</h1>
          <p className="muted">
            A judge reads a prompt card with a blank. Everyone else fills it with the funniest card in their hand. The
            judge picks a winner without knowing whose it is.
          </p>
        </div>

        <form className="card stack" onSubmit={create} noValidate data-testid="create-form">
          <h2>Set up a table</h2>
          <label className="ct-field">
            <span className="label">Your name</span>
            <input
              className="text-input"
              value={name}
              maxLength={NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              placeholder="Ada"
              autoComplete="nickname"
              data-testid="cards-name"
            />
          </label>
          <SettingsFields form={form} onChange={setForm} variants={variants} packs={packs} packsError={packsError} />
          {problem && (
            <p className="note note--bad" role="alert" data-testid="create-error">
              {problem}
            </p>
          )}
          <div>
            <Button type="submit" variant="primary" size="lg" disabled={creating} testId="cards-create">
              {creating ? "Setting up…" : "Create the table"}
            </Button>
          </div>
        </form>

        <JoinByCode
          prefix="/cards"
          inputId="cards-code"
          inputClassName="ct-code-input"
          testIds={{ input: "cards-code", button: "cards-code-join", error: "code-error" }}
        />

        <div className="card stack">
          <h2>How a round plays</h2>
          <ol className="ct-howto">
            <li>The judge draws a black prompt card. Some ask for two or three answers, in order.</li>
            <li>Everyone else picks white cards from their hand to fill the blanks.</li>
            <li>The answers are shuffled and shown without names. The judge picks the best one.</li>
            <li>The winner scores a point, hands are refilled, and the next judge takes over.</li>
          </ol>
        </div>
      </section>
    </Layout>
  );
}
