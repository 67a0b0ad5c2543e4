import type { Fact } from '../../src/deduction/facts.js';
import type { Layout } from '../../src/deduction/layout.js';

export interface Enumerated {
  readonly worlds: number;
  /** counts[card * (players + 1) + owner] */
  readonly counts: Float64Array;
}

/** The worlds of the layout under the facts, counted one by one: the reference the counter is checked against. */
export function enumerateWorlds(layout: Layout, facts: readonly Fact[]): Enumerated {
  const owners = layout.handSizes.length + 1;
  const counts = new Float64Array(layout.categoryOf.length * owners);
  let worlds = 0;
  forEachWorld(layout, facts, (owner) => {
    worlds++;
    owner.forEach((o, c) => counts[c * owners + o]!++);
  });
  return { worlds, counts };
}

/**
 * Calls `visit` with the owner of every card (players, then the case file), once per deal that
 * satisfies every fact. Plain backtracking: per-card facts restrict each card's owners, a set fact
 * is checked as soon as its last card is dealt, and a branch stops when some owner can no longer
 * fill its room.
 */
export function forEachWorld(layout: Layout, facts: readonly Fact[], visit: (owner: readonly number[]) => void): void {
  const n = layout.categoryOf.length;
  const players = layout.handSizes.length;
  const owners = players + 1;
  const categories = Math.max(...layout.categoryOf) + 1;
  const allowed = new Array<number>(n).fill((1 << owners) - 1);
  for (const f of facts) {
    if (f.kind === 'holds') allowed[f.card]! &= 1 << f.player;
    if (f.kind === 'holdsNone') for (const c of f.cards) allowed[c]! &= ~(1 << f.player);
    if (f.kind === 'caseFile') for (const c of f.cards) allowed[c]! &= 1 << players;
  }
  const popcount = (x: number): number => (x === 0 ? 0 : 1 + popcount(x & (x - 1)));
  const order = [...Array(n).keys()].sort((a, b) => popcount(allowed[a]!) - popcount(allowed[b]!));
  const at = new Array<number>(n);
  order.forEach((c, i) => {
    at[c] = i;
  });
  // Each set fact is checked once the last of its cards (in dealing order) has an owner.
  const checksAt: Fact[][] = Array.from({ length: n }, () => []);
  for (const f of facts) {
    if (f.kind === 'holdsOneOf' || f.kind === 'notCaseFile') checksAt[Math.max(...f.cards.map((c) => at[c]!))]!.push(f);
  }
  const room = [...layout.handSizes];
  const cfRoom = new Array<number>(categories).fill(1);
  const owner = new Array<number>(n).fill(-1);
  const holds = (f: Fact): boolean => {
    if (f.kind === 'holdsOneOf') return f.cards.some((c) => owner[c] === f.player);
    if (f.kind === 'notCaseFile') return !f.cards.every((c) => owner[c] === players);
    return true;
  };
  const fillable = (i: number): boolean => {
    for (let p = 0; p < players; p++) {
      if (room[p] === 0) continue;
      let possible = 0;
      for (let j = i; j < n; j++) if ((allowed[order[j]!]! & (1 << p)) !== 0) possible++;
      if (possible < room[p]!) return false;
    }
    return true;
  };
  const deal = (i: number): void => {
    if (i === n) {
      visit(owner);
      return;
    }
    if (!fillable(i)) return;
    const c = order[i]!;
    for (let o = 0; o < owners; o++) {
      if ((allowed[c]! & (1 << o)) === 0) continue;
      const slots = o === players ? cfRoom : room;
      const slot = o === players ? layout.categoryOf[c]! : o;
      if (slots[slot] === 0) continue;
      slots[slot]!--;
      owner[c] = o;
      if (checksAt[i]!.every(holds)) deal(i + 1);
      owner[c] = -1;
      slots[slot]!++;
    }
  };
  deal(0);
}
