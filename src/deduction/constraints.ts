import { categoryCount, layoutProblem, type Layout } from './layout.js';

/** "The player holds at least one of these cards", with only the cards it may still hold. */
export interface Clause {
  readonly player: number;
  cards: number[];
}

/**
 * The layout in the form the reasoning reads: owner masks (bit o = owner o, the case file last),
 * the cards of each category, the room each owner has.
 */
export class Shape {
  readonly cards: number;
  readonly players: number;
  /** The case file's owner number. */
  readonly caseFile: number;
  readonly categories: number;
  readonly categoryOf: Int32Array;
  readonly handSizes: Int32Array;
  readonly cardsOf: readonly Int32Array[];
  /** Every owner's bit. */
  readonly everyone: number;

  constructor(readonly layout: Layout) {
    const problem = layoutProblem(layout);
    if (problem !== null) throw new Error(`invalid layout: ${problem}`);
    this.cards = layout.categoryOf.length;
    this.players = layout.handSizes.length;
    this.caseFile = this.players;
    this.categories = categoryCount(layout);
    this.categoryOf = Int32Array.from(layout.categoryOf);
    this.handSizes = Int32Array.from(layout.handSizes);
    const lists: number[][] = Array.from({ length: this.categories }, () => []);
    layout.categoryOf.forEach((k, card) => lists[k]!.push(card));
    this.cardsOf = lists.map((l) => Int32Array.from(l));
    this.everyone = (1 << (this.players + 1)) - 1;
  }
}

/** The shapes of the last layouts seen, so a new Knowledge of a layout met before shares its Shape (read-only). */
const recentShapes: Shape[] = [];
const RECENT_SHAPES = 8;

/** The Shape of a layout, shared with an earlier one of equal cards and hands. */
export function shapeOf(layout: Layout): Shape {
  // Compared with the Shape's own copies: the caller may change its arrays afterwards.
  for (const shape of recentShapes) if (sameNumbers(shape.categoryOf, layout.categoryOf) && sameNumbers(shape.handSizes, layout.handSizes)) return shape;
  const shape = new Shape(layout);
  if (recentShapes.unshift(shape) > RECENT_SHAPES) recentShapes.pop();
  return shape;
}

