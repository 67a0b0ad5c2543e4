import { addFreeCaseFileCounts, addFreeCounts } from './free-cards.js';
import { backwardCounts, codes, edges, edgeTrans, layerStart, stateEdges } from './layers.js';
import type { Program } from './program.js';

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
    for (let i = from; i < to; i++) {
      const here = i * A;
      for (let e = stateEdges[i]!; e < stateEdges[i + 1]!; e++) {
        const target = edges[e]!;
        const j = edgeTrans[e]!;
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
    if (caseFileOnly) addFreeCaseFileCounts(program, owners, outs[lane[a]!]!, sign, codes, last, size, lanes, A, a);
    else {
      if (column.length < size) column = new Float64Array(2 * size);
      for (let i = last; i < size; i++) column[i] = lanes[i * A + a]!;
      addFreeCounts(program, owners, outs[lane[a]!]!, sign, codes, last, size, column);
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
    for (let i = from; i < to; i++) {
      for (let a = 0; a < A; a++) lanesBack[i * A + a] = 0;
      for (let e = stateEdges[i]!; e < stateEdges[i + 1]!; e++) {
        const target = edges[e]!;
        const j = edgeTrans[e]!;
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
