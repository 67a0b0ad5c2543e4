import { eloToScore, gsprtLlr, scoreToElo, sprtBounds } from '../stats/sprt.js';
import { sprtCodeScale } from '../harness/batch.js';
import { adaptiveSizer, dispatchInOrder, fixedSizer } from '../harness/dispatch.js';
import type { Executor } from '../harness/pool.js';
import { silentProgress, type ProgressSink } from '../harness/progress.js';
import { makeSchedule } from '../harness/schedule.js';
import type { RunSpec } from '../harness/spec.js';

export interface SprtHypotheses {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
}

export interface SprtOutcome {
  /** H1: test is better by elo1 (accepted); H0: not better than elo0; inconclusive: --max-games ran out. */
  readonly result: 'H0' | 'H1' | 'inconclusive';
  readonly llr: number;
  readonly bounds: readonly [lower: number, upper: number];
  /** Deals (blocks) counted, and the games they hold. */
  readonly blocks: number;
  readonly games: number;
  /**
   * The mean paired score of test against base (1/2: alike), and that as an Elo difference; null
   * at a score of 0 or 1 (one side took every deal), where the difference has no finite value.
   */
  readonly score: number;
  readonly elo: number | null;
  /** Blocks left out because a game in them ended on an engine error. */
  readonly engineErrors: number;
}

/**
 * Plays duplicate blocks of base, test (and the others) until the GSPRT accepts a hypothesis. Each
 * block gives one paired score: how test did against base in the same seats of the same deal.
 * Batches run in parallel, but blocks are counted strictly in index order and the test stops at the
 * first block where the ratio crosses a bound, so a rerun with any workers stops at the same block.
 */
export async function runSprt(
  spec: RunSpec,
  executor: Executor,
  h: SprtHypotheses,
  options: { progress?: ProgressSink; batchBlocks?: number } = {},
): Promise<SprtOutcome> {
  const progress = options.progress ?? silentProgress;
  const schedule = makeSchedule(spec.entrants.length, spec.players, spec.seating, spec.gamesAsked);
  const scale = sprtCodeScale(spec.players);
  const s0 = eloToScore(h.elo0);
  const s1 = eloToScore(h.elo1);
  const { lower, upper } = sprtBounds(h.alpha, h.beta);
  const counts = new Map<number, number>();
  let blocks = 0;
  let engineErrors = 0;
  let total = 0;
  let llr = 0;
  let result: SprtOutcome['result'] = 'inconclusive';

  const currentLlr = (): number => {
    const codes = [...counts.keys()].sort((a, b) => a - b);
    return gsprtLlr({ values: codes.map((c) => c / scale), counts: codes.map((c) => counts.get(c)!) }, s0, s1);
  };

  progress.start(schedule.games, 0);
  try {
    const sizer = options.batchBlocks !== undefined ? fixedSizer(options.batchBlocks) : adaptiveSizer(executor.workers);
    await dispatchInOrder(executor, 0, schedule.blocks, sizer, (batch) => {
      for (const code of batch.sprt!) {
        if (code < 0) {
          engineErrors++;
          continue;
        }
        counts.set(code, (counts.get(code) ?? 0) + 1);
        blocks++;
        total += code;
        llr = currentLlr();
        if (llr >= upper || llr <= lower) {
          result = llr >= upper ? 'H1' : 'H0';
          return true;
        }
      }
      progress.update(batch.to * schedule.blockSize);
      return false;
    });
  } finally {
    progress.stop();
    await executor.close();
  }
  const score = blocks > 0 ? total / blocks / scale : 0.5;
  return {
    result,
    llr: round(llr),
    bounds: [round(lower), round(upper)],
    blocks,
    games: (blocks + engineErrors) * schedule.blockSize,
    score: round(score),
    elo: score > 0 && score < 1 ? round(scoreToElo(score)) : null,
    engineErrors,
  };
}

function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
