import { InputError } from '../core/errors.js';
import { FAULT_KINDS, type FaultKind } from '../core/record.js';
import { addRatioBlock, emptyRatioSums, type RatioSums } from '../stats/paired.js';
import { changeKind, type ChangeKind, type OutcomeLine } from './outcome-line.js';
import { Counts, winUnit, type Histogram } from './tally.js';

/**
 * One quantity of two runs, paired: per pair (a block, or a game under random seating), run A's
 * value and run B's as whole numbers in some unit, summed over the pairs, and the squares of the
 * pairs' differences B - A, so that the mean difference's interval needs nothing else.
 */
export interface PairedSums {
  pairs: number;
  a: number;
  b: number;
  diffSq: number;
}

/** How often something happened in each run, and in one run's game but not the other's. */
export interface EndingCounts {
  a: number;
  b: number;
  onlyA: number;
  onlyB: number;
}

/**
 * Two runs of the same games read side by side (`parlor diff`): every count as whole numbers, like
 * the tally, from their outcome lines. The pairs are the blocks with an outcome in every game of
 * both runs (`blocks - leftOut`); the endings count every paired game.
 */
export interface PairedData {
  readonly entrants: number;
  readonly players: number;
  readonly blockSize: number;
  /** Win units in a win: a k-way shared win is unit / k of them (lcm(1..N)). */
  readonly unit: number;
  blocks: number;
  games: number;
  /** Blocks left out of the pairs: a game of theirs ended on an engine error in either run. */
  leftOut: number;
  /** Per entrant: its wins in a block (win units), over the blocks it played. */
  readonly wins: PairedSums[];
  /** Per entrant: its ranks summed over a block's games. */
  readonly ranks: PairedSums[];
  /**
   * Per entrant, for games with scores: its final scores over a block's games, the count and sum in
   * each run (`RatioSums`), a score it forfeited left out as summary.json leaves it out; null for
   * games without scores.
   */
  scores: RatioSums[] | null;
  /** Per seat: the wins in that seat over a block's games (win units). */
  readonly seatWins: PairedSums[];
  /** Steps summed over a block's games. */
  readonly steps: PairedSums;
  /** Every paired game's length in steps, per run. */
  lengths: [Histogram, Histogram];
  readonly capped: EndingCounts;
  readonly drawn: EndingCounts;
  readonly engineErrors: EndingCounts;
  /** Faults by kind, per run, over the paired games. */
  readonly faults: [Record<FaultKind, number>, Record<FaultKind, number>];
  /** The paired games by what changed between the runs (`changeKind`). */
  readonly changes: Record<ChangeKind, number>;
}

const emptySums = (): PairedSums => ({ pairs: 0, a: 0, b: 0, diffSq: 0 });
const emptyEndings = (): EndingCounts => ({ a: 0, b: 0, onlyA: 0, onlyB: 0 });
const noFaults = (): Record<FaultKind, number> => Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<FaultKind, number>;

function addPair(sums: PairedSums, a: number, b: number): void {
  sums.pairs++;
  sums.a += a;
  sums.b += b;
  sums.diffSq += (b - a) * (b - a);
}

function addEnding(counts: EndingCounts, a: boolean, b: boolean): void {
  if (a) counts.a++;
  if (b) counts.b++;
  if (a && !b) counts.onlyA++;
  if (b && !a) counts.onlyB++;
}

/** A game as two runs played it. */
export interface PairedGame {
  readonly a: OutcomeLine;
  readonly b: OutcomeLine;
}

/** Adds two runs' games block by block into a PairedData. */
export class PairedTally {
  private readonly data: PairedData;
  private readonly lengths = [new Counts(), new Counts()] as const;

  /**
   * `playOn` (per run): the entrants that play on after a fault (a process bot with `onFault:
   * "random"`), whose scores count; any other faulted seat forfeited, and its score is left out.
   */
  constructor(entrants: number, players: number, blockSize: number, private readonly playOn: readonly [ReadonlySet<number>, ReadonlySet<number>] = [new Set(), new Set()]) {
    this.data = {
      entrants,
      players,
      blockSize,
      unit: winUnit(players),
      blocks: 0,
      games: 0,
      leftOut: 0,
      wins: Array.from({ length: entrants }, emptySums),
      ranks: Array.from({ length: entrants }, emptySums),
      scores: null,
      seatWins: Array.from({ length: players }, emptySums),
      steps: emptySums(),
      lengths: [[], []],
      capped: emptyEndings(),
      drawn: emptyEndings(),
      engineErrors: emptyEndings(),
      faults: [noFaults(), noFaults()],
      changes: { same: 0, length: 0, outcome: 0, winner: 0 },
    };
  }

