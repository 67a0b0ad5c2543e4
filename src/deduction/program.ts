import { single, type Constraints, type Shape } from './constraints.js';

/**
 * The exact world counter's programme: one dynamic programme over the open cards (more than one
 * possible owner) that some constraint sets apart, followed by a closed form for the rest.
 *
 * The programme's state packs, as bit fields of one integer, the room each player still has, one
 * bit per category for the case file's open slot, and one bit per "live" clause (some of its cards
 * processed, some not): set once the clause's player has been given one of its cards. A clause's
 * bit must be set when its last card is processed, and is then freed for another clause
 * (`layers.ts` runs it forward and backward).
 *
 * The "free" cards (in no clause, all with the same possible players) are not processed one by
 * one: from the programme's last state, the ways to deal them are one case-file card per open slot
 * times a multinomial over the players' rooms (`free-cards.ts`). Early in a game almost every card
 * is free.
 *
 * A programme lives in scratch tables shared by every count: it is valid until the next `compile`.
 */
export interface Program {
  readonly players: number;
  readonly categories: number;
  /** The number of processed cards. */
  readonly length: number;
  /** The processed cards, in order (the first `length` entries). */
  readonly order: Int32Array;
  /** Transitions of position k: indices transStart[k] .. transStart[k + 1] - 1. */
  readonly transStart: Int32Array;
  readonly transOwner: Int32Array;
  readonly transShift: Int32Array;
  readonly transMask: Int32Array;
  /** Clause bits set by giving the card to this owner. */
  readonly transSet: Int32Array;
  /** Clause bits that must be set after position k, and are then cleared. */
  readonly close: Int32Array;
  /**
   * The caps of position k packed as a state (in the field of each owner the card may go to, the
   * most room it may have left after this position: its remaining possible cards), those fields'
   * bits, and the bit just above each: a state has no field over its cap exactly when subtracting
   * it from the caps borrows across none of those bits.
   */
  readonly capCode: Int32Array;
  readonly capFields: Int32Array;
  readonly capBorrow: Int32Array;
  /**
   * The clauses live after position k (some cards processed, some not), by player: entries
   * needStart[k] .. needStart[k + 1] - 1 give a player's live clause bits and its room field. A
   * state with one of those bits unset and no room left in that field can never meet the clause:
   * it is dropped at once instead of carried to the clause's end.
   */
  readonly needStart: Int32Array;
  readonly needBits: Int32Array;
  readonly needShift: Int32Array;
  readonly needMask: Int32Array;
  /** The state before any card: every owner's room. */
  readonly start: number;
  /** How many bits the state uses. */
  readonly bits: number;
  /** Each player's room field; mask 0 when the player has no room. */
  readonly playerShift: Int32Array;
  readonly playerMask: Int32Array;
  /** Each category's case-file slot bit, -1 when the slot is filled already. */
  readonly slotShift: Int32Array;
  /** The free cards (the first `freeCount` entries), dealt in closed form at the end. */
  readonly free: Int32Array;
  readonly freeCount: number;
  /** Each free card's class: category * 2, + 1 when it may be the case file's. */
  readonly freeClass: Int32Array;
  /** The players the free cards may go to (bit mask). */
  readonly freePlayers: number;
  /** Per category: how many free cards may be the case file's. */
  readonly freeCaseFile: Int32Array;
}

/** A state is a non-negative int32 (-1 marks an empty hash slot). */
export const MAX_BITS = 31;

/** A growable scratch table of int32s. */
class Ints {
  data = new Int32Array(64);
  need(size: number): Int32Array {
    if (this.data.length < size) this.data = new Int32Array(Math.max(size, 2 * this.data.length));
    return this.data;
  }
}

const scratch = {
  order: new Ints(),
  transStart: new Ints(),
  transOwner: new Ints(),
  transShift: new Ints(),
  transMask: new Ints(),
  transSet: new Ints(),
  transCap: new Ints(),
  close: new Ints(),
  capCode: new Ints(),
  capFields: new Ints(),
  capBorrow: new Ints(),
  playerShift: new Ints(),
  playerMask: new Ints(),
  slotShift: new Ints(),
  free: new Ints(),
  freeClass: new Ints(),
  freeCaseFile: new Ints(),
  // Working tables of compile.
  room: new Ints(),
  remaining: new Ints(),
  waiting: new Ints(),
  position: new Ints(),
  clauseBit: new Ints(),
  clauseEnd: new Ints(),
  setBits: new Ints(),
  groupMask: new Ints(),
  groupSize: new Ints(),
  slotEnd: new Ints(),
  clauseStart: new Ints(),
  needs: new Ints(),
  needStart: new Ints(),
  needBits: new Ints(),
  needShift: new Ints(),
  needMask: new Ints(),
  meetBy: new Ints(),
};

