/**
 * Answer checking in the quiz-bowl manner (docs/games/trivia-duel.md, Decisions D7):
 * normalise both sides, then allow roughly one typo per seven letters of the accepted
 * answer.
 */

const LEADING_ARTICLE = /^(the|a|an)\s+/;

export function normalizeAnswer(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[‐-―\-/_]/g, " ")
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(LEADING_ARTICLE, "");
}

/** Optimal-string-alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function editDistance(a: string, b: string, cap = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    // Column 0 belongs to the row too: with an empty `b` it is the whole row.
    let rowMin = d[i * cols]!;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      }
      d[i * cols + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > cap) return cap + 1;
  }
  return d[rows * cols - 1]!;
}

/** Typos forgiven for an accepted answer: one per seven letters, rounded down. */
export function allowedEdits(normalizedAccepted: string): number {
  const letters = normalizedAccepted.replace(/\s/g, "").length;
  return Math.floor(letters / 7);
}

export function matchesAnswer(given: string, accepted: readonly string[], strict = false): boolean {
  const g = normalizeAnswer(given);
  if (g.length === 0) return false;
  for (const raw of accepted) {
    const a = normalizeAnswer(raw);
    if (g === a) return true;
    if (strict) continue;
    const allowed = allowedEdits(a);
    if (allowed > 0 && editDistance(g, a, allowed) <= allowed) return true;
  }
  return false;
}
