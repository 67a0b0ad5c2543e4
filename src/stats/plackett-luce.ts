import { isConnected, pseudoInverseOfLaplacian } from './linear.js';

/**
 * Plackett-Luce on the winner (a multinomial logit on who wins, "top-1"): the rating model for games
 * whose outcome names a winner and ties everyone else (Clue's default rules). Entrant a of strength
 * w[a] wins a game of lineup L with probability w[a] / sum_{c in L} w[c]; in a two-player game that
 * is Bradley-Terry's chance of finishing ahead, so the two models' ratings share one Elo scale, and
 * a difference means the same at every seat count: how often a would finish ahead of b alone.
 *
 * Why not the pairwise fit: it counts every non-winner pair as a tie, half a win each, and so fits a
 * compressed quantity (a true 300-Elo gap at 6 seats read as about 100).
 *
 * Everything here reads integer sums per lineup (`WinnerLineup`), which a tally merges exactly:
 * win units (a k-way shared win is 1/k of a win; `unit` win units make a whole win), games with a
 * winner, blocks, and the block sums the sandwich covariance needs.
 */

/** The sums of the games of one lineup (its members ascending), all integers. */
export interface WinnerLineup {
  readonly members: readonly number[];
  /** Blocks (deals) of this lineup with at least one game won. */
  readonly blocks: number;
  /** Games with a winner. */
  readonly games: number;
  /** Per member, its win units over those games. */
  readonly wins: readonly number[];
  /** Per block b: sum of W_b[i] W_b[j] over blocks, for members i <= j, row by row (i = 0: j = 0..m-1; i = 1: j = 1..m-1; ...). */
  readonly winProducts: readonly number[];
  /** Per member: sum over blocks of g_b W_b[i]. */
  readonly winGames: readonly number[];
  /** Sum over blocks of g_b squared. */
  readonly gamesSquared: number;
}

/** The position of (i, j), i <= j < m, in a row-by-row upper triangle with the diagonal. */
export function triangleIndex(i: number, j: number, m: number): number {
  return i * m - (i * (i - 1)) / 2 + (j - i);
}

/**
 * A virtual two-player game, won half each, between every pair that met: as the pairwise fit's
 * prior draw, it keeps an entrant that never won (or always won) finite, and its pull vanishes with
 * the games.
 */
const PRIOR_GAMES = 1;

export interface WinnerFit {
  readonly n: number;
  /** Log-strengths, mean zero. */
  readonly strength: readonly number[];
  /** The Fisher information of the log-strengths (a weighted graph Laplacian), prior included. */
  readonly info: Float64Array;
  /** The model's covariance of the log-strengths: the pseudo-inverse of `info`. */
  readonly fisher: Float64Array;
  /** Sum over blocks of u_b u_b^T, the scores' spread between blocks (no prior). */
  readonly meat: Float64Array;
  readonly blocks: number;
  /** wonWith[a * n + b]: whether a won a game b played in (the relation the tiers are made of). */
  readonly wonWith: Uint8Array;
}

/** The pairs that shared a lineup with a game won, each once (a < b: a lineup's members ascend). */
function metPairs(lineups: readonly WinnerLineup[]): [number, number][] {
  const pairs = new Map<string, [number, number]>();
  for (const { members, games } of lineups) {
    if (games > 0) members.forEach((a, i) => members.slice(i + 1).forEach((b) => pairs.set(`${a},${b}`, [a, b])));
  }
  return [...pairs.values()];
}

/** The lineup's total strength, S_L. */
function lineupStrength(members: readonly number[], p: Float64Array): number {
  let total = 0;
  for (const a of members) total += p[a]!;
  return total;
}

/**
 * The maximum-likelihood strengths of Plackett-Luce on the winner with the prior games, by Hunter's
 * MM algorithm (2004): w[a] <- W[a] / sum_L g_L [a in L] / S_L, with S_L the lineup's total
 * strength; monotone, and convergent when the pairs that met connect the field. Null when they do
 * not (no common scale exists) or fewer than two entrants met.
 */