/**
 * Compiles propagated constraints into a counting programme. `first` lists cards to process
 * before the others (in that order, those still open), e.g. a suggestion's three cards. The wrong
 * accusations are left out unless `accusations` is set (counts take them by inclusion-exclusion,
 * `knowledge.ts`, whose terms fix the case file and are smaller programmes); with it, each is one
 * more clause, met by any player taking one of its open cards, so that every path of the
 * programme is a world that keeps them (what a walk needs, `sample.ts`).
 */
export function compile(shape: Shape, cs: Constraints, first: readonly number[] = [], accusations = false): Program {
  const { domain } = cs;
  const clauseCount = programClauses(shape, cs, accusations);
  const clauses = clauseCards;
  const meetBy = scratch.meetBy.data;
  const n = shape.cards;
  const P = shape.players;
  const K = shape.categories;
  const owners = P + 1;
  const cfBit = 1 << shape.caseFile;
  const categoryOf = shape.categoryOf;

  const room = scratch.room.need(P);
  room.set(shape.handSizes);
  const slotShift = scratch.slotShift.need(K);
  slotShift.fill(0, 0, K);
  // waiting[c]: 1 open and not yet placed, 2 open and must be processed (in a clause or `first`).
  const waiting = scratch.waiting.need(n);
  for (let c = 0; c < n; c++) {
    const d = domain[c]!;
    if ((d & (d - 1)) !== 0) waiting[c] = 1;
    else {
      waiting[c] = 0;
      if (d === cfBit) slotShift[categoryOf[c]!] = -1;
      else room[31 - Math.clz32(d)]!--;
    }
  }
  for (let i = 0; i < clauseCount; i++) for (const c of clauses[i]!) waiting[c] = 2;
  for (const c of first) if (waiting[c] === 1) waiting[c] = 2;

  // The free cards: the largest group of clause-free open cards with the same possible players.
  const groupMask = scratch.groupMask.need(n);
  const groupSize = scratch.groupSize.need(n);
  let groups = 0;
  let freePlayers = 0;
  let largest = 0;
  for (let c = 0; c < n; c++) {
    if (waiting[c] !== 1) continue;
    const players = domain[c]! & ~cfBit;
    let g = 0;
    while (g < groups && groupMask[g] !== players) g++;
    if (g === groups) {
      groupMask[groups] = players;
      groupSize[groups++] = 0;
    }
    if (++groupSize[g]! > largest) {
      largest = groupSize[g]!;
      freePlayers = players;
    }
  }
  const free = scratch.free.need(n);
  const freeClass = scratch.freeClass.need(n);
  const freeCaseFile = scratch.freeCaseFile.need(K);
  freeCaseFile.fill(0, 0, K);
  let freeCount = 0;
  if (largest > 0) {
    for (let c = 0; c < n; c++) {
      if (waiting[c] !== 1 || (domain[c]! & ~cfBit) !== freePlayers) continue;
      waiting[c] = 0;
      free[freeCount] = c;
      const mayBeCaseFile = (domain[c]! & cfBit) !== 0 ? 1 : 0;
      freeClass[freeCount++] = categoryOf[c]! * 2 + mayBeCaseFile;
      freeCaseFile[categoryOf[c]!]! += mayBeCaseFile;
    }
  }

  // Fields: each player's room, then each open case-file slot, then the clause bits.
  let bits = 0;
  let start = 0;
  const playerShift = scratch.playerShift.need(P);
  const playerMask = scratch.playerMask.need(P);
  for (let p = 0; p < P; p++) {
    playerShift[p] = bits;
    playerMask[p] = 0;
    if (room[p]! <= 0) continue;
    const width = 32 - Math.clz32(room[p]!);
    playerMask[p] = (1 << width) - 1;
    start |= room[p]! << bits;
    bits += width;
  }
  for (let k = 0; k < K; k++) {
    if (slotShift[k] === -1) continue;
    slotShift[k] = bits;
    start |= 1 << bits;
    bits++;
  }

  // The order: `first`, then clause by clause (fewest unplaced cards first), then the rest.
  const order = scratch.order.need(n);
  let m = 0;
  for (const c of first) {
    if (waiting[c] !== 0) {
      waiting[c] = 0;
      order[m++] = c;
    }
  }
  const clauseEnd = scratch.clauseEnd.need(clauseCount);
  clauseEnd.fill(-1, 0, clauseCount);
  for (let placed = 0; placed < clauseCount; placed++) {
    let best = -1;
    let fewest = n + 1;
    for (let i = 0; i < clauseCount; i++) {
      if (clauseEnd[i] !== -1) continue;
      let left = 0;
      for (const c of clauses[i]!) if (waiting[c] !== 0) left++;
      if (left < fewest) {
        fewest = left;
        best = i;
      }
    }
    for (const c of clauses[best]!) {
      if (waiting[c] !== 0) {
        waiting[c] = 0;
        order[m++] = c;
      }
    }
    clauseEnd[best] = 0;
  }
  for (let c = 0; c < n; c++) if (waiting[c] !== 0) order[m++] = c;

  // Clause bits: each clause is live from its first card's position to its last; a bit is reused
  // once its clause has closed (clauses start in the order they were placed, so first come first).
  const position = scratch.position.need(n);
  for (let k = 0; k < m; k++) position[order[k]!] = k;
  const close = scratch.close.need(m);
  close.fill(0, 0, m);
  const clauseBit = scratch.clauseBit.need(clauseCount);
  const slotEnd = scratch.slotEnd.need(clauseCount);
  const clauseStart = scratch.clauseStart.need(clauseCount);
  let slots = 0;
  for (let i = 0; i < clauseCount; i++) {
    let lo = m;
    let hi = -1;
    for (const c of clauses[i]!) {
      const at = position[c]!;
      if (at < lo) lo = at;
      if (at > hi) hi = at;
    }
    clauseEnd[i] = hi;
    let slot = 0;
    while (slot < slots && slotEnd[slot]! >= lo) slot++;
    if (slot === slots) slots++;
    slotEnd[slot] = hi;
    clauseBit[i] = 1 << (bits + slot);
    close[hi]! |= clauseBit[i]!;
    clauseStart[i] = lo;
  }
  bits += slots;
  // Per position and player, the bits of the player's own clauses live after it (`needBits`
  // keeps the players that have some).
  const needs = scratch.needs.need(m * P);
  needs.fill(0, 0, m * P);
  for (let i = 0; i < clauseCount; i++) {
    if (!single(meetBy[i]!)) continue;
    const p = 31 - Math.clz32(meetBy[i]!);
    for (let k = clauseStart[i]!; k < clauseEnd[i]!; k++) needs[k * P + p]! |= clauseBit[i]!;
  }
  const needStart = scratch.needStart.need(m + 1);
  const needBits = scratch.needBits.need(m * P);
  const needShift = scratch.needShift.need(m * P);
  const needMask = scratch.needMask.need(m * P);
  let need = 0;
  for (let k = 0; k < m; k++) {
    needStart[k] = need;
    for (let p = 0; p < P; p++) {
      if (needs[k * P + p] === 0) continue;
      needBits[need] = needs[k * P + p]!;
      needShift[need] = playerShift[p]!;
      needMask[need++] = playerMask[p]!;
    }
  }
  needStart[m] = need;
  if (bits > MAX_BITS) throw new Error(`the counting state needs ${bits} bits, more than ${MAX_BITS}`);
  const setBits = scratch.setBits.need(n * owners);
  // Only the processed cards' rows are read.
  for (let k = 0; k < m; k++) for (let o = order[k]! * owners, end = o + owners; o < end; o++) setBits[o] = 0;
  for (let i = 0; i < clauseCount; i++) {
    for (const c of clauses[i]!) {
      for (let o = 0; o < P; o++) if ((meetBy[i]! & (1 << o)) !== 0) setBits[c * owners + o]! |= clauseBit[i]!;
    }
  }

  // Remaining possible cards of every field (players, then slots), counting the free ones.
  const remaining = scratch.remaining.need(P + K);
  for (let p = 0; p < P; p++) remaining[p] = (freePlayers & (1 << p)) !== 0 ? freeCount : 0;
  for (let k = 0; k < K; k++) remaining[P + k] = freeCaseFile[k]!;
  for (let k = 0; k < m; k++) {
    const c = order[k]!;
    const d = domain[c]!;
    for (let p = 0; p < P; p++) if ((d & (1 << p)) !== 0) remaining[p]!++;
    if ((d & cfBit) !== 0) remaining[P + categoryOf[c]!]!++;
  }

  let t = 0;
  // At most one transition per owner of each processed card.
  const transitions = m * owners;
  const transStart = scratch.transStart.need(m + 1);
  const transOwner = scratch.transOwner.need(transitions);
  const transShift = scratch.transShift.need(transitions);
  const transMask = scratch.transMask.need(transitions);
  const transSet = scratch.transSet.need(transitions);
  const transCap = scratch.transCap.need(transitions);
  for (let k = 0; k < m; k++) {
    const c = order[k]!;
    const d = domain[c]!;
    const category = categoryOf[c]!;
    transStart[k] = t;
    for (let p = 0; p < P; p++) {
      if ((d & (1 << p)) === 0) continue;
      transOwner[t] = p;
      transShift[t] = playerShift[p]!;
      transMask[t] = playerMask[p]!;
      transSet[t] = setBits[c * owners + p]!;
      transCap[t++] = --remaining[p]!;
    }
    if ((d & cfBit) !== 0) {
      transOwner[t] = P;
      transShift[t] = slotShift[category]!;
      transMask[t] = 1;
      transSet[t] = 0;
      transCap[t++] = --remaining[P + category]!;
    }
  }
  transStart[m] = t;
  const capCode = scratch.capCode.need(m);
  const capFields = scratch.capFields.need(m);
  const capBorrow = scratch.capBorrow.need(m);
  for (let k = 0; k < m; k++) {
    let caps = 0;
    let fields = 0;
    let borrow = 0;
    for (let j = transStart[k]!; j < transStart[k + 1]!; j++) {
      const mask = transMask[j]!;
      if (mask === 0) continue;
      const s = transShift[j]!;
      caps |= Math.min(transCap[j]!, mask) << s;
      fields |= mask << s;
      borrow |= 1 << (s + 32 - Math.clz32(mask));
    }
    capCode[k] = caps;
    capFields[k] = fields;
    capBorrow[k] = borrow;
  }
  return {
    players: P,
    categories: K,
    length: m,
    order,
    transStart,
    transOwner,
    transShift,
    transMask,
    transSet,
    close,
    capCode,
    capFields,
    capBorrow,
    needStart,
    needBits,
    needShift,
    needMask,
    start,
    bits,
    playerShift,
    playerMask,
    slotShift,
    free,
    freeCount,
    freeClass,
    freePlayers,
    freeCaseFile,
  };
}

// The clauses as the programme reads them (`programClauses`): each one's cards, met once one of
// them goes to an owner of its `meetBy` mask (scratch.meetBy).
const clauseCards: (readonly number[])[] = [];

/**
 * Sets out the clauses of `cs` in `clauseCards` and `scratch.meetBy`, with `accusations` its wrong
 * accusations' open cards too (met by any player); returns how many there are.
 */
function programClauses(shape: Shape, cs: Constraints, accusations: boolean): number {
  const count = cs.clauses.length + (accusations ? cs.notCaseFile.length : 0);
  const meetBy = scratch.meetBy.need(count);
  // Entries past `count` are stale, never read (setting an array's length is a slow runtime call).
  let i = 0;
  for (const clause of cs.clauses) {
    meetBy[i] = 1 << clause.player;
    clauseCards[i++] = clause.cards;
  }
  if (!accusations) return count;
  const cfBit = 1 << shape.caseFile;
  const players = shape.everyone & ~cfBit;
  for (const set of cs.notCaseFile) {
    meetBy[i] = players;
    clauseCards[i++] = set.filter((c) => cs.domain[c] !== cfBit);
  }
  return count;
}
