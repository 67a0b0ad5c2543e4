import type { Histogram } from '../harness/tally.js';

/** Text safe inside HTML and SVG. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const WIDTH = 640;
const LABEL_WIDTH = 150;
const ROW = 26;
const FONT = 'font-family="system-ui, sans-serif" font-size="12"';

export interface IntervalRow {
  readonly label: string;
  readonly value: number;
  readonly lo: number;
  readonly hi: number;
  /**
   * A one-sided bound at `value` (lo = hi = value): the whisker runs from the bound to the chart's
   * edge on that side, the bound marked by a bar, not a dot, and labelled ≤ or ≥.
   */
  readonly open?: 'below' | 'above';
}

/**
 * One row per entrant: a dot at the value and a whisker over its interval (or a bar at a one-sided
 * bound and a whisker open to the edge), on a shared axis, with an optional dashed reference line
 * (e.g. the 1/N win rate of an average entrant).
 */
export function intervalChart(title: string, rows: readonly IntervalRow[], format: (x: number) => string, reference?: { value: number; label: string }): string {
  const values = rows.flatMap((r) => [r.lo, r.hi]);
  if (reference) values.push(reference.value);
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) {
    min -= 1;
    max += 1;
  }
  const pad = (max - min) * 0.05;
  min -= pad;
  max += pad;
  const plot = WIDTH - LABEL_WIDTH - 20;
  const x = (v: number): number => LABEL_WIDTH + ((v - min) / (max - min)) * plot;
  const height = rows.length * ROW + 40;
  const parts = [
    `<svg class="chart" role="img" aria-label="${escapeXml(title)}" xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" ${FONT}>`,
    `<title>${escapeXml(title)}</title>`,
  ];
  rows.forEach((r, i) => {
    const y = 20 + i * ROW;
    parts.push(`<text x="${LABEL_WIDTH - 8}" y="${y + 4}" text-anchor="end">${escapeXml(r.label)}</text>`);
    if (r.open === undefined) {
      parts.push(
        `<line class="whisker" x1="${x(r.lo).toFixed(1)}" x2="${x(r.hi).toFixed(1)}" y1="${y}" y2="${y}" stroke="#4a6fa5" stroke-width="3"/>`,
        `<circle class="point" cx="${x(r.value).toFixed(1)}" cy="${y}" r="5" fill="#1f3b63"/>`,
        `<text x="${Math.min(WIDTH - 4, x(r.hi) + 6).toFixed(1)}" y="${y + 4}" fill="#555">${escapeXml(format(r.value))}</text>`,
      );
      return;
    }
    const edge = r.open === 'below' ? LABEL_WIDTH : LABEL_WIDTH + plot;
    const at = x(r.value);
    parts.push(
      `<line class="whisker open" x1="${edge.toFixed(1)}" x2="${at.toFixed(1)}" y1="${y}" y2="${y}" stroke="#4a6fa5" stroke-width="3" stroke-dasharray="6 3"/>`,
      `<line class="point bound" x1="${at.toFixed(1)}" x2="${at.toFixed(1)}" y1="${y - 7}" y2="${y + 7}" stroke="#1f3b63" stroke-width="3"/>`,
      `<text x="${(r.open === 'below' ? Math.min(WIDTH - 4, at + 6) : Math.max(LABEL_WIDTH, at - 6)).toFixed(1)}" y="${y + 4}" text-anchor="${r.open === 'below' ? 'start' : 'end'}" fill="#555">${r.open === 'below' ? '≤' : '≥'} ${escapeXml(format(r.value))}</text>`,
    );
  });
  const axisY = 20 + rows.length * ROW;
  // An end's label gives way to the reference's where they would overlap.
  const clear = (at: number): boolean => reference === undefined || Math.abs(x(reference.value) - at) > 60;
  parts.push(`<line x1="${LABEL_WIDTH}" x2="${LABEL_WIDTH + plot}" y1="${axisY}" y2="${axisY}" stroke="#999"/>`);
  if (clear(LABEL_WIDTH)) parts.push(`<text x="${LABEL_WIDTH}" y="${axisY + 16}" fill="#555">${escapeXml(format(min))}</text>`);
  if (clear(LABEL_WIDTH + plot)) parts.push(`<text x="${LABEL_WIDTH + plot}" y="${axisY + 16}" text-anchor="end" fill="#555">${escapeXml(format(max))}</text>`);
  if (reference) {
    parts.push(
      `<line class="reference" x1="${x(reference.value).toFixed(1)}" x2="${x(reference.value).toFixed(1)}" y1="8" y2="${axisY}" stroke="#c0392b" stroke-dasharray="4 3"/>`,
      `<text x="${x(reference.value).toFixed(1)}" y="${axisY + 16}" text-anchor="middle" fill="#c0392b">${escapeXml(reference.label)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}

/** Groups a histogram into at most `maxBins` equal-width bins over [first, last] (by default its own range): [start, end, count]. */
export function binHistogram(histogram: Histogram, maxBins: number, range?: readonly [number, number]): [number, number, number][] {
  if (histogram.length === 0) return [];
  const first = Math.min(histogram[0]![0], range?.[0] ?? Infinity);
  const last = Math.max(histogram[histogram.length - 1]![0], range?.[1] ?? -Infinity);
  const width = Math.max(1, Math.ceil((last - first + 1) / maxBins));
  const bins: [number, number, number][] = [];
  for (let start = first; start <= last; start += width) bins.push([start, start + width - 1, 0]);
  for (const [value, count] of histogram) bins[Math.floor((value - first) / width)]![2] += count;
  return bins;
}

/** How many values a histogram counts (for scores: the games). */
export function histogramTotal(histogram: Histogram): number {
  return histogram.reduce((sum, [, count]) => sum + count, 0);
}

/** A distribution to draw over a histogram: the counts expected from it for the histogram's number of games. */
export interface ReferenceSeries {
  readonly label: string;
  /** probabilities[s]: of the value s. */
  readonly probabilities: readonly number[];
  /** The values to draw over, [first, last]; by default where all but the reference's far tails lie. */
  readonly range?: readonly [number, number];
}

/** The values the reference puts all but `tail` of its mass between, at each end. */
function referenceRange(probabilities: readonly number[], tail = 5e-4): [number, number] {
  let low = 0;
  let mass = 0;
  while (low < probabilities.length - 1 && mass + probabilities[low]! < tail) mass += probabilities[low++]!;
  let high = probabilities.length - 1;
  mass = 0;
  while (high > low && mass + probabilities[high]! < tail) mass += probabilities[high--]!;
  return [low, high];
}

/**
 * A bar chart of a histogram of whole numbers (scores, game lengths), binned to fit; with a
 * reference, a line of the counts it expects per bin (class "reference"), over the bins of both.
 */
export function histogramChart(title: string, histogram: Histogram, axisLabel: string, reference?: ReferenceSeries): string {
  const bins = binHistogram(histogram, 60, reference === undefined ? undefined : (reference.range ?? referenceRange(reference.probabilities)));
  const games = histogramTotal(histogram);
  const expected = reference === undefined ? [] : bins.map(([start, end]) => {
    let p = 0;
    for (let v = Math.max(0, start); v <= end && v < reference.probabilities.length; v++) p += reference.probabilities[v]!;
    return games * p;
  });
  const height = 180;
  const plotTop = 24;
  const plotBottom = height - 34;
  const plotLeft = 50;
  const plot = WIDTH - plotLeft - 10;
  const most = Math.max(1, ...bins.map((b) => b[2]), ...expected.map(Math.ceil));
  const barWidth = bins.length > 0 ? plot / bins.length : plot;
  const parts = [
    `<svg class="chart" role="img" aria-label="${escapeXml(title)}" xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" ${FONT}>`,
    `<title>${escapeXml(title)}</title>`,
    `<text x="${plotLeft}" y="14" font-weight="bold">${escapeXml(title)}</text>`,
  ];
  bins.forEach(([start, end, count], i) => {
    const h = ((plotBottom - plotTop) * count) / most;
    parts.push(
      `<rect class="bar" x="${(plotLeft + i * barWidth).toFixed(1)}" y="${(plotBottom - h).toFixed(1)}" width="${Math.max(1, barWidth - 1).toFixed(1)}" height="${h.toFixed(1)}" fill="#4a6fa5"><title>${start === end ? start : `${start}–${end}`}: ${count}</title></rect>`,
    );
  });
  if (reference !== undefined && bins.length > 0) {
    const points = expected.map((e, i) => `${(plotLeft + (i + 0.5) * barWidth).toFixed(1)},${(plotBottom - ((plotBottom - plotTop) * e) / most).toFixed(1)}`);
    parts.push(
      `<polyline class="reference" points="${points.join(' ')}" fill="none" stroke="#c0392b" stroke-width="2"><title>${escapeXml(reference.label)}: expected games per bin</title></polyline>`,
      `<text x="${plotLeft + plot}" y="14" text-anchor="end" fill="#c0392b">— ${escapeXml(reference.label)}</text>`,
    );
  }
  const first = bins[0]?.[0] ?? 0;
  const last = bins[bins.length - 1]?.[1] ?? 0;
  parts.push(
    `<line x1="${plotLeft}" x2="${plotLeft + plot}" y1="${plotBottom}" y2="${plotBottom}" stroke="#999"/>`,
    `<text x="${plotLeft}" y="${plotBottom + 14}" fill="#555">${first}</text>`,
    `<text x="${plotLeft + plot}" y="${plotBottom + 14}" text-anchor="end" fill="#555">${last}</text>`,
    `<text x="${plotLeft + plot / 2}" y="${plotBottom + 28}" text-anchor="middle" fill="#555">${escapeXml(axisLabel)}</text>`,
    `<text x="${plotLeft - 6}" y="${plotTop + 4}" text-anchor="end" fill="#555">${most}</text>`,
    '</svg>',
  );
  return parts.join('');
}
