import { choose } from './binomial.js';
import type { Program } from './program.js';

// The free cards of a programme, dealt in closed form from its last layer (`codes[from..to)`):
// one case-file card per open slot among its category's free cards, then a multinomial over the
// players' rooms.

let freeTotals = new Float64Array(64);
let byPattern = new Float64Array(64);
// Per state of the last layer dealt by `dealLastLayer`: the multinomial over the players' rooms
// (0: no deal) and the pattern of open case-file slots (bit k: k's slot open).
let layerWays = new Float64Array(256);
let layerPattern = new Int32Array(256);
let dealtProgram: Program | null = null;
let dealtFrom = -1;
let dealtTo = -1;

// n! is exact in a double up to 18! (below 2^53, 19! is not): a multinomial of at most that many
// cards is then one division of exact numbers with an exact quotient, without a branch per room.
const EXACT_FACTORIALS = 18;
// Past 18, Infinity: a room that large makes the division 0, and the room count check rejects it.
const factorial = new Float64Array(64).fill(Infinity);
factorial[0] = 1;
for (let n = 1; n <= EXACT_FACTORIALS; n++) factorial[n] = factorial[n - 1]! * n;
// Per value of the open slots' bits of a last-layer code (consecutive bits, `compile`): the
// pattern of categories they stand for, the free cards left to the players, and the ways to fill
// those slots (one free card of each slot's category).
let slotPattern = new Int32Array(8);
let slotLeft = new Int32Array(8);
let slotChoices = new Float64Array(8);

/**
 * Deals the free cards from every state of the last layer `codes[from..to)` and writes each
 * state's number of ways to complete it into `completions`: (ways to fill the open slots, one free
 * card of its category each) x (a multinomial of the rest over the players' rooms, 0 when a player
 * that may hold no free card still has room). Keeps the multinomials and slot patterns for
 * `addFreeCounts`.
 */
export function dealLastLayer(program: Program, codes: Int32Array, from: number, to: number, completions: Float64Array): void {
  const { slotShift, freeCaseFile, playerShift, playerMask, freePlayers, freeCount, categories: K, players: P } = program;
  if (layerWays.length < to - from) {
    layerWays = new Float64Array(2 * (to - from));
    layerPattern = new Int32Array(2 * (to - from));
  }
  let first = 0;
  let open = 0;
  for (let k = K - 1; k >= 0; k--) {
    if (slotShift[k]! < 0) continue;
    first = slotShift[k]!;
    open++;
  }
  if (slotPattern.length < 1 << open) {
    slotPattern = new Int32Array(2 << open);
    slotLeft = new Int32Array(2 << open);
    slotChoices = new Float64Array(2 << open);
  }
  for (let x = 0; x < 1 << open; x++) {
    let pattern = 0;
    let left = freeCount;
    let choices = 1;
    for (let k = 0; k < K; k++) {
      const shift = slotShift[k]!;
      if (shift < 0 || ((x >> (shift - first)) & 1) === 0) continue;
      pattern |= 1 << k;
      left--;
      choices *= freeCaseFile[k]!;
    }
    slotPattern[x] = pattern;
    slotLeft[x] = left;
    slotChoices[x] = choices;
  }
  // The rooms of the players that may hold no free card: a state with any left has no deal.
  let stray = 0;
  for (let p = 0; p < P; p++) if ((freePlayers & (1 << p)) === 0) stray |= playerMask[p]! << playerShift[p]!;
  const exact = freeCount <= EXACT_FACTORIALS;
  const slots = (1 << open) - 1;
  // The tables in locals: a module variable is read through its context on every access.
  const waysOf = layerWays;
  const patternOf = layerPattern;
  const patterns = slotPattern;
  const lefts = slotLeft;
  const choicesOf = slotChoices;
  for (let s = from; s < to; s++) {
    const code = codes[s]!;
    const x = (code >>> first) & slots;
    const left = lefts[x]!;
    let ways = 0;
    if ((code & stray) === 0) {
      if (exact) {
        let rooms = 0;
        let divisor = 1;
        for (let p = 0; p < P; p++) {
          const r = (code >>> playerShift[p]!) & playerMask[p]!;
          rooms += r;
          divisor *= factorial[r]!;
        }
        ways = rooms === left ? factorial[left]! / divisor : 0;
      } else ways = multinomialOf(program, code, left);
    }
    waysOf[s - from] = ways;
    patternOf[s - from] = patterns[x]!;
    completions[s] = choicesOf[x]! * ways;
  }
  dealtProgram = program;
  dealtFrom = from;
  dealtTo = to;
}

/**
 * The free cards' counts. A free card of category k going to player o leaves a multinomial with
 * one card less in o's room (M * r_o / n); the case-file choices then exclude the card itself when
 * it may be the case file's and k's slot is open. The choices depend on a state only through which
 * slots it leaves open, so the states' ways are first summed per pattern of open slots and player,
 * and the choices applied once per pattern.
 */