  /**
   * One block's games, in the runs' order; returns what changed in each. The two lines of a game
   * must seat the same entrants, as two runs of one seed and seating do.
   */
  addBlock(games: readonly PairedGame[]): ChangeKind[] {
    const d = this.data;
    const n = d.players;
    d.blocks++;
    d.games += games.length;
    const kinds: ChangeKind[] = [];
    for (const { a, b } of games) {
      if (a.game !== b.game || JSON.stringify(a.entrants) !== JSON.stringify(b.entrants)) {
        throw new InputError(`game ${a.game} seats entrants ${JSON.stringify(a.entrants)} in one run and game ${b.game} ${JSON.stringify(b.entrants)} in the other: they are not the same games`);
      }
      const kind = changeKind(a, b);
      d.changes[kind]++;
      kinds.push(kind);
      addEnding(d.capped, a.capped === true, b.capped === true);
      addEnding(d.drawn, a.winners?.length === 0, b.winners?.length === 0);
      addEnding(d.engineErrors, a.error !== undefined, b.error !== undefined);
      for (const [run, line] of [a, b].entries()) {
        this.lengths[run]!.add(line.steps);
        for (const fault of line.faults ?? []) d.faults[run]![fault.kind as FaultKind]++;
      }
    }
    if (games.some(({ a, b }) => a.error !== undefined || b.error !== undefined)) {
      d.leftOut++;
      return kinds;
    }
    // Every game of a block seats the same entrants (its lineup, rotated).
    const lineup = games[0]!.a.entrants;
    const per = (line: OutcomeLine, e: number, value: (line: OutcomeLine, seat: number) => number): number => {
      const seat = line.entrants.indexOf(e);
      return seat === -1 ? 0 : value(line, seat);
    };
    const won = (line: OutcomeLine, seat: number): number => (line.winners!.includes(seat) ? d.unit / line.winners!.length : 0);
    const rank = (line: OutcomeLine, seat: number): number => line.rank![seat]!;
    const total = (run: 'a' | 'b', f: (line: OutcomeLine) => number): number => games.reduce((sum, game) => sum + f(game[run]), 0);
    for (const e of lineup) {
      addPair(d.wins[e]!, total('a', (l) => per(l, e, won)), total('b', (l) => per(l, e, won)));
      addPair(d.ranks[e]!, total('a', (l) => per(l, e, rank)), total('b', (l) => per(l, e, rank)));
    }
    for (let s = 0; s < n; s++) addPair(d.seatWins[s]!, total('a', (l) => won(l, s)), total('b', (l) => won(l, s)));
    if (games.some(({ a, b }) => a.score !== undefined || b.score !== undefined)) this.addScores(games, lineup);
    addPair(d.steps, total('a', (l) => l.steps), total('b', (l) => l.steps));
    return kinds;
  }

  /** Each lineup entrant's scores in the block, in both runs, a forfeited one left out. */
  private addScores(games: readonly PairedGame[], lineup: readonly number[]): void {
    const scores = (this.data.scores ??= Array.from({ length: this.data.entrants }, emptyRatioSums));
    for (const e of lineup) {
      const counts = [0, 0, 0, 0];
      games.forEach((game) => {
        [game.a, game.b].forEach((line, run) => {
          const seat = line.entrants.indexOf(e);
          const forfeited = (line.faults ?? []).some((f) => f.seat === seat && !this.playOn[run]!.has(e));
          if (seat === -1 || line.score === undefined || forfeited) return;
          counts[2 * run]!++;
          counts[2 * run + 1]! += line.score[seat]!;
        });
      });
      addRatioBlock(scores[e]!, counts[0]!, counts[1]!, counts[2]!, counts[3]!);
    }
  }

  finish(): PairedData {
    this.data.lengths = [this.lengths[0].histogram(), this.lengths[1].histogram()];
    return this.data;
  }
}
