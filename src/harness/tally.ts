import { FAULT_KINDS } from '../core/record.js';
import { addBlockSums, type BlockSums } from '../stats/block-variance.js';
import type { LadderBlock } from '../stats/paired.js';
import { triangleIndex, type WinnerLineup } from '../stats/plackett-luce.js';
import type { MatchResult } from '../referee/match.js';

/** A histogram as [value, count] pairs sorted by value. */
export type Histogram = [number, number][];

/** The counters summed elementwise on merge, and how many slots each has for E entrants and N seats. */
const COUNTERS = {
  games: (_e: number, _n: number) => 1,
  engineErrors: () => 1,
  entrantGames: (e: number) => e,
  draws: (e: number) => e,
  rankSum: (e: number) => e,
  scored: (e: number) => e,
  scoresLeftOut: (e: number) => e,
  leftOutScoreSum: (e: number) => e,
  scoreSum: (e: number) => e,
  scoreSq: (e: number) => e,
  blocks: (e: number) => e,
  blockWins: (e: number) => e,
  blockWinsSq: (e: number) => e,
  winsByTie: (e: number, n: number) => e * n,
  faults: (e: number) => e * FAULT_KINDS.length,
  seatGames: (e: number, n: number) => e * n,
  seatDraws: (e: number, n: number) => e * n,
  seatRankSum: (e: number, n: number) => e * n,
  seatScored: (e: number, n: number) => e * n,
  seatScoreSum: (e: number, n: number) => e * n,
  seatWinsByTie: (e: number, n: number) => e * n * n,
  seatBlockWins: (_e: number, n: number) => n,
  seatBlockWinsSq: (_e: number, n: number) => n,
  ahead: (e: number) => e * e,
  tied: (e: number) => e * e,
  decisiveBlocks: (e: number) => e * e,
  ladderBlocks: () => 1,
  drawn: () => 1,
  capped: () => 1,
  tiedNonWinners: () => 1,
} as const;

/** The ladder's block sums (src/stats/block-variance.ts): sparse [key, sum] lists in key order. */
const SPARSE = ['blockPoints', 'blockPointMeets', 'blockMeets'] as const;

type Counter = keyof typeof COUNTERS;

/**
 * The mergeable aggregate of any set of games: integer counts and sums only, so merging partials in
 * any order gives the same numbers, and floats are made once, from the whole. Flat arrays indexed
 * by entrant e, seat s, tie size k (1-based) and entrant pair (a, b):
 * - per entrant [e]: entrantGames, draws, rankSum, scored (games with a score), scoresLeftOut (games
 *   it forfeited, whose partial score is no result) and leftOutScoreSum (those partial scores),
 *   scoreSum, scoreSq,
 *   blocks (whole blocks played), blockWins / blockWinsSq (each block's wins, in 1/lcm(1..N) units);
 * - winsByTie [e*N + k-1]: wins shared k ways; faults [e*F + kind, F = FAULT_KINDS.length, in its order];
 * - per entrant and seat [e*N + s]: seatGames, seatDraws, seatRankSum, seatScored, seatScoreSum, and
 *   seatWinsByTie [(e*N + s)*N + k-1];
 * - per seat [s]: seatBlockWins / seatBlockWinsSq, each whole block's wins in that seat (every game of
 *   a block fills every seat), in 1/lcm(1..N) units: a seat's interval over deals, as blockWins an
 *   entrant's (the whole blocks are sum(blocks) / N, N entrants playing each);
 * - ahead [a*E + b]: games where a finished ahead of b; tied [a*E + b]: where they tied (symmetric);
 *   decisiveBlocks [a*E + b] (symmetric): blocks in which one of them finished ahead of the other at
 *   least once, the independent trials of a separation's bound;
 * - ladderBlocks: blocks with at least one outcome, and blockPoints, blockPointMeets, blockMeets: the
 *   ladder's block sums (`BlockSums` in src/stats/block-variance.ts), sparse [key, sum] lists in key order;
 * - winnerLineups: for games whose outcomes rank only the winners, the Plackett-Luce sums of each
 *   lineup (`WinnerLineup` in src/stats/plackett-luce.ts) as [lineup key, sums] in key order.
 * The pairwise counts, the block sums and the winner lineups take whole blocks only: a block with
 * an engine error leaves the ladder whole, not with some of its rotations.
 * `games` counts every game played, `engineErrors` those that ended without an outcome; `drawn`
 * those with an outcome and no winner, `capped` those that hit a configured cap, `tiedNonWinners`
 * those with a winner where two seats that stayed and did not win tied.
 */
