/**
 * Small inline SVG charts for the simulator's report: no scripts, no fonts, no network,
 * so the HTML file opens anywhere.
 */

export const PALETTE = ["#3366cc", "#dc3912", "#ff9900", "#109618", "#990099", "#0099c6", "#dd4477", "#66aa00"];

export interface Series {
  name: string;
  values: number[];
  color?: string;
  /** A 95 % interval per value, drawn as an error bar (bar charts). */
  errors?: Array<{ lo: number; hi: number }>;
}

export interface ChartOptions {
  title: string;
  labels: string[];
  series: Series[];
  /** Format of the y axis and bar labels. */
  format?: (v: number) => string;
  /** A dashed reference line (a fair share, a target). */
  ref?: { value: number; label: string };
  yMax?: number;
  width?: number;
  height?: number;
  xTitle?: string;
  yTitle?: string;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
export const num = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));

function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

interface Frame {
  w: number;
  h: number;
  left: number;
  top: number;
  plotW: number;
  plotH: number;
  max: number;
  y: (v: number) => number;
  parts: string[];
}

function frame(o: ChartOptions, dataMax: number): Frame {
  const w = o.width ?? 680;
  const h = o.height ?? 300;
  const left = 58;
  const top = 34;
  const legend = o.series.length > 1 ? 22 : 0;
  const plotW = w - left - 16;
  const plotH = h - top - 46 - legend;
  const max = o.yMax ?? niceMax(Math.max(dataMax, o.ref?.value ?? 0) * 1.08);
  const y = (v: number) => top + plotH - (Math.max(0, Math.min(v, max)) / max) * plotH;
  const fmt = o.format ?? num;
  const parts: string[] = [];
  parts.push(`<text x="${w / 2}" y="18" text-anchor="middle" class="t">${esc(o.title)}</text>`);
  for (let k = 0; k <= 4; k++) {
    const v = (max * k) / 4;
    const yy = y(v);
    parts.push(`<line x1="${left}" x2="${left + plotW}" y1="${yy}" y2="${yy}" class="g"/>`);
    parts.push(`<text x="${left - 6}" y="${yy + 4}" text-anchor="end" class="a">${esc(fmt(v))}</text>`);
  }
  if (o.yTitle)
    parts.push(
      `<text transform="translate(12 ${top + plotH / 2}) rotate(-90)" text-anchor="middle" class="a">${esc(o.yTitle)}</text>`,
    );
  if (o.xTitle)
    parts.push(
      `<text x="${left + plotW / 2}" y="${top + plotH + 38}" text-anchor="middle" class="a">${esc(o.xTitle)}</text>`,
    );
  if (legend) {
    let x = left;
    o.series.forEach((s, i) => {
      const c = s.color ?? PALETTE[i % PALETTE.length];
      parts.push(`<rect x="${x}" y="${h - 16}" width="10" height="10" fill="${c}"/>`);
      parts.push(`<text x="${x + 14}" y="${h - 7}" class="a">${esc(s.name)}</text>`);
      x += 24 + s.name.length * 6.5;
    });
  }
  return { w, h, left, top, plotW, plotH, max, y, parts };
}

