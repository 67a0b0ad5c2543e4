/**
 * Solving the table layer by layer: a layer is every used mask with the same number of used
 * categories, and needs only the layer after it, so its masks can be shared out between threads.
 * Threads take masks one at a time from a shared counter and wait for the whole layer to finish
 * before the next; the table and the counters live in SharedArrayBuffers.
 */
import { CATEGORY_COUNT, LAYERS, STATE_COUNT } from './states.js';
import { warmKernels } from './kernels.js';
import { solveMask } from './widget.js';

/** control[OPEN]: the layer open for work; NOT_STARTED before the first, FINISHED after the last. */
const OPEN = 0;
/** control[FAILED]: set by a thread that threw. */
const FAILED = 1;
const NEXT = 2;
const DONE = NEXT + CATEGORY_COUNT;
const CONTROL_SIZE = DONE + CATEGORY_COUNT;
const NOT_STARTED = CATEGORY_COUNT;
const FINISHED = -1;
/** How long a waiting thread sleeps before it looks for a failed thread again. */
const WAIT_MS = 50;

/** What the threads of one build share. */
export interface SharedBuild {
  readonly table: SharedArrayBuffer;
  readonly control: SharedArrayBuffer;
}

/** The table and counters of one build; plain memory when one thread works alone. */
interface Build {
  readonly table: ArrayBufferLike;
  readonly control: ArrayBufferLike;
}

function newBuild<B extends ArrayBufferLike>(allocate: (bytes: number) => B): { table: B; control: B } {
  const control = allocate(CONTROL_SIZE * Int32Array.BYTES_PER_ELEMENT);
  new Int32Array(control)[OPEN] = NOT_STARTED;
  return { table: allocate(STATE_COUNT * Float64Array.BYTES_PER_ELEMENT), control };
}

export function newSharedBuild(): SharedBuild {
  return newBuild((bytes) => new SharedArrayBuffer(bytes));
}

/**
 * Builds the table in this thread alone. Its memory is not shared: a page that is not
 * cross-origin isolated has no SharedArrayBuffer, and one thread never waits on another.
 */
export function buildTableSync(): Float64Array {
  return leadBuild(newBuild((bytes) => new ArrayBuffer(bytes)));
}

/** Solves masks of `layer` until none is left to take. */
function work(table: Float64Array, control: Int32Array, layer: number): void {
  const masks = LAYERS[layer]!;
  for (;;) {
    const i = Atomics.add(control, NEXT + layer, 1);
    if (i >= masks.length) return;
    solveMask(table, masks[i]!);
    if (Atomics.add(control, DONE + layer, 1) + 1 === masks.length) Atomics.notify(control, DONE + layer);
  }
}

/** A helper thread's part: every layer it finds open, until the build is finished or failed. */
export function helpBuild(shared: SharedBuild): void {
  const table = new Float64Array(shared.table);
  const control = new Int32Array(shared.control);
  warmKernels();
  let seen: number = NOT_STARTED;
  try {
    for (;;) {
      const layer = Atomics.load(control, OPEN);
      if (layer === FINISHED || Atomics.load(control, FAILED) !== 0) return;
      if (layer === seen) {
        Atomics.wait(control, OPEN, layer, WAIT_MS);
        continue;
      }
      seen = layer;
      work(table, control, layer);
    }
  } catch (error) {
    Atomics.store(control, FAILED, 1);
    Atomics.notify(control, OPEN);
    throw error;
  }
}

/**
 * The leading thread's part: opens the layers from the last turn back to the first, solves its
 * share of each and waits for the helpers to finish theirs. Blocks the calling thread (Atomics.wait);
 * helpers that are still starting simply join at a later layer.
 */
export function leadBuild(shared: Build): Float64Array {
  const table = new Float64Array(shared.table);
  const control = new Int32Array(shared.control);
  warmKernels();
  try {
    for (let layer = CATEGORY_COUNT - 1; layer >= 0; layer--) {
      Atomics.store(control, OPEN, layer);
      Atomics.notify(control, OPEN);
      work(table, control, layer);
      const total = LAYERS[layer]!.length;
      for (let done = Atomics.load(control, DONE + layer); done < total; done = Atomics.load(control, DONE + layer)) {
        if (Atomics.load(control, FAILED) !== 0) throw new Error('a solver thread failed');
        Atomics.wait(control, DONE + layer, done, WAIT_MS);
      }
    }
  } finally {
    Atomics.store(control, OPEN, FINISHED);
    Atomics.notify(control, OPEN);
  }
  return table;
}
