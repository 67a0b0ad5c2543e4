import { Piscina } from 'piscina';
import { InputError } from '../core/errors.js';
import type { GameRecord } from '../core/record.js';
import type { GameAnalysis } from './analysis.js';
import analyzeBatch, { type AnalysisResult, type AnalysisTask } from './worker.js';

/** Records a worker analyses at a time: enough to make a message's cost small beside the work. */
const BATCH = 50;

/** Running from TypeScript sources (vitest, tsx) rather than the compiled dist/. */
const fromSources = import.meta.url.endsWith('.ts');

type Numbered = { readonly record: GameRecord; readonly gameIndex: number };

/** The records in batches of BATCH (the last may be shorter). */
function* batchesOf(records: Iterable<Numbered>): Generator<Numbered[]> {
  let batch: Numbered[] = [];
  for (const record of records) {
    batch.push(record);
    if (batch.length < BATCH) continue;
    yield batch;
    batch = [];
  }
  if (batch.length > 0) yield batch;
}

/**
 * Analyses `records` on `workers` threads, handing each analysis to `onAnalysis` in the records'
 * order. At most two batches a worker are read ahead, so that a file of any size costs a few
 * batches' memory. Fewer records than a batch, or one worker, are analysed in this thread: a
 * worker's start costs more than they do.
 */
export async function analyzeRecords(records: Iterable<Numbered>, workers: number, onAnalysis: (analysis: GameAnalysis) => void): Promise<void> {
  const hand = (results: readonly AnalysisResult[]): void => {
    for (const result of results) {
      if ('problem' in result) throw new InputError(result.problem);
      onAnalysis(result);
    }
  };
  const batches = batchesOf(records);
  const first = batches.next();
  if (first.done) return;
  if (workers <= 1 || first.value.length < BATCH) {
    hand(analyzeBatch(first.value));
    for (const batch of batches) hand(analyzeBatch(batch));
    return;
  }
  const pool = new Piscina<AnalysisTask, AnalysisResult[]>({
    // From sources, the harness's bootstrap sets up tsx in the worker and imports this entry.
    filename: new URL(fromSources ? '../harness/ts-worker.mjs' : './worker.js', import.meta.url).href,
    workerData: { tsEntry: new URL('./worker.ts', import.meta.url).href },
    minThreads: workers,
    maxThreads: workers,
  });
  const pending: Promise<AnalysisResult[]>[] = [pool.run(first.value)];
  try {
    for (const batch of batches) {
      pending.push(pool.run(batch));
      if (pending.length >= 2 * workers) hand(await pending.shift()!);
    }
    while (pending.length > 0) hand(await pending.shift()!);
  } finally {
    // After a problem the batches still running are waited for, then the pool goes.
    await Promise.allSettled(pending);
    await pool.destroy();
  }
}
