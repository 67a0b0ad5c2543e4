import { Piscina } from 'piscina';
import type { RunSpec } from '../harness/spec.js';
import { mergeTallies, type TallyData } from '../harness/tally.js';
import playProbe, { type ProbeTask } from './worker.js';

/** Plays an iteration's blocks: on a pool of worker threads, or in this thread for one worker. */
export interface ProbePlayer {
  readonly workers: number;
  /** Blocks [from, to) of `spec`, their tally merged: the same numbers however they are split. */
  play(spec: RunSpec, from: number, to: number): Promise<TallyData>;
  close(): Promise<void>;
}

/** Running from TypeScript sources (vitest, tsx) rather than the compiled dist/. */
const fromSources = import.meta.url.endsWith('.ts');

/**
 * The blocks split into one contiguous part per worker: tallies are integer sums, so the merged
 * tally, and the tuning, do not depend on the split.
 */
function parts(from: number, to: number, workers: number): [number, number][] {
  const count = Math.min(workers, to - from);
  return Array.from({ length: count }, (_, i) => [from + Math.floor(((to - from) * i) / count), from + Math.floor(((to - from) * (i + 1)) / count)]);
}

export function probePlayer(workers: number, gamesModule: string): ProbePlayer {
  if (workers <= 1) {
    return { workers: 1, play: (spec, from, to) => playProbe({ spec, from, to, gamesModule }), close: async () => {} };
  }
  const pool = new Piscina<ProbeTask, TallyData>({
    // From sources, the harness's bootstrap sets up tsx in the worker and imports this entry.
    filename: new URL(fromSources ? '../harness/ts-worker.mjs' : './worker.js', import.meta.url).href,
    workerData: { tsEntry: new URL('./worker.ts', import.meta.url).href },
    minThreads: workers,
    maxThreads: workers,
  });
  return {
    workers,
    play: async (spec, from, to) => {
      const tallies = await Promise.all(parts(from, to, workers).map(([a, b]) => pool.run({ spec, from: a, to: b, gamesModule })));
      return tallies.reduce(mergeTallies);
    },
    close: () => pool.destroy(),
  };
}
