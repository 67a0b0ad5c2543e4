// The worker entry when parlor runs from its TypeScript sources (vitest, tsx) instead of dist/:
// Node 20 does not hand tsx's module hooks to worker threads, so each worker registers them itself,
// which also lets it import .ts games and bots given as module paths.
import { register } from 'tsx/esm/api';

register();
const { default: runBatch } = await import('./worker.ts');
export default runBatch;
