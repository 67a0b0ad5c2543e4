import { choose } from './binomial.js';
import type { Program } from './program.js';

// The free cards of a programme, dealt in closed form from its last layer (`codes[from..to)`):
// one case-file card per open slot among its category's free cards, then a multinomial over the
// players' rooms.

// What `dealFree` leaves for the free-card counts: each slot's openness and the case-file choices
// without each category.
const slotIsOpen = new Int32Array(32);
const choicesWithout = new Float64Array(32);
/** The case-file choices of the last `dealFree`: one free card per open slot. */
export let caseFileChoices = 0;
let freeTotals = new Float64Array(64);
let byPattern = new Float64Array(64);
// Per state of the last layer dealt by `dealLastLayer`: the multinomial over the players' rooms
// (0: no deal) and the pattern of open case-file slots (bit k: k's slot open).
let layerWays = new Float64Array(256);
let layerPattern = new Int32Array(256);
let dealtProgram: Program | null = null;
let dealtFrom = -1;
let dealtTo = -1;

/**
 * Deals the free cards from every state of the last layer `codes[from..to)` and writes each
 * state's number of ways to complete it (case-file choices times the multinomial) into
 * `completions`; keeps the multinomials and slot patterns for `addFreeCounts`.
 */
export function dealLastLayer(program: Program, codes: Int32Array, from: number, to: number, completions: Float64Array): void {
  const K = program.categories;
  if (layerWays.length < to - from) {
    layerWays = new Float64Array(2 * (to - from));
    layerPattern = new Int32Array(2 * (to - from));
  }
  for (let s = from; s < to; s++) {
    const multinomial = dealFree(program, codes[s]!);
    let pattern = 0;
    for (let k = 0; k < K; k++) pattern |= slotIsOpen[k]! << k;
    layerWays[s - from] = multinomial;
    layerPattern[s - from] = pattern;
    completions[s] = multinomial === 0 ? 0 : caseFileChoices * multinomial;
  }
  dealtProgram = program;
  dealtFrom = from;
  dealtTo = to;
}

/**
 * The ways to deal the free cards to the rooms and slots the programme's last state `code` leaves
 * open, as (ways to fill the slots) x (ways to fill the rooms): one case-file card per open slot
 * among its category's free cards, then a multinomial of the rest over the players' rooms. Returns
 * the multinomial (0 when a player that may hold no free card still has room) and leaves the rest
 * in the variables above.
 */
export function dealFree(program: Program, code: number): number {
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
  let ways = 1;
  for (let p = 0; p < players; p++) {
    const r = (code >>> playerShift[p]!) & playerMask[p]!;
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
  if (dealtProgram !== program || dealtFrom !== from || dealtTo !== to) dealLastLayer(program, codes, from, to, scratchCompletions(to));
  const { playerShift, playerMask } = program;
  for (let s = from; s < to; s++) {
    const f = reaching[s]!;
    if (f === 0) continue;
    const multinomial = layerWays[s - from]!;
    if (multinomial === 0) continue;
    const pattern = layerPattern[s - from]!;
    const base = pattern * width;
    // The free cards left to the players once each open slot took one.
    const n = freeCount - bitCount(pattern);
    const code = codes[s]!;
    for (let p = 0; p < players; p++) {
      const r = (code >>> playerShift[p]!) & playerMask[p]!;
      if (r !== 0) byPattern[base + p]! += f * oneLess(multinomial, r, n);
    }
    byPattern[base + players]! += f * multinomial;
  }
  const openAt = 0;
  const filledAt = K * players;
  const caseFileAt = 2 * K * players;
  for (let pattern = 0; pattern < patterns; pattern++) {
    const base = pattern * width;
    // No state of the last layer leaves this pattern: nothing to add.
    if (byPattern[base + players] === 0) continue;
    for (let k = 0; k < K; k++) {
      // The case-file choices of the other open slots.
      let choices = 1;
      for (let j = 0; j < K; j++) if (j !== k && ((pattern >> j) & 1) === 1) choices *= freeCaseFile[j]!;
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

let completionScratch = new Float64Array(256);

function scratchCompletions(size: number): Float64Array {
  if (completionScratch.length < size) completionScratch = new Float64Array(2 * size);
  return completionScratch;
}

function bitCount(x: number): number {
  let n = 0;
  for (let y = x; y !== 0; y &= y - 1) n++;
  return n;
}

/** The multinomial with one card less in a room of r (of n cards): M * r / n, exactly. */
function oneLess(multinomial: number, r: number, n: number): number {
  const product = multinomial * r;
  if (product < 9007199254740992) return product / n;
  return Math.round((multinomial / n) * r);
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
