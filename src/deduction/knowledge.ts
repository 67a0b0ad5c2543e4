import { Constraints, propagate, Shape, shapeOf, single, tidy } from './constraints.js';
import { addFirstCardsJoint, backward, forward } from './layers.js';
import { compile } from './program.js';
import { visitSplit } from './hub-split.js';
import { sampleWorld } from './sample.js';
import { sweepRestrictions } from './sweep.js';
import type { Fact } from './facts.js';
import type { Layout } from './layout.js';
import type { Rng } from '../core/rng.js';

export type Status = 'yes' | 'no' | 'maybe';

// A Knowledge's counts and new domain are views on a shared slab: a buffer of their own would be
// allocated outside V8's heap, which costs a small fresh count ~2-4%. A slab is carved front to
// back, never handed out twice, and freed with its last view.
const SLAB_BYTES = 1 << 14;
let slab = new ArrayBuffer(SLAB_BYTES);
let carved = 0;

/** `bytes` (a multiple of 8) of `slab`, for the caller alone: returns their offset. */
function carve(bytes: number): number {
  if (carved + bytes > slab.byteLength) {
    slab = new ArrayBuffer(Math.max(SLAB_BYTES, bytes));
    carved = 0;
  }
  const at = carved;
  carved += bytes;
  return at;
}

/**
 * Everything a player knows of a deal, exactly: facts go in one at a time, and `solve` counts the
 * worlds (deals consistent with every fact: every hand its size, one card of each category in the
 * case file) and, for every card and owner, the worlds in which that owner holds it. A pair is
 * "yes" when it holds in every world, "no" in none, and its probability is its share of the worlds
 * (every consistent deal equally likely).
 */
export class Knowledge {
  readonly shape: Shape;
  /** Owners per card in `counts`: the players, then the case file. */
  readonly owners: number;
  private cs: Constraints;
  private readonly counts: Float64Array;
  private total = 0;
  private fresh = false;
  private contradicted = false;

  constructor(layout: Layout | Shape, cs?: Constraints) {
    this.shape = layout instanceof Shape ? layout : shapeOf(layout);
    this.owners = this.shape.players + 1;
    const counted = this.shape.cards * this.owners;
    const at = carve(8 * counted + (cs ? 0 : (4 * this.shape.cards + 7) & ~7));
    this.counts = new Float64Array(slab, at, counted);
    this.cs = cs ?? Constraints.open(this.shape, new Int32Array(slab, at + 8 * counted, this.shape.cards));
  }

  /** An independent copy, e.g. to try a hypothetical answer. */
  clone(): Knowledge {
    const copy = new Knowledge(this.shape, this.cs.copy());
    copy.counts.set(this.counts);
    copy.total = this.total;
    copy.fresh = this.fresh;
    copy.contradicted = this.contradicted;
    return copy;
  }

  /** Adds a fact; the counts are brought up to date on the next read. */
  add(fact: Fact): void {
    if (this.contradicted) return;
    if (constrain(this.shape, this.cs, fact)) this.fresh = false;
  }

  /**
   * What the counts would be after `facts` too, without learning them: every (card, owner) count
   * into `counts` (as `count` reads them), and the number of worlds returned.
   */
  countsAfter(facts: readonly Fact[], counts: Float64Array): number {
    this.solve();
    if (this.contradicted) {
      counts.fill(0);
      return 0;
    }
    const cs = this.cs.copy();
    for (const fact of facts) constrain(this.shape, cs, fact);
    return countWorlds(this.shape, cs, counts);
  }

  /** False once the facts contradict each other: no deal satisfies them all. */
  get consistent(): boolean {
    this.solve();
    return !this.contradicted;
  }

  /** The number of worlds (0 when inconsistent). Exact: it stays below 2^53. */
  get worlds(): number {
    this.solve();
    return this.contradicted ? 0 : this.total;
  }

  /** The number of worlds in which `owner` (a player, or the case file: players) holds `card`. */
  count(card: number, owner: number): number {
    this.solve();
    return this.contradicted ? 0 : this.counts[card * this.owners + owner]!;
  }

  probability(card: number, owner: number): number {
    this.solve();
    return this.contradicted ? 0 : this.counts[card * this.owners + owner]! / this.total;
  }

  status(card: number, owner: number): Status {
    this.solve();
    const d = this.cs.domain[card]!;
    if (this.contradicted || (d & (1 << owner)) === 0) return 'no';
    return single(d) ? 'yes' : 'maybe';
  }

  /** The owners still possible for `card`, as a bit mask (bit `shape.caseFile` is the case file). */
  possibleOwners(card: number): number {
    this.solve();
    return this.contradicted ? 0 : this.cs.domain[card]!;
  }

