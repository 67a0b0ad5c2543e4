import { makeBatchContext, playBatch } from '../../src/harness/batch.js';
import type { Seating } from '../../src/harness/schedule.js';
import type { RunSpec } from '../../src/harness/spec.js';
import { blockSumsOf } from '../../src/harness/tally.js';
import { buildSummary } from '../../src/report/summary.js';
import { ELO_PER_NAT, fitLadder, ladderOrigin } from '../../src/stats/bradley-terry.js';
import { Z95 } from '../../src/stats/wilson.js';
import { luceBot, luceRace } from './luce-race.js';

/**
 * The calibration suite: simulated tournaments whose truth is known, played through the harness's
 * own batch, tally and summary, counting how often each 95% interval holds the truth.
 * - identical: every entrant the same bot, so every rating difference is 0 and every win rate 1/N;
 *   random seating only (under duplicate seating identical bots replay one game per block and tie
 *   exactly). Times in 16 slices, so about one pair in 16 ties.
 * - plackett-luce: entrants with ratings evenly spaced over 300 Elo, finishing in Plackett-Luce
 *   order: every pairwise difference is known.
 * Fields of N + 2 entrants for N seats, so lineups change from block to block, and one field of
 * four entrants at four seats.
 */
export interface Cell {
  readonly field: 'identical' | 'plackett-luce';
  readonly seats: number;
  readonly seating: Seating;
  /** The field's size: N + 2 unless given. */
  readonly entrants?: number;
}

export const CELLS: readonly Cell[] = [
  ...[2, 3, 4, 6, 8].flatMap((seats) => [
    { field: 'identical' as const, seats, seating: 'random' as const },
    { field: 'plackett-luce' as const, seats, seating: 'duplicate' as const },
    { field: 'plackett-luce' as const, seats, seating: 'random' as const },
  ]),
  // The field of issue 21's report (four identical bots at four seats, every entrant in every game).
  { field: 'identical', seats: 4, seating: 'random', entrants: 4 },
];

/** Games a run asks for: 400 single games under random seating, 100 deals under duplicate seating. */
export function gamesPerRun(cell: Cell): number {
  return cell.seating === 'random' ? 400 : 100 * cell.seats;
}

/** Hits and trials of one interval kind. */
interface Tally {
  hits: number;
  trials: number;
}

export interface CellResult {
  readonly cell: Cell;
  readonly entrants: number;
  readonly games: number;
  readonly runs: number;
  /** Pairwise rating differences: the model's interval (independent pairs), and the block-robust one summary.json gives (headToHead). */
  readonly pairModel: Tally;
  readonly pairSandwich: Tally;
  /** Each entrant's rating against the origin, as summary.json gives it. */
  readonly origin: Tally;
  /** Win rates against 1/N (identical fields only): Wilson on games, t over deals. */
  readonly winWilson: Tally | null;
  readonly winDeals: Tally | null;
  /** Runs where some entrant was separated (its interval then the prior's) or there was no ladder. */
  readonly separatedRuns: number;
  readonly seconds: number;
}

const add = (t: Tally, hit: boolean): void => {
  t.trials++;
  if (hit) t.hits++;
};

