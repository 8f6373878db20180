import { Countdown } from "../../kit/Countdown";
import { hms, nextPuzzleAt } from "./dates";

/** "Next puzzle in 5:12:09": a new grid comes out at every UTC midnight. */
export function NextPuzzle() {
  return (
    <p className="next-puzzle" data-testid="next-puzzle">
      <span>Next puzzle in</span>
      <Countdown
        deadline={nextPuzzleAt()}
        offset={0}
        format={(n) => (n > 0 ? hms(n) : "out now: reload")}
        urgentAt={-1}
        testId="next-puzzle-countdown"
      />
    </p>
  );
}