export type TallyData = { readonly entrants: number; readonly players: number } & Record<Counter, number[]> & {
  /** Game lengths in steps (actions and forfeits); `length` in files (see tallyJson). */
  gameLengths: Histogram;
  blockPoints: Histogram;
  blockPointMeets: Histogram;
  blockMeets: Histogram;
  /** Per entrant: final scores, for games that have them. */
  scores: Histogram[];
  /**
   * Per game metric (by name, in name order): [count, sum, sum of squares] of its non-null values,
   * as three runs of E slots: count [e], sum [E + e], sum of squares [2E + e].
   */
  metrics: Record<string, number[]>;
  winnerLineups: WinnerLineupSums;
};

/**
 * Per lineup with a game won (its key: the entrants ascending, joined by commas), in key order, its
 * sums as one list: [blocks, games, wins (m), winProducts (m(m+1)/2), winGames (m), gamesSquared]
 * for its m entrants, in win units (`winUnit`). `winnerLineupOf` reads one.
 */
export type WinnerLineupSums = [string, number[]][];

/** One lineup's sums as src/stats reads them. */
export function winnerLineupOf([key, sums]: WinnerLineupSums[number]): WinnerLineup {
  const members = key.split(',').map(Number);
  const m = members.length;
  const triangle = (m * (m + 1)) / 2;
  return {
    members,
    blocks: sums[0]!,
    games: sums[1]!,
    wins: sums.slice(2, 2 + m),
    winProducts: sums.slice(2 + m, 2 + m + triangle),
    winGames: sums.slice(2 + m + triangle, 2 + 2 * m + triangle),
    gamesSquared: sums[2 + 2 * m + triangle]!,
  };
}

/** A tally as files hold it (tally.json's `data`, a checkpoint line's `tally`): `gameLengths` is written `length`, as it always was. */
export type TallyJson = Omit<TallyData, 'gameLengths'> & { readonly length: Histogram };

/** The tally as its files hold it: the same keys in the same order, so the bytes are as before. */
export function tallyJson(data: TallyData): TallyJson {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key === 'gameLengths' ? 'length' : key, value])) as TallyJson;
}

/** A tally read from a file. */
export function tallyOfJson(json: TallyJson): TallyData {
  return Object.fromEntries(Object.entries(json).map(([key, value]) => [key === 'length' ? 'gameLengths' : key, value])) as TallyData;
}

/** lcm(1..n): one win shared k ways is a whole number of these units for every k <= n. */
export function winUnit(players: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let l = 1;
  for (let k = 2; k <= players; k++) l = (l * k) / gcd(l, k);
  return l;
}

/**
 * Why a tally read from a file cannot be merged into this version's (a counter of another size,
 * e.g. written when there were fewer fault kinds), or null when it can.
 */
export function tallyShapeProblem(data: TallyData): string | null {
  for (const [name, size] of Object.entries(COUNTERS)) {
    const counts = (data as unknown as Record<string, unknown>)[name];
    const expected = size(data.entrants, data.players);
    if (!Array.isArray(counts) || counts.length !== expected) return `its ${name} counts are not the ${expected} this version of parlor keeps`;
  }
  for (const name of SPARSE) if (!Array.isArray(data[name])) return `it has no ${name} sums, which this version of parlor keeps`;
  if (!Array.isArray(data.winnerLineups)) return 'it has no winnerLineups sums, which this version of parlor keeps';
  return null;
}

export function emptyTally(entrants: number, players: number): TallyData {
  // Built by Object.fromEntries: an object given this many keys one at a time becomes a hash table
  // in V8, and a worker's tally reads about fifteen of its arrays per game.
  return Object.fromEntries([
    ['entrants', entrants],
    ['players', players],
    ...Object.entries(COUNTERS).map(([name, size]) => [name, new Array<number>(size(entrants, players)).fill(0)]),
    ['gameLengths', []],
    ...SPARSE.map((name) => [name, []]),
    ['scores', Array.from({ length: entrants }, () => [])],
    ['metrics', {}],
    ['winnerLineups', []],
  ]) as TallyData;
}

