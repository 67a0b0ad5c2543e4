import type { BatchResult } from './batch.js';
import type { Executor } from './pool.js';

/** How many blocks the next batch gets. */
export type BatchSizer = (done: BatchResult | null, remaining: number) => number;

/** Aim for batches of about this long: the ~30 µs round trip of a task is then lost in the noise. */
const TARGET_BATCH_SECONDS = 0.1;

/**
 * Batch sizes that track the measured time per block, and shrink towards the end so the last
 * batches do not leave a worker idle. Sizes never change results, only the checkpoint's grain.
 */
export function adaptiveSizer(workers: number, startBlocks = 2): BatchSizer {
  let size = startBlocks;
  return (done, remaining) => {
    if (done !== null && done.seconds > 0) {
      const perBlock = done.seconds / (done.to - done.from);
      size = Math.max(1, Math.round(TARGET_BATCH_SECONDS / perBlock));
    }
    return Math.max(1, Math.min(size, Math.ceil(remaining / (2 * workers))));
  };
}

export function fixedSizer(blocks: number): BatchSizer {
  return () => blocks;
}

/**
 * Runs blocks [from, to) through the executor, a few batches in flight per worker, and hands the
 * results to `onResult` strictly in block order (holding back any that finish early). Returning
 * true from `onResult` stops the run: no further batch starts and results still in flight are
 * dropped. At most 2 batches per worker are in flight or held back, so memory stays bounded.
 */
export async function dispatchInOrder(
  executor: Executor,
  from: number,
  to: number,
  sizer: BatchSizer,
  onResult: (result: BatchResult) => boolean | void,
): Promise<void> {
  const window = Math.max(2, executor.workers * 2);
  const held = new Map<number, BatchResult>();
  let next = from;
  let delivered = from;
  let inFlight = 0;
  let stopped = false;
  let last: BatchResult | null = null;

  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown): void => {
      stopped = true;
      reject(error);
    };
    const deliver = (): void => {
      let ready: BatchResult | undefined;
      while (!stopped && (ready = held.get(delivered)) !== undefined) {
        held.delete(delivered);
        delivered = ready.to;
        if (onResult(ready) === true) stopped = true;
      }
    };
    const pump = (): void => {
      while (!stopped && next < to && inFlight + held.size < window) {
        const start = next;
        const end = Math.min(to, start + sizer(last, to - start));
        next = end;
        inFlight++;
        executor.run({ from: start, to: end }).then((result) => {
          inFlight--;
          if (stopped) return;
          last = result;
          held.set(result.from, result);
          try {
            deliver();
          } catch (error) {
            fail(error);
            return;
          }
          if (stopped || delivered >= to) resolve();
          else pump();
        }, fail);
      }
    };
    if (from >= to) resolve();
    else pump();
  });
}
