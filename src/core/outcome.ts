import type { Seat } from './seat.js';

/**
 * How a finished game ended. `rank` uses competition ranking (1, 2, 2, 4); `winners` may be empty,
 * which is a draw: no one's win.
 */
export interface Outcome {
  readonly winners: readonly Seat[];
  readonly rank: readonly number[];
  readonly score?: readonly number[];
  /** The game hit a configured cap (turns, days) and ended without its natural end. */
  readonly capped?: boolean;
}

/** Competition ranks (1, 2, 2, 4) for `values`, higher is better. */
export function competitionRanks(values: readonly number[]): number[] {
  return values.map((v) => 1 + values.filter((w) => w > v).length);
}

/** The outcome of a game decided by scores, higher is better, ties sharing the win. */
export function outcomeFromScores(score: readonly number[]): Outcome {
  const rank = competitionRanks(score);
  const winners: Seat[] = [];
  rank.forEach((r, seat) => {
    if (r === 1) winners.push(seat);
  });
  return { winners, rank, score };
}

/**
 * The outcome once the seats in `departed` have forfeited: they rank below every other seat (in
 * the order they left, the last to leave ranking highest among them) and win nothing. A draw stays
 * a draw; otherwise the best of the seats that stayed win.
 */
export function withForfeits(outcome: Outcome, departed: readonly Seat[]): Outcome {
  if (departed.length === 0) return outcome;
  const n = outcome.rank.length;
  const staying: Seat[] = [];
  for (let seat = 0; seat < n; seat++) if (!departed.includes(seat)) staying.push(seat);
  // Stryker disable next-line ArrayDeclaration: sized for speed only; every seat's rank is set below
  const rank = new Array<number>(n);
  for (const seat of staying) {
    rank[seat] = 1 + staying.filter((other) => outcome.rank[other]! < outcome.rank[seat]!).length;
  }
  departed.forEach((seat, order) => {
    rank[seat] = n - order;
  });
  const winners = outcome.winners.length === 0 ? [] : staying.filter((seat) => rank[seat] === 1);
  return { ...outcome, winners, rank };
}
