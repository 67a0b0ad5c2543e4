import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FaultKind } from '../core/record.js';
import type { SprtBlock } from '../harness/batch.js';
import type { Executor } from '../harness/pool.js';
import type { ProgressSink } from '../harness/progress.js';
import type { RunSpec, SprtRule } from '../harness/spec.js';
import { DEFAULT_MAX_FAULT_RATE } from '../protocol/process-limits.js';
import { percent } from '../report/order.js';
import type { Summary, Timing } from '../report/summary.js';
import { eloToScore, gsprtLlr, ratioEstimate, sprtBounds, type ScoreCounts, type SprtHypotheses } from '../stats/sprt.js';
import { runTournament, SPRT_FILE } from './tournament.js';

/** The fault rule waits for this many games, so that a single early fault (1 in 20 is 5%) never stops a run at the default limit. */
const FAULT_CHECK_GAMES = 20;

export type SprtResult = 'H0' | 'H1' | 'stopped' | 'inconclusive';

/**
 * `parlor sprt`'s test over the blocks in block order (src/stats/sprt.ts has the statistics). A
 * block with an engine error is left out of them, since its games no longer pair every seat of
 * the deal, but its games and faults count. After each block, first the fault rule: once
 * FAULT_CHECK_GAMES games were played, base or test with more faults per game than
 * `maxFaultRate` stops the run; then Wald's bounds on the ratio.
 */
export class SequentialTest {
  private readonly s0: number;
  private readonly s1: number;
  readonly bounds: readonly [lower: number, upper: number];
  /** Blocks by (2A, M), keyed 2A * (N + 1) + M: test's half-points against base and the games that count. */
  private readonly support = new Map<number, number>();
  /** Blocks by test's games ahead of base minus its games behind, -N..N at index 0..2N. */
  readonly byLead: number[];
  blocks = 0;
  leftOut = 0;
  games = 0;
  ahead = 0;
  tied = 0;
  behind = 0;
  uncounted = 0;
  baseFaults = 0;
  testFaults = 0;
  llr = 0;
  result: SprtResult = 'inconclusive';

  constructor(
    private readonly players: number,
    private readonly rule: SprtRule,
  ) {
    this.s0 = eloToScore(rule.elo0);
    this.s1 = eloToScore(rule.elo1);
    const { lower, upper } = sprtBounds(rule.alpha, rule.beta);
    this.bounds = [lower, upper];
    this.byLead = new Array<number>(2 * players + 1).fill(0);
  }

  /** Counts the next block; true when the test ends at it. */
  add(block: SprtBlock): boolean {
    const [ahead, tied, behind, uncounted, errors, baseFaults, testFaults] = block;
    const n = this.players;
    this.games += n;
    this.baseFaults += baseFaults;
    this.testFaults += testFaults;
    if (errors > 0) this.leftOut++;
    else {
      this.blocks++;
      this.ahead += ahead;
      this.tied += tied;
      this.behind += behind;
      this.uncounted += uncounted;
      this.byLead[ahead - behind + n]!++;
      const key = (2 * ahead + tied) * (n + 1) + ahead + tied + behind;
      this.support.set(key, (this.support.get(key) ?? 0) + 1);
      this.llr = gsprtLlr(this.samples(), this.s0, this.s1);
    }
    if (this.faulty().length > 0) this.result = 'stopped';
    else if (this.llr >= this.bounds[1]) this.result = 'H1';
    else if (this.llr <= this.bounds[0]) this.result = 'H0';
    return this.result !== 'inconclusive';
  }

  /** The counted blocks as the statistics take them: A / N and M / N by distinct value. */
  samples(): ScoreCounts {
    const n = this.players;
    // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: the ratio is a sum over the support, whose order moves only its last bits
    const keys = [...this.support.keys()].sort((a, b) => a - b);
    return {
      values: keys.map((k) => Math.floor(k / (n + 1)) / (2 * n)),
      weights: keys.map((k) => (k % (n + 1)) / n),
      counts: keys.map((k) => this.support.get(k)!),
    };
  }

  /** Base and test, those over the fault limit. */
  faulty(): ('base' | 'test')[] {
    if (this.games < FAULT_CHECK_GAMES) return [];
    const over = (faults: number): boolean => faults / this.games > this.rule.maxFaultRate;
    return [...(over(this.baseFaults) ? ['base' as const] : []), ...(over(this.testFaults) ? ['test' as const] : [])];
  }
}

type Role = 'base' | 'test' | 'other';

/** What `parlor sprt --json` prints and `--out` writes as sprt.json (docs/tournaments.md lists the fields). */
export interface SprtReport {
  readonly schema: 2;
  readonly game: string;
  readonly variant: string;
  readonly seed: string;
  readonly players: number;
  readonly base: string;
  readonly test: string;
  readonly others: string[];
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
  readonly maxFaultRate: number;
  readonly result: SprtResult;
  readonly verdict: string;
  readonly llr: number;
  readonly bounds: [lower: number, upper: number];
  readonly elo: number | null;
  readonly eloCI95: [number | null, number | null] | null;
  readonly los: number | null;
  readonly score: number;
  readonly ladderEloDiff: number | null;
  readonly games: number;
  readonly blocks: number;
  readonly engineErrors: number;
  readonly counted: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly blocksByLead: number[];
  readonly stoppedBy: ('base' | 'test')[];
  readonly entrants: { role: Role; bot: string; games: number; faults: Record<FaultKind, number>; faultRate: number }[];
  readonly timing: { seconds: number; gamesPerSecond: number; workers: number };
}

