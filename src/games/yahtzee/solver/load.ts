/**
 * The table in Node: loaded from the disk cache when the cache is sound, built (with worker
 * threads, or in this thread) and cached otherwise. Importing this module makes the cache the
 * source of every thread's shared table (table.ts), so that each worker of a run reads the file
 * instead of solving the game again.
 */
import { performance } from 'node:perf_hooks';
import { buildTable } from './build.js';
import { readTableCache, tableCachePath, writeTableCache } from './cache.js';
import { buildTableSync } from './layers.js';
import { OptimalTable, supplyTable } from './table.js';

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

supplyTable(() => loadTableSync().table);
