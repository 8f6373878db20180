import type { DefinitionView, Settings, VariantDef } from "./wire";

/** How the game ends, in a phrase: "First to 7 points". */
export function endText(s: Pick<Settings, "endCondition" | "endValue">): string {
  const n = s.endValue ?? 0;
  if (s.endCondition === "points") return `First to ${n} ${n === 1 ? "point" : "points"} wins`;
  if (s.endCondition === "rounds") return `${n} ${n === 1 ? "round" : "rounds"}, then most points wins`;
  return "No limit: play until the lead ends it";
}

/** The table's rules in short lines, for the lobby and the game header. */
export function settingsLines(s: Settings, variants: VariantDef[]): string[] {
  const on = (id: string) => s.activeVariants.includes(id);
  const judge = variants.find((v) => v.group === "judge" && on(v.id));
  const lines = [endText(s), `${s.handSize} cards in each hand`];
  if (judge) lines.push(`${judge.name}: ${lowerFirst(judge.description)}`);
  for (const v of variants) if (!v.group && on(v.id)) lines.push(`${v.name}: ${lowerFirst(v.description)}`);
  if (s.submitTimeout) lines.push(`${s.submitTimeout} s to answer`);
  if (s.judgeTimeout) lines.push(`${s.judgeTimeout} s to judge`);
  if (s.revealToAll === false) lines.push("Only the judge sees the answers before the pick");
  return lines;
}

export function variantsOf(d: Pick<DefinitionView, "variants">): { judge: VariantDef[]; toggles: VariantDef[] } {
  return {
    judge: d.variants.filter((v) => v.group === "judge"),
    toggles: d.variants.filter((v) => v.group === undefined),
  };
}

function lowerFirst(t: string): string {
  return t.charAt(0).toLowerCase() + t.slice(1);
}
