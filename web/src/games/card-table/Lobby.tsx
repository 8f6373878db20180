import { type FormEvent, useEffect, useState } from "react";
import { errorText } from "../../kit/api";
import { Button } from "../../kit/Button";
import { savedName, saveName } from "../../kit/identity";
import { JoinByCode } from "../../kit/JoinByCode";
import { Layout } from "../../kit/Layout";
import { navigate } from "../../kit/navigation";
import { useTitle } from "../../kit/useTitle";
import { createRoom, listDefinitions, type NewTable, takeSeat } from "./api";
import { SANDBOX, SANDBOX_PACK, sandboxPack } from "./sandbox-pack";
import { SettingsFields } from "./screens/SettingsFields";
import { cleanName, NAME_MAX, saveSeat } from "./seat-token";
import { CAH_VARIANTS, formFromDefaults, formProblem, type SettingsForm, toSettings } from "./settings-form";
import { usePacks } from "./usePacks";
import type { VariantDef } from "./wire";
import "./cards.css";

type GameChoice = "cah" | "sandbox";

const SANDBOX_POINTS = { min: 5, max: 100, default: 20 };

/** /cards: join a table by its code, or set up a new one (fill in the blank, or the Sandbox Table). */
export function CardsLobby() {
  useTitle("Card Table");
  const { packs, error: packsError } = usePacks();
  const [game, setGame] = useState<GameChoice>("cah");
  const [variants, setVariants] = useState<VariantDef[]>(CAH_VARIANTS);
  const [form, setForm] = useState<SettingsForm>(() => formFromDefaults(undefined, CAH_VARIANTS));
  const [target, setTarget] = useState(SANDBOX_POINTS.default);
  const [name, setName] = useState(savedName);
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

  function table(): NewTable {
    if (game === "cah") return { definition: "cah", settings: toSettings(form) };
    return {
      definition: SANDBOX,
      settings: { endCondition: "points", endValue: target, packIds: [SANDBOX_PACK] },
      packs: [sandboxPack()],
    };
  }

  function sandboxProblem(): string | null {
    const ok = Number.isInteger(target) && target >= SANDBOX_POINTS.min && target <= SANDBOX_POINTS.max;
    return ok ? null : `Points to win is a whole number from ${SANDBOX_POINTS.min} to ${SANDBOX_POINTS.max}.`;
  }

  async function create(e: FormEvent) {
    e.preventDefault();
    const clean = cleanName(name);
    const bad = !clean
      ? "Type your name: the others see it at the table."
      : game === "cah"
        ? formProblem(form)
        : sandboxProblem();
    setProblem(bad);
    if (bad) return;
    setCreating(true);
    try {
      const roomId = await createRoom(table());
      const token = await takeSeat(roomId, clean);
      saveSeat(roomId, { token, name: clean });
      saveName(clean);
      navigate(`/cards/${encodeURIComponent(roomId)}`);
    } catch (err) {
      setProblem(`Could not set up the table: ${errorText(err)}`);
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

        {/* First on the page: most people arrive with a code from a friend. */}
        <JoinByCode
          prefix="/cards"
          inputId="cards-code"
          inputClassName="ct-code-input"
          testIds={{ input: "cards-code", button: "cards-code-join", error: "code-error" }}
        />

        <form className="card stack" onSubmit={create} noValidate data-testid="create-form">
          <h2>Set up a table</h2>
          <fieldset className="ct-fieldset">
            <legend className="label">Game</legend>
            <div className="ct-choices ct-choices--stack">
              <label className="ct-choice ct-choice--block">
                <input
                  type="radio"
                  name="game"
                  checked={game === "cah"}
                  onChange={() => setGame("cah")}
                  data-testid="game-cah"
                />
                <span>
                  <strong>Fill in the blank</strong>
                  <span className="ct-choice__desc">The party game: funny answers, a judge each round. 3 to 20.</span>
                </span>
              </label>
              <label className="ct-choice ct-choice--block">
                <input
                  type="radio"
                  name="game"
                  checked={game === "sandbox"}
                  onChange={() => setGame("sandbox")}
                  data-testid="game-sandbox"
                />
                <span>
                  <strong>Sandbox Table</strong>
                  <span className="ct-choice__desc">
                    A free table with a numbered deck and a die. On your turn play cards, then roll: the die adds to
                    your score. 2 to 8.
                  </span>
                </span>
              </label>
            </div>
          </fieldset>
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
          {game === "cah" ? (
            <SettingsFields form={form} onChange={setForm} variants={variants} packs={packs} packsError={packsError} />
          ) : (
            <label className="ct-inline-field">
              <span>Points to win</span>
              <input
                type="number"
                className="text-input ct-number"
                min={SANDBOX_POINTS.min}
                max={SANDBOX_POINTS.max}
                value={Number.isNaN(target) ? "" : target}
                onChange={(e) => setTarget(e.target.valueAsNumber)}
                data-testid="sandbox-target"
              />
            </label>
          )}
          {problem && (
            <p className="note note--bad" role="alert" data-testid="create-error">
              {problem}
            </p>
          )}
          <div>
            <Button type="submit" variant="primary" size="lg" disabled={creating} testId="cards-create">
              {creating ? "Setting up…" : game === "cah" ? "Create the table" : "Create a Sandbox Table"}
            </Button>
          </div>
        </form>

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
