import { Button } from "../../../kit/Button";
import { Countdown } from "../../../kit/Countdown";
import { MuteSwitch } from "../../../kit/MuteSwitch";
import { TableTalk } from "../../../kit/TableTalk";
import { CATEGORY_LABEL, endText, firstGuesserOf, meOf, myChoice, nameList, notReady, statText } from "../game";
import { isPending, needsHandover } from "../reducer";
import type { OutrankView } from "../wire";
import { ChallengePicker, DraftingStage, RevealCard } from "./Board";
import { LeadControls, SeatControls } from "./Controls";
import { EndScreen } from "./EndScreen";
import { Handover } from "./Handover";
import { Players } from "./Players";
import type { ScreenProps } from "./props";

/** A game under way (or just over): the table in the middle, players and controls beside it. */
export function Game(props: ScreenProps & { onLeave(): void }) {
  const { s, v } = props;
  const handover = needsHandover(s);
  return (
    <div className="or-game" data-phase={v.phase} data-version={s.nextId}>
      <GameHeader {...props} />
      <PausedBanner v={v} />
      <div className="or-grid">
        <div className="or-main">
          {v.phase === "gameEnd" ? <EndScreen {...props} /> : handover ? <Handover {...props} /> : <Stage {...props} />}
        </div>
        <aside className="or-side">
          <Players {...props} mode="game" />
          <LeadControls {...props} />
          <TableTalk
            lines={s.feed.map((f) => ({ ...f, className: `or-feed__item or-feed__item--${f.tone}` }))}
            panel="or-panel"
            list="or-feed"
            testId="feed"
            titleId="or-feed-title"
          />
          <SeatControls {...props} />
        </aside>
      </div>
    </div>
  );
}

function Stage(props: ScreenProps) {
  const { v } = props;
  if (v.phase === "drafting") return <DraftingStage {...props} />;
  if (v.phase === "roundEnd") return <RoundEndStage {...props} />;
  return <ChallengeStage {...props} />;
}

function ChallengeStage(props: ScreenProps) {
  const { v } = props;
  const chooser = firstGuesserOf(v);
  const choosing = myChoice(v);
  return (
    <section className="or-stage stack" data-testid="phase-challenge">
      {choosing ? (
        <div className="stack stack--tight">
          <h2>Choose a challenge</h2>
          <p className="muted">
            {v.mode === "table" && chooser ? `${chooser.name}, you` : "You"} hold the First Guesser marker: pick what
            this round compares, then you guess first.
          </p>
        </div>
      ) : (
        <p className="or-waiting" data-testid="waiting-challenge">
          {chooser ? `${chooser.name} is choosing the challenge…` : "Choosing the challenge…"}
        </p>
      )}
      {choosing && <ChallengePicker {...props} />}
    </section>
  );
}

/**
 * Between rounds: what happened (why the round ended, the bonus, the last reveal) stays on the
 * table until every player has said they are ready, or the countdown runs out. Each player
 * dismisses it for themselves; one table's device for the whole table.
 */
function RoundEndStage(props: ScreenProps) {
  const { s, v, room } = props;
  const sum = s.summary;
  const chooser = firstGuesserOf(v);
  const name = (id: string) => v.players.find((p) => p.id === id)?.name ?? id;
  const me = meOf(v);
  const table = v.mode === "table";
  const done = !table && me?.ready === true;
  const waiting = notReady(v).filter((p) => p !== me);
  return (
    <section className="or-stage stack" data-testid="phase-roundEnd">
      <div className="card stack center or-summary" data-testid="round-summary">
        <p className="eyebrow">Round {sum?.round ?? v.round} over</p>
        <h2>
          {sum?.reason === "poolEmpty" ? "The draft pool is empty." : "Everyone is out."}{" "}
          <span className="muted">This round's tokens are safe in hands now.</span>
        </h2>
        {sum?.bonus && (
          <p className="or-bonus" data-testid="bonus">
            <span className="or-bonus__burst" aria-hidden="true">
              +{sum.bonus.points}
            </span>
            {name(sum.bonus.playerId)} was last standing: +{sum.bonus.points} bonus point.
          </p>
        )}
        {me && v.seat !== null && me.presence !== "left" && !done && (
          <Button
            variant="primary"
            size="lg"
            className="or-summary__next"
            onClick={() => room.send({ type: "nextRound" })}
            disabled={isPending(s, "nextRound")}
            testId="ready-next"
          >
            {table ? "Next round" : "Ready for the next round"}
          </Button>
        )}
        {done && (
          <p className="muted" role="status" data-testid="ready-waiting">
            {waiting.length > 0 ? `Waiting for ${nameList(waiting.map((p) => p.name))}.` : "Starting the next round…"}
          </p>
        )}
        <Countdown
          deadline={v.phaseEndsAt}
          offset={s.clockOffset}
          testId="next-round"
          format={(n) => `Next round in ${n}s`}
        />
      </div>
      {s.reveal && <RevealCard s={s} v={v} />}
      <p className="or-waiting">
        {chooser ? `${chooser.name} chooses the next challenge.` : "The next challenge is coming."}
      </p>
    </section>
  );
}

function GameHeader({ s, v }: ScreenProps) {
  const c = v.currentChallenge;
  const ended = v.phase === "gameEnd";
  return (
    <header className="or-header" data-testid="game-header">
      <div className="or-header__main">
        <span className="or-header__round" data-testid="round">
          {ended ? "Final" : `Round ${v.round}`}
        </span>
        {c && !ended && v.phase !== "drafting" && (
          <span className="or-header__challenge" data-testid="challenge-name">
            <span className={`or-cat or-cat--${c.category}`}>{CATEGORY_LABEL[c.category]}</span> {statText(c)}
          </span>
        )}
      </div>
      <div className="or-header__meta">
        {!ended && (v.phase === "drafting" || v.phase === "challenge") && (
          <Countdown
            deadline={v.turnEndsAt}
            offset={s.clockOffset}
            urgentAt={5}
            testId="turn-timer"
            format={(n) => `${n}s`}
          />
        )}
        {!ended && v.timeLimitEndsAt !== null && (
          <Countdown
            deadline={v.timeLimitEndsAt}
            offset={s.clockOffset}
            urgentAt={60}
            testId="time-limit"
            format={(n) => (n >= 60 ? `${Math.ceil(n / 60)} min left` : `${n}s left`)}
          />
        )}
        <span className="or-chip" title="How the game ends">
          {endText(v.settings)}
        </span>
        <span className="or-header__code">
          Room <strong>{s.roomId}</strong>
        </span>
        <MuteSwitch />
      </div>
    </header>
  );
}

const PAUSED: Record<NonNullable<OutrankView["paused"]>, string> = {
  lead: "The lead paused the game.",
  insufficient: "Paused: fewer than two players are here. The game goes on when someone is back.",
};

function PausedBanner({ v }: { v: OutrankView }) {
  if (!v.paused || v.phase === "gameEnd") return null;
  return (
    <p className="banner banner--warn" role="status" data-testid="paused-banner" data-reason={v.paused}>
      {PAUSED[v.paused]}
    </p>
  );
}
