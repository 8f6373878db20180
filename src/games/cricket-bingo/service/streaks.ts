/**
 * Daily streaks, as daily-puzzle players expect them: the run of consecutive days up to
 * today (or up to yesterday, while today is still to play) on which the player played a
 * ranked game, and the run on which they won. A game lost today ends the win run at once,
 * as a lost Wordle does; a game still in play today leaves it standing until it ends.
 */
export function streaks(
  days: { date: string; status: "playing" | "won" | "lost" }[],
  today: string,
): { played: number; won: number } {
  const byDate = new Map(days.map((d) => [d.date, d.status]));
  const back = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const run = (counts: (status: string | undefined) => boolean) => {
    let date = counts(byDate.get(today)) ? today : back(today);
    let n = 0;
    while (counts(byDate.get(date))) {
      n++;
      date = back(date);
    }
    return n;
  };
  const won = byDate.get(today) === "lost" ? 0 : run((s) => s === "won");
  return { played: run((s) => s !== undefined), won };
}
