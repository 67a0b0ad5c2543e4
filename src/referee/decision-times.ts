import type { Seat } from '../core/seat.js';

/** Bins per doubling of a duration: a bin is 2^(1/8), about 9%, wide. */
const PER_OCTAVE = 8;
/** Bin b holds durations in [2^(b/8), 2^((b+1)/8)) ns; the last holds everything from ~18 minutes up. */
const BINS = 40 * PER_OCTAVE;
/**
 * Once most of an entrant's timed decisions (4 at least) took this long, every game it plays is
 * timed: the clock then costs under 1%. Most, not one: a garbage collection can stall any decision.
 */
const SLOW_NS = 10_000;
/** Games of fast entrants only are timed one in this many, on average, at gaps drawn at random. */
const MEAN_GAP = 32;

/**
 * One entrant's decision times: a fixed histogram, so that batches, workers and shards merge
 * exactly by adding counts, plus the exact sum for the mean.
 */
export interface DecisionTimesData {
  /** Decisions timed. */
  readonly timed: number;
  /** Their total, in whole nanoseconds. */
  readonly totalNs: number;
  /** [bin, count] for every bin with a count, bins ascending. */
  readonly bins: readonly (readonly [number, number])[];
}

export const NO_DECISION_TIMES: DecisionTimesData = { timed: 0, totalNs: 0, bins: [] };

/** What reports say of an entrant's decisions: the mean, and the 99th percentile as its bin's upper edge. */
export interface DecisionTimeStats {
  readonly timed: number;
  readonly meanMs: number;
  readonly p99Ms: number;
}

export function mergeDecisionTimes(a: DecisionTimesData, b: DecisionTimesData): DecisionTimesData {
  const counts = new Map<number, number>(a.bins.map(([bin, count]) => [bin, count]));
  for (const [bin, count] of b.bins) counts.set(bin, (counts.get(bin) ?? 0) + count);
  return { timed: a.timed + b.timed, totalNs: a.totalNs + b.totalNs, bins: [...counts.entries()].sort((x, y) => x[0] - y[0]) };
}

/** Milliseconds to 3 significant digits: what a report prints. */
function roundMs(ns: number): number {
  return Number((ns / 1e6).toPrecision(3));
}

/** Two lists of every entrant's times, merged entrant by entrant. */
export function mergeEntrantTimes(a: readonly DecisionTimesData[], b: readonly DecisionTimesData[]): DecisionTimesData[] {
  return a.map((times, e) => mergeDecisionTimes(times, b[e] ?? NO_DECISION_TIMES));
}

export function decisionTimeStats(data: DecisionTimesData): DecisionTimeStats {
  if (data.timed === 0) return { timed: 0, meanMs: 0, p99Ms: 0 };
  const rank = Math.ceil(0.99 * data.timed);
  let seen = 0;
  let p99Bin = data.bins.at(-1)![0];
  for (const [bin, count] of data.bins) {
    seen += count;
    if (seen >= rank) {
      p99Bin = bin;
      break;
    }
  }
  return { timed: data.timed, meanMs: roundMs(data.totalNs / data.timed), p99Ms: roundMs(2 ** ((p99Bin + 1) / PER_OCTAVE)) };
}

/**
 * The decision clock of the games one thread plays. The caller asks `timing(entrants)` before each
 * game and hands the clock to the referee only for the games it should time; the referee then
 * times every decision of that game and hands each over to `record`. Timing every game would cost
 * a tenth of a 1-player Yahtzee game (two clock reads of ~0.13 µs a step); one game in 32 costs
 * about 1% by the profiles, and a slow bot, all of whose games are timed, pays under 1%. `record`
 * only notes the time, two stores the step loop inlines: the histogram is filled before the next
 * game is picked (or the data read), so its arithmetic and its call stay out of the loop's code.
 */
export class DecisionClock {
  private readonly counts: Float64Array[];
  private readonly totals: number[];
  private readonly timed: number[];
  /** Per entrant: its timed decisions that were slow. */
  private readonly slow: number[];
  /** Per entrant: whether every game it plays is timed. */
  private readonly always: boolean[];
  // Stryker disable ArrayDeclaration: scratch state, set before it is read (timing() before record(), record() before fill() reads a slot)
  /** The entrant in each seat of the game being timed. */
  private entrants: readonly number[] = [];
  /** The decisions noted since the histogram was last filled: the seat and milliseconds of each. */
  private readonly notedSeats: Seat[] = [];
  private readonly notedMs: number[] = [];
  // Stryker restore ArrayDeclaration
  private noted = 0;
  private countdown = 1;
  private state = 0x9e3779b9;

  constructor(entrants: number) {
    this.counts = Array.from({ length: entrants }, () => new Float64Array(BINS));
    this.totals = new Array<number>(entrants).fill(0);
    this.timed = new Array<number>(entrants).fill(0);
    this.slow = new Array<number>(entrants).fill(0);
    // Stryker disable next-line ArrayDeclaration: an unset slot reads as false, as a cleared one does
    this.always = new Array<boolean>(entrants).fill(false);
  }

  /** Whether the next game, with these entrants by seat, is timed; if so, they are the ones `record` counts for. */
  timing(entrants: readonly number[]): boolean {
    this.fill();
    let due = --this.countdown <= 0;
    // Stryker disable next-line EqualityOperator: a seat past the table has no entrant, and no entrant is always timed
    for (let s = 0; !due && s < entrants.length; s++) due = this.always[entrants[s]!]!;
    if (!due) return false;
    // Stryker disable next-line ConditionalExpression: drawing a new gap when a slow entrant's game is due moves which fast games are sampled, not how many on average
    if (this.countdown <= 0) {
      // xorshift32: gaps uniform in [1, 2 * MEAN_GAP - 1].
      let x = this.state;
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      this.state = x;
      // Stryker disable next-line ArithmeticOperator: gaps of 1 to 65 for 1 to 63 time a fast bot one game in 33 for one in 32
      this.countdown = 1 + ((x >>> 0) % (2 * MEAN_GAP - 1));
    }
    this.entrants = entrants;
    return true;
  }

  /** One decision of the game being timed, by seat, in milliseconds. */
  record(seat: Seat, ms: number): void {
    this.notedSeats[this.noted] = seat;
    this.notedMs[this.noted] = ms;
    this.noted++;
  }

  /** Every entrant's times so far, as plain data. */
  data(): DecisionTimesData[] {
    this.fill();
    return this.counts.map((counts, e) => {
      const bins: [number, number][] = [];
      counts.forEach((count, bin) => {
        if (count > 0) bins.push([bin, count]);
      });
      return { timed: this.timed[e]!, totalNs: this.totals[e]!, bins };
    });
  }

  /** Bins the decisions noted so far under the entrants of the game they were timed in. */
  private fill(): void {
    for (let i = 0; i < this.noted; i++) {
      const ns = Math.max(1, Math.round(this.notedMs[i]! * 1e6));
      const entrant = this.entrants[this.notedSeats[i]!]!;
      // Stryker disable next-line ArithmeticOperator: only a decision of 2^40 ns, 18 minutes, reaches the last bin
      this.counts[entrant]![Math.min(BINS - 1, Math.floor(PER_OCTAVE * Math.log2(ns)))]! += 1;
      this.totals[entrant]! += ns;
      const timed = ++this.timed[entrant]!;
      if (ns >= SLOW_NS && !this.always[entrant] && 2 * ++this.slow[entrant]! > timed && timed >= 4) this.always[entrant] = true;
    }
    this.noted = 0;
  }
}