/**
 * Two lists of [key, value] in key order merged in key order, the values of a key in both added:
 * histograms (by value) and the winner lineups' sums (by lineup).
 */
function mergeByKey<K extends number | string, V>(a: readonly (readonly [K, V])[], b: readonly (readonly [K, V])[], add: (x: V, y: V) => V): [K, V][] {
  const out: [K, V][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]![0] < b[j]![0])) out.push([a[i]![0], a[i++]![1]]);
    else if (i >= a.length || b[j]![0] < a[i]![0]) out.push([b[j]![0], b[j++]![1]]);
    else out.push([a[i]![0], add(a[i++]![1], b[j++]![1])]);
  }
  return out;
}

const mergeHistograms = (a: Histogram, b: Histogram): Histogram => mergeByKey(a, b, (x, y) => x + y);

/** a + b, leaving both unchanged. Associative and commutative, exactly. */
export function mergeTallies(a: TallyData, b: TallyData): TallyData {
  if (a.entrants !== b.entrants || a.players !== b.players) {
    throw new Error(`cannot merge tallies of ${a.entrants}x${a.players} and ${b.entrants}x${b.players}`);
  }
  const out = emptyTally(a.entrants, a.players);
  for (const name of Object.keys(COUNTERS) as Counter[]) {
    const target = out[name];
    const x = a[name];
    const y = b[name];
    for (let i = 0; i < target.length; i++) target[i] = x[i]! + y[i]!;
  }
  out.gameLengths = mergeHistograms(a.gameLengths, b.gameLengths);
  for (const name of SPARSE) out[name] = mergeHistograms(a[name], b[name]);
  out.scores = a.scores.map((h, e) => mergeHistograms(h, b.scores[e]!));
  // `?? {}`: tally files written before metrics existed.
  out.metrics = mergeMetrics(a.metrics ?? {}, b.metrics ?? {});
  out.winnerLineups = mergeByKey(a.winnerLineups, b.winnerLineups, (x, y) => x.map((v, k) => v + y[k]!));
  return out;
}

/** Name order, so that tallies merged in any order have the same keys in the same order. */
function mergeMetrics(a: TallyData['metrics'], b: TallyData['metrics']): TallyData['metrics'] {
  const out: TallyData['metrics'] = {};
  for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    const x = a[name];
    const y = b[name];
    out[name] = x === undefined ? [...y!] : y === undefined ? [...x] : x.map((v, i) => v + y[i]!);
  }
  return out;
}

/**
 * Counts of whole numbers, for the histograms: a plain array for the small non-negative values game
 * lengths and scores mostly are (a Map lookup and store per game cost more than the rest of the
 * tally), a Map for any other.
 */
export class Counts {
  private static readonly DENSE = 2048;
  private readonly dense = new Array<number>(Counts.DENSE).fill(0);
  private readonly other = new Map<number, number>();

  add(value: number): void {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: which counter holds a value is speed only, the Map counts any value (0 too); the array's end is pinned by the scores 2047 and 2048 in test/harness/tally-counts.test.ts
    if (value >= 0 && value < Counts.DENSE && Number.isInteger(value)) this.dense[value]!++;
    else this.other.set(value, (this.other.get(value) ?? 0) + 1);
  }

  histogram(): Histogram {
    const out: Histogram = [...this.other.entries()];
    for (let v = 0; v < Counts.DENSE; v++) if (this.dense[v] !== 0) out.push([v, this.dense[v]!]);
    return out.sort((x, y) => x[0] - y[0]);
  }
}

/**
 * Adds games one at a time in a worker's hot loop (plain arrays and maps), then hands over its
 * TallyData. Games are added inside blocks: beginBlock, the block's games, endBlock. With
 * `winnerLineups`, it also keeps the Plackett-Luce sums of games that rank only their winners.
 */
