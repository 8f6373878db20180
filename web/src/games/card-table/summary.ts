import type { DefinitionView, Settings, VariantDef } from "./wire";

/** How the game ends, in a phrase: "First to 7 points". */
export function endText(s: Pick<Settings, "endCondition" | "endValue">): string {
  const n = s.endValue ?? 0;
  if (s.endCondition === "points") return `First to ${n} ${n === 1 ? "point" : "points"} wins`;
  if (s.endCondition === "rounds") return `${n} ${n === 1 ? "round" : "rounds"}, then most points wins`;
  return "No limit: play until the lead ends it";
}

/** The table's rules in short lines, for the lobby and the game header: each variant on, in the definition's words. */
export function settingsLines(s: Settings, variants: VariantDef[]): string[] {
  const on = (id: string) => s.activeVariants.includes(id);
  const { groups, toggles } = variantsOf({ variants });
  const lines = [endText(s), `${s.handSize} cards in each hand`];
  for (const g of groups) {
    const chosen = g.variants.find((v) => on(v.id));
    if (chosen) lines.push(`${chosen.name}: ${lowerFirst(chosen.description)}`);
  }
  for (const v of toggles) if (on(v.id)) lines.push(`${v.name}: ${lowerFirst(v.description)}`);
  if (s.submitTimeout) lines.push(`${s.submitTimeout} s to answer`);
  if (s.judgeTimeout) lines.push(`${s.judgeTimeout} s to judge`);
  if (s.revealToAll === false) lines.push("Only the judge sees the answers before the pick");
  return lines;
}

/** A group of variants that exclude each other (the definition's variant `group`). */
export interface VariantGroup {
  group: string;
  variants: VariantDef[];
}

/**
 * A definition's variants as the settings show them: each group (one of its variants is
 * chosen), in the order the definition first names it, and the toggles (no group).
 */
export function variantsOf(d: Pick<DefinitionView, "variants">): { groups: VariantGroup[]; toggles: VariantDef[] } {
  const groups = new Map<string, VariantDef[]>();
  for (const v of d.variants) if (v.group !== undefined) groups.set(v.group, [...(groups.get(v.group) ?? []), v]);
  return {
    groups: [...groups].map(([group, variants]) => ({ group, variants })),
    toggles: d.variants.filter((v) => v.group === undefined),
  };
}

/**
 * A group's heading in the settings. Definitions give groups an id only, so CAH's one has a
 * friendlier heading here (a label: what the group does is the definition's); any other
 * reads as its id.
 */
export function groupLabel(group: string): string {
  return GROUP_LABELS[group] ?? group.charAt(0).toUpperCase() + group.slice(1);
}
const GROUP_LABELS: Record<string, string> = { judge: "Who judges" };

function lowerFirst(t: string): string {
  return t.charAt(0).toLowerCase() + t.slice(1);
}