/** One cell: `runs` tournaments of seeds `calibration <cell> <run>`. */
export function calibrateCell(cell: Cell, runs: number): CellResult {
  const started = performance.now();
  const E = cell.entrants ?? cell.seats + 2;
  const elos = Array.from({ length: E }, (_, e) => (cell.field === 'identical' ? 0 : -150 + (300 * e) / (E - 1)));
  const strength = elos.map((elo) => elo / ELO_PER_NAT);
  const factories = strength.map(luceBot);
  const labels = elos.map((elo, e) => `e${e} (${elo.toFixed(0)})`);
  const config = luceRace.configSchema.parse(cell.field === 'identical' ? { buckets: 16 } : {});
  const result = {
    pairModel: { hits: 0, trials: 0 },
    pairSandwich: { hits: 0, trials: 0 },
    origin: { hits: 0, trials: 0 },
    winWilson: cell.field === 'identical' ? { hits: 0, trials: 0 } : null,
    winDeals: cell.field === 'identical' ? { hits: 0, trials: 0 } : null,
    separatedRuns: 0,
  };
  for (let run = 0; run < runs; run++) {
    const spec: RunSpec = {
      game: luceRace.id,
      variant: '',
      config,
      seed: `calibration ${cell.field} ${cell.seats} ${cell.seating} ${run}`,
      entrants: labels.map((label) => ({ label, source: { kind: 'builtin', name: 'luce' } })),
      players: cell.seats,
      seating: cell.seating,
      gamesAsked: gamesPerRun(cell),
      record: 'none',
      moveTimeMs: 0,
    };
    const context = makeBatchContext(spec, luceRace, factories);
    const { tally } = playBatch(context, 0, context.schedule.blocks);
    const summary = buildSummary(spec, tally, { seconds: 0, gamesPerSecond: 0, workers: 1 });
    const fit = fitLadder(E, tally.ahead, tally.tied, blockSumsOf(tally));
    if (fit === null || summary.entrants.some((e) => e.rating?.separated !== null)) result.separatedRuns++;
    // The reported intervals as summary.json gives them; a pair without one (different tiers) misses.
    for (const h of summary.headToHead) {
      const truth = elos[labels.indexOf(h.a)]! - elos[labels.indexOf(h.b)]!;
      add(result.pairSandwich, h.eloDiffCI95 !== null && h.eloDiffCI95[0] <= truth && truth <= h.eloDiffCI95[1]);
    }
    if (fit !== null) {
      for (let a = 0; a < E; a++) {
        for (let b = a + 1; b < E; b++) {
          const error = Math.abs(fit.strength[a]! - fit.strength[b]! - (strength[a]! - strength[b]!));
          add(result.pairModel, error <= Z95 * Math.sqrt(Math.max(0, fit.fisher[a * E + a]! + fit.fisher[b * E + b]! - 2 * fit.fisher[a * E + b]!)));
        }
      }
      const { weight } = ladderOrigin(fit);
      const trueOrigin = strength.reduce((sum, s, c) => sum + weight[c]! * s, 0);
      summary.entrants.forEach((e, a) => {
        const truth = (strength[a]! - trueOrigin) * ELO_PER_NAT;
        add(result.origin, e.rating!.ci95[0] <= truth && truth <= e.rating!.ci95[1]);
      });
    }
    for (const e of summary.entrants) {
      const chance = 1 / cell.seats;
      if (result.winWilson !== null) add(result.winWilson, e.winRateCI95[0] <= chance && chance <= e.winRateCI95[1]);
      if (result.winDeals !== null && e.winRateCI95Blocks !== null) add(result.winDeals, e.winRateCI95Blocks[0] <= chance && chance <= e.winRateCI95Blocks[1]);
    }
  }
  return { cell, entrants: E, games: gamesPerRun(cell), runs, ...result, seconds: (performance.now() - started) / 1000 };
}

const rate = (t: Tally | null): string => (t === null || t.trials === 0 ? '–' : (t.hits / t.trials).toFixed(3));

/** The table `npm run bench -- calibration` prints, as markdown. */
export function calibrationTable(results: readonly CellResult[]): string {
  const head = [
    'field',
    'seats',
    'seating',
    'entrants',
    'games a run',
    'runs',
    'pairwise: model (independent pairs)',
    'pairwise: eloDiffCI95 (block-robust, reported)',
    'entrant vs origin: rating.ci95 (reported)',
    'win rate: winRateCI95 (Wilson on games)',
    'win rate: winRateCI95Blocks (t over deals, recommended)',
    'runs with a separation',
    'seconds',
  ];
  const rows = results.map((r) => [r.cell.field, r.cell.seats, r.cell.seating, r.entrants, r.games, r.runs, rate(r.pairModel), rate(r.pairSandwich), rate(r.origin), rate(r.winWilson), rate(r.winDeals), r.separatedRuns, r.seconds.toFixed(1)]);
  return [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