export class TallyBuilder {
  private readonly data: TallyData;
  private readonly n: number;
  private readonly unit: number;
  private readonly lengths = new Counts();
  private readonly scores: Counts[];
  private readonly metrics = new Map<string, number[]>();
  // Stryker disable ArrayDeclaration,BooleanLiteral: the builder's scratch state, which beginBlock resets before any game reads it (and a seeded metric-name slot only misses the cache)
  /** The metric names in the order the last game gave them, and their sums. */
  private readonly metricNames: string[] = [];
  private readonly metricSums: number[][] = [];
  /** Wins of each entrant, and in each seat, in the current block, in win units. */
  private readonly blockWins: number[];
  private readonly blockSeatWins: number[];
  private blockFailed = false;
  /**
   * The current block's lineup (ascending), each entrant's place in it (-1 when out), its games
   * with an outcome and with a winner, each entrant's pairwise points, and its pairwise counts by
   * place (ahead [i*N + j]: the entrant at place i ahead of the one at j; tied [i*N + j], i < j):
   * held until the block ends, and added only when no game of it failed.
   */
  private readonly blockLineup: number[] = [];
  private readonly placeOf: number[];
  private blockGames = 0;
  private blockWonGames = 0;
  private readonly blockPoints: number[];
  private readonly blockAhead: number[];
  private readonly blockTied: number[];
  private readonly blockSums = { points: new Map<number, number>(), pointMeets: new Map<number, number>(), meets: new Map<number, number>() };
  private readonly winnerLineups: Map<string, number[]> | null;

  constructor(readonly entrants: number, readonly players: number, options: { readonly winnerLineups?: boolean } = {}) {
    this.data = emptyTally(entrants, players);
    this.n = players;
    this.unit = winUnit(players);
    this.scores = Array.from({ length: entrants }, () => new Counts());
    this.blockWins = new Array<number>(entrants).fill(0);
    this.blockSeatWins = new Array<number>(players).fill(0);
    // Any number: beginBlock sets every slot before a game reads one.
    this.placeOf = new Array<number>(entrants).fill(0);
    this.blockPoints = new Array<number>(entrants).fill(0);
    this.blockAhead = new Array<number>(players * players).fill(0);
    // The same square of zeros.
    this.blockTied = [...this.blockAhead];
    this.winnerLineups = options.winnerLineups === true ? new Map() : null;
  }
  // Stryker restore ArrayDeclaration,BooleanLiteral

  beginBlock(lineup: readonly number[]): void {
    // Loops, not fill(): a builtin call costs more than clearing a few slots, once a game in 1-player runs.
    // Stryker disable EqualityOperator: a loop one step past its end clears or marks a slot nothing reads (past the last entrant or seat)
    for (let e = 0; e < this.entrants; e++) {
      this.blockWins[e] = 0;
      this.blockPoints[e] = 0;
      this.placeOf[e] = -1;
    }
    for (let i = 0; i < this.blockAhead.length; i++) {
      this.blockAhead[i] = 0;
      this.blockTied[i] = 0;
    }
    for (let s = 0; s < this.n; s++) this.blockSeatWins[s] = 0;
    for (let s = 0; s < lineup.length; s++) this.placeOf[lineup[s]!] = 0;
    this.blockFailed = false;
    this.blockGames = 0;
    this.blockWonGames = 0;
    this.blockLineup.length = 0;
    // Stryker restore EqualityOperator
    for (let e = 0; e < this.entrants; e++) {
      if (this.placeOf[e] === -1) continue;
      this.placeOf[e] = this.blockLineup.length;
      this.blockLineup.push(e);
    }
  }