  /** The case file's card of each category when every one is certain, else null. */
  solution(): number[] | null {
    this.solve();
    if (this.contradicted) return null;
    const cfBit = 1 << this.shape.caseFile;
    const found: number[] = [];
    for (const cards of this.shape.cardsOf) {
      const c = cards.find((card) => this.cs.domain[card] === cfBit);
      if (c === undefined) return null;
      found.push(c);
    }
    return found;
  }

  /**
   * The number of worlds for every combination of owners of `cards` (at most 3): entry
   * sum(owner_i * owners^i). One count, however many combinations.
   */
  ownersJoint(cards: readonly number[]): Float64Array {
    return this.countsUnder(cards, []).joint;
  }

  /**
   * For each restriction of the owners of `cards` (one owner mask per card), what the counts would
   * be under it: the number of worlds and every (card, owner) count; and the joint of the cards'
   * owners (as `ownersJoint`). One count serves them all: the programme deals `cards` first, and
   * each restriction only sweeps its forward counts again. With `caseFileOnly`, only the case
   * file's counts are counted (the rest of `counts` is not meaningful).
   */
  countsUnder(
    cards: readonly number[],
    restrictions: readonly (readonly number[])[],
    caseFileOnly = false,
  ): { joint: Float64Array; worlds: Float64Array; counts: Float64Array[] } {
    this.solve();
    const owners = this.owners;
    const joint = new Float64Array(owners ** cards.length);
    const worlds = new Float64Array(restrictions.length);
    const counts = restrictions.map(() => new Float64Array(this.shape.cards * owners));
    if (this.contradicted) return { joint, worlds, counts };
    const termJoint = new Float64Array(joint.length);
    forEachTerm(this.shape, this.cs.copy(), (term, sign) => {
      const program = compile(this.shape, term, cards);
      if (forward(program) === 0) return;
      backward(program, owners, null, sign);
      termJoint.fill(0);
      addFirstCardsJoint(program, term.domain, cards, owners, termJoint, 1);
      for (let i = 0; i < joint.length; i++) joint[i]! += sign * termJoint[i]!;
      // A restriction that no world of this term meets has nothing to sweep.
      const wanted = restrictions.map((allowed) => someAllowed(termJoint, allowed, owners));
      const termWorlds = new Float64Array(restrictions.length);
      sweepRestrictions(program, term.domain, cards, restrictions, wanted, owners, counts, termWorlds, sign, caseFileOnly);
      restrictions.forEach((_, r) => {
        if (termWorlds[r] === 0) return;
        worlds[r]! += termWorlds[r]!;
        addKnownCards(term.domain, owners, counts[r]!, termWorlds[r]!);
      });
    });
    return { joint, worlds, counts };
  }

  /**
   * One world drawn uniformly from the worlds, exactly (`sample.ts`): the owner of every card, the
   * case file being owner `shape.caseFile`. Throws when the facts contradict each other.
   */
  sample(rng: Rng): Int32Array {
    if (this.contradicted) throw new Error('no deal fits the facts');
    return sampleWorld(this.shape, this.cs, rng);
  }

  /** The propagated constraints (read-only), for reasoning built on top of the counts. */
  get constraints(): Constraints {
    this.solve();
    return this.cs;
  }

  /** Brings the counts up to date with every fact added so far. */
  solve(): void {
    if (this.fresh || this.contradicted) return;
    this.fresh = true;
    const total = countWorlds(this.shape, this.cs, this.counts);
    if (total <= 0) {
      this.contradicted = true;
      return;
    }
    this.total = total;
    // Every consequence the counts show becomes a constraint, so later propagation starts from
    // complete knowledge and a fact already known is recognised without counting again. The
    // domains are then exact: only the clauses and accusations they meet are left to drop.
    const { domain } = this.cs;
    const counts = this.counts;
    const owners = this.owners;
    for (let c = 0; c < this.shape.cards; c++) {
      // Counting never widens a domain: only the owners a card may have can lose their worlds.
      let d = domain[c]!;
      if (single(d)) continue;
      for (let rest = d; rest !== 0; rest &= rest - 1) {
        const o = 31 - Math.clz32(rest & -rest);
        if (counts[c * owners + o]! <= 0) d &= ~(1 << o);
      }
      domain[c] = d;
    }
    tidy(this.shape, this.cs);
  }
}

/** Narrows `cs` by a fact. False when the fact was known already (nothing changed). */
function constrain(shape: Shape, cs: Constraints, fact: Fact): boolean {
  const { domain } = cs;
  const cfBit = 1 << shape.caseFile;
  switch (fact.kind) {
    case 'holds':
      return narrow(domain, fact.card, 1 << fact.player);
    case 'caseFile': {
      let changed = false;
      for (const c of fact.cards) if (narrow(domain, c, cfBit)) changed = true;
      return changed;
    }
    case 'holdsNone': {
      let changed = false;
      for (const c of fact.cards) if (narrow(domain, c, ~(1 << fact.player))) changed = true;
      return changed;
    }
    case 'holdsOneOf': {
      const bit = 1 << fact.player;
      const possible: number[] = [];
      for (const c of fact.cards) {
        if (domain[c] === bit) return false;
        if ((domain[c]! & bit) !== 0) possible.push(c);
      }
      cs.clauses.push({ player: fact.player, cards: possible });
      return true;
    }
    case 'notCaseFile':
      for (const c of fact.cards) if ((domain[c]! & cfBit) === 0) return false;
      cs.notCaseFile.push(fact.cards.slice());
      return true;
  }
}

