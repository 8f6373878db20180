import { type FormEvent, useEffect, useState } from "react";
import { useRoomSetup } from "../../kit/action-room";
import { Choice, radios } from "../../kit/Choice";
import { NameBox, SubmitRow } from "../../kit/fields";
import { savedName } from "../../kit/identity";
import { JoinByCode } from "../../kit/JoinByCode";
import { LobbyPage } from "../../kit/LobbyPage";
import { createRoom, listDefinitions, type NewTable } from "./api";
import { SANDBOX, SANDBOX_PACK, sandboxPack } from "./sandbox-pack";
import { ChoiceLabel } from "./screens/ChoiceLabel";
import { CountField, SettingsFields } from "./screens/SettingsFields";
import { CAH_VARIANTS, formFromDefaults, formProblem, type SettingsForm, toSettings } from "./settings-form";
import { usePacks } from "./usePacks";
import type { DefinitionInfo, VariantDef } from "./wire";
import "./cards.css";

/** "cah", "sandbox", or the id of a definition played on the generic table (Pig, Blackjack…). */
type GameChoice = string;
interface GameOption {
  id: GameChoice;
  title: string;
  what: string;
}
const GAMES: GameOption[] = [
  { id: "cah", title: "Fill in the blank", what: "The party game: funny answers, a judge each round. 3 to 20." },
  {
    id: "sandbox",
    title: "Sandbox Table",
    what: "A free table with a numbered deck and a die. On your turn play cards, then roll: the die adds to your score. 2 to 8.",
  },
];

const SANDBOX_CHOICE = "sandbox";
const SANDBOX_POINTS = { min: 5, max: 100, default: 20 };

/** The shipped definitions besides CAH and the sandbox (which have their own forms), as choices. */
function definitionGames(defs: DefinitionInfo[]): GameOption[] {
  return defs
    .filter((d) => d.source !== "uploaded" && d.id !== "cah" && d.id !== SANDBOX)
    .map((d) => ({
      id: d.id,
      title: d.name,
      what: `${d.description} ${d.minPlayers === d.maxPlayers ? d.minPlayers : `${d.minPlayers} to ${d.maxPlayers}`}.`,
    }));
}

/** /cards: join a table by its code, or set up a new one (fill in the blank, or the Sandbox Table). */
export function CardsLobby() {
  const packs = usePacks();
  const [game, setGame] = useState<GameChoice>("cah");
  const [more, setMore] = useState<GameOption[]>([]);
  const [variants, setVariants] = useState<VariantDef[]>(CAH_VARIANTS);
  const [form, setForm] = useState<SettingsForm>(() => formFromDefaults(undefined, CAH_VARIANTS));
  const [target, setTarget] = useState(SANDBOX_POINTS.default);
  const [name, setName] = useState(savedName);
  const setup = useRoomSetup("cards", "Could not set up the table");
  const games = radios("game", game, setGame);

  // The server's CAH definition names the variants and defaults; the built-in copy stands in until then.
  useEffect(() => {
    let live = true;
    listDefinitions().then(
      (defs) => {
        if (!live) return;
        setMore(definitionGames(defs));
        const cah = defs.find((d) => d.id === "cah") ?? defs[0];
        if (!cah) return;
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
    // A definition game plays with the settings it ships with.
    if (game !== SANDBOX_CHOICE) return { definition: game, settings: {} };
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

  const create = (e: FormEvent) =>
    setup.open(
      e,
      name,
      (clean) =>
        !clean
          ? "Type your name: the others see it at the table."
          : game === "cah"
            ? formProblem(form)
            : game === SANDBOX_CHOICE
              ? sandboxProblem()
              : null,
      () => createRoom(table()),
    );

  return (
    <LobbyPage
      title="Card Table"
      eyebrow="3 to 20 players · a judge each round"
      intro={
        <>
          A judge reads a prompt card with a blank. Everyone else fills it with the funniest card in their hand. The
          judge picks a winner without knowing whose it is.
        </>
      }
    >
      {/* First on the page: most people arrive with a code from a friend. */}
      <JoinByCode prefix="/cards" inputClassName="ct-code-input" />

      <form className="card stack" onSubmit={create} noValidate data-testid="create-form">
        <h2>Set up a table</h2>
        <fieldset className="ct-fieldset">
          <legend className="label">Game</legend>
          <div className="ct-choices ct-choices--stack">
            {[...GAMES, ...more].map((g) => (
              <Choice key={g.id} {...games(g.id)} className="ct-choice ct-choice--block">
                <ChoiceLabel name={g.title} description={g.what} />
              </Choice>
            ))}
          </div>
        </fieldset>
        <label className="ct-field" htmlFor="cards-name">
          <span className="label">Your name</span>
          <NameBox
            id="cards-name"
            className="ct-name-hint"
            value={name}
            onValue={setName}
            placeholder="Type your name"
          />
        </label>
        {game === "cah" ? (
          <SettingsFields form={form} onChange={setForm} variants={variants} packs={packs} />
        ) : game !== SANDBOX_CHOICE ? null : (
          <CountField
            label="Points to win"
            limits={SANDBOX_POINTS}
            value={target}
            onChange={setTarget}
            testId="sandbox-target"
          />
        )}
        <SubmitRow problem={setup.problem} problemTestId="create-error" busy={setup.busy} testId="cards-create">
          {setup.busy
            ? "Setting up…"
            : game === "cah"
              ? "Create the table"
              : game === SANDBOX_CHOICE
                ? "Create a Sandbox Table"
                : `Create a table for ${more.find((g) => g.id === game)?.title ?? game}`}
        </SubmitRow>
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
    </LobbyPage>
  );
}
