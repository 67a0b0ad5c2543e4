/** The small dense linear algebra of the rating fits: n x n matrices as flat row-major arrays. */

/**
 * H^-1 J H^-1 over G clusters, scaled by G / (G - (n - 1)): the n - 1 free strengths each take about
 * a cluster's worth of spread from the residuals J is made of (a cluster's average leverage is
 * (n - 1) / G), so the plain sandwich is too small by that much; this is the cluster analogue of
 * HC1's N / (N - k), and G / (G - 1) for two entrants. Null with no more clusters than free strengths:
 * no spread left to measure.
 */
export function sandwichOf(n: number, bread: Float64Array, meat: Float64Array, clusters: number): Float64Array | null {
  if (clusters <= n - 1) return null;
  const scale = clusters / (clusters - (n - 1));
  return multiply(n, multiply(n, bread, meat), bread).map((x) => x * scale);
}

/** The indices 0..n-1. */
function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

export function multiply(n: number, x: Float64Array, y: Float64Array): Float64Array {
  const out = new Float64Array(n * n);
  const indices = range(n);
  for (const i of indices) {
    for (const k of indices) {
      const xik = x[i * n + k]!;
      for (const j of indices) out[i * n + j] = out[i * n + j]! + xik * y[k * n + j]!;
    }
  }
  return out;
}

/** pinv(L) = (L + J/n)^-1 - J/n for a connected graph's Laplacian L (J: all ones). */
export function pseudoInverseOfLaplacian(n: number, laplacian: Float64Array): Float64Array {
  return invert(n, laplacian.map((x) => x + 1 / n)).map((x) => x - 1 / n);
}

/**
 * Gauss-Jordan inversion of a small symmetric positive-definite matrix (L + J/n of a connected
 * graph): its pivots stay on the diagonal and positive, so no row is swapped.
 */
export function invert(n: number, matrix: Float64Array): Float64Array {
  const a = Float64Array.from(matrix);
  const inv = new Float64Array(n * n);
  const indices = range(n);
  for (const i of indices) inv[i * n + i] = 1;
  for (const col of indices) {
    const d = a[col * n + col]!;
    for (const k of indices) {
      a[col * n + k] = a[col * n + k]! / d;
      inv[col * n + k] = inv[col * n + k]! / d;
    }
    for (const row of indices) {
      if (row === col) continue;
      const f = a[row * n + col]!;
      for (const k of indices) {
        a[row * n + k] = a[row * n + k]! - f * a[col * n + k]!;
        inv[row * n + k] = inv[row * n + k]! - f * inv[col * n + k]!;
      }
    }
  }
  return inv;
}

/** Whether the graph whose edges are the non-zero entries of `adjacent` (n x n) connects every vertex. */
export function isConnected(n: number, adjacent: ArrayLike<number>): boolean {
  const seen = new Uint8Array(n);
  const stack = [0];
  seen[0] = 1;
  while (stack.length > 0) {
    const a = stack.pop()!;
    for (const b of range(n)) {
      if (seen[b] === 0 && adjacent[a * n + b] !== 0) {
        seen[b] = 1;
        stack.push(b);
      }
    }
  }
  return seen.every((s) => s === 1);
}
