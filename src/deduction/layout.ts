/**
 * What the reasoning needs to know of a deal, as plain numbers: cards are 0..n-1, each in one
 * category; players are 0..P-1 in seating order, and owner P is the case file, which holds exactly
 * one card of each category. Every other card is in exactly one player's hand.
 */
export interface Layout {
  /** The category of every card (0-based, every category non-empty). */
  readonly categoryOf: readonly number[];
  /** Each player's hand size, in seating order. */
  readonly handSizes: readonly number[];
}

/** The largest count a double holds exactly: every count of worlds must stay below it. */
export const EXACT_LIMIT = 2 ** 53;

/** The number of categories of a layout: the case file's size. */
export function categoryCount(layout: Layout): number {
  let k = 0;
  for (const c of layout.categoryOf) if (c + 1 > k) k = c + 1;
  return k;
}

/**
 * Why a layout cannot be reasoned about, or null when it can: the hands and the case file must
 * hold every card exactly once, owners must fit in a 31-bit mask, and the number of deals times
 * the largest hand must stay countable exactly in doubles.
 */
export function layoutProblem(layout: Layout): string | null {
  const n = layout.categoryOf.length;
  const k = categoryCount(layout);
  if (n === 0) return 'the deck has no cards';
  const sizes = new Array<number>(k).fill(0);
  for (const c of layout.categoryOf) {
    if (!Number.isInteger(c) || c < 0) return `card categories must be integers >= 0 (got ${c})`;
    sizes[c]!++;
  }
  if (sizes.some((s) => s === 0)) return 'every category between 0 and the largest must have a card';
  const players = layout.handSizes.length;
  if (players < 1) return 'there must be at least one player';
  if (players + 1 > 31) return `at most 30 players are supported (got ${players})`;
  let dealt = 0;
  for (const h of layout.handSizes) {
    if (!Number.isInteger(h) || h < 0) return `hand sizes must be integers >= 0 (got ${h})`;
    dealt += h;
  }
  if (dealt + k !== n) {
    return `the hands (${dealt} cards) and the case file (${k}) must hold the ${n} cards exactly`;
  }
  // Deals ignoring every observation: one card per category in the case file, then a multinomial.
  let deals = 1;
  for (const s of sizes) deals *= s;
  let left = dealt;
  for (const h of layout.handSizes) {
    for (let i = 1; i <= h; i++) deals = (deals * left--) / i;
  }
  // The free cards' counts sum up to the largest hand times the worlds before one division
  // (`free-cards.ts`): that must stay exact too.
  const largest = Math.max(1, ...layout.handSizes);
  if (deals * largest >= EXACT_LIMIT) {
    return `${deals.toExponential(2)} deals are too many to count exactly (deals times the largest hand, ${largest}, must stay below 2^53)`;
  }
  return null;
}
