import { Countdown } from "../../../kit/Countdown";
import { TableTalk } from "../../../kit/TableTalk";
import { isJudge, isUnjudged, PHASE, playerOf, screenOf } from "../table";
import { useReadAloud, useReadAloudSetting } from "../useReadAloud";
import type { GameStateView } from "../wire";
import { CardVetoes } from "./CardVetoes";
import { LeadControls, LockedBadge, SeatControls } from "./Controls";
import { EndPhase } from "./EndPhase";
import { JoinForm } from "./JoinForm";
import { JudgePhase } from "./JudgePhase";
import { Players } from "./Players";
import { PromptPhase } from "./PromptPhase";
import type { ScreenProps } from "./props";
import { SandboxPhase } from "./SandboxPhase";
import { SeatHandover } from "./SeatHandover";
import { SubmitPhase } from "./SubmitPhase";
import { TablePhase } from "./TablePhase";

/** A game under way (or just over): the table in the middle, scores and controls beside it. */
export function Game(props: ScreenProps & { onLeave(): void }) {
  const { v } = props;
  const [readAloud, setReadAloud] = useReadAloudSetting();
  useReadAloud(v, readAloud);
  return (
    <div className="ct-game" data-phase={v.currentPhase} data-status={v.status}>
      <GameHeader {...props} />
      <PausedBanner v={v} />
      <div className="ct-game__grid">
        <div className="ct-game__main">
          <PhaseView {...props} />
        </div>
        <aside className="ct-game__side stack">
          <Players {...props} mode="scores" />
          <LeadControls {...props} />
          <CardVetoes {...props} />
          <JoinForm {...props} />
          <TableTalk lines={props.s.notices} panel="ct-panel" list="ct-notices" testId="notices" titleId="table-talk" />
          <SeatControls {...props} />
          <SeatHandover {...props} />
          {screenOf(v) === "judged" && (
            <label className="ct-inline-field small">
              <input
                type="checkbox"
                checked={readAloud}
                onChange={(e) => setReadAloud(e.target.checked)}
                data-testid="read-aloud"
              />
              <span>Read the cards aloud</span>
            </label>
          )}
        </aside>
      </div>
    </div>
  );
}

function PhaseView(props: ScreenProps) {
  const { v } = props;
  if (v.status === "ended" || v.currentPhase === PHASE.END) return <EndPhase {...props} />;
  if (screenOf(v) === "sandbox") return <SandboxPhase {...props} />;
  if (screenOf(v) === "table") return <TablePhase {...props} />;
  switch (v.currentPhase) {
    case PHASE.PROMPT:
      return <PromptPhase {...props} />;
    case PHASE.SUBMIT:
      return <SubmitPhase {...props} />;
    case PHASE.JUDGE:
      return <JudgePhase {...props} />;
    default:
      // SETUP, REVEAL and RESOLVE pass in the same step; a state can only catch them mid-way.
      return (
        <section className="ct-phase card center" data-testid={`phase-${v.currentPhase}`}>
          <p className="ct-waiting">Shuffling…</p>
        </section>
      );
  }
}

const PHASE_LABEL: Record<string, string> = {
  PROMPT: "Drawing a prompt",
  SUBMIT: "Answering",
  JUDGE: "Judging",
  PLAY: "Playing",
  END: "Game over",
};

function GameHeader({ s, v }: ScreenProps) {
  const judge = playerOf(v, v.roles.judge);
  const turn = playerOf(v, v.roles.turn);
  const ended = v.status === "ended";
  return (
    <header className="ct-header" data-testid="game-header">
      <div className="ct-header__main">
        <span className="ct-header__round" data-testid="round">
          {ended ? "Final" : isUnjudged(v) ? v.definition.name : `Round ${v.round}`}
        </span>
        <span className="ct-header__phase">
          {(screenOf(v) === "table" ? undefined : PHASE_LABEL[v.currentPhase]) ??
            v.definition.phases.find((p) => p.id === v.currentPhase)?.name}
        </span>
        {!ended && judge && (
          <span className="ct-header__judge" data-testid="judge-name">
            {isJudge(v) ? "You are the judge" : `Judge: ${judge.name}`}
          </span>
        )}
        {!ended && isUnjudged(v) && turn && (
          <span className="ct-header__judge" data-testid="turn-name">
            {turn.id === v.you ? "Your turn" : `Turn: ${turn.name}`}
          </span>
        )}
        <LockedBadge v={v} />
      </div>
      <div className="ct-header__meta">
        <Countdown
          deadline={v.phaseEndsAt}
          offset={s.clockOffset}
          urgentAt={10}
          testId="round-timer"
          format={(n) =>
            isUnjudged(v) ? `${n}s` : v.currentPhase === PHASE.JUDGE ? `${n}s to pick` : `${n}s to answer`
          }
        />
        <span className="ct-header__code">
          Room <strong>{s.roomId}</strong>
        </span>
      </div>
    </header>
  );
}

const PAUSED: Record<string, string> = {
  lead: "The lead paused the game.",
  insufficient: "Paused: too few players are here. The game goes on when enough are back.",
  timeout: "Paused: time ran out.",
  exhausted: "Paused: the decks have run out. The lead can end the game.",
};

function PausedBanner({ v }: { v: GameStateView }) {
  if (v.status !== "paused") return null;
  return (
    <p className="banner banner--warn" role="status" data-testid="paused-banner" data-reason={v.pausedReason}>
      {PAUSED[v.pausedReason ?? "lead"] ?? "The game is paused."}
    </p>
  );
}
