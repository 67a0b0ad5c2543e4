import { makeBatchContext } from '../../src/harness/batch.js';
import { inlineExecutor } from '../../src/harness/pool.js';
import type { RunSpec } from '../../src/harness/spec.js';
import { ELO_PER_NAT } from '../../src/stats/bradley-terry.js';
import type { SprtHypotheses } from '../../src/stats/sprt.js';
import { runSprt, type SprtReport } from '../../src/tournament/sprt-run.js';
import { luceBot, luceRace } from './luce-race.js';

/**
 * `parlor sprt` by simulation through its own code: runSprt on a RunSpec of the luce race
 * (luce-race.ts), in process through the inline executor the tests use, so the fair duplicate
 * seating, the per-game comparison, blocks of N seats, the Elo mapping and the stopping rule are
 * the command's. Entrants finish in Plackett-Luce order, so test, d Elo stronger than base, finishes
 * ahead of it with chance σ(d) whoever else plays, and in winner-only games (the first to finish
 * wins, everyone else ties) wins with chance σ(d) given that exactly one of the two won: d is the
 * true difference on the ladder's scale. Base is 0 Elo and the others are strong (+150), as the
 * project's statistics are checked: a strong bot beside identical copies.
 */
export interface SprtCell {
  readonly seats: number;
  readonly winnerOnly: boolean;
}

/** At two seats the winner is the whole ranking, so no winner-only cell there. */
export const SPRT_CELLS: readonly SprtCell[] = [
  { seats: 2, winnerOnly: false },
  ...[3, 4, 6].flatMap((seats) => [
    { seats, winnerOnly: false },
    { seats, winnerOnly: true },
  ]),
];

/** The hypotheses of the error-rate cells: alpha != beta, so swapping them is caught. */
export const SPRT_RULE: SprtHypotheses = { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.1 };

const OTHERS_ELO = 150;
/** Far beyond any test's length here: an inconclusive test would say the rule is broken. */
const MAX_GAMES = 2_000_000;

export const sprtCellName = (cell: SprtCell): string => `${cell.seats} seats, ${cell.winnerOnly ? 'winner-only' : 'full ranking'}`;

/** One `parlor sprt` of the cell, test `testElo` stronger than base. */
export async function raceSprt(cell: SprtCell, testElo: number, rule: SprtHypotheses, games: number, seed: string): Promise<SprtReport> {
  const elos = [0, testElo, ...Array.from({ length: cell.seats - 2 }, () => OTHERS_ELO)];
  const labels = ['base', 'test', ...elos.slice(2).map((_, i) => `other${i + 1}`)];
  const spec: RunSpec = {
    game: luceRace.id,
    variant: '',
    config: luceRace.configSchema.parse({ winnerOnly: cell.winnerOnly }),
    seed,
    entrants: labels.map((label) => ({ label, source: { kind: 'builtin', name: 'luce' } })),
    players: cell.seats,
    seating: 'duplicate',
    gamesAsked: games,
    record: 'none',
    moveTimeMs: 0,
    sprt: { base: 0, test: 1 },
    ...(cell.winnerOnly ? { winnerOnly: { placesOption: null } } : {}),
  };
  const context = makeBatchContext(spec, luceRace, elos.map((elo) => luceBot(elo / ELO_PER_NAT)));
  // Small batches: a batch past the end is played for nothing, and in one thread nothing overlaps it.
  return runSprt(spec, inlineExecutor(context), rule, { batchBlocks: 32 });
}

interface ErrorRow {
  readonly truth: number;
  /** The tests accepting each hypothesis, and those that reached MAX_GAMES. */
  readonly h0: number;
  readonly h1: number;
  readonly inconclusive: number;
  readonly meanGames: number;
}

export interface SprtErrorResult {
  readonly cell: SprtCell;
  readonly rule: SprtHypotheses;
  readonly tests: number;
  /** At the true difference elo0 (accepting H1 is the error, at most alpha), then at elo1 (accepting H0, at most beta). */
  readonly rows: readonly [ErrorRow, ErrorRow];
  readonly seconds: number;
}

/** `tests` sequential tests at each of elo0 and elo1, seeds `sprt <cell> <truth> <test>`. */
export async function sprtErrorCell(cell: SprtCell, tests: number, rule = SPRT_RULE): Promise<SprtErrorResult> {
  const started = performance.now();
  const row = async (truth: number): Promise<ErrorRow> => {
    const counts = { H0: 0, H1: 0, inconclusive: 0, stopped: 0 };
    let games = 0;
    for (let test = 0; test < tests; test++) {
      const report = await raceSprt(cell, truth, rule, MAX_GAMES, `sprt ${sprtCellName(cell)} ${truth} ${test}`);
      counts[report.result]++;
      games += report.games;
    }
    return { truth, h0: counts.H0, h1: counts.H1, inconclusive: counts.inconclusive + counts.stopped, meanGames: games / tests };
  };
  const rows: [ErrorRow, ErrorRow] = [await row(rule.elo0), await row(rule.elo1)];
  return { cell, rule, tests, rows, seconds: (performance.now() - started) / 1000 };
}

