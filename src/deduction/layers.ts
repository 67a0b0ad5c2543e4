import { addFreeCounts, dealLastLayer } from './free-cards.js';
import type { Program } from './program.js';

// A programme run forward (every state's count of ways to reach it) and backward (of ways to
// complete it); their products along the edges give every (card, owner) count at once.

// The layers of the last forward pass: every state's code, forward and backward counts, and its
// edges to the next layer, only those that lead to a state: state i's are edges[stateEdges[i] ..
// stateEdges[i + 1] - 1], in the order of its transitions, edgeTrans giving each one's transition
// (its offset from the position's first). Near half of all (state, transition) pairs lead nowhere
// in long logs; the backward pass and the sweeps skip them without a test. Exported for the sweeps
// (`sweep.ts`) and the walk (`sample.ts`), which only read them.
export let codes = new Int32Array(1 << 12);
export let forwardCounts = new Float64Array(1 << 12);
export let backwardCounts = new Float64Array(1 << 12);
export let stateEdges = new Int32Array(1 << 12);
export let edges = new Int32Array(1 << 14);
export let edgeTrans = new Int32Array(1 << 14);
export let layerStart = new Int32Array(64);
// The layer being built is found by code. A programme of at most DIRECT_BITS bits indexes a
// table by the code itself: no hashing, no probing, and nothing to clear between layers, since
// an entry says which layer wrote it. Entry values count up across layers and passes from
// `layerBase`: a layer owns the values from its base to its base + its size; its base marks a code
// found invalid, base + 1 + i its i-th new state, and anything below its base is stale. Wider
// programmes (the table would be megabytes) use a small open-addressing hash table instead:
// slot i is the pair slots[2i] (the code, -1 when empty) and slots[2i + 1] (its value, as in the
// direct table), one cache line per probe.
const DIRECT_BITS = 20;
let direct = new Int32Array(1 << 12);
let layerBase = 1;
let slots = new Int32Array(2 << 10).fill(-1);
let usedSlots = new Int32Array(1 << 10);
let transTotals = new Float64Array(64);
// The transitions of the position being processed (at most one per owner, fewer than 32): the
// owner's field in place and the unit taken from it, so that a pair's room test is one AND and its
// next code one subtraction (~4% of the slowest long-log counts).
const fieldOf = new Int32Array(32);
const unitOf = new Int32Array(32);

function growStates(need: number): void {
  let size = codes.length;
  while (size < need) size *= 2;
  const c = new Int32Array(size);
  c.set(codes);
  const f = new Float64Array(size);
  f.set(forwardCounts);
  const s = new Int32Array(size);
  s.set(stateEdges);
  codes = c;
  forwardCounts = f;
  stateEdges = s;
  backwardCounts = new Float64Array(size);
}

function growEdges(need: number): void {
  let size = edges.length;
  while (size < need) size *= 2;
  const e = new Int32Array(size);
  e.set(edges);
  const t = new Int32Array(size);
  t.set(edgeTrans);
  edges = e;
  edgeTrans = t;
}

/**
 * The forward pass. Returns the number of worlds; the layers stay in the scratch tables for
 * `backward`.
 */