function finish(f: Frame, o: ChartOptions): string {
  if (o.ref) {
    const yy = f.y(o.ref.value);
    f.parts.push(`<line x1="${f.left}" x2="${f.left + f.plotW}" y1="${yy}" y2="${yy}" class="r"/>`);
    f.parts.push(
      `<text x="${f.left + f.plotW - 4}" y="${yy - 4}" text-anchor="end" class="rl">${esc(o.ref.label)}</text>`,
    );
  }
  f.parts.push(`<line x1="${f.left}" x2="${f.left}" y1="${f.top}" y2="${f.top + f.plotH}" class="ax"/>`);
  f.parts.push(
    `<line x1="${f.left}" x2="${f.left + f.plotW}" y1="${f.top + f.plotH}" y2="${f.top + f.plotH}" class="ax"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${f.w} ${f.h}" width="${f.w}" height="${f.h}" role="img" aria-label="${esc(o.title)}">${f.parts.join("")}</svg>`;
}

/** Grouped bars: one group per label, one bar per series. */
export function barChart(o: ChartOptions): string {
  const dataMax = Math.max(
    0,
    ...o.series.flatMap((s) => s.values),
    ...o.series.flatMap((s) => (s.errors ?? []).map((e) => e.hi)),
  );
  const f = frame(o, dataMax);
  const groups = o.labels.length;
  const gw = f.plotW / Math.max(1, groups);
  const bw = Math.min(46, (gw * 0.8) / Math.max(1, o.series.length));
  const fmt = o.format ?? num;
  o.labels.forEach((label, gi) => {
    const gx = f.left + gi * gw + (gw - bw * o.series.length) / 2;
    o.series.forEach((s, si) => {
      const v = s.values[gi] ?? 0;
      const x = gx + si * bw;
      const yy = f.y(v);
      const c = s.color ?? PALETTE[si % PALETTE.length];
      f.parts.push(
        `<rect x="${x.toFixed(1)}" y="${yy.toFixed(1)}" width="${(bw - 2).toFixed(1)}" height="${(f.top + f.plotH - yy).toFixed(1)}" fill="${c}"><title>${esc(`${s.name} ${label}: ${fmt(v)}`)}</title></rect>`,
      );
      const e = s.errors?.[gi];
      let labelY = yy - 3;
      if (e) {
        // The interval: a thin line with caps, centred on the bar.
        const cx = x + bw / 2 - 1;
        const y0 = f.y(e.lo);
        const y1 = f.y(e.hi);
        const cap = Math.min(5, bw / 4);
        f.parts.push(
          `<path d="M${cx.toFixed(1)} ${y0.toFixed(1)}V${y1.toFixed(1)}M${(cx - cap).toFixed(1)} ${y0.toFixed(1)}h${(2 * cap).toFixed(1)}M${(cx - cap).toFixed(1)} ${y1.toFixed(1)}h${(2 * cap).toFixed(1)}" class="e"><title>${esc(`${s.name} ${label}: 95% CI ${fmt(e.lo)}–${fmt(e.hi)}`)}</title></path>`,
        );
        labelY = Math.min(labelY, y1 - 3);
      }
      if (groups * o.series.length <= 24)
        f.parts.push(
          `<text x="${(x + bw / 2 - 1).toFixed(1)}" y="${labelY.toFixed(1)}" text-anchor="middle" class="v">${esc(fmt(v))}</text>`,
        );
    });
    axisLabel(f, gi, gw, label);
  });
  return finish(f, o);
}

/** A group's label under the x axis, centred under the group. */
function axisLabel(f: Frame, gi: number, gw: number, label: string): void {
  f.parts.push(
    `<text x="${(f.left + gi * gw + gw / 2).toFixed(1)}" y="${f.top + f.plotH + 16}" text-anchor="middle" class="a">${esc(label)}</text>`,
  );
}

/** Stacked bars: one bar per label, the series stacked in it. */
export function stackedBars(o: ChartOptions): string {
  const totals = o.labels.map((_, i) => o.series.reduce((a, s) => a + (s.values[i] ?? 0), 0));
  const f = frame(o, Math.max(0, ...totals));
  const gw = f.plotW / Math.max(1, o.labels.length);
  const bw = Math.min(70, gw * 0.6);
  const fmt = o.format ?? num;
  o.labels.forEach((label, gi) => {
    let base = 0;
    const x = f.left + gi * gw + (gw - bw) / 2;
    o.series.forEach((s, si) => {
      const v = s.values[gi] ?? 0;
      const y0 = f.y(base);
      const y1 = f.y(base + v);
      base += v;
      const c = s.color ?? PALETTE[si % PALETTE.length];
      f.parts.push(
        `<rect x="${x.toFixed(1)}" y="${y1.toFixed(1)}" width="${bw.toFixed(1)}" height="${(y0 - y1).toFixed(1)}" fill="${c}"><title>${esc(`${s.name} ${label}: ${fmt(v)}`)}</title></rect>`,
      );
      if (y0 - y1 > 12)
        f.parts.push(
          `<text x="${(x + bw / 2).toFixed(1)}" y="${((y0 + y1) / 2 + 4).toFixed(1)}" text-anchor="middle" class="vi">${esc(fmt(v))}</text>`,
        );
    });
    axisLabel(f, gi, gw, label);
  });
  return finish(f, o);
}

/** Lines through the labels (an x axis of categories or numbers). */
export function lineChart(o: ChartOptions): string {
  const f = frame(o, Math.max(0, ...o.series.flatMap((s) => s.values)));
  const n = o.labels.length;
  const x = (i: number) => f.left + (n <= 1 ? f.plotW / 2 : (i / (n - 1)) * (f.plotW - 20) + 10);
  const fmt = o.format ?? num;
  o.labels.forEach((label, i) => {
    f.parts.push(
      `<text x="${x(i).toFixed(1)}" y="${f.top + f.plotH + 16}" text-anchor="middle" class="a">${esc(label)}</text>`,
    );
  });
  // Where each point's label went, so a label close above another series' goes below its point.
  const placed: number[][] = o.labels.map(() => []);
  o.series.forEach((s, si) => {
    const c = s.color ?? PALETTE[si % PALETTE.length];
    const pts = s.values.map((v, i) => `${x(i).toFixed(1)},${f.y(v).toFixed(1)}`).join(" ");
    f.parts.push(`<polyline points="${pts}" fill="none" stroke="${c}" stroke-width="2"/>`);
    s.values.forEach((v, i) => {
      f.parts.push(
        `<circle cx="${x(i).toFixed(1)}" cy="${f.y(v).toFixed(1)}" r="3.5" fill="${c}"><title>${esc(`${s.name} ${o.labels[i]}: ${fmt(v)}`)}</title></circle>`,
      );
      if (n * o.series.length <= 30) {
        const above = f.y(v) - 7;
        const taken = placed[i] ?? [];
        const ly = taken.some((t) => Math.abs(t - above) < 16) ? f.y(v) + 15 : above;
        taken.push(ly);
        f.parts.push(
          `<text x="${x(i).toFixed(1)}" y="${ly.toFixed(1)}" text-anchor="middle" class="v">${esc(fmt(v))}</text>`,
        );
      }
    });
  });
  return finish(f, o);
}

/** A grid of coloured cells (rows × columns), for a two-parameter sweep. */
export function heatMap(o: {
  title: string;
  rows: string[];
  cols: string[];
  values: number[][];
  format?: (v: number) => string;
  rowTitle: string;
  colTitle: string;
  center?: number;
}): string {
  const cw = 78;
  const ch = 30;
  // Room for the row title beside the column headers, and a title wider than the grid.
  const left = Math.max(110, Math.ceil(o.rowTitle.length * 6.6) + 20);
  const top = 54;
  const w = Math.max(left + o.cols.length * cw + 20, Math.ceil(o.title.length * 8) + 20);
  const h = top + o.rows.length * ch + 30;
  const flat = o.values.flat();
  const lo = Math.min(...flat);
  const hi = Math.max(...flat);
  const mid = o.center ?? (lo + hi) / 2;
  const fmt = o.format ?? num;
  const color = (v: number) => {
    // Blue below the centre, red above, white at it.
    const t = v >= mid ? (hi === mid ? 0 : (v - mid) / (hi - mid)) : lo === mid ? 0 : (mid - v) / (mid - lo);
    const a = Math.round(255 - 150 * Math.min(1, t));
    return v >= mid ? `rgb(255,${a},${a})` : `rgb(${a},${a},255)`;
  };
  const parts: string[] = [`<text x="${w / 2}" y="18" text-anchor="middle" class="t">${esc(o.title)}</text>`];
  parts.push(
    `<text x="${left + (o.cols.length * cw) / 2}" y="36" text-anchor="middle" class="a">${esc(o.colTitle)}</text>`,
  );
  parts.push(`<text x="8" y="${top - 6}" class="a">${esc(o.rowTitle)}</text>`);
  o.cols.forEach((c, j) => {
    parts.push(`<text x="${left + j * cw + cw / 2}" y="${top - 6}" text-anchor="middle" class="a">${esc(c)}</text>`);
  });
  o.rows.forEach((r, i) => {
    parts.push(`<text x="${left - 8}" y="${top + i * ch + ch / 2 + 4}" text-anchor="end" class="a">${esc(r)}</text>`);
    o.cols.forEach((_, j) => {
      const v = o.values[i]?.[j] ?? 0;
      parts.push(
        `<rect x="${left + j * cw}" y="${top + i * ch}" width="${cw - 2}" height="${ch - 2}" fill="${color(v)}"/>`,
      );
      parts.push(
        `<text x="${left + j * cw + cw / 2 - 1}" y="${top + i * ch + ch / 2 + 4}" text-anchor="middle" class="v">${esc(fmt(v))}</text>`,
      );
    });
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(o.title)}">${parts.join("")}</svg>`;
}

export const SVG_STYLE = `
svg { font-family: system-ui, sans-serif; background: #fff; }
svg .t { font-size: 14px; font-weight: 600; fill: #222; }
svg .a { font-size: 11px; fill: #444; }
svg .v { font-size: 10px; fill: #222; }
svg .vi { font-size: 10px; fill: #fff; }
svg .g { stroke: #e4e4e4; }
svg .ax { stroke: #888; }
svg .r { stroke: #222; stroke-dasharray: 5 4; }
svg .rl { font-size: 11px; fill: #222; }
svg .e { stroke: #222; stroke-width: 1.2; fill: none; }
`;
