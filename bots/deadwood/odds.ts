import { BOARD } from '../../src/games/deadwood/data.js';

const FACES = 6;

/** The chance one act succeeds: a die plus `chips` reaches `budget` (R17). */
export function successChance(budget: number, chips: number): number {
  return Math.min(FACES, Math.max(0, FACES + 1 - budget + chips)) / FACES;
}

/**
 * bonusShare[budget][k][j]: the expected dollars the j-th highest of k starring roles earns at a
 * wrap: `budget` dice sorted high to low, the i-th going to role i mod k (R25). Exact, by summing
 * over the multisets of dice with their multinomial weights.
 */
const bonusShare: number[][][] = [];

function multisets(budget: number, from: number, prefix: number[], visit: (dice: number[]) => void): void {
  if (prefix.length === budget) {
    visit(prefix);
    return;
  }
  for (let face = from; face >= 1; face--) {
    prefix.push(face);
    multisets(budget, face, prefix, visit);
    prefix.pop();
  }
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

for (let budget = 1; budget <= FACES; budget++) {
  const byK: number[][] = [[]];
  for (let k = 1; k <= 3; k++) {
    const share = new Array<number>(k).fill(0);
    multisets(budget, FACES, [], (dice) => {
      const counts = new Array<number>(FACES + 1).fill(0);
      for (const d of dice) counts[d]!++;
      let weight = factorial(budget);
      for (const c of counts) weight /= factorial(c);
      dice.forEach((d, i) => {
        share[i % k]! += (weight * d) / FACES ** budget;
      });
    });
    byK.push(share);
  }
  bonusShare.push(byK);
}

/** Expected wrap bonus of the role at position `fromTop` (0 = highest rank) among `roles` roles. */
export function expectedBonus(budget: number, roles: number, fromTop: number): number {
  return bonusShare[budget - 1]![roles]![fromTop]!;
}

/** distance[a][b]: the fewest moves between two rooms (breadth-first over the board's adjacency). */
export const DISTANCE: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(
  BOARD.rooms.map((from) => {
    const dist = new Map<string, number>([[from.id, 0]]);
    const queue = [from.id];
    for (let i = 0; i < queue.length; i++) {
      const here = queue[i]!;
      for (const n of BOARD.byId.get(here)!.neighbours) {
        if (!dist.has(n)) {
          dist.set(n, dist.get(here)! + 1);
          queue.push(n);
        }
      }
    }
    return [from.id, dist];
  }),
);

export function distance(from: string, to: string): number {
  return DISTANCE.get(from)!.get(to)!;
}
