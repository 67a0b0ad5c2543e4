// The worker entry when parlor runs from its TypeScript sources (vitest, tsx) instead of dist/:
// Node 20 does not hand tsx's module hooks to worker threads, so each worker registers them itself,
// which also lets it import .ts games and bots given as module paths. A pool of other work than a
// run's batches names its own entry as `tsEntry` in its worker data.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { default: task } = await import(workerData?.tsEntry ?? './worker.ts');
export default task;
