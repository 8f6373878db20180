/** Samples in milliseconds, summarised by nearest-rank percentiles. */
export class Samples {
  private values: number[] = [];
  private sorted = true;

  add(ms: number): void {
    this.values.push(ms);
    this.sorted = false;
  }

  get count(): number {
    return this.values.length;
  }

  /** Nearest-rank percentile (p in 0..100); NaN when empty. */
  pct(p: number): number {
    if (this.values.length === 0) return Number.NaN;
    if (!this.sorted) {
      this.values.sort((a, b) => a - b);
      this.sorted = true;
    }
    const rank = Math.ceil((p / 100) * this.values.length);
    return this.values[Math.min(this.values.length, Math.max(1, rank)) - 1]!;
  }

  /** Take in every sample of `other` too. */
  addAll(other: Samples): void {
    for (const v of other.values) this.add(v);
  }

  max(): number {
    return this.values.length ? this.pct(100) : Number.NaN;
  }

  countAbove(ms: number): number {
    let n = 0;
    for (const v of this.values) if (v > ms) n++;
    return n;
  }
}

/** Samples kept per label as well as overall. */
export class LabelledSamples {
  readonly all = new Samples();
  readonly byLabel = new Map<string, Samples>();

  add(label: string, ms: number): void {
    this.all.add(ms);
    let s = this.byLabel.get(label);
    if (!s) {
      s = new Samples();
      this.byLabel.set(label, s);
    }
    s.add(ms);
  }
}

export class Counter {
  readonly counts = new Map<string, number>();

  inc(key: string, by = 1): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + by);
  }

  get total(): number {
    let n = 0;
    for (const v of this.counts.values()) n += v;
    return n;
  }

  toString(): string {
    return [...this.counts.entries()].map(([k, v]) => `${k}×${v}`).join(", ") || "none";
  }
}

export const fmtMs = (ms: number): string =>
  Number.isNaN(ms) ? "n/a" : ms >= 100 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(1)} ms`;

/** `n=… p50 … p99 … max …` of a set of samples. */
export const fmtSamples = (v: Samples): string =>
  `n=${v.count}  p50 ${fmtMs(v.pct(50))}  p99 ${fmtMs(v.pct(99))}  max ${fmtMs(v.max())}`;

export const fmtRatio = (a: number, b: number): string =>
  Number.isNaN(a) || Number.isNaN(b) || b <= 0 ? "n/a" : `${(a / b).toFixed(1)}×`;

/** A two-column table, left-aligned labels. */
export function table(rows: [string, string][]): string {
  const w = Math.max(...rows.map(([k]) => k.length));
  const v = Math.max(...rows.map(([, x]) => x.length));
  const line = `+${"-".repeat(w + 2)}+${"-".repeat(v + 2)}+`;
  return [line, ...rows.map(([k, x]) => `| ${k.padEnd(w)} | ${x.padEnd(v)} |`), line].join("\n");
}

/** A table with a header row and one column per run; the first column holds the labels. */
export function grid(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((r) => (r[c] ?? "").length)));
  const fmt = (r: string[]) =>
    `| ${widths.map((w, c) => (c === 0 ? (r[c] ?? "").padEnd(w) : (r[c] ?? "").padStart(w))).join(" | ")} |`;
  const line = `+${widths.map((w) => "-".repeat(w + 2)).join("+")}+`;
  return [line, fmt(header), line, ...rows.map(fmt), line].join("\n");
}
