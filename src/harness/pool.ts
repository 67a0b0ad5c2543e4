import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { BroadcastChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { closeFactories, playBatch, type BatchContext, type BatchResult } from './batch.js';
import type { RunSpec } from './spec.js';
import type { BatchTask, WorkerData } from './worker.js';

/** Something that plays batches: a pool of worker threads, or (in tests) this thread. */
export interface Executor {
  readonly workers: number;
  run(task: BatchTask): Promise<BatchResult>;
  /** Stops it once the batches it is playing have ended (their results unread): none is cut off mid-game. */
  close(): Promise<void>;
}

/** Running from TypeScript sources (vitest, tsx) rather than the compiled dist/. */
const fromSources = import.meta.url.endsWith('.ts');
const extension = fromSources ? '.ts' : '.js';

/** The real game registry, as the module URL workers import. */
export function registryModule(): string {
  return new URL(`../games/registry${extension}`, import.meta.url).href;
}

export function defaultWorkers(): number {
  return availableParallelism();
}

export function poolExecutor(spec: RunSpec, workers: number, gamesModule = registryModule()): Executor {
  const workerData: WorkerData = { spec, gamesModule, closeChannel: `parlor-close-bots-${randomUUID()}` };
  const processBots = spec.entrants.some((e) => e.source.kind === 'cmd');
  const pool = new Piscina<BatchTask, BatchResult>({
    // Compiled workers load plain JS from dist/; from sources, ts-worker.mjs sets up tsx first.
    filename: new URL(fromSources ? './ts-worker.mjs' : './worker.js', import.meta.url).href,
    minThreads: workers,
    maxThreads: workers,
    // Two tasks queued in each worker: it starts the next batch the moment one ends instead of
    // waiting for the main thread to be scheduled and hand it one (dispatch keeps 2 per worker).
    concurrentTasksPerWorker: 2,
    recordTiming: false,
    // Between tasks piscina parks a worker in Atomics.wait by default, where it cannot hear the
    // request to close its bots; process bots need the event loop free, their runs the messages.
    atomics: processBots ? 'async' : 'sync',
    idleTimeout: 60_000,
    workerData,
  });
  // A run that stops early (an SPRT's verdict, a full disk) closes the pool with batches still
  // playing; destroyed under them, a worker's answer arriving late is an error piscina throws.
  const playing = new Set<Promise<unknown>>();
  return {
    workers,
    run: (task) => {
      const batch = pool.run(task);
      const settled: Promise<unknown> = batch.then(
        () => playing.delete(settled),
        () => playing.delete(settled),
      );
      playing.add(settled);
      return batch;
    },
    close: async () => {
      await Promise.all(playing);
      if (processBots) await closeBots(workerData.closeChannel, workers);
      await pool.destroy();
    },
  };
}

/** How long the pool waits for its workers to close their bots before stopping them anyway. */
const CLOSE_WAIT_MS = 2000;

/** Asks every worker of the pool to close its bot factories and waits for their answers (or CLOSE_WAIT_MS). */
function closeBots(channel: string, workers: number): Promise<void> {
  const requests = new BroadcastChannel(channel);
  const replies = new BroadcastChannel(`${channel}:closed`);
  return new Promise((resolve) => {
    let waiting = workers;
    const done = () => {
      clearTimeout(timer);
      requests.close();
      replies.close();
      resolve();
    };
    const timer = setTimeout(done, CLOSE_WAIT_MS);
    replies.onmessage = () => {
      if (--waiting === 0) done();
    };
    requests.postMessage('close');
  });
}

/** Plays batches in this thread, one at a time: for tests, and the reference the pool must equal. */
export function inlineExecutor(context: BatchContext): Executor {
  return {
    workers: 1,
    run: async (task) => playBatch(context, task.from, task.to),
    close: async () => closeFactories(context),
  };
}
