// Apart from rng.ts so that code bundled for a browser (the deduction library) shuffles without
// pulling in seedrandom; it asks of its source only what it uses, so it imports nothing.

/** Fisher-Yates shuffle in place, drawing from `rng`. */
export function shuffleInPlace<T>(items: T[], rng: { int(n: number): number }): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
  return items;
}
