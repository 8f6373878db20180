import type { ContentSet } from "../engine/content";
import { contentSets } from "../games/content";

/** Validate every content set; print one row per set; exit non-zero on any miss. */
export function runContentCheck(sets: readonly ContentSet[]): { ok: boolean; report: string } {
  const rows: string[][] = [["game", "set", "as of", "counts", "checks", "result"]];
  const failures: string[] = [];
  for (const set of sets) {
    let counts: ReturnType<ContentSet["counts"]> = [];
    let checks: ReturnType<ContentSet["checks"]> = [];
    try {
      counts = set.counts();
      checks = set.checks();
    } catch (err) {
      checks = [{ name: "load", ok: false, detail: String(err) }];
    }
    const short = counts.filter((c) => c.value < c.min);
    const failed = checks.filter((c) => !c.ok);
    for (const c of short) failures.push(`${set.game}/${set.name}: ${c.label} ${c.value} < ${c.min}`);
    for (const c of failed) failures.push(`${set.game}/${set.name}: ${c.name}: ${c.detail ?? "failed"}`);
    rows.push([
      set.game,
      set.name,
      set.asOf,
      counts.map((c) => `${c.label} ${c.value}/${c.min}`).join(", "),
      `${checks.length - failed.length}/${checks.length}`,
      short.length + failed.length === 0 ? "ok" : "FAIL",
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  const lines = rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join(" | "));
  lines.splice(1, 0, widths.map((w) => "-".repeat(w)).join("-|-"));
  if (failures.length) lines.push("", "Failures:", ...failures.map((f) => `  - ${f}`));
  return { ok: failures.length === 0, report: lines.join("\n") };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ok, report } = runContentCheck(contentSets);
  console.log(report);
  console.log(ok ? `\ncontent:check passed (${contentSets.length} sets)` : "\ncontent:check FAILED");
  process.exit(ok ? 0 : 1);
}