/** Keeps only the owners `keep` for `card`; true when that removed one. */
function narrow(domain: Int32Array, card: number, keep: number): boolean {
  const d = domain[card]! & keep;
  if (d === domain[card]) return false;
  domain[card] = d;
  return true;
}

/**
 * The terms of the inclusion-exclusion that counts wrong accusations: the worlds with no accused
 * case file are all worlds, minus those with each accused case file, plus those with two at once
 * (possible when accusations are partial), and so on. Calls `visit` with each term's propagated
 * constraints (wrong accusations dropped) and its sign, a term with a card named by several
 * clauses of one player in parts that add up to it (`hub-split.ts`); the first term is `cs` itself
 * unless split. False when `cs` propagates to a contradiction.
 */
export function forEachTerm(shape: Shape, cs: Constraints, visit: (term: Constraints, sign: number) => void): boolean {
  if (!propagate(shape, cs)) return false;
  visitSplit(shape, cs, 1, visit);
  const nots = cs.notCaseFile;
  if (nots.length === 0) return true;
  const cfBit = 1 << shape.caseFile;
  const inCaseFile = new Int32Array(shape.categories).fill(-1);
  const subsets = (from: number, sign: number): void => {
    for (let i = from; i < nots.length; i++) {
      const placed: number[] = [];
      let fits = true;
      for (const c of nots[i]!) {
        const k = shape.categoryOf[c]!;
        if (inCaseFile[k] === c) continue;
        if (inCaseFile[k] !== -1) {
          fits = false;
          break;
        }
        inCaseFile[k] = c;
        placed.push(k);
      }
      if (fits) {
        const term = cs.copy();
        term.notCaseFile.length = 0;
        for (let k = 0; k < shape.categories; k++) {
          const c = inCaseFile[k]!;
          if (c >= 0) term.domain[c]! &= cfBit;
        }
        // A superset of an impossible case file is impossible too.
        if (propagate(shape, term)) {
          visitSplit(shape, term, -sign, visit);
          subsets(i + 1, -sign);
        }
      }
      for (const k of placed) inCaseFile[k] = -1;
    }
  };
  subsets(0, 1);
  return true;
}

/** Counts the worlds of `cs` (propagating it in place) and writes every (card, owner) count into `counts`. */
export function countWorlds(shape: Shape, cs: Constraints, counts: Float64Array): number {
  counts.fill(0);
  let total = 0;
  forEachTerm(shape, cs, (term, sign) => {
    total += addTerm(shape, term, counts, sign);
  });
  return total;
}

/** Adds `sign` times the counts of the propagated constraints `cs` (ignoring its wrong accusations). */
function addTerm(shape: Shape, cs: Constraints, counts: Float64Array, sign: number): number {
  const program = compile(shape, cs);
  const worlds = forward(program);
  if (worlds === 0) return 0;
  backward(program, shape.players + 1, counts, sign);
  addKnownCards(cs.domain, shape.players + 1, counts, sign * worlds);
  return sign * worlds;
}

/** Whether some combination of owners with worlds in `joint` is allowed by the masks (one per card). */
function someAllowed(joint: Float64Array, allowed: readonly number[], owners: number): boolean {
  const a0 = allowed[0] ?? 0;
  const a1 = allowed[1] ?? 1;
  const a2 = allowed[2] ?? 1;
  const n1 = allowed.length > 1 ? owners : 1;
  const n2 = allowed.length > 2 ? owners : 1;
  for (let o2 = 0; o2 < n2; o2++) {
    if (allowed.length > 2 && (a2 & (1 << o2)) === 0) continue;
    for (let o1 = 0; o1 < n1; o1++) {
      if (allowed.length > 1 && (a1 & (1 << o1)) === 0) continue;
      const base = (o2 * n1 + o1) * owners;
      for (let o0 = 0; o0 < owners; o0++) if ((a0 & (1 << o0)) !== 0 && joint[base + o0] !== 0) return true;
    }
  }
  return false;
}

/** A card with one possible owner is that owner's in every one of the worlds: adds them to its count. */
function addKnownCards(domain: Int32Array, owners: number, counts: Float64Array, worlds: number): void {
  for (let c = 0; c < domain.length; c++) {
    const d = domain[c]!;
    if (single(d)) counts[c * owners + (31 - Math.clz32(d))]! += worlds;
  }
}
