import { choose } from './binomial.js';
import type { Constraints, Shape } from './constraints.js';

/**
 * The exact world counter: one dynamic programme over the open cards (more than one possible
 * owner) that some constraint sets apart, followed by a closed form for the rest.
 *
 * The programme's state packs, as bit fields of one integer, the room each player still has, one
 * bit per category for the case file's open slot, and one bit per "live" clause (some of its cards
 * processed, some not): set once the clause's player has been given one of its cards. A clause's
 * bit must be set when its last card is processed, and is then freed for another clause. Forward
 * counts reach every state, backward counts complete it; their products give every (card, owner)
 * count at once.
 *
 * The "free" cards (in no clause, all with the same possible players) are not processed one by
 * one: from the programme's last state, the ways to deal them are one case-file card per open slot
 * times a multinomial over the players' rooms. Early in a game almost every card is free.
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
  /** The most room the owner may have left after this position: its remaining possible cards. */
  readonly transCap: Int32Array;
  /** Clause bits that must be set after position k, and are then cleared. */
  readonly close: Int32Array;
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
};

/**
 * Compiles propagated constraints into a counting programme. `first` lists cards to process
 * before the others (in that order, those still open), e.g. a suggestion's three cards.
 */
export function compile(shape: Shape, cs: Constraints, first: readonly number[] = []): Program {
  const { domain, clauses } = cs;
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
  for (const clause of clauses) for (const c of clause.cards) waiting[c] = 2;
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
  const clauseEnd = scratch.clauseEnd.need(clauses.length);
  clauseEnd.fill(-1, 0, clauses.length);
  for (let placed = 0; placed < clauses.length; placed++) {
    let best = -1;
    let fewest = n + 1;
    for (let i = 0; i < clauses.length; i++) {
      if (clauseEnd[i] !== -1) continue;
      let left = 0;
      for (const c of clauses[i]!.cards) if (waiting[c] !== 0) left++;
      if (left < fewest) {
        fewest = left;
        best = i;
      }
    }
    for (const c of clauses[best]!.cards) {
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
  const clauseBit = scratch.clauseBit.need(clauses.length);
  const slotEnd = scratch.slotEnd.need(clauses.length);
  let slots = 0;
  for (let i = 0; i < clauses.length; i++) {
    let lo = m;
    let hi = -1;
    for (const c of clauses[i]!.cards) {
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
  }
  bits += slots;
  if (bits > MAX_BITS) throw new Error(`the counting state needs ${bits} bits, more than ${MAX_BITS}`);
  const setBits = scratch.setBits.need(n * owners);
  setBits.fill(0, 0, n * owners);
  for (let i = 0; i < clauses.length; i++) {
    const clause = clauses[i]!;
    for (const c of clause.cards) setBits[c * owners + clause.player]! |= clauseBit[i]!;
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
  let transitions = 0;
  for (let k = 0; k < m; k++) {
    const d = domain[order[k]!]!;
    for (let o = 0; o < owners; o++) if ((d & (1 << o)) !== 0) transitions++;
  }
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
    transCap,
    close,
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

// The layers of the last forward pass: every state's code, forward and backward counts, and its
// edge to the next layer per transition (-1: none); plus a code -> state map for the layer being
// built (state + 1; -1 for a code found invalid).
let codes = new Int32Array(1 << 12);
let forwardCounts = new Float64Array(1 << 12);
let backwardCounts = new Float64Array(1 << 12);
let edges = new Int32Array(1 << 14);
let layerStart = new Int32Array(64);
let edgeStart = new Int32Array(64);
// The layer being built is found by code through a small open-addressing hash table (a dense
// table over every code would be megabytes, and each lookup a cache miss): slotCode -1 is empty,
// slotState the state's index, or -1 for a code found invalid.
let slotCode = new Int32Array(1 << 10).fill(-1);
let slotState = new Int32Array(1 << 10);
let usedSlots = new Int32Array(1 << 10);
let transTotals = new Float64Array(64);
let freeTotals = new Float64Array(64);

function growStates(need: number): void {
  let size = codes.length;
  while (size < need) size *= 2;
  const c = new Int32Array(size);
  c.set(codes);
  const f = new Float64Array(size);
  f.set(forwardCounts);
  codes = c;
  forwardCounts = f;
  backwardCounts = new Float64Array(size);
}

function growEdges(need: number): void {
  let size = edges.length;
  while (size < need) size *= 2;
  const e = new Int32Array(size);
  e.set(edges);
  edges = e;
}

/**
 * The forward pass. Returns the number of worlds; the layers stay in the scratch tables for
 * `backward`.
 */
export function forward(program: Program): number {
  const { transStart, transShift, transMask, transSet, transCap, close } = program;
  const m = program.length;
  if (layerStart.length < m + 2) {
    layerStart = new Int32Array(2 * (m + 2));
    edgeStart = new Int32Array(2 * (m + 2));
  }
  codes[0] = program.start;
  forwardCounts[0] = 1;
  let size = 1;
  let edge = 0;
  layerStart[0] = 0;
  layerStart[1] = 1;
  for (let k = 0; k < m; k++) {
    const from = layerStart[k]!;
    const to = size;
    const t0 = transStart[k]!;
    const t1 = transStart[k + 1]!;
    const closing = close[k]!;
    const most = (to - from) * (t1 - t0);
    edgeStart[k] = edge;
    if (edge + most > edges.length) growEdges(edge + most);
    // A table at least twice the most codes this layer can meet keeps probes short.
    let bits = 4;
    while (1 << bits < 2 * most) bits++;
    if (slotCode.length < 1 << bits) {
      slotCode = new Int32Array(1 << bits).fill(-1);
      slotState = new Int32Array(1 << bits);
      usedSlots = new Int32Array(1 << bits);
    }
    const shift = 32 - bits;
    const wrap = (1 << bits) - 1;
    let used = 0;
    for (let i = from; i < to; i++) {
      const code = codes[i]!;
      const f = forwardCounts[i]!;
      for (let j = t0; j < t1; j++) {
        const s = transShift[j]!;
        let target = -1;
        if (((code >>> s) & transMask[j]!) !== 0) {
          let next = (code - (1 << s)) | transSet[j]!;
          if ((next & closing) === closing) {
            next ^= closing;
            let slot = Math.imul(next, 0x9e3779b1) >>> shift;
            while (slotCode[slot] !== next && slotCode[slot] !== -1) slot = (slot + 1) & wrap;
            if (slotCode[slot] === next) target = slotState[slot]!;
            else {
              let valid = true;
              for (let q = t0; q < t1; q++) {
                if (((next >>> transShift[q]!) & transMask[q]!) > transCap[q]!) {
                  valid = false;
                  break;
                }
              }
              if (valid) {
                if (size === codes.length) growStates(size + 1);
                target = size++;
                codes[target] = next;
                forwardCounts[target] = 0;
              }
              slotCode[slot] = next;
              slotState[slot] = target;
              usedSlots[used++] = slot;
            }
          }
        }
        if (target >= 0) forwardCounts[target]! += f;
        edges[edge++] = target;
      }
    }
    layerStart[k + 2] = size;
    for (let i = 0; i < used; i++) slotCode[usedSlots[i]!] = -1;
  }
  let total = 0;
  for (let i = layerStart[m]!; i < size; i++) {
    const multinomial = dealFree(program, codes[i]!);
    const b = multinomial === 0 ? 0 : caseFileChoices * multinomial;
    backwardCounts[i] = b;
    total += forwardCounts[i]! * b;
  }
  return total;
}

/**
 * The backward pass over the layers the last forward pass left. Adds `sign` times the number of
 * worlds in which each open card has each owner into `out[card * owners + owner]` (owners =
 * players + 1); with `out` null, only the backward counts are kept (for `sweepRestrictions`).
 */
export function backward(program: Program, owners: number, out: Float64Array | null, sign: number): void {
  const { order, transStart, transOwner } = program;
  const m = program.length;
  if (transTotals.length < owners) transTotals = new Float64Array(2 * owners);
  for (let k = m - 1; k >= 0; k--) {
    const from = layerStart[k]!;
    const to = layerStart[k + 1]!;
    const t0 = transStart[k]!;
    const d = transStart[k + 1]! - t0;
    let e = edgeStart[k]!;
    if (out === null) {
      for (let i = from; i < to; i++) {
        let sum = 0;
        for (let j = 0; j < d; j++) {
          const target = edges[e++]!;
          if (target >= 0) sum += backwardCounts[target]!;
        }
        backwardCounts[i] = sum;
      }
      continue;
    }
    for (let j = 0; j < d; j++) transTotals[j] = 0;
    for (let i = from; i < to; i++) {
      const f = forwardCounts[i]!;
      let sum = 0;
      for (let j = 0; j < d; j++) {
        const target = edges[e++]!;
        if (target < 0) continue;
        const b = backwardCounts[target]!;
        sum += b;
        transTotals[j]! += f * b;
      }
      backwardCounts[i] = sum;
    }
    const base = order[k]! * owners;
    for (let j = 0; j < d; j++) out[base + transOwner[t0 + j]!]! += sign * transTotals[j]!;
  }
  if (out !== null) addFreeCounts(program, owners, out, sign, forwardCounts);
}

// What `dealFree` leaves for the free-card counts: each player's room, each slot's openness, the
// case-file choices without each category, and the number of free cards the players take.
const finalRoom = new Int32Array(32);
const slotIsOpen = new Int32Array(32);
const choicesWithout = new Float64Array(32);
let caseFileChoices = 0;
let freeToPlayers = 0;

/**
 * The ways to deal the free cards to the rooms and slots the programme's last state `code` leaves
 * open, as (ways to fill the slots) x (ways to fill the rooms): one case-file card per open slot
 * among its category's free cards, then a multinomial of the rest over the players' rooms. Returns
 * the multinomial (0 when a player that may hold no free card still has room) and leaves the rest
 * in the variables above.
 */
function dealFree(program: Program, code: number): number {
  const { slotShift, freeCaseFile, playerShift, playerMask, freePlayers, categories, players } = program;
  let open = 0;
  caseFileChoices = 1;
  for (let k = 0; k < categories; k++) {
    const s = slotShift[k]!;
    slotIsOpen[k] = s >= 0 && ((code >>> s) & 1) === 1 ? 1 : 0;
    choicesWithout[k] = 1;
  }
  for (let k = 0; k < categories; k++) {
    if (slotIsOpen[k] === 0) continue;
    open++;
    caseFileChoices *= freeCaseFile[k]!;
    for (let j = 0; j < categories; j++) if (j !== k) choicesWithout[j]! *= freeCaseFile[k]!;
  }
  let left = program.freeCount - open;
  freeToPlayers = left;
  let ways = 1;
  for (let p = 0; p < players; p++) {
    const r = (code >>> playerShift[p]!) & playerMask[p]!;
    finalRoom[p] = r;
    if (r === 0) continue;
    if ((freePlayers & (1 << p)) === 0 || r > left) return 0;
    ways *= choose(left, r);
    left -= r;
  }
  return left === 0 ? ways : 0;
}

/**
 * The free cards' counts. A free card of category k going to player o leaves a multinomial with
 * one card less in o's room (M * r_o / n); the case-file choices then exclude the card itself when
 * it may be the case file's and k's slot is open. So per category and player two sums suffice:
 * over the states with k's slot open (choices without k) and with it filled (all choices).
 */
function addFreeCounts(program: Program, owners: number, out: Float64Array, sign: number, reaching: Float64Array): void {
  const { free, freeClass, freeCount, freeCaseFile, categories, players } = program;
  if (freeCount === 0) return;
  const from = layerStart[program.length]!;
  const to = layerStart[program.length + 1]!;
  const K = categories;
  const size = 2 * K * players + K;
  if (freeTotals.length < size) freeTotals = new Float64Array(2 * size);
  freeTotals.fill(0, 0, size);
  const openAt = 0;
  const filledAt = K * players;
  const caseFileAt = 2 * K * players;
  for (let s = from; s < to; s++) {
    const f = reaching[s]!;
    if (f === 0) continue;
    const multinomial = dealFree(program, codes[s]!);
    if (multinomial === 0) continue;
    const n = freeToPlayers;
    for (let p = 0; p < players; p++) {
      const r = finalRoom[p]!;
      if (r === 0) continue;
      const ways = f * oneLess(multinomial, r, n);
      for (let k = 0; k < K; k++) {
        if (slotIsOpen[k] === 1) freeTotals[openAt + k * players + p]! += ways * choicesWithout[k]!;
        else freeTotals[filledAt + k * players + p]! += ways * caseFileChoices;
      }
    }
    for (let k = 0; k < K; k++) if (slotIsOpen[k] === 1) freeTotals[caseFileAt + k]! += f * multinomial * choicesWithout[k]!;
  }
  for (let i = 0; i < freeCount; i++) {
    const k = freeClass[i]! >> 1;
    const mayBeCaseFile = freeClass[i]! & 1;
    // Free cards that may be the case file's leave one choice less for k's open slot.
    const choices = freeCaseFile[k]! - mayBeCaseFile;
    const base = free[i]! * owners;
    for (let p = 0; p < players; p++) {
      const count = choices * freeTotals[openAt + k * players + p]! + freeTotals[filledAt + k * players + p]!;
      out[base + p]! += sign * count;
    }
    if (mayBeCaseFile === 1) out[base + players]! += sign * freeTotals[caseFileAt + k]!;
  }
}

/** The multinomial with one card less in a room of r (of n cards): M * r / n, exactly. */
function oneLess(multinomial: number, r: number, n: number): number {
  const product = multinomial * r;
  if (product < 9007199254740992) return product / n;
  return Math.round((multinomial / n) * r);
}

/**
 * After `forward` and `backward` of a programme compiled with `first` = `cards`: adds `sign` times
 * the number of worlds of every combination of the cards' owners to `joint` (entry sum(owner_i *
 * owners^i)). The open ones among them are the programme's first positions: each combination is
 * walked from the start state, and the backward count of the state it reaches is its count.
 */
export function addFirstCardsJoint(program: Program, domain: Int32Array, cards: readonly number[], owners: number, joint: Float64Array, sign: number): void {
  const { transStart, transOwner, transShift, transMask, transSet, close } = program;
  // compile placed the open ones among `cards` first, in order; the others have one owner.
  let open = 0;
  let fixedIndex = 0;
  let scale = 1;
  for (const c of cards) {
    const d = domain[c]!;
    if ((d & (d - 1)) !== 0) open++;
    else fixedIndex += (31 - Math.clz32(d)) * scale;
    scale *= owners;
  }
  const reached = new Map<number, number>();
  for (let i = layerStart[open]!; i < layerStart[open + 1]!; i++) reached.set(codes[i]!, backwardCounts[i]!);
  const walk = (position: number, code: number, index: number): void => {
    if (position === open) {
      const b = reached.get(code);
      if (b !== undefined) joint[index]! += sign * b;
      return;
    }
    const closing = close[position]!;
    const at = cards.indexOf(program.order[position]!);
    for (let j = transStart[position]!; j < transStart[position + 1]!; j++) {
      const s = transShift[j]!;
      if (((code >>> s) & transMask[j]!) === 0) continue;
      const next = (code - (1 << s)) | transSet[j]!;
      if ((next & closing) !== closing) continue;
      walk(position + 1, next ^ closing, index + transOwner[j]! * owners ** at);
    }
  };
  walk(0, program.start, fixedIndex);
}

let lanes = new Float64Array(1 << 12);
let lanesBack = new Float64Array(1 << 8);
let laneTotals = new Float64Array(256);
let laneMasks = new Int32Array(64);
let column = new Float64Array(1 << 10);

/**
 * The counts of the worlds under each of several restrictions of the owners of `cards` (one owner
 * mask per card), after `forward` and `backward` of a programme compiled with `first` = `cards`.
 * The forward counts are swept again along the recorded edges, one lane per restriction, with the
 * first positions restricted. Past the first positions the backward counts do not depend on the
 * restriction and are reused; over the first positions (a few small layers) they are counted again
 * per lane. For each restriction r with `wanted[r]`, adds `sign` times each open card's counts
 * into `outs[r]` (as `backward` does) and its number of worlds into `worlds[r]`. Cards with one
 * possible owner are the caller's to count. With `caseFileOnly`, the free cards' counts are only
 * the case file's (all an entropy needs).
 */
export function sweepRestrictions(
  program: Program,
  domain: Int32Array,
  cards: readonly number[],
  restrictions: readonly (readonly number[])[],
  wanted: readonly boolean[],
  owners: number,
  outs: readonly Float64Array[],
  worlds: Float64Array,
  sign: number,
  caseFileOnly: boolean,
): void {
  const { order, transStart, transOwner } = program;
  const m = program.length;
  // The lanes: the wanted restrictions that allow the owners of the cards with one possible owner.
  const lane: number[] = [];
  let open = 0;
  for (const c of cards) if ((domain[c]! & (domain[c]! - 1)) !== 0) open++;
  restrictions.forEach((allowed, r) => {
    if (!wanted[r]) return;
    for (let i = 0; i < cards.length; i++) {
      const d = domain[cards[i]!]!;
      if ((d & (d - 1)) === 0 && (d & allowed[i]!) === 0) return;
    }
    lane.push(r);
  });
  const A = lane.length;
  if (A === 0) return;
  if (laneMasks.length < open * A) laneMasks = new Int32Array(2 * open * A);
  lane.forEach((r, a) => {
    let k = 0;
    for (let i = 0; i < cards.length; i++) {
      const d = domain[cards[i]!]!;
      if ((d & (d - 1)) !== 0) laneMasks[k++ * A + a] = restrictions[r]![i]!;
    }
  });
  const size = layerStart[m + 1]!;
  if (lanes.length < size * A) lanes = new Float64Array(Math.max(size * A, 2 * lanes.length));
  lanes.fill(0, 0, size * A);
  for (let a = 0; a < A; a++) lanes[a] = 1;
  let widest = 0;
  for (let k = 0; k < m; k++) widest = Math.max(widest, transStart[k + 1]! - transStart[k]!);
  if (laneTotals.length < widest * A) laneTotals = new Float64Array(2 * widest * A);
  for (let k = 0; k < m; k++) {
    const from = layerStart[k]!;
    const to = layerStart[k + 1]!;
    const t0 = transStart[k]!;
    const d = transStart[k + 1]! - t0;
    const restricted = k < open;
    laneTotals.fill(0, 0, d * A);
    let e = edgeStart[k]!;
    for (let i = from; i < to; i++, e += d) {
      const here = i * A;
      for (let j = 0; j < d; j++) {
        const target = edges[e + j]!;
        if (target < 0) continue;
        const there = target * A;
        const owner = transOwner[t0 + j]!;
        const bit = 1 << owner;
        // Only the case file's counts are wanted: the other transitions just carry the lanes.
        const b = caseFileOnly && owner !== owners - 1 ? 0 : backwardCounts[target]!;
        for (let a = 0; a < A; a++) {
          const f = lanes[here + a]!;
          if (f === 0 || (restricted && (laneMasks[k * A + a]! & bit) === 0)) continue;
          lanes[there + a]! += f;
          if (b !== 0) laneTotals[j * A + a]! += f * b;
        }
      }
    }
    if (restricted) continue;
    const base = order[k]! * owners;
    for (let j = 0; j < d; j++) {
      const at = base + transOwner[t0 + j]!;
      for (let a = 0; a < A; a++) outs[lane[a]!]![at]! += sign * laneTotals[j * A + a]!;
    }
  }
  const last = layerStart[m]!;
  for (let a = 0; a < A; a++) {
    let total = 0;
    for (let i = last; i < size; i++) total += lanes[i * A + a]! * backwardCounts[i]!;
    worlds[lane[a]!]! += sign * total;
    if (caseFileOnly) addFreeCaseFileCounts(program, owners, outs[lane[a]!]!, sign, lanes, A, a);
    else {
      if (column.length < size) column = new Float64Array(2 * size);
      for (let i = last; i < size; i++) column[i] = lanes[i * A + a]!;
      addFreeCounts(program, owners, outs[lane[a]!]!, sign, column);
    }
  }
  // The first positions: backward counts under each restriction, from the reused ones at `open`.
  const head = layerStart[open]!;
  if (lanesBack.length < head * A) lanesBack = new Float64Array(2 * head * A);
  for (let k = open - 1; k >= 0; k--) {
    const from = layerStart[k]!;
    const to = layerStart[k + 1]!;
    const t0 = transStart[k]!;
    const d = transStart[k + 1]! - t0;
    laneTotals.fill(0, 0, d * A);
    let e = edgeStart[k]!;
    for (let i = from; i < to; i++, e += d) {
      for (let a = 0; a < A; a++) lanesBack[i * A + a] = 0;
      for (let j = 0; j < d; j++) {
        const target = edges[e + j]!;
        if (target < 0) continue;
        const bit = 1 << transOwner[t0 + j]!;
        for (let a = 0; a < A; a++) {
          if ((laneMasks[k * A + a]! & bit) === 0) continue;
          const b = target >= head ? backwardCounts[target]! : lanesBack[target * A + a]!;
          lanesBack[i * A + a]! += b;
          laneTotals[j * A + a]! += lanes[i * A + a]! * b;
        }
      }
    }
    const base = order[k]! * owners;
    for (let j = 0; j < d; j++) {
      const at = base + transOwner[t0 + j]!;
      for (let a = 0; a < A; a++) outs[lane[a]!]![at]! += sign * laneTotals[j * A + a]!;
    }
  }
}

// Per state of the last layer of `caseFileProgram`: the deals of the free cards with each
// category's case-file card being one given free card (0 when that slot is filled).
let caseFileDeals = new Float64Array(256);
let caseFileProgram: Program | null = null;
let caseFileLayer = -1;

/**
 * `addFreeCounts` for the case file only, its per-state factors computed once per programme; the
 * forward counts are lane `lane` of `reaching` (states times `width` lanes).
 */
function addFreeCaseFileCounts(program: Program, owners: number, out: Float64Array, sign: number, reaching: Float64Array, width: number, lane: number): void {
  const { free, freeClass, freeCount, categories: K } = program;
  if (freeCount === 0) return;
  const from = layerStart[program.length]!;
  const to = layerStart[program.length + 1]!;
  if (caseFileProgram !== program || caseFileLayer !== from) {
    if (caseFileDeals.length < (to - from) * K) caseFileDeals = new Float64Array(2 * (to - from) * K);
    for (let s = from; s < to; s++) {
      const multinomial = dealFree(program, codes[s]!);
      for (let k = 0; k < K; k++) caseFileDeals[(s - from) * K + k] = multinomial === 0 || slotIsOpen[k] === 0 ? 0 : multinomial * choicesWithout[k]!;
    }
    caseFileProgram = program;
    caseFileLayer = from;
  }
  if (freeTotals.length < K) freeTotals = new Float64Array(2 * K);
  freeTotals.fill(0, 0, K);
  for (let s = from; s < to; s++) {
    const f = reaching[s * width + lane]!;
    if (f === 0) continue;
    for (let k = 0; k < K; k++) freeTotals[k]! += f * caseFileDeals[(s - from) * K + k]!;
  }
  for (let i = 0; i < freeCount; i++) {
    if ((freeClass[i]! & 1) === 1) out[free[i]! * owners + owners - 1]! += sign * freeTotals[freeClass[i]! >> 1]!;
  }
}