function sameNumbers(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Everything known about one deal: the owners each card may still have, the open clauses, and the
 * wrong accusations not yet implied by the rest. Facts only ever narrow it.
 */
export class Constraints {
  constructor(
    readonly domain: Int32Array,
    readonly clauses: Clause[],
    /** Card sets the case file does not hold all of. */
    readonly notCaseFile: number[][],
  ) {}

  /** Nothing known yet; `domain` (one entry per card) is overwritten. */
  static open(shape: Shape, domain = new Int32Array(shape.cards)): Constraints {
    return new Constraints(domain.fill(shape.everyone), [], []);
  }

  copy(): Constraints {
    return new Constraints(
      this.domain.slice(),
      this.clauses.map((c) => ({ player: c.player, cards: c.cards.slice() })),
      this.notCaseFile.map((s) => s.slice()),
    );
  }
}

/** True when `mask` has exactly one bit. */
export function single(mask: number): boolean {
  return mask !== 0 && (mask & (mask - 1)) === 0;
}

// Per owner (players, then each category's case-file slot): the cards known to be its and the
// cards it may hold. `propagate` counts them in one pass over the cards and keeps them exact as
// its owner rules narrow domains; a narrowing by a clause, an accusation or a hand cover (rarer)
// has them counted again.
let knownOf = new Int32Array(64);
let possibleOf = new Int32Array(64);

/**
 * Draws every easy consequence (unit rules) until nothing changes: a card with one possible owner
 * is that owner's; an owner whose room is filled by known cards holds nothing else; an owner whose
 * possible cards just fill its room holds them all; the same for each category's case-file card; a
 * clause with one possible card is that card; a wrong accusation with all but one card known in the
 * case file rules out the last. False when the constraints contradict each other.
 *
 * This is only the cheap part: the exact counter then finds every remaining consequence.
 */
export function propagate(shape: Shape, cs: Constraints): boolean {
  const domain = cs.domain;
  const categoryOf = shape.categoryOf;
  const n = shape.cards;
  const P = shape.players;
  const cfBit = 1 << shape.caseFile;
  const fields = P + shape.categories;
  if (knownOf.length < fields) {
    knownOf = new Int32Array(2 * fields);
    possibleOf = new Int32Array(2 * fields);
  }
  const known = knownOf;
  const possible = possibleOf;
  let recount = true;
  let changed = true;
  while (changed) {
    changed = false;
    if (recount) {
      recount = false;
      known.fill(0, 0, fields);
      possible.fill(0, 0, fields);
      for (let c = 0; c < n; c++) {
        const d = domain[c]!;
        if (d === 0) return false;
        const isKnown = (d & (d - 1)) === 0;
        for (let x = d; x !== 0; x &= x - 1) {
          const o = countIndexOf(x & -x, c, cfBit, P, categoryOf);
          possible[o]!++;
          if (isKnown) known[o]!++;
        }
      }
    }
    for (let o = 0; o < fields; o++) {
      const room = o < P ? shape.handSizes[o]! : 1;
      const k = known[o]!;
      const may = possible[o]!;
      if (k > room || may < room) return false;
      if (k === may || (k !== room && may !== room)) continue;
      const bit = o < P ? 1 << o : cfBit;
      const category = o - P;
      for (let c = 0; c < n; c++) {
        const d = domain[c]!;
        if ((d & bit) === 0 || d === bit || (o >= P && categoryOf[c] !== category)) continue;
        // d has two owners or more: every one it loses may hold a card less, and it may become known.
        const narrowed = k === room ? d & ~bit : bit;
        for (let x = d & ~narrowed; x !== 0; x &= x - 1) possible[countIndexOf(x & -x, c, cfBit, P, categoryOf)]!--;
        if ((narrowed & (narrowed - 1)) === 0) known[countIndexOf(narrowed, c, cfBit, P, categoryOf)]!++;
        domain[c] = narrowed;
      }
      changed = true;
    }
    const clauses = settleClauses(domain, cs.clauses);
    if (clauses < 0) return false;
    const nots = settleAccusations(domain, cfBit, cs.notCaseFile);
    if (nots < 0) return false;
    if (clauses > 0 || nots > 0) changed = recount = true;
    if (!changed && cs.clauses.length > 0 && n <= 31) {
      const covered = coverHands(shape, cs, known);
      if (covered === null) return false;
      changed = recount = covered;
    }
  }
  dropSubsumed(cs.clauses);
  return true;
}

/** Where `propagate` counts owner bit `bit` of card c: its player, or its category's case-file slot. */
function countIndexOf(bit: number, c: number, cfBit: number, players: number, categoryOf: Int32Array): number {
  return bit === cfBit ? players + categoryOf[c]! : 31 - Math.clz32(bit);
}

/**
 * Tidies constraints whose domains are exact (each owner left for a card has a world): drops the
 * clauses and wrong accusations they meet and trims the clauses' cards, as `propagate` would. Its
 * unit rules cannot narrow an exact domain, so they are not run.
 */
export function tidy(shape: Shape, cs: Constraints): void {
  settleClauses(cs.domain, cs.clauses);
  settleAccusations(cs.domain, 1 << shape.caseFile, cs.notCaseFile);
  dropSubsumed(cs.clauses);
}

/**
 * Drops the clauses a known card meets, trims the others to their possible cards, and gives a
 * clause with one card left that card. Returns -1 on a clause with none left, 1 when a domain
 * narrowed, else 0.
 */
function settleClauses(domain: Int32Array, clauses: Clause[]): number {
  let narrowed = 0;
  for (let i = clauses.length - 1; i >= 0; i--) {
    const clause = clauses[i]!;
    const bit = 1 << clause.player;
    const cards = clause.cards;
    let satisfied = false;
    let left = 0;
    for (const c of cards) {
      const d = domain[c]!;
      if (d === bit) satisfied = true;
      else if ((d & bit) !== 0) cards[left++] = c;
    }
    if (satisfied) {
      clauses.splice(i, 1);
      continue;
    }
    if (left === 0) return -1;
    if (left === 1) {
      domain[cards[0]!] = bit;
      clauses.splice(i, 1);
      narrowed = 1;
      continue;
    }
    // Setting an array's length is a slow runtime call even when it changes nothing.
    if (left !== cards.length) cards.length = left;
  }
  return narrowed;
}

/**
 * Drops the wrong accusations with a card outside the case file, and rules out the last open card
 * of one whose other cards are all the case file's. Returns -1 on one whose cards are all the case
 * file's, 1 when a domain narrowed, else 0.
 */
function settleAccusations(domain: Int32Array, cfBit: number, nots: number[][]): number {
  let narrowed = 0;
  for (let i = nots.length - 1; i >= 0; i--) {
    const set = nots[i]!;
    let outside = false;
    let open = -1;
    let opens = 0;
    for (const c of set) {
      const d = domain[c]!;
      if ((d & cfBit) === 0) outside = true;
      else if (d !== cfBit) {
        open = c;
        opens++;
      }
    }
    if (outside) {
      nots.splice(i, 1);
      continue;
    }
    if (opens === 0) return -1;
    if (opens === 1) {
      domain[open]! &= ~cfBit;
      nots.splice(i, 1);
      narrowed = 1;
    }
  }
  return narrowed;
}

/** Removes clauses implied by another of the same player whose cards they all include. */
function dropSubsumed(clauses: Clause[]): void {
  for (let i = clauses.length - 1; i >= 0; i--) {
    const a = clauses[i]!;
    for (let j = 0; j < clauses.length; j++) {
      const b = clauses[j]!;
      if (j === i || b.player !== a.player || b.cards.length > a.cards.length) continue;
      // Of two equal clauses the later goes.
      if (b.cards.length === a.cards.length && j > i) continue;
      if (includesAll(a.cards, b.cards)) {
        clauses.splice(i, 1);
        break;
      }
    }
  }
}

function includesAll(set: readonly number[], sub: readonly number[]): boolean {
  for (const c of sub) if (!set.includes(c)) return false;
  return true;
}

/**
 * A player with room for r more cards and r clauses that share no card must take one card from
 * each, and nothing else: every other card is not theirs. With r + 1 such clauses they cannot.
 * Returns null on a contradiction, else whether a domain changed. Needs cards < 32 (card masks).
 * `known` holds each player's known cards as `propagate` keeps them: current until this call
 * narrows a domain, and after that `propagate` counts them again.
 */
function coverHands(shape: Shape, cs: Constraints, known: Int32Array): boolean | null {
  const { domain, clauses } = cs;
  let changed = false;
  for (let p = 0; p < shape.players; p++) {
    const room = shape.handSizes[p]! - known[p]!;
    let mine = 0;
    for (const clause of clauses) if (clause.player === p) mine++;
    if (mine === 0 || room > mine) continue;
    const bit = 1 << p;
    if (coverMasks.length < mine) coverMasks = new Int32Array(2 * mine);
    let count = 0;
    for (const clause of clauses) {
      if (clause.player !== p) continue;
      // Domains may have narrowed since the clause was last read: a clause met by a known card
      // takes no room, and only cards still possible count.
      let mask = 0;
      let met = false;
      for (const c of clause.cards) {
        if (domain[c] === bit) met = true;
        else if ((domain[c]! & bit) !== 0) mask |= 1 << c;
      }
      if (!met) coverMasks[count++] = mask;
    }
    if (count === 0 || room > count) continue;
    let possible = 0;
    for (let c = 0; c < shape.cards; c++) if (domain[c] !== bit && (domain[c]! & bit) !== 0) possible |= 1 << c;
    coverCount = count;
    coverRoom = room;
    coverAllowed = possible;
    coverImpossible = false;
    coverFamilies(0, 0, 0);
    if (coverImpossible) return null;
    if (coverAllowed === possible) continue;
    for (let c = 0; c < shape.cards; c++) {
      if ((possible & (1 << c)) !== 0 && (coverAllowed & (1 << c)) === 0) domain[c]! &= ~bit;
    }
    changed = true;
  }
  return changed;
}

// The search of `coverHands` for one player: its unmet clauses' card masks, its room, the cards
// every family of `room` disjoint clauses allows so far, and whether one more clause fits beside one.
let coverMasks = new Int32Array(32);
let coverCount = 0;
let coverRoom = 0;
let coverAllowed = 0;
let coverImpossible = false;

/** Every family of `coverRoom` disjoint clauses confines the player's other cards to its union. */
function coverFamilies(from: number, used: number, size: number): void {
  if (coverImpossible) return;
  if (size === coverRoom) {
    coverAllowed &= used;
    for (let i = from; i < coverCount; i++) {
      if ((coverMasks[i]! & used) === 0) {
        coverImpossible = true;
        return;
      }
    }
    return;
  }
  for (let i = from; i < coverCount; i++) {
    if ((coverMasks[i]! & used) === 0) coverFamilies(i + 1, used | coverMasks[i]!, size + 1);
  }
}