  /** One game: `seats[s]` is the entrant in seat s. Throws when a score is not an integer. */
  addGame(seats: readonly number[], result: MatchResult): void {
    const d = this.data;
    const n = this.n;
    d.games[0]!++;
    this.lengths.add(result.steps);
    for (const fault of result.faults) d.faults[seats[fault.seat]! * FAULT_KINDS.length + FAULT_KINDS.indexOf(fault.kind)]!++;
    const outcome = result.outcome;
    if (outcome === null) {
      d.engineErrors[0]!++;
      this.blockFailed = true;
      return;
    }
    const { rank, winners, score } = outcome;
    const k = winners.length;
    const points = this.blockPoints;
    const place = this.placeOf;
    this.blockGames++;
    if (k === 0) d.drawn[0]!++;
    else this.blockWonGames++;
    if (outcome.capped === true) d.capped[0]!++;
    if (k > 0 && nonWinnersTie(rank, winners, result.departed)) d.tiedNonWinners[0]!++;
    for (let s = 0; s < n; s++) {
      const e = seats[s]!;
      const es = e * n + s;
      d.entrantGames[e]!++;
      d.seatGames[es]!++;
      d.rankSum[e]! += rank[s]!;
      d.seatRankSum[es]! += rank[s]!;
      if (k === 0) {
        d.draws[e]!++;
        d.seatDraws[es]!++;
      } else if (winners.includes(s)) {
        d.winsByTie[e * n + k - 1]!++;
        d.seatWinsByTie[es * n + k - 1]!++;
        this.blockWins[e]! += this.unit / k;
        this.blockSeatWins[s]! += this.unit / k;
      }
      if (score !== undefined) {
        const v = score[s]!;
        if (!Number.isInteger(v)) throw new Error(`seat ${s} scored ${v}: the harness sums scores exactly and needs whole numbers`);
        if (result.departed.includes(s)) {
          d.scoresLeftOut[e]!++;
          d.leftOutScoreSum[e]! += v;
        } else {
          d.scored[e]!++;
          d.seatScored[es]!++;
          d.scoreSum[e]! += v;
          d.seatScoreSum[es]! += v;
          d.scoreSq[e]! += v * v;
          this.scores[e]!.add(v);
        }
      }
      if (result.metrics !== undefined) this.addMetrics(e, result.metrics[s]!);
      for (let t = s + 1; t < n; t++) {
        const f = seats[t]!;
        const i = place[e]!;
        const j = place[f]!;
        if (rank[s]! < rank[t]!) {
          this.blockAhead[i * n + j]!++;
          points[e]! += 2;
        } else if (rank[t]! < rank[s]!) {
          this.blockAhead[j * n + i]!++;
          points[f]! += 2;
        } else {
          this.blockTied[Math.min(i, j) * n + Math.max(i, j)]!++;
          points[e]!++;
          points[f]!++;
        }
      }
    }
  }

  private addMetrics(e: number, values: Readonly<Record<string, number | null>>): void {
    const E = this.entrants;
    let i = 0;
    for (const name in values) {
      // A game names its metrics in the same order every game: comparing the name with the one
      // seen at this place last time finds its sums without a map lookup.
      // Stryker disable next-line ConditionalExpression: without the cache every name is looked up: the same sums, slower
      const sums = this.metricNames[i] === name ? this.metricSums[i]! : this.metricSumsAt(i, name);
      // Stryker disable next-line UpdateOperator: counting the places down keeps each name at a place of its own all the same
      i++;
      const v = values[name];
      if (v === null || v === undefined) continue;
      if (!Number.isInteger(v)) throw new Error(`metric ${name} is ${v}: the harness sums metrics exactly and needs whole numbers`);
      sums[e]!++;
      sums[E + e]! += v;
      sums[2 * E + e]! += v * v;
    }
  }

  private metricSumsAt(i: number, name: string): number[] {
    let sums = this.metrics.get(name);
    if (sums === undefined) this.metrics.set(name, (sums = new Array<number>(3 * this.entrants).fill(0)));
    this.metricNames[i] = name;
    this.metricSums[i] = sums;
    return sums;
  }

  endBlock(): void {
    if (this.blockFailed) return;
    const d = this.data;
    for (const e of this.blockLineup) {
      const x = this.blockWins[e]!;
      d.blocks[e]!++;
      d.blockWins[e]! += x;
      d.blockWinsSq[e]! += x * x;
    }
    for (let s = 0; s < this.n; s++) {
      const x = this.blockSeatWins[s]!;
      d.seatBlockWins[s]! += x;
      d.seatBlockWinsSq[s]! += x * x;
    }
    if (this.blockGames === 0) return;
    this.addPairs();
    d.ladderBlocks[0]!++;
    if (this.blockLineup.length >= 2) addBlockSums(this.entrants, this.blockLineup, this.blockPoints, this.blockGames, this.blockSums);
    if (this.winnerLineups !== null && this.blockWonGames > 0) this.addWinnerLineup();
  }

