/**
 * The true values the calibration's intervals are judged against. The ladder fits Bradley-Terry
 * strengths to every pair of seats of every game; when the games are not Bradley-Terry (a seat
 * advantage, a neighbour's effect) no entrant has "a strength" to recover, and what the fit
 * estimates is the population solution of its own estimating equation: the strengths θ with
 *
 *     Σ_b n_ab (m_ab − σ(θ_a − θ_b)) = 0   for every entrant a (b ≠ a),
 *
 * n_ab the expected number of comparisons of a and b in a block and m_ab the chance that a
 * finishes ahead of b in them, a tie counting half (as the fit counts it). Here both are exact
 * expectations over the fair design (src/harness/schedule.ts): every N-subset of the entrants in
 * every cyclic order equally likely, each played under all N rotations. Judging the intervals
 * against this target tests the intervals, not how well Bradley-Terry describes the game. (The
 * fit's one virtual draw per pair is not in it: that is a prior of the estimate, not its target.)
 */

/** Expected counts in one block, E × E row-major: comparisons n_ab, and n_ab·m_ab (a ahead of b, ties half). */
export interface PairCounts {
  readonly entrants: number;
  readonly comparisons: readonly number[];
  readonly ahead: readonly number[];
}

/**
 * A model of one game: given the entrant in each seat, writes into `ahead[i * N + j]` the chance
 * that seat i finishes ahead of seat j, a tie counting half, for every i ≠ j.
 */
export type GameModel = (bySeat: readonly number[], ahead: number[]) => void;

/** Every way of choosing k of 0..n-1, as sorted lists. */
function subsets(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  if (n < k) return [];
  return [...subsets(n - 1, k), ...subsets(n - 1, k - 1).map((s) => [...s, n - 1])];
}

/** Calls `visit` with `items` put in every order of its part from `from` on (in place, restored after). */
function eachOrder(items: number[], from: number, visit: () => void): void {
  if (from >= items.length - 1) {
    visit();
    return;
  }
  for (let i = from; i < items.length; i++) {
    [items[from], items[i]] = [items[i]!, items[from]!];
    eachOrder(items, from + 1, visit);
    [items[from], items[i]] = [items[i]!, items[from]!];
  }
}

/**
 * The expected counts of one block of the fair design, by exact enumeration: each N-subset in each
 * cyclic order (its first entrant fixed, the others in every order) is one equally likely lineup,
 * and a block plays it under every rotation.
 */
export function fairDesignCounts(entrants: number, seats: number, model: GameModel): PairCounts {
  const comparisons = new Float64Array(entrants * entrants);
  const ahead = new Float64Array(entrants * entrants);
  const shares = new Array<number>(seats * seats).fill(0);
  const bySeat = new Array<number>(seats).fill(0);
  let lineups = 0;
  for (const lineup of subsets(entrants, seats)) {
    eachOrder(lineup, 1, () => {
      lineups++;
      for (let rotation = 0; rotation < seats; rotation++) {
        for (let s = 0; s < seats; s++) bySeat[s] = lineup[(s + rotation) % seats]!;
        model(bySeat, shares);
        for (let i = 0; i < seats; i++) {
          const row = bySeat[i]! * entrants;
          for (let j = 0; j < seats; j++) {
            if (i === j) continue;
            comparisons[row + bySeat[j]!]! += 1;
            ahead[row + bySeat[j]!]! += shares[i * seats + j]!;
          }
        }
      }
    });
  }
  return { entrants, comparisons: Array.from(comparisons, (c) => c / lineups), ahead: Array.from(ahead, (a) => a / lineups) };
}

/**
 * The θ that solve the estimating equation for `counts`, in natural log units with mean 0 (only
 * differences are identified), by Hunter's MM iteration w_a ← W_a / Σ_b n_ab / (w_a + w_b), W_a
 * = Σ_b n_ab·m_ab, run until no θ moves by 1e-13. Every pair must be compared and every m_ab lie
 * strictly between 0 and 1, or there is no finite solution.
 */
export function fitTarget(counts: PairCounts): number[] {
  const { entrants: E, comparisons, ahead } = counts;
  const wins = Array.from({ length: E }, (_, a) => ahead.slice(a * E, (a + 1) * E).reduce((sum, x) => sum + x, 0));
  let theta = new Array<number>(E).fill(0);
  for (let iteration = 0; iteration < 1_000_000; iteration++) {
    const next = theta.map((ta, a) => {
      let denominator = 0;
      for (let b = 0; b < E; b++) if (b !== a) denominator += comparisons[a * E + b]! / (Math.exp(ta) + Math.exp(theta[b]!));
      return Math.log(wins[a]! / denominator);
    });
    const mean = next.reduce((sum, t) => sum + t, 0) / E;
    const centred = next.map((t) => t - mean);
    const moved = Math.max(...centred.map((t, a) => Math.abs(t - theta[a]!)));
    theta = centred;
    if (moved < 1e-13) return theta;
  }
  throw new Error('fitTarget: the iteration did not converge (is some entrant never ahead, or always?)');
}

/** fitTarget of fairDesignCounts: the fit's target under fair seating, in natural log units. */
export function fairTarget(entrants: number, seats: number, model: GameModel): number[] {
  return fitTarget(fairDesignCounts(entrants, seats, model));
}