/** The bar: an error rate at most its nominal value plus 2.6 standard errors of `tests` runs. */
export function errorLimit(nominal: number, tests: number): number {
  return nominal + 2.6 * Math.sqrt((nominal * (1 - nominal)) / tests);
}

/** Each cell's two error rates and whether they are within their bars. */
export function sprtErrors(result: SprtErrorResult): { falsePositive: number; falseNegative: number; within: boolean } {
  const falsePositive = result.rows[0].h1 / result.tests;
  const falseNegative = result.rows[1].h0 / result.tests;
  const within = falsePositive <= errorLimit(result.rule.alpha, result.tests) && falseNegative <= errorLimit(result.rule.beta, result.tests);
  return { falsePositive, falseNegative, within };
}

/** The table `npm run bench -- sprt` prints. */
export function sprtErrorTable(results: readonly SprtErrorResult[]): string {
  const head = ['seats', 'outcome', 'true Elo', 'tests', 'accepted H0', 'accepted H1', 'inconclusive', 'error', 'error rate', 'nominal', 'nominal + 2.6 SE', 'within', 'mean games', 'seconds'];
  const rows = results.flatMap((r) =>
    r.rows.map((row, i) => {
      const nominal = i === 0 ? r.rule.alpha : r.rule.beta;
      const rate = (i === 0 ? row.h1 : row.h0) / r.tests;
      const limit = errorLimit(nominal, r.tests);
      const error = i === 0 ? 'H1 accepted (false positive)' : 'H0 accepted (false negative)';
      return [r.cell.seats, r.cell.winnerOnly ? 'winner-only' : 'full ranking', row.truth, r.tests, row.h0, row.h1, row.inconclusive, error, rate.toFixed(4), nominal, limit.toFixed(4), rate <= limit ? 'yes' : 'NO', row.meanGames.toFixed(0), i === 0 ? r.seconds.toFixed(0) : ''];
    }),
  );
  return markdown(head, rows);
}

export interface SprtEloResult {
  readonly cell: SprtCell;
  readonly truth: number;
  readonly runs: number;
  readonly games: number;
  /** The mean of the reported `elo` and its standard error over the runs; the same for the ladder's `eloDiff` of the pair. */
  readonly elo: { mean: number; se: number };
  readonly ladder: { mean: number; se: number };
}

/**
 * The reported Elo against the truth, on runs of fixed length: with elo0 = elo1 the two hypotheses
 * are one, the ratio stays 0 and every run plays all its games, so no stopping rule biases the mean.
 */
export async function sprtEloCell(cell: SprtCell, runs: number, games: number, truth = 50): Promise<SprtEloResult> {
  const elos: number[] = [];
  const ladder: number[] = [];
  for (let run = 0; run < runs; run++) {
    const report = await raceSprt(cell, truth, { elo0: truth, elo1: truth, alpha: 0.05, beta: 0.05 }, games, `sprt elo ${sprtCellName(cell)} ${run}`);
    elos.push(report.elo!);
    ladder.push(report.ladderEloDiff!);
  }
  return { cell, truth, runs, games, elo: meanAndError(elos), ladder: meanAndError(ladder) };
}

function meanAndError(xs: readonly number[]): { mean: number; se: number } {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const variance = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1);
  return { mean, se: Math.sqrt(variance / xs.length) };
}

/** The Elo table: each mean within 2.6 standard errors of the truth, or not. */
export function sprtEloTable(results: readonly SprtEloResult[]): string {
  const head = ['seats', 'outcome', 'true Elo', 'runs', 'games a run', 'sprt elo: mean ± SE', 'within 2.6 SE', 'ladder eloDiff: mean ± SE', 'within 2.6 SE'];
  const show = (m: { mean: number; se: number }): string => `${m.mean.toFixed(1)} ± ${m.se.toFixed(1)}`;
  const within = (m: { mean: number; se: number }, truth: number): string => (Math.abs(m.mean - truth) <= 2.6 * m.se ? 'yes' : 'NO');
  const rows = results.map((r) => [r.cell.seats, r.cell.winnerOnly ? 'winner-only' : 'full ranking', r.truth, r.runs, r.games, show(r.elo), within(r.elo, r.truth), show(r.ladder), within(r.ladder, r.truth)]);
  return markdown(head, rows);
}

function markdown(head: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