export function addFreeCounts(program: Program, owners: number, out: Float64Array, sign: number, codes: Int32Array, from: number, to: number, reaching: Float64Array): void {
  const { free, freeClass, freeCount, freeCaseFile, categories: K, players } = program;
  if (freeCount === 0) return;
  // byPattern[pattern * (players + 1) + p]: the ways with one free card given to p; entry `players`: all the ways.
  const width = players + 1;
  const patterns = 1 << K;
  const size = 2 * K * players + K;
  if (freeTotals.length < size) freeTotals = new Float64Array(2 * size);
  if (byPattern.length < patterns * width) byPattern = new Float64Array(2 * patterns * width);
  freeTotals.fill(0, 0, size);
  byPattern.fill(0, 0, patterns * width);
  dealt(program, codes, from, to);
  const { playerShift, playerMask } = program;
  // The tables in locals: a module variable is read through its context on every access.
  const sums = byPattern;
  const waysOf = layerWays;
  const patternOf = layerPattern;
  for (let s = from; s < to; s++) {
    const f = reaching[s]!;
    if (f === 0) continue;
    const multinomial = waysOf[s - from]!;
    if (multinomial === 0) continue;
    const pattern = patternOf[s - from]!;
    const base = pattern * width;
    const code = codes[s]!;
    const ways = f * multinomial;
    for (let p = 0; p < players; p++) sums[base + p]! += ways * ((code >>> playerShift[p]!) & playerMask[p]!);
    sums[base + players]! += ways;
  }
  // Each sum is n times the ways with one given free card going to p (n the free cards the
  // pattern leaves to the players): at most the largest hand times the worlds, below 2^53 for
  // every layout `layoutProblem` accepts, so one division per pattern is exact.
  for (let pattern = 0; pattern < patterns; pattern++) {
    const n = freeCount - bitCount(pattern);
    // No free card left to the players: no room, nothing summed.
    if (n > 0) for (let p = 0; p < players; p++) sums[pattern * width + p]! /= n;
  }
  const openAt = 0;
  const filledAt = K * players;
  const caseFileAt = 2 * K * players;
  for (let pattern = 0; pattern < patterns; pattern++) {
    const base = pattern * width;
    // No state of the last layer leaves this pattern: nothing to add.
    if (byPattern[base + players] === 0) continue;
    for (let k = 0; k < K; k++) {
      const choices = otherSlotChoices(program, pattern, k);
      const at = ((pattern >> k) & 1) === 1 ? openAt : filledAt;
      for (let p = 0; p < players; p++) freeTotals[at + k * players + p]! += byPattern[base + p]! * choices;
      if (at === openAt) freeTotals[caseFileAt + k]! += byPattern[base + players]! * choices;
    }
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

/** The ways to deal `left` free cards to the players' rooms in `code`, as a product of binomials (any number of cards). */
function multinomialOf(program: Program, code: number, left: number): number {
  const { playerShift, playerMask, players } = program;
  let ways = 1;
  for (let p = 0; p < players; p++) {
    const r = (code >>> playerShift[p]!) & playerMask[p]!;
    if (r > left) return 0;
    ways *= choose(left, r);
    left -= r;
  }
  return left === 0 ? ways : 0;
}

let completionScratch = new Float64Array(256);

/** Makes sure `dealLastLayer` last dealt this programme's last layer `codes[from..to)`. */
function dealt(program: Program, codes: Int32Array, from: number, to: number): void {
  if (dealtProgram === program && dealtFrom === from && dealtTo === to) return;
  if (completionScratch.length < to) completionScratch = new Float64Array(2 * to);
  dealLastLayer(program, codes, from, to, completionScratch);
}

/** The ways to fill the open slots of `pattern` other than category k's, one free card of its category each. */
function otherSlotChoices(program: Program, pattern: number, k: number): number {
  let choices = 1;
  for (let j = 0; j < program.categories; j++) if (j !== k && ((pattern >> j) & 1) === 1) choices *= program.freeCaseFile[j]!;
  return choices;
}

function bitCount(x: number): number {
  let n = 0;
  for (let y = x; y !== 0; y &= y - 1) n++;
  return n;
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
export function addFreeCaseFileCounts(
  program: Program,
  owners: number,
  out: Float64Array,
  sign: number,
  codes: Int32Array,
  from: number,
  to: number,
  reaching: Float64Array,
  width: number,
  lane: number,
): void {
  const { free, freeClass, freeCount, categories: K } = program;
  if (freeCount === 0) return;
  if (caseFileProgram !== program || caseFileLayer !== from) {
    if (caseFileDeals.length < (to - from) * K) caseFileDeals = new Float64Array(2 * (to - from) * K);
    dealt(program, codes, from, to);
    for (let s = from; s < to; s++) {
      const ways = layerWays[s - from]!;
      const pattern = layerPattern[s - from]!;
      for (let k = 0; k < K; k++) {
        const open = ways !== 0 && ((pattern >> k) & 1) === 1;
        caseFileDeals[(s - from) * K + k] = open ? ways * otherSlotChoices(program, pattern, k) : 0;
      }
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