export function fitWinnerModel(n: number, lineups: readonly WinnerLineup[], unit: number): WinnerFit | null {
  const prior = metPairs(lineups);
  const met = new Uint8Array(n * n);
  for (const [a, b] of prior) met[a * n + b] = met[b * n + a] = 1;
  if (n < 2 || !isConnected(n, met)) return null;
  // Every lineup and prior pair as [members, games], the prior's games counted as won half each.
  const played: [readonly number[], number][] = [...lineups.map((l): [readonly number[], number] => [l.members, l.games]), ...prior.map((pair): [readonly number[], number] => [pair, PRIOR_GAMES])];
  const wins = new Float64Array(n);
  for (const { members, wins: w } of lineups) members.forEach((a, i) => (wins[a] = wins[a]! + w[i]! / unit));
  for (const [a, b] of prior) {
    wins[a] = wins[a]! + PRIOR_GAMES / 2;
    wins[b] = wins[b]! + PRIOR_GAMES / 2;
  }

  const p = new Float64Array(n).fill(1);
  const denominator = new Float64Array(n);
  // Stryker disable next-line EqualityOperator,UpdateOperator: the iterations end at convergence, hundreds of times before the cap, which only guards a field the fit cannot converge on
  for (let iteration = 0; iteration < 100_000; iteration++) {
    denominator.fill(0);
    for (const [members, games] of played) {
      const total = lineupStrength(members, p);
      for (const a of members) denominator[a] = denominator[a]! + games / total;
    }
    let change = 0;
    let logMean = 0;
    for (const [a, was] of p.entries()) {
      const next = wins[a]! / denominator[a]!;
      change = Math.max(change, Math.abs(Math.log(next / was)));
      p[a] = next;
      logMean += Math.log(next) / n;
    }
    for (const [a, v] of p.entries()) p[a] = Math.exp(Math.log(v) - logMean);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: stopping here or at the cap gives the same strengths to the last digits; the cap only costs time
    if (change < 1e-13) break;
  }

  const info = new Float64Array(n * n);
  for (const [members, games] of played) addLineupInformation(info, n, members, games, p);

  let blocks = 0;
  for (const lineup of lineups) blocks += lineup.blocks;
  const wonWith = new Uint8Array(n * n);
  for (const { members, wins: w } of lineups) {
    members.forEach((a, i) => {
      if (w[i]! > 0) for (const b of members) if (b !== a) wonWith[a * n + b] = 1;
    });
  }
  return {
    n,
    strength: Array.from(p, Math.log),
    info,
    fisher: pseudoInverseOfLaplacian(n, info),
    meat: meatOf(n, lineups, p, unit),
    blocks,
    wonWith,
  };
}

/** g (diag(q) - q q^T) over the lineup's members, q their chances of winning: the information of g games. */
function addLineupInformation(info: Float64Array, n: number, members: readonly number[], games: number, p: Float64Array): void {
  const total = lineupStrength(members, p);
  members.forEach((a, i) => {
    for (const b of members.slice(i + 1)) {
      const w = games * (p[a]! / total) * (p[b]! / total);
      info[a * n + b] = info[a * n + b]! - w;
      info[b * n + a] = info[b * n + a]! - w;
      info[a * n + a] = info[a * n + a]! + w;
      info[b * n + b] = info[b * n + b]! + w;
    }
  });
}

/**
 * Sum over blocks of u_b u_b^T, u_b[a] = W_b[a] - g_b q_a (the block's score for a, in whole wins;
 * q_a = a's chance of winning a game of the block's lineup): per lineup,
 * sum W W^T - (sum g W) q^T - q (sum g W)^T + (sum g^2) q q^T.
 */
function meatOf(n: number, lineups: readonly WinnerLineup[], p: Float64Array, unit: number): Float64Array {
  const meat = new Float64Array(n * n);
  for (const { members, winProducts, winGames, gamesSquared } of lineups) {
    const m = members.length;
    const total = lineupStrength(members, p);
    members.forEach((a, i) => {
      const qi = p[a]! / total;
      members.forEach((b, j) => {
        const qj = p[b]! / total;
        const ww = winProducts[triangleIndex(Math.min(i, j), Math.max(i, j), m)]! / (unit * unit);
        const value = ww - (winGames[i]! / unit) * qj - qi * (winGames[j]! / unit) + gamesSquared * qi * qj;
        meat[a * n + b] = meat[a * n + b]! + value;
      });
    });
  }
  return meat;
}
