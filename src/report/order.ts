import type { EntrantSummary, SeatSummary, Summary, Timing } from './summary.js';

/** Entrants best first: by rating where the game has one, then win rate, then mean score. */
export function byStrength(entrants: readonly EntrantSummary[]): EntrantSummary[] {
  return [...entrants].sort(
    (a, b) =>
      (b.rating?.elo ?? 0) - (a.rating?.elo ?? 0) ||
      b.winRate - a.winRate ||
      (b.meanScore ?? 0) - (a.meanScore ?? 0) ||
      a.bot.localeCompare(b.bot),
  );
}

/** "1 worker", "2 workers". */
export function workerCount(n: number): string {
  return `${n} worker${n === 1 ? '' : 's'}`;
}

export function percent(x: number, digits = 1): string {
  return `${(100 * x).toFixed(digits)}%`;
}

export function interval([lo, hi]: readonly [number, number]): string {
  return `${percent(lo)}–${percent(hi)}`;
}

/**
 * A seat's win rate with its 95% interval and games, "50.0% (46.9–53.1%; 1000)": over deals for the
 * seats' totals where there are two deals or more (their games of a deal share it), else Wilson on games.
 */
export function seatRate(s: SeatSummary): string {
  return s.games > 0 ? `${percent(s.winRate)} (${interval(s.winRateCI95Blocks ?? s.winRateCI95)}; ${s.games})` : '–';
}

export const BY_SEAT =
  "Win rate of each entrant in each seat (seat 0 moves first where the game has a fixed order), its 95% interval and games: an entrant's games in a seat are one a deal, independent, and their interval is Wilson's; the seat's total (all) is played by every entrant of a deal on the same deal, and its interval is over deals, as the entrants' recommended one.";

/** The seats' totals in one line for the console, or null for a one-seat game. */
export function seatsLine(summary: Summary): string | null {
  if (summary.seats.length < 2) return null;
  return `by seat, win rate (95% CI over deals; games): ${summary.seats.map((s) => `${s.seat}: ${seatRate(s)}`).join(', ')}`;
}

const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(0)}`;

/** A separated entrant shows the games' own one-sided bound, not the prior's interval. */
export function elo(e: EntrantSummary): string {
  if (e.rating === null) return '–';
  const { separated } = e.rating;
  if (separated !== null) {
    if (separated.side === 'apart' || separated.bound === null) return `${signed(e.rating.elo)} (${separated.side === 'apart' ? 'apart' : 'separated'})`;
    return `${separated.side === 'below' ? '≤' : '≥'} ${signed(separated.bound)} (separated)`;
  }
  const half = (e.rating.ci95[1] - e.rating.ci95[0]) / 2;
  return half === 0 ? `${signed(e.rating.elo)} (origin)` : `${signed(e.rating.elo)} ± ${half.toFixed(0)}`;
}

/** The head-to-head table of report.md and report.html: its columns, a row per pair, and what its Elo column means. */
export const HEAD_TO_HEAD = ['A', 'B', 'games', 'A ahead', 'B ahead', 'tied', 'A ahead rate', 'A − B Elo (95%)', 'A − B Elo (95%, all at once)', 'stronger (5% over all)'];

export const HEAD_TO_HEAD_ELO =
  'A − B Elo: the ladder\'s rating difference with its 95% interval for this pair read alone; "all at once": the intervals that hold together over every comparison of the ladder (or with its baseline). "stronger": the entrant the games show stronger, by Holm\'s procedure, with at most a 5% chance of any false claim in the whole table. – where A and B are in different tiers: every game between the tiers went one way, and the games bound the gap on one side only.';

function range(interval: readonly [number, number] | null): string {
  return interval === null ? '–' : `${interval[0].toFixed(0)}..${interval[1].toFixed(0)}`;
}

export function headToHeadRow(h: Summary['headToHead'][number]): (string | number)[] {
  const difference = h.eloDiff === null || h.eloDiffCI95 === null ? '–' : `${signed(h.eloDiff)} (${range(h.eloDiffCI95)})`;
  return [h.a, h.b, h.games, h.aAhead, h.bAhead, h.tied, percent(h.aAheadRate), difference, range(h.eloDiffCI95Family), h.claim ?? '–'];
}

export function score(e: EntrantSummary): string {
  return e.meanScore === undefined ? '–' : `${e.meanScore.toFixed(1)} ± ${(e.sdScore ?? 0).toFixed(1)}`;
}

export function faultCount(e: EntrantSummary): number {
  return Object.values(e.faults).reduce((a, b) => a + b, 0);
}

/** "Decision time (mean / p99): ismcts 31.2 / 88.1 ms, greedy 0.004 / 0.011 ms.", or '' before any was timed. */
export function decisionTimesLine(timing: Timing): string {
  const timed = (timing.decisions ?? []).filter((d) => d.timed > 0);
  if (timed.length === 0) return '';
  return `Decision time (mean / p99): ${timed.map((d) => `${d.entrant} ${d.meanMs} / ${d.p99Ms} ms`).join(', ')}.`;
}
