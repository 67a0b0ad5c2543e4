import { Z95 } from './wilson.js';

/** Elo points per natural-log unit of Bradley-Terry strength: 400 / ln 10. */
const ELO_PER_NAT = 400 / Math.LN10;

/**
 * A virtual drawn game added between every pair that met, so an entrant that never lost (or never
 * won) still gets a finite rating; with thousands of games its pull is negligible.
 */
export const PRIOR_DRAWS = 1;

export interface Rating {
  readonly elo: number;
  readonly ci95: readonly [number, number];
}

/**
 * Fits Bradley-Terry strengths to pairwise results: `ahead[a * n + b]` counts the games where a
 * finished ahead of b, `tied[a * n + b]` (symmetric) those where they tied, a tie counting half a
 * win each. Ratings are on the Elo scale, centred on the information-weighted mean of the field,
 * with 95% intervals from the observed Fisher information. Returns null when no pair met, or when the entrants fall into groups
 * that never met each other (then no common scale exists).
 */
export function fitBradleyTerry(n: number, ahead: readonly number[], tied: readonly number[]): Rating[] | null {
  const games = new Float64Array(n * n);
  const wins = new Float64Array(n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      if (a === b) continue;
      const met = ahead[a * n + b]! + ahead[b * n + a]! + tied[a * n + b]!;
      if (met === 0) continue;
      games[a * n + b] = met + PRIOR_DRAWS;
      wins[a] = wins[a]! + ahead[a * n + b]! + (tied[a * n + b]! + PRIOR_DRAWS) / 2;
    }
  }
  if (n < 2 || !connected(n, games)) return null;

  // Hunter's MM algorithm: monotone and convergent for a connected comparison graph with the prior.
  const p = new Float64Array(n).fill(1);
  for (let iteration = 0; iteration < 100_000; iteration++) {
    let change = 0;
    for (let a = 0; a < n; a++) {
      let denominator = 0;
      for (let b = 0; b < n; b++) if (b !== a && games[a * n + b]! > 0) denominator += games[a * n + b]! / (p[a]! + p[b]!);
      const next = wins[a]! / denominator;
      change = Math.max(change, Math.abs(Math.log(next / p[a]!)));
      p[a] = next;
    }
    let logMean = 0;
    for (let a = 0; a < n; a++) logMean += Math.log(p[a]!) / n;
    for (let a = 0; a < n; a++) p[a] = Math.exp(Math.log(p[a]!) - logMean);
    if (change < 1e-13) break;
  }

  // Fisher information of the log-strengths: a weighted graph Laplacian, singular along the all-ones
  // direction; its pseudo-inverse is the covariance of the mean-centred log-strengths.
  const info = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      if (a === b || games[a * n + b] === 0) continue;
      const pa = p[a]! / (p[a]! + p[b]!);
      const w = games[a * n + b]! * pa * (1 - pa);
      info[a * n + b] = -w;
      info[a * n + a] = info[a * n + a]! + w;
    }
  }
  // The scale's origin is a choice. Centred on the plain mean, an entrant the games say little about
  // (one that never finishes ahead of anyone rests on the prior draws alone) lends its uncertainty
  // to every rating. Centred on the information-weighted mean, each interval reflects what the games
  // say about that entrant: r' = (I - 1w^T) r, so Cov' = (I - 1w^T) P (I - w1^T).
  const covariance = pseudoInverseOfLaplacian(n, info);
  const weight = new Float64Array(n);
  let totalInfo = 0;
  for (let a = 0; a < n; a++) totalInfo += info[a * n + a]!;
  for (let a = 0; a < n; a++) weight[a] = info[a * n + a]! / totalInfo;
  let origin = 0;
  for (let a = 0; a < n; a++) origin += weight[a]! * Math.log(p[a]!);
  const pw = new Float64Array(n);
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) pw[a] = pw[a]! + covariance[a * n + b]! * weight[b]!;
  let wpw = 0;
  for (let a = 0; a < n; a++) wpw += weight[a]! * pw[a]!;
  return Array.from({ length: n }, (_, a) => {
    const elo = (Math.log(p[a]!) - origin) * ELO_PER_NAT;
    const variance = covariance[a * n + a]! - 2 * pw[a]! + wpw;
    const half = Z95 * Math.sqrt(Math.max(0, variance)) * ELO_PER_NAT;
    return { elo, ci95: [elo - half, elo + half] as const };
  });
}

function connected(n: number, games: Float64Array): boolean {
  const seen = new Uint8Array(n);
  const stack = [0];
  seen[0] = 1;
  while (stack.length > 0) {
    const a = stack.pop()!;
    for (let b = 0; b < n; b++) {
      if (seen[b] === 0 && games[a * n + b]! > 0) {
        seen[b] = 1;
        stack.push(b);
      }
    }
  }
  return seen.every((s) => s === 1);
}

/** pinv(L) = (L + J/n)^-1 - J/n for a connected graph's Laplacian L (J: all ones). */
function pseudoInverseOfLaplacian(n: number, laplacian: Float64Array): Float64Array {
  const m = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) m[i] = laplacian[i]! + 1 / n;
  const inverse = invert(n, m);
  for (let i = 0; i < n * n; i++) inverse[i] = inverse[i]! - 1 / n;
  return inverse;
}

/** Gauss-Jordan inversion with partial pivoting of a small well-conditioned matrix. */
function invert(n: number, matrix: Float64Array): Float64Array {
  const a = Float64Array.from(matrix);
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) inv[i * n + i] = 1;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(a[row * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = row;
    if (pivot !== col) {
      for (let k = 0; k < n; k++) {
        [a[col * n + k], a[pivot * n + k]] = [a[pivot * n + k]!, a[col * n + k]!];
        [inv[col * n + k], inv[pivot * n + k]] = [inv[pivot * n + k]!, inv[col * n + k]!];
      }
    }
    const d = a[col * n + col]!;
    for (let k = 0; k < n; k++) {
      a[col * n + k] = a[col * n + k]! / d;
      inv[col * n + k] = inv[col * n + k]! / d;
    }
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const f = a[row * n + col]!;
      if (f === 0) continue;
      for (let k = 0; k < n; k++) {
        a[row * n + k] = a[row * n + k]! - f * a[col * n + k]!;
        inv[row * n + k] = inv[row * n + k]! - f * inv[col * n + k]!;
      }
    }
  }
  return inv;
}
