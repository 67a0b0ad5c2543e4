import type { Rng } from '../core/rng.js';
import { shuffleInPlace } from '../core/shuffle.js';
import { Constraints, propagate, Shape, single } from './constraints.js';
import { backwardCounts, codes, edges, edgeTrans, forward, backward, stateEdges } from './layers.js';
import { compile, type Program } from './program.js';

/**
 * One world drawn uniformly from every world the constraints allow, exactly and without rejection:
 * the owner of every card (`shape.caseFile` for the case file).
 *
 * The worlds are the paths of the counting programme compiled with the wrong accusations as
 * clauses (`compile`), so the draw walks it from the start, taking each transition with the share
 * of the worlds that complete through it (the backward counts), then deals the free cards of the
 * last state uniformly: one per open case-file slot among its category's free cards, the rest
 * shuffled into the rooms.
 */
export function sampleWorld(shape: Shape, constraints: Constraints, rng: Rng): Int32Array {
  const cs = constraints.copy();
  if (!propagate(shape, cs)) throw new Error('no deal fits the facts');
  return walk(shape, cs, rng);
}

/** The draw along the programme of propagated constraints. */
function walk(shape: Shape, cs: Constraints, rng: Rng): Int32Array {
  const program = compile(shape, cs, [], true);
  if (forward(program) <= 0) throw new Error('no deal fits the facts');
  const owners = shape.players + 1;
  backward(program, owners, null, 1);
  const owner = new Int32Array(shape.cards).fill(-1);
  for (let c = 0; c < shape.cards; c++) {
    const d = cs.domain[c]!;
    if (single(d)) owner[c] = 31 - Math.clz32(d);
  }
  const { transStart, transOwner, order } = program;
  let state = 0;
  for (let k = 0; k < program.length; k++) {
    let u = rng.next() * backwardCounts[state]!;
    let taken = -1;
    let next = -1;
    for (let e = stateEdges[state]!; e < stateEdges[state + 1]!; e++) {
      const target = edges[e]!;
      const b = backwardCounts[target]!;
      if (b <= 0) continue;
      taken = edgeTrans[e]!;
      next = target;
      if (u < b) break;
      u -= b;
    }
    owner[order[k]!] = transOwner[transStart[k]! + taken]!;
    state = next;
  }
  dealFreeCards(program, codes[state]!, owner, shape.caseFile, rng);
  return owner;
}

/** The free cards of the programme's last state `code`, dealt uniformly: one per open slot, the rest into the rooms. */
function dealFreeCards(program: Program, code: number, owner: Int32Array, caseFile: number, rng: Rng): void {
  // Positions in `program.free` of the cards not dealt yet.
  const rest: number[] = [];
  for (let i = 0; i < program.freeCount; i++) rest.push(i);
  for (let k = 0; k < program.categories; k++) {
    const s = program.slotShift[k]!;
    if (s < 0 || ((code >>> s) & 1) === 0) continue;
    const candidates: number[] = [];
    for (let r = 0; r < rest.length; r++) if (program.freeClass[rest[r]!] === k * 2 + 1) candidates.push(r);
    const pick = candidates[rng.int(candidates.length)]!;
    owner[program.free[rest[pick]!]!] = caseFile;
    rest.splice(pick, 1);
  }
  shuffleInPlace(rest, rng);
  let next = 0;
  for (let p = 0; p < program.players; p++) {
    const room = (code >>> program.playerShift[p]!) & program.playerMask[p]!;
    for (let r = 0; r < room; r++) owner[program.free[rest[next++]!]!] = p;
  }
}
