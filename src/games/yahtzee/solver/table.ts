/**
 * The solved table: the expected points still to come under optimal play from every turn-start
 * state, the upper bonus included while it is still to be earned. Loaded from the cache when the
 * cache is sound, built (and cached) otherwise.
 */
import { performance } from 'node:perf_hooks';
import { buildTable, buildTableSync } from './build.js';
import { readTableCache, tableCachePath, writeTableCache } from './cache.js';
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

/** Where a table came from, for the people who asked for it. */
export interface LoadedTable {
  readonly table: OptimalTable;
  readonly source: 'cache' | 'built';
  /** Loading or building time. */
  readonly seconds: number;
  readonly cachePath: string;
  /** Why the cache was not used ('missing', 'corrupt: ...', 'stale: ...'), when it was not. */
  readonly cacheProblem?: string;
  /** Why the freshly built table could not be cached, if it could not. */
  readonly writeProblem?: string;
}

function cacheBuilt(values: Float64Array, path: string): string | undefined {
  try {
    writeTableCache(path, values);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function fromCache(path: string): LoadedTable | string {
  const started = performance.now();
  const read = readTableCache(path);
  if ('problem' in read) return read.problem;
  return { table: new OptimalTable(read.values), source: 'cache', seconds: (performance.now() - started) / 1000, cachePath: path };
}

/** A table just built (since `started`), written to the cache when `write`. */
function built(values: Float64Array, started: number, path: string, write: boolean, cacheProblem?: string): LoadedTable {
  const seconds = (performance.now() - started) / 1000;
  const writeProblem = write ? cacheBuilt(values, path) : undefined;
  return {
    table: new OptimalTable(values),
    source: 'built',
    seconds,
    cachePath: path,
    ...(cacheProblem !== undefined ? { cacheProblem } : {}),
    ...(writeProblem !== undefined ? { writeProblem } : {}),
  };
}

/** The cached table, or a table built in this thread (a second or two) and cached. */
export function loadTableSync(path: string = tableCachePath()): LoadedTable {
  const cached = fromCache(path);
  if (typeof cached !== 'string') return cached;
  const started = performance.now();
  return built(buildTableSync(), started, path, true, cached);
}

/** The cached table, or a table built with `threads` threads and cached. */
export async function loadTable(threads?: number, path: string = tableCachePath()): Promise<LoadedTable> {
  const cached = fromCache(path);
  if (typeof cached !== 'string') return cached;
  const started = performance.now();
  return built(await buildTable(threads), started, path, true, cached);
}

/** A table built now, ignoring any cache; written to the cache unless `write` is false. */
export async function solveTable(threads?: number, write = true, path: string = tableCachePath()): Promise<LoadedTable> {
  const started = performance.now();
  return built(await buildTable(threads), started, path, write);
}

let shared: OptimalTable | undefined;

/** One table per process for the bots: loaded (or built) on first use. */
export function sharedTable(): OptimalTable {
  shared ??= loadTableSync().table;
  return shared;
}
