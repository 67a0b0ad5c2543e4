/** Pascal's triangle in doubles: exact while the values stay below 2^53 (every count here does). */
const SIZE = 64;
const table = new Float64Array(SIZE * SIZE);
for (let n = 0; n < SIZE; n++) {
  table[n * SIZE] = 1;
  for (let k = 1; k <= n; k++) table[n * SIZE + k] = table[(n - 1) * SIZE + k - 1]! + (k < n ? table[(n - 1) * SIZE + k]! : 0);
}

/** n choose k, for 0 <= k <= n < 64. */
export function choose(n: number, k: number): number {
  return table[n * SIZE + k]!;
}

export const MAX_CHOOSE = SIZE - 1;
