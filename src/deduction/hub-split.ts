import { propagate, type Constraints, type Shape } from './constraints.js';

// A card named by several clauses of one player (a suggestion asked again and again, refuted by the
// same player) makes every one of them live from that card's position in the programme to its
// own last card, each with a bit of the state, and the states multiply. Counted apart, the worlds
// in which the player holds the card meet all those clauses at once, and in the others each clause
// has one card less and closes sooner. The two parts are each a smaller programme; below three
// clauses the second programme costs more than the bits save (~3% off the long-log count p99 at
// three, slower at two: interleaved in one process, both orders).
const HUB_CLAUSES = 3;

// Clauses per player, counted by `hubOf` (players fit in an owner mask: fewer than 32).
const clausesOf = new Int32Array(32);

/** A card in at least HUB_CLAUSES clauses of one player, as card * 32 + player; -1 when none is. */
function hubOf(cs: Constraints): number {
  const { clauses } = cs;
  // Most terms have too few clauses for any player: found without looking at a card.
  if (clauses.length < HUB_CLAUSES) return -1;
  clausesOf.fill(0);
  let busy = false;
  for (const clause of clauses) if (++clausesOf[clause.player]! >= HUB_CLAUSES) busy = true;
  if (!busy) return -1;
  let hub = -1;
  let most = HUB_CLAUSES - 1;
  for (const clause of clauses) {
    if (clausesOf[clause.player]! <= most) continue;
    for (const c of clause.cards) {
      let named = 0;
      for (const other of clauses) if (other.player === clause.player && other.cards.includes(c)) named++;
      if (named > most) {
        most = named;
        hub = c * 32 + clause.player;
      }
    }
  }
  return hub;
}

/**
 * Calls `visit` with parts of the worlds of the propagated `cs` (its wrong accusations ignored)
 * that add up to them: `cs` itself, or while it has a hub card, the worlds where the hub's player
 * holds it and those where they do not, each propagated and split again.
 */
export function visitSplit(shape: Shape, cs: Constraints, sign: number, visit: (part: Constraints, sign: number) => void): void {
  const hub = hubOf(cs);
  if (hub < 0) {
    visit(cs, sign);
    return;
  }
  const card = hub >> 5;
  const bit = 1 << (hub & 31);
  for (const holds of [true, false]) {
    const part = cs.copy();
    // The parts split the worlds of the clauses and domains only: the accusations are counted
    // by the caller's inclusion-exclusion, and propagating them here would apply them twice.
    part.notCaseFile.length = 0;
    part.domain[card] = holds ? bit : part.domain[card]! & ~bit;
    if (propagate(shape, part)) visitSplit(shape, part, sign, visit);
  }
}
