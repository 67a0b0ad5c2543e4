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
  const left = multiply(n, bread, meat);
  const out = multiply(n, left, bread);
  const scale = clusters / (clusters - (n - 1));
  for (let i = 0; i < n * n; i++) out[i] = out[i]! * scale;
  return out;
}

export function multiply(n: number, x: Float64Array, y: Float64Array): Float64Array {
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < n; k++) {
      const xik = x[i * n + k]!;
      // Stryker disable next-line ConditionalExpression: a zero term adds nothing; skipping it only saves the work
      if (xik === 0) continue;
      for (let j = 0; j < n; j++) out[i * n + j] = out[i * n + j]! + xik * y[k * n + j]!;
    }
  }
  return out;
}

/** pinv(L) = (L + J/n)^-1 - J/n for a connected graph's Laplacian L (J: all ones). */
export function pseudoInverseOfLaplacian(n: number, laplacian: Float64Array): Float64Array {
  const m = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) m[i] = laplacian[i]! + 1 / n;
  const inverse = invert(n, m);
  for (let i = 0; i < n * n; i++) inverse[i] = inverse[i]! - 1 / n;
  return inverse;
}

/** Gauss-Jordan inversion with partial pivoting of a small well-conditioned matrix. */
export function invert(n: number, matrix: Float64Array): Float64Array {
  const a = Float64Array.from(matrix);
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) inv[i * n + i] = 1;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(a[row * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = row;
    // Stryker disable all: L + J/n of a connected graph is positive definite and its pivots stay on the diagonal, so no row is ever swapped (kept for safety)
    if (pivot !== col) {
      for (let k = 0; k < n; k++) {
        [a[col * n + k], a[pivot * n + k]] = [a[pivot * n + k]!, a[col * n + k]!];
        [inv[col * n + k], inv[pivot * n + k]] = [inv[pivot * n + k]!, inv[col * n + k]!];
      }
    }
    // Stryker restore all
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

/** Whether the graph whose edges are the non-zero entries of `adjacent` (n x n) connects every vertex. */
export function isConnected(n: number, adjacent: ArrayLike<number>): boolean {
  const seen = new Uint8Array(n);
  const stack = [0];
  seen[0] = 1;
  while (stack.length > 0) {
    const a = stack.pop()!;
    for (let b = 0; b < n; b++) {
      if (seen[b] === 0 && adjacent[a * n + b] !== 0) {
        seen[b] = 1;
        stack.push(b);
      }
    }
  }
  return seen.every((s) => s === 1);
}