  /**
   * The block just ended, as the ladder reads it: whether it counts there (no engine error, a game
   * with an outcome), its lineup (ascending), each entrant's pairwise points and win units (by
   * entrant), its games with an outcome and with a winner. For terms of one block (`parlor diff`'s
   * paired ladders); the arrays are the builder's own, valid until the next beginBlock.
   */
  lastBlock(): LadderBlock {
    return { counted: !this.blockFailed && this.blockGames > 0, lineup: this.blockLineup, points: this.blockPoints, wins: this.blockWins, games: this.blockGames, wonGames: this.blockWonGames };
  }

  /** The block's pairwise counts into the tally, and the pairs it decided. */
  private addPairs(): void {
    const d = this.data;
    const E = this.entrants;
    const n = this.n;
    const lineup = this.blockLineup;
    for (const [i, a] of lineup.entries()) {
      for (let j = i + 1; j < lineup.length; j++) {
        const b = lineup[j]!;
        const aAhead = this.blockAhead[i * n + j]!;
        const bAhead = this.blockAhead[j * n + i]!;
        const tied = this.blockTied[i * n + j]!;
        d.ahead[a * E + b]! += aAhead;
        d.ahead[b * E + a]! += bAhead;
        d.tied[a * E + b]! += tied;
        d.tied[b * E + a]! += tied;
        if (aAhead + bAhead > 0) {
          d.decisiveBlocks[a * E + b]!++;
          d.decisiveBlocks[b * E + a]!++;
        }
      }
    }
  }

  /** The block's Plackett-Luce sums (`WinnerLineupSums`) added to its lineup's. */
  private addWinnerLineup(): void {
    const lineup = this.blockLineup;
    const m = lineup.length;
    const triangle = (m * (m + 1)) / 2;
    const key = lineup.join(',');
    let sums = this.winnerLineups!.get(key);
    if (sums === undefined) this.winnerLineups!.set(key, (sums = new Array<number>(3 + 2 * m + triangle).fill(0)));
    const g = this.blockWonGames;
    sums[0]!++;
    sums[1]! += g;
    for (let i = 0; i < m; i++) {
      const wi = this.blockWins[lineup[i]!]!;
      sums[2 + i]! += wi;
      for (let j = i; j < m; j++) sums[2 + m + triangleIndex(i, j, m)]! += wi * this.blockWins[lineup[j]!]!;
      sums[2 + m + triangle + i]! += g * wi;
    }
    sums[2 + 2 * m + triangle]! += g * g;
  }

  finish(): TallyData {
    this.data.gameLengths = this.lengths.histogram();
    this.data.scores = this.scores.map((h) => h.histogram());
    this.data.blockPoints = sortedEntries(this.blockSums.points);
    this.data.blockPointMeets = sortedEntries(this.blockSums.pointMeets);
    this.data.blockMeets = sortedEntries(this.blockSums.meets);
    for (const name of [...this.metrics.keys()].sort()) this.data.metrics[name] = this.metrics.get(name)!;
    // sort() without a comparator: string order, as mergeByKey's `<` (the keys are distinct).
    const lineups = this.winnerLineups;
    if (lineups !== null) this.data.winnerLineups = [...lineups.keys()].sort().map((key) => [key, lineups.get(key)!]);
    return this.data;
  }
}

/** Whether two seats that stayed and did not win share a rank: an outcome that told them apart no further. */
function nonWinnersTie(rank: readonly number[], winners: readonly number[], departed: readonly number[]): boolean {
  const ranks = rank.filter((_, s) => !winners.includes(s) && !departed.includes(s));
  return new Set(ranks).size < ranks.length;
}

function sortedEntries(map: Map<number, number>): Histogram {
  return [...map.entries()].sort((x, y) => x[0] - y[0]);
}

/** The ladder's block sums of a tally, as src/stats reads them. */
export function blockSumsOf(data: TallyData): BlockSums {
  return { blocks: data.ladderBlocks[0]!, points: data.blockPoints, pointMeets: data.blockPointMeets, meets: data.blockMeets };
}