export function forward(program: Program): number {
  const { transStart, transShift, transMask, transSet, close, capCode, capFields, capBorrow, needStart, needBits, needShift, needMask } = program;
  const m = program.length;
  if (layerStart.length < m + 2) layerStart = new Int32Array(2 * (m + 2));
  // The scratch tables in locals: a module variable is read through its context on every access.
  const starts = layerStart;
  let stateCode = codes;
  let reaching = forwardCounts;
  let edgeTarget = edges;
  let edgeOf = edgeTrans;
  let firstEdge = stateEdges;
  const byCode = program.bits <= DIRECT_BITS;
  if (byCode && direct.length < 1 << program.bits) {
    direct = new Int32Array(1 << program.bits);
    layerBase = 1;
  }
  const index = direct;
  stateCode[0] = program.start;
  reaching[0] = 1;
  let size = 1;
  let edge = 0;
  starts[0] = 0;
  starts[1] = 1;
  for (let k = 0; k < m; k++) {
    const from = starts[k]!;
    const to = size;
    const t0 = transStart[k]!;
    const t1 = transStart[k + 1]!;
    const closing = close[k]!;
    const caps = capCode[k]!;
    const fields = capFields[k]!;
    const borrows = capBorrow[k]!;
    const needsFrom = needStart[k]!;
    const needsTo = needStart[k + 1]!;
    const most = (to - from) * (t1 - t0);
    if (edge + most > edgeTarget.length) {
      growEdges(edge + most);
      edgeTarget = edges;
      edgeOf = edgeTrans;
    }
    // Values past 2^31 would wrap: start afresh (the hash table is empty between layers).
    if (layerBase > 0x7fffffff - most - 1) {
      index.fill(0);
      layerBase = 1;
    }
    const base = layerBase;
    // More slots than the codes this layer can meet, so a probe always ends; the codes met are
    // usually a small part of that bound, which keeps the load low and the table small.
    let bits = 4;
    while (1 << bits <= most) bits++;
    if (!byCode && usedSlots.length < 1 << bits) {
      slots = new Int32Array(2 << bits).fill(-1);
      usedSlots = new Int32Array(1 << bits);
    }
    const table = slots;
    const usedAt = usedSlots;
    const shift = 32 - bits;
    const wrap = (2 << bits) - 1;
    let used = 0;
    const d = t1 - t0;
    const field = fieldOf;
    const unit = unitOf;
    for (let j = 0; j < d; j++) {
      field[j] = transMask[t0 + j]! << transShift[t0 + j]!;
      unit[j] = 1 << transShift[t0 + j]!;
    }
    // A value's state index, less the value.
    const offset = to - base - 1;
    for (let i = from; i < to; i++) {
      const code = stateCode[i]!;
      const f = reaching[i]!;
      firstEdge[i] = edge;
      for (let j = 0; j < d; j++) {
        if ((code & field[j]!) === 0) continue;
        let next = (code - unit[j]!) | transSet[t0 + j]!;
        if ((next & closing) !== closing) continue;
        next ^= closing;
        // The code's value in this layer (below `base`: not met yet). The edge is pushed only past
        // every test, each of which ends a dead pair at once: fewer branches per pair (~5% of the
        // slowest long-log counts).
        let value: number;
        let slot = 0;
        if (byCode) value = index[next]!;
        else {
          slot = (Math.imul(next, 0x9e3779b1) >>> shift) << 1;
          let found = table[slot]!;
          while (found !== next && found !== -1) {
            slot = (slot + 2) & wrap;
            found = table[slot]!;
          }
          value = found === next ? table[slot + 1]! : 0;
        }
        let target = -1;
        if (value >= base) {
          if (value === base) continue;
          target = value + offset;
          reaching[target]! += f;
        } else {
          const held = next & fields;
          let alive = ((caps ^ held ^ ((caps - held) | 0)) & borrows) === 0;
          if (alive) {
            // A live clause still unmet needs room in its player's hand.
            for (let q = needsFrom; q < needsTo; q++) {
              const need = needBits[q]!;
              if ((next & need) !== need && ((next >>> needShift[q]!) & needMask[q]!) === 0) {
                alive = false;
                break;
              }
            }
          }
          if (alive) {
            if (size === stateCode.length) {
              growStates(size + 1);
              stateCode = codes;
              reaching = forwardCounts;
              firstEdge = stateEdges;
            }
            target = size++;
            stateCode[target] = next;
            reaching[target] = f;
          }
          value = target < 0 ? base : target - offset;
          if (byCode) index[next] = value;
          else {
            table[slot] = next;
            table[slot + 1] = value;
            usedAt[used++] = slot;
          }
          if (target < 0) continue;
        }
        edgeTarget[edge] = target;
        edgeOf[edge++] = j;
      }
    }
    starts[k + 2] = size;
    layerBase = base + size - to + 1;
    for (let i = 0; i < used; i++) table[usedAt[i]!] = -1;
  }
  // The last layer has no edges: its first state's start ends the layer before's.
  firstEdge[starts[m]!] = edge;
  dealLastLayer(program, stateCode, starts[m]!, size, backwardCounts);
  let total = 0;
  for (let i = starts[m]!; i < size; i++) total += reaching[i]! * backwardCounts[i]!;
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
  // The scratch tables in locals, as in `forward`.
  const starts = layerStart;
  const edgeTarget = edges;
  const edgeOf = edgeTrans;
  const firstEdge = stateEdges;
  const reaching = forwardCounts;
  const completing = backwardCounts;
  const totals = transTotals;
  for (let k = m - 1; k >= 0; k--) {
    const from = starts[k]!;
    const to = starts[k + 1]!;
    const t0 = transStart[k]!;
    const d = transStart[k + 1]! - t0;
    let e = firstEdge[from]!;
    if (out === null) {
      for (let i = from; i < to; i++) {
        const end = firstEdge[i + 1]!;
        let sum = 0;
        for (; e < end; e++) sum += completing[edgeTarget[e]!]!;
        completing[i] = sum;
      }
      continue;
    }
    for (let j = 0; j < d; j++) totals[j] = 0;
    for (let i = from; i < to; i++) {
      const f = reaching[i]!;
      const end = firstEdge[i + 1]!;
      let sum = 0;
      for (; e < end; e++) {
        const b = completing[edgeTarget[e]!]!;
        sum += b;
        totals[edgeOf[e]!]! += f * b;
      }
      completing[i] = sum;
    }
    const base = order[k]! * owners;
    for (let j = 0; j < d; j++) out[base + transOwner[t0 + j]!]! += sign * totals[j]!;
  }
  if (out !== null) addFreeCounts(program, owners, out, sign, codes, starts[m]!, starts[m + 1]!, reaching);
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
