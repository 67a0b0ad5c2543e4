/**
 * The solved table: the expected points still to come under optimal play from every turn-start
 * state, the upper bonus included while it is still to be earned. This file runs in browsers too
 * (the optimal bot in a page): where a table comes from beyond building it here is load.ts's
 * (Node: the disk cache, worker threads) and page-table.ts's (a page: a Web Worker).
 */
import { buildTableSync } from './layers.js';
import { STATE_COUNT, stateIndex, upperTotalReachable } from './states.js';

export class OptimalTable {
  constructor(readonly values: Float64Array) {
    if (values.length !== STATE_COUNT) throw new RangeError(`a table holds ${STATE_COUNT} states, got ${values.length}`);
  }

  /** The turn-start states the table holds (used categories x bonus need), finished cards included. */
  get states(): number {
    return STATE_COUNT;
  }

  /** The value of a card at the start of a turn: `used` is the mask of used categories (bit i = CATEGORIES[i]). */
  value(used: number, upperTotal: number): number {
    if (!upperTotalReachable(used, upperTotal)) throw new RangeError(`upper total ${upperTotal} cannot go with used mask ${used}`);
    return this.values[stateIndex(used, upperTotal)]!;
  }

  /** The expected final score of a game played optimally from the empty card. */
  get expectedScore(): number {
    return this.value(0, 0);
  }
}

let shared: OptimalTable | undefined;
// Building in this thread (a second or so) needs nothing but computation, so it works anywhere.
let supply = (): OptimalTable => new OptimalTable(buildTableSync());

/** One table per thread for the bots: made on first use by the thread's supplier. */
export function sharedTable(): OptimalTable {
  shared ??= supply();
  return shared;
}

/** Where this thread's table comes from when it is first asked for (Node: the disk cache, load.ts). */
export function supplyTable(supplier: () => OptimalTable): void {
  supply = supplier;
}

/** Whether this thread already holds its table, so that a first decision will not wait for one. */
export function hasSharedTable(): boolean {
  return shared !== undefined;
}

/** Hands this thread a table made elsewhere (a page's worker built it). */
export function shareTable(table: OptimalTable): void {
  shared = table;
}
