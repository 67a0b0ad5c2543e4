/** n x n pairwise count matrices (row-major) from [a, b, a ahead, b ahead, tied] meetings. */
export function counts(n: number, meetings: readonly (readonly [number, number, number, number, number])[]) {
  const ahead = new Array<number>(n * n).fill(0);
  const tied = new Array<number>(n * n).fill(0);
  for (const [a, b, aAhead, bAhead, ties] of meetings) {
    ahead[a * n + b] = aAhead;
    ahead[b * n + a] = bAhead;
    tied[a * n + b] = ties;
    tied[b * n + a] = ties;
  }
  return { ahead, tied };
}
