import { Constraints, propagate, Shape, single } from './constraints.js';
import { backward, compile, forward } from './count.js';
import type { Fact } from './facts.js';
import type { Layout } from './layout.js';

export type Status = 'yes' | 'no' | 'maybe';

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
    this.shape = layout instanceof Shape ? layout : new Shape(layout);
    this.owners = this.shape.players + 1;
    this.cs = cs ?? Constraints.open(this.shape);
    this.counts = new Float64Array(this.shape.cards * this.owners);
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
    const { domain } = this.cs;
    const cfBit = 1 << this.shape.caseFile;
    switch (fact.kind) {
      case 'holds':
        this.narrow(fact.card, 1 << fact.player);
        break;
      case 'caseFile':
        for (const c of fact.cards) this.narrow(c, cfBit);
        break;
      case 'holdsNone':
        for (const c of fact.cards) this.narrow(c, ~(1 << fact.player));
        break;
      case 'holdsOneOf': {
        const bit = 1 << fact.player;
        if (fact.cards.some((c) => domain[c] === bit)) break;
        this.cs.clauses.push({ player: fact.player, cards: fact.cards.filter((c) => (domain[c]! & bit) !== 0) });
        this.fresh = false;
        break;
      }
      case 'notCaseFile':
        if (fact.cards.some((c) => (domain[c]! & cfBit) === 0)) break;
        this.cs.notCaseFile.push(fact.cards.slice());
        this.fresh = false;
        break;
    }
  }

  private narrow(card: number, keep: number): void {
    const { domain } = this.cs;
    const d = domain[card]! & keep;
    if (d === domain[card]) return;
    domain[card] = d;
    this.fresh = false;
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
    // complete knowledge and a fact already known is recognised without counting again.
    const { domain } = this.cs;
    for (let c = 0; c < this.shape.cards; c++) {
      let d = 0;
      for (let o = 0; o < this.owners; o++) if (this.counts[c * this.owners + o]! > 0) d |= 1 << o;
      domain[c] = d;
    }
    propagate(this.shape, this.cs);
  }
}

/**
 * Counts the worlds of `cs` (propagating it in place) and writes every (card, owner) count into
 * `counts`. Wrong accusations are counted by inclusion-exclusion: the worlds with no accused case
 * file are all worlds minus those with each accused case file, plus those with two at once (when
 * partial sets allow it), and so on.
 */
export function countWorlds(shape: Shape, cs: Constraints, counts: Float64Array): number {
  counts.fill(0);
  if (!propagate(shape, cs)) return 0;
  let total = addTerm(shape, cs, counts, 1);
  const nots = cs.notCaseFile;
  if (nots.length === 0) return total;
  const cfBit = 1 << shape.caseFile;
  const inCaseFile = new Int32Array(shape.categories).fill(-1);
  const subsets = (from: number, sign: number): void => {
    for (let i = from; i < nots.length; i++) {
      const set = nots[i]!;
      const placed: number[] = [];
      let fits = true;
      for (const c of set) {
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
          total += addTerm(shape, term, counts, -sign);
          subsets(i + 1, -sign);
        }
      }
      for (const k of placed) inCaseFile[k] = -1;
    }
  };
  subsets(0, 1);
  return total;
}

/** Adds `sign` times the counts of the propagated constraints `cs` (ignoring its wrong accusations). */
function addTerm(shape: Shape, cs: Constraints, counts: Float64Array, sign: number): number {
  const program = compile(shape, cs);
  const worlds = forward(program);
  if (worlds === 0) return 0;
  const owners = shape.players + 1;
  backward(program, owners, counts, sign);
  const { domain } = cs;
  for (let c = 0; c < shape.cards; c++) {
    const d = domain[c]!;
    if (single(d)) counts[c * owners + (31 - Math.clz32(d))]! += sign * worlds;
  }
  return sign * worlds;
}
