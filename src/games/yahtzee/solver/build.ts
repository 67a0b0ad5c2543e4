/**
 * Building the table of turn-start values, in this thread or with helper threads. Both give the
 * same table to the last bit: every state is solved by the same code from the same inputs,
 * whichever thread takes it.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { leadBuild, newSharedBuild, type SharedBuild } from './layers.js';

/** The default number of threads: one per core. */
export function defaultThreads(): number {
  return availableParallelism();
}

/**
 * Workers run plain JavaScript: from dist/ the compiled worker. When this module itself runs as
 * TypeScript (tests, tsx), the .ts worker is loaded through tsx's loader, registered inside the
 * worker (Node 20 does not pass `--import` loaders on to workers); that costs ~0.3 s per worker.
 */
function startWorker(shared: SharedBuild): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./build-worker.js', import.meta.url), { workerData: shared });
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./build-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData: shared });
}

/**
 * Builds the table with `threads` threads: this one and threads - 1 workers sharing the table.
 * This thread is blocked while it works, as the build is pure computation.
 */
export async function buildTable(threads: number = defaultThreads()): Promise<Float64Array> {
  const shared = newSharedBuild();
  const workers: Worker[] = [];
  const failures: Error[] = [];
  for (let i = 1; i < threads; i++) {
    const worker = startWorker(shared);
    worker.on('error', (error) => failures.push(error));
    workers.push(worker);
  }
  let table: Float64Array;
  try {
    table = leadBuild(shared);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  // A worker that failed before taking any work leaves a correct table, only a slower build.
  for (const failure of failures) process.emitWarning(`a solver thread could not help: ${failure.message}`);
  return table;
}