export interface SprtRunOptions {
  readonly progress?: ProgressSink;
  /** Blocks per batch; by default sized from the measured speed (results do not depend on it). */
  readonly batchBlocks?: number;
  /** The folder for `parlor run`'s files and sprt.json; absent: nothing is written. */
  readonly out?: string;
  /** Go on from the run recorded in `out`. */
  readonly resume?: boolean;
  /** Faults per game (base's or test's) above which the run stops; 0.05 by default. */
  readonly maxFaultRate?: number;
}

/**
 * Plays duplicate blocks of base, test (and the others) through the run machinery of `parlor run`
 * until the test ends. Batches run in parallel, but blocks are counted strictly in index order and
 * the run ends at the first block that decides, so a rerun with any workers or batch size, or a
 * resumed one, stops at the same block.
 */
export async function runSprt(spec: RunSpec, executor: Executor, h: SprtHypotheses, options: SprtRunOptions = {}): Promise<SprtReport> {
  const { base, test } = spec.sprt!;
  const rule: SprtRule = { elo0: h.elo0, elo1: h.elo1, alpha: h.alpha, beta: h.beta, maxFaultRate: options.maxFaultRate ?? DEFAULT_MAX_FAULT_RATE };
  const run: RunSpec = { ...spec, sprt: { base, test, rule } };
  const sequential = new SequentialTest(spec.players, rule);
  const out = options.out ?? null;
  const result = await runTournament({
    spec: run,
    shard: null,
    out,
    resume: options.resume ?? false,
    executor,
    ...(options.batchBlocks !== undefined ? { batchGames: options.batchBlocks * spec.players } : {}),
    progress: options.progress,
    until: (blocks, from) => {
      for (let i = 0; i < blocks.length; i++) if (sequential.add(blocks[i]!)) return from + i + 1;
      return null;
    },
  });
  const report = sprtReport(run, sequential, result.summary!, result.timing);
  if (out !== null) writeFileSync(join(out, SPRT_FILE), `${JSON.stringify(report, null, 2)}\n`);
  return report;
}

function sprtReport(spec: RunSpec, t: SequentialTest, summary: Summary, timing: Timing): SprtReport {
  const { base, test, rule } = spec.sprt!;
  const label = (e: number): string => spec.entrants[e]!.label;
  const estimate = ratioEstimate(t.samples());
  const pair = summary.headToHead.find((h) => [h.a, h.b].includes(label(test)) && [h.a, h.b].includes(label(base)));
  const ladderEloDiff = pair === undefined || pair.eloDiff === null ? null : round(pair.a === label(test) ? pair.eloDiff : -pair.eloDiff);
  const entrants = summary.entrants.map((e, i) => ({
    role: (i === base ? 'base' : i === test ? 'test' : 'other') as Role,
    bot: e.bot,
    games: e.games,
    faults: e.faults,
    faultRate: e.faultRate,
  }));
  const report: Omit<SprtReport, 'verdict'> = {
    schema: 2,
    game: spec.game,
    variant: spec.variant,
    seed: spec.seed,
    players: spec.players,
    base: label(base),
    test: label(test),
    others: spec.entrants.map((_, e) => e).filter((e) => e !== base && e !== test).map(label),
    elo0: rule!.elo0,
    elo1: rule!.elo1,
    alpha: rule!.alpha,
    beta: rule!.beta,
    maxFaultRate: rule!.maxFaultRate,
    result: t.result,
    llr: round(t.llr),
    bounds: [round(t.bounds[0]), round(t.bounds[1])],
    elo: roundOrNull(estimate.elo),
    eloCI95: estimate.eloCI95 === null ? null : [roundOrNull(estimate.eloCI95[0]), roundOrNull(estimate.eloCI95[1])],
    los: roundOrNull(estimate.los),
    score: round(estimate.score),
    ladderEloDiff,
    games: t.games,
    blocks: t.blocks,
    engineErrors: t.leftOut,
    counted: t.ahead + t.tied + t.behind,
    wins: t.ahead,
    draws: t.tied + t.uncounted,
    losses: t.behind,
    blocksByLead: [...t.byLead],
    // The fault rule is looked at first after each block, and the run ends at the block it stops:
    // someone over the limit is a stopped run.
    stoppedBy: t.faulty(),
    entrants,
    timing: { seconds: timing.seconds, gamesPerSecond: timing.gamesPerSecond, workers: timing.workers },
  };
  return { ...report, verdict: verdict(report) };
}

/** The report's first line: the test's decision, or what stopped it. */
function verdict(r: Omit<SprtReport, 'verdict'>): string {
  switch (r.result) {
    case 'H1':
      return `H1 accepted: ${r.test} is stronger than ${r.base} by at least about ${r.elo1} Elo`;
    case 'H0':
      return `H0 accepted: ${r.test} is not stronger than ${r.base} by ${r.elo1} Elo or more`;
    case 'inconclusive':
      return `inconclusive after ${r.games} games (raise --max-games)`;
    case 'stopped': {
      const faulted = r.stoppedBy.map((role) => {
        const e = r.entrants.find((x) => x.role === role)!;
        const kinds = Object.entries(e.faults).map(([kind, count]) => `${kind} ${count}`);
        return `${role} ${e.bot} faulted in ${percent(e.faultRate)} of its ${e.games} games (${kinds.join(', ')})`;
      });
      return `stopped: ${faulted.join('; ')}, over --max-fault-rate ${r.maxFaultRate}`;
    }
  }
}

/** To 4 places, and never -0: the report is compared with its JSON, which has no -0. */
function round(x: number): number {
  return Math.round(x * 1e4) / 1e4 + 0;
}

function roundOrNull(x: number | null): number | null {
  return x === null ? null : round(x);
}
