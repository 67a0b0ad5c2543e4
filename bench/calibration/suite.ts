import type { BotFactory } from '../../src/core/bot.js';
import type { GameDefinition } from '../../src/core/game.js';
import { parseSetFlags, validateConfig } from '../../src/core/options.js';
import { findGame, resolveVariant } from '../../src/games/registry.js';
import { makeBatchContext, playBatch } from '../../src/harness/batch.js';
import { dispatchInOrder, fixedSizer } from '../../src/harness/dispatch.js';
import { parseEntrants } from '../../src/harness/entrants.js';
import { defaultWorkers, poolExecutor } from '../../src/harness/pool.js';
import { prepareRun } from '../../src/harness/prepare.js';
import { makeSchedule, type Seating } from '../../src/harness/schedule.js';
import type { RunSpec } from '../../src/harness/spec.js';
import type { TallyData } from '../../src/harness/tally.js';
import { buildSummary, ladderFit, type Summary } from '../../src/report/summary.js';
import { ELO_PER_NAT, ladderOrigin } from '../../src/stats/bradley-terry.js';
import { upperQuantile } from '../../src/stats/normal.js';
import { Z95 } from '../../src/stats/wilson.js';
import { GAME_BENCHES } from '../games/index.js';
import { luceBot, luceRace } from './luce-race.js';
import { seatedBot, seatedModel, seatedRace, type SeatEffects } from './seated-race.js';
import { fairTarget } from './truth.js';

/**
 * The calibration suite: tournaments played through the harness's own batch, tally and summary,
 * counting how often each 95% interval holds the true value. Simulated fields, whose truth is the
 * pairwise fit's target under fair seating (truth.ts):
 * - identical: every entrant the same bot, every difference 0 and every win rate 1/N; random
 *   seating only (under duplicate seating identical bots replay one game per block and tie
 *   exactly). Times in 16 slices, so about one pair in 16 ties.
 * - plackett-luce: ratings evenly spaced over 300 Elo, finishing in Plackett-Luce order, where the
 *   target is the ratings themselves.
 * - seat-advantage, neighbours: the same ratings in the seated race (seated-race.ts), the first seat
 *   playing as if twice as strong, or each entrant losing half the log-strength of the one seated
 *   before it.
 * - strong-beside-copies: one entrant 200 Elo above N - 1 identical copies, with both effects: the
 *   copy seated after the strong one is held back, so an order fixed around the table would rate
 *   the copies apart.
 * - winner-only: the plackett-luce field whose outcomes name only the winner (Clue's default
 *   rules), rated by the winner model, whose target is again the ratings themselves.
 * - near-separated: the plackett-luce field with its weakest entrant far below the rest (1200 Elo
 *   below the spaced ratings' bottom at 3 seats, 100 more a seat past 3), so that in most runs it
 *   never finishes ahead of anyone: its separation bound and one-sided interval are judged.
 * Fields of N + 2 entrants for N seats, so lineups change from block to block (N for
 * strong-beside-copies and one identical field of four at four seats). And real games, where only
 * identical copies have a known difference (0, by symmetry under fair seating): their pairs alone
 * are pooled.
 */
export type Field = 'identical' | 'plackett-luce' | 'seat-advantage' | 'neighbours' | 'strong-beside-copies' | 'winner-only' | 'near-separated';

export interface SimulatedCell {
  readonly field: Field;
  readonly seats: number;
  readonly seating: Seating;
  /** The field's size: N + 2 unless given. */
  readonly entrants?: number;
}

export interface GameCell {
  readonly field: 'game';
  readonly game: string;
  readonly variant: string;
  /** As `--bots`: one entrant and identical copies of another, every entrant at every game. */
  readonly bots: string;
  /** As `--set key=value`. */
  readonly set: readonly string[];
  readonly seating: Seating;
}

export type Cell = SimulatedCell | GameCell;

/** Games a run asks for: 400 single games under random seating, 100 deals under duplicate seating; 400 games of a real game. */
export function gamesPerRun(cell: Cell): number {
  if (cell.field === 'game') return 400;
  return cell.seating === 'random' ? 400 : 100 * cell.seats;
}

/** Runs a cell makes unless told: real games cost minutes a run (see the results page). */
export function defaultRuns(cell: Cell): number {
  return cell.field === 'game' ? 300 : 1000;
}

export const SIMULATED_CELLS: readonly SimulatedCell[] = [
  ...[2, 3, 4, 6, 8].flatMap((seats) => [
    { field: 'identical' as const, seats, seating: 'random' as const },
    { field: 'plackett-luce' as const, seats, seating: 'duplicate' as const },
    { field: 'plackett-luce' as const, seats, seating: 'random' as const },
  ]),
  // The field of issue 21's report (four identical bots at four seats, every entrant in every game).
  { field: 'identical', seats: 4, seating: 'random', entrants: 4 },
  ...[3, 4, 6, 8].flatMap((seats) =>
    (['seat-advantage', 'neighbours', 'strong-beside-copies', 'winner-only'] as const).map((field) => ({ field, seats, seating: 'duplicate' as const })),
  ),
  ...[3, 4, 6].map((seats) => ({ field: 'near-separated' as const, seats, seating: 'duplicate' as const })),
];

/** Each game's real lineups (bench/games/), under duplicate seating. */
export const GAME_CELLS: readonly GameCell[] = GAME_BENCHES.flatMap(({ game, calibration = [] }) => calibration.map((cell) => ({ field: 'game' as const, game, ...cell, seating: 'duplicate' as const })));

export const CELLS: readonly Cell[] = [...SIMULATED_CELLS, ...GAME_CELLS];

/** The first seat's log-strength bonus (it plays as if twice as strong), and the share of the previous seat's log-strength taken. */
const SEAT_ADVANTAGE = Math.LN2;
const NEIGHBOUR = 0.5;
const STRONG_ELO = 200;

const NO_EFFECTS: SeatEffects = { seat: [], neighbour: 0 };

/** A simulated field: its entrants' ratings, and the seated race's effects (null: luce-race). */
function fieldOf(cell: SimulatedCell): { elos: number[]; effects: SeatEffects | null } {
  const E = cell.field === 'strong-beside-copies' ? cell.seats : (cell.entrants ?? cell.seats + 2);
  const spaced = Array.from({ length: E }, (_, e) => -150 + (300 * e) / (E - 1));
  switch (cell.field) {
    case 'identical':
      return { elos: spaced.map(() => 0), effects: null };
    case 'plackett-luce':
    case 'winner-only':
      return { elos: spaced, effects: null };
    case 'near-separated':
      return { elos: spaced.map((elo, e) => (e === 0 ? -150 - 1200 - 100 * (cell.seats - 3) : elo)), effects: null };
    case 'seat-advantage':
      return { elos: spaced, effects: { seat: [SEAT_ADVANTAGE], neighbour: 0 } };
    case 'neighbours':
      return { elos: spaced, effects: { seat: [], neighbour: NEIGHBOUR } };
    case 'strong-beside-copies':
      return { elos: spaced.map((_, e) => (e === 0 ? STRONG_ELO : 0)), effects: { seat: [SEAT_ADVANTAGE], neighbour: NEIGHBOUR } };
  }
}

/** Hits and trials of one interval kind. */
export interface Tally {
  hits: number;
  trials: number;
}

/** The pooled pairs' hits, also counted run by run. */
export interface Pooled extends Tally {
  readonly runHits: number[];
}

export interface CellResult {
  readonly cell: Cell;
  readonly entrants: number;
  readonly games: number;
  readonly runs: number;
  /** Pairwise rating differences: the model's interval (independent pairs; simulated fields only), and the block-robust one summary.json gives (headToHead) over the pooled pairs. */
  readonly pairModel: Tally | null;
  readonly pairSandwich: Pooled;
  /** Each entrant's rating against the origin, as summary.json gives it (simulated fields only). */
  readonly origin: Tally | null;
  /** Win rates against 1/N (identical fields only): Wilson on games, t over deals. */
  readonly winWilson: Tally | null;
  readonly winDeals: Tally | null;
  /** Runs where some entrant was separated (its interval then the prior's) or there was no ladder. */
  readonly separatedRuns: number;
  /** Separated entrants' bounds (simulated fields only): the truth on the bound's side of it. */
  readonly bound: Tally | null;
  /** Pooled pairs in different tiers: no eloDiffCI95, the bound speaks for them (not pooled). */
  readonly pairsApart: number;
  readonly seconds: number;
}

const add = (t: Tally, hit: boolean): void => {
  t.trials++;
  if (hit) t.hits++;
};

export const rateOf = (t: Tally): number => t.hits / t.trials;

/**
 * The bar of a cell's pooled pairwise coverage: 0.95 ± z standard errors of the pooled share,
 * where z holds the chance that a well-calibrated interval falls outside to 1% over all the
 * `cells` judged together (Bonferroni: z = 2.58 for one cell, 3.60 for the 32 of the long tier),
 * since a bar of 1% a cell fails one of 32 calibrated cells about a time in four.
 * The binomial SE at 0.95, sqrt(0.95 · 0.05 / K) over the K pooled intervals, holds only if they
 * were independent; the pairs of one run share its games (one lucky run moves all of an entrant's
 * pairs), and the share varies between runs 2 to 8 times as much as that. So the SE is the larger
 * of the binomial one and the one the runs show: the spread of the runs' hit counts, runs being
 * independent. `designEffect` is the second's variance over the first's.
 */
export function coverageBand(pooled: Pooled, cells = 1): { readonly lo: number; readonly hi: number; readonly designEffect: number } {
  const runs = pooled.runHits.length;
  const perRun = pooled.trials / runs;
  const mean = pooled.hits / runs;
  const spread = pooled.runHits.reduce((sum, h) => sum + (h - mean) ** 2, 0) / (runs - 1);
  const binomial = (0.95 * 0.05) / pooled.trials;
  const betweenRuns = spread / runs / perRun ** 2;
  const se = Math.sqrt(Math.max(binomial, betweenRuns));
  const z = upperQuantile(0.01 / (2 * cells));
  return { lo: 0.95 - z * se, hi: Math.min(1, 0.95 + z * se), designEffect: betweenRuns / binomial };
}

export function withinBand(pooled: Pooled, cells = 1): boolean {
  const { lo, hi } = coverageBand(pooled, cells);
  return pooled.trials > 0 && lo <= rateOf(pooled) && rateOf(pooled) <= hi;
}

/**
 * What a cell plays and what it knows: one run's spec (as its summary is built), how to play all
 * the runs, and the true log-strengths (simulated) or which pairs are identical (real games).
 */
interface Plan {
  readonly perRun: RunSpec;
  /** Plays `runs` runs, handing each run's tally to `score` in run order. */
  readonly play: (runs: number, score: (tally: TallyData) => void, workers: number) => Promise<void>;
  /** Simulated: the fit's target in natural log units. */
  readonly target: readonly number[] | null;
  /** The pairs pooled, by label: their true difference in Elo. */
  readonly truth: ReadonlyMap<string, number>;
}

const pairKey = (a: string, b: string): string => `${a}\u0000${b}`;

function specOf(cell: Cell, base: Pick<RunSpec, 'game' | 'variant' | 'config' | 'seed' | 'entrants' | 'players' | 'winnerOnly'>): RunSpec {
  return { ...base, seating: cell.seating, gamesAsked: gamesPerRun(cell), record: 'none', moveTimeMs: 0 };
}

/** Simulated runs are cheap and played in this thread, run r with seed `<cell> r`. */
function simulatedPlan(cell: SimulatedCell): Plan {
  const { elos, effects } = fieldOf(cell);
  const strengths = elos.map((elo) => elo / ELO_PER_NAT);
  const labels = elos.map((elo, e) => `e${e} (${elo.toFixed(0)})`);
  const winnerOnly = cell.field === 'winner-only';
  const config =
    effects === null ? luceRace.configSchema.parse(cell.field === 'identical' ? { buckets: 16 } : { winnerOnly }) : seatedRace.configSchema.parse({ ...effects, strengths: [...new Set(strengths)] });
  const game: GameDefinition = effects === null ? luceRace : seatedRace;
  const bot: (strength: number) => BotFactory = effects === null ? luceBot : seatedBot;
  const factories = strengths.map((strength) => bot(strength));
  const entrants = labels.map((label) => ({ label, source: { kind: 'builtin' as const, name: game.id } }));
  // As prepareRun declares it from the game's `ranks`: the summary then fits the winner model.
  const perRun = specOf(cell, { game: game.id, variant: '', config, seed: '', entrants, players: cell.seats, ...(winnerOnly ? { winnerOnly: { placesOption: null } } : {}) });
  const play = async (runs: number, score: (tally: TallyData) => void): Promise<void> => {
    for (let run = 0; run < runs; run++) {
      const context = makeBatchContext({ ...perRun, seed: `calibration ${cell.field} ${cell.seats} ${cell.seating} ${run}` }, game, factories);
      score(playBatch(context, 0, context.schedule.blocks).tally);
    }
  };
  // Plackett-Luce fields are the seated race without effects: one model gives every target.
  const target = fairTarget(elos.length, cell.seats, seatedModel(effects ?? NO_EFFECTS, strengths));
  const truth = new Map<string, number>();
  labels.forEach((a, i) => labels.forEach((b, j) => truth.set(pairKey(a, b), (target[i]! - target[j]!) * ELO_PER_NAT)));
  return { perRun, play, target, truth };
}
/**
 * Real games cost milliseconds each and play on the worker pool: all the runs are one tournament
 * of one seed, run r its blocks [r·B, (r + 1)·B) and one batch. Blocks are independent and
 * identically distributed (each draws its lineup and deal from the seed and its index), so these
 * runs are as independent as runs of different seeds, and each run's tally depends on nothing but
 * its blocks: the same whatever the number of workers.
 */
async function gamePlan(cell: GameCell): Promise<Plan> {
  const game = findGame(cell.game);
  const entrants = parseEntrants(cell.bots, game.id);
  const variant = resolveVariant(game, cell.variant);
  const config = validateConfig(game.configSchema, parseSetFlags(cell.set), game.id);
  const seed = `calibration ${cell.game} ${variant} ${cell.bots}`;
  const perRun = specOf(cell, { game: game.id, variant, config, seed, entrants, players: entrants.length });
  const blocks = makeSchedule(entrants.length, entrants.length, cell.seating, perRun.gamesAsked).blocks;
  const play = async (runs: number, score: (tally: TallyData) => void, workers: number): Promise<void> => {
    const spec = await prepareRun({ game, variant, config, seed, entrants, seating: cell.seating, games: runs * blocks * entrants.length, record: 'none', moveTimeMs: 0 });
    const executor = poolExecutor(spec, workers);
    try {
      await dispatchInOrder(executor, 0, runs * blocks, fixedSizer(blocks), (batch) => score(batch.tally));
    } finally {
      await executor.close();
    }
  };
  // Copies of one bot (the same source) are alike: under fair seating their difference is 0.
  const truth = new Map<string, number>();
  for (const a of entrants) {
    for (const b of entrants) if (a !== b && JSON.stringify(a.source) === JSON.stringify(b.source)) truth.set(pairKey(a.label, b.label), 0);
  }
  return { perRun, play, target: null, truth };
}

/** A short name of the cell for tables and messages. */
export function cellName(cell: Cell): string {
  if (cell.field !== 'game') return `${cell.field}, ${cell.seats} seats, ${cell.seating}`;
  return `${cell.game}${cell.variant === '' ? '' : ` ${cell.variant}`} ${cell.bots}${cell.set.map((s) => ` --set ${s}`).join('')}`;
}

/**
 * One cell: `runs` tournaments, each scored as summary.json reports it. Real games play on a pool
 * of `workers` threads (default: the machine's cores), one run a batch; results do not depend on
 * the number of workers.
 */
export async function calibrateCell(cell: Cell, runs: number, options: { workers?: number } = {}): Promise<CellResult> {
  const started = performance.now();
  const { perRun, play, target, truth } = cell.field === 'game' ? await gamePlan(cell) : simulatedPlan(cell);
  const E = perRun.entrants.length;
  const identical = cell.field === 'identical';
  const result = {
    pairModel: target === null ? null : { hits: 0, trials: 0 },
    pairSandwich: { hits: 0, trials: 0, runHits: [] as number[] },
    origin: target === null ? null : { hits: 0, trials: 0 },
    winWilson: identical ? { hits: 0, trials: 0 } : null,
    winDeals: identical ? { hits: 0, trials: 0 } : null,
    separatedRuns: 0,
    bound: target === null ? null : { hits: 0, trials: 0 },
    pairsApart: 0,
  };
  const score = (tally: TallyData): void => {
    const summary = buildSummary(perRun, tally, { seconds: 0, gamesPerSecond: 0, workers: 1 });
    if (summary.ladder === null || summary.entrants.some((e) => e.rating?.separated !== null)) result.separatedRuns++;
    // The reported intervals as summary.json gives them. A pair in different tiers has none: the games
    // bound its gap on one side only, and the separated entrant's bound is judged instead.
    const before = result.pairSandwich.hits;
    for (const h of summary.headToHead) {
      const truthOf = truth.get(pairKey(h.a, h.b));
      if (truthOf === undefined) continue;
      if (h.eloDiffCI95 === null) result.pairsApart++;
      else add(result.pairSandwich, h.eloDiffCI95[0] <= truthOf && truthOf <= h.eloDiffCI95[1]);
    }
    result.pairSandwich.runHits.push(result.pairSandwich.hits - before);
    if (target !== null) scoreModelAndOrigin(perRun, tally, summary, target, result);
    for (const e of summary.entrants) {
      const chance = 1 / perRun.players;
      if (result.winWilson !== null) add(result.winWilson, e.winRateCI95[0] <= chance && chance <= e.winRateCI95[1]);
      if (result.winDeals !== null && e.winRateCI95Blocks !== null) add(result.winDeals, e.winRateCI95Blocks[0] <= chance && chance <= e.winRateCI95Blocks[1]);
    }
  };
  await play(runs, score, options.workers ?? defaultWorkers());
  return { cell, entrants: E, games: makeSchedule(E, perRun.players, perRun.seating, perRun.gamesAsked).games, runs, ...result, seconds: (performance.now() - started) / 1000 };
}

/**
 * The simulated fields' other intervals: the model's pairwise interval (the inverse Fisher
 * information, as if every pair of seats were an independent game), each entrant's rating.ci95
 * against the origin, whose truth is the target's weighted mean over the anchor tier, and each
 * separated entrant's bound (the truth beyond it: below a bound from below, above one from above).
 */
function scoreModelAndOrigin(spec: RunSpec, tally: TallyData, summary: Summary, target: readonly number[], tallies: { pairModel: Tally | null; origin: Tally | null; bound: Tally | null }): void {
  const E = target.length;
  const fit = ladderFit(spec, tally);
  if (fit === null) return;
  const pairModel = tallies.pairModel!;
  const origin = tallies.origin!;
  const bound = tallies.bound!;
  for (let a = 0; a < E; a++) {
    for (let b = a + 1; b < E; b++) {
      const error = Math.abs(fit.strength[a]! - fit.strength[b]! - (target[a]! - target[b]!));
      add(pairModel, error <= Z95 * Math.sqrt(Math.max(0, fit.fisher[a * E + a]! + fit.fisher[b * E + b]! - 2 * fit.fisher[a * E + b]!)));
    }
  }
  const { weight } = ladderOrigin(fit);
  const trueOrigin = target.reduce((sum, t, c) => sum + weight[c]! * t, 0);
  summary.entrants.forEach((e, a) => {
    const truth = (target[a]! - trueOrigin) * ELO_PER_NAT;
    add(origin, e.rating!.ci95[0] <= truth && truth <= e.rating!.ci95[1]);
    const separated = e.rating!.separated;
    if (separated?.bound != null) add(bound, separated.side === 'below' ? truth <= separated.bound : truth >= separated.bound);
  });
}

const rate = (t: Tally | null): string => (t === null || t.trials === 0 ? '–' : rateOf(t).toFixed(3));

/** The table `npm run bench -- calibration` prints, as markdown. */
export function calibrationTable(results: readonly CellResult[]): string {
  const head = [
    'field',
    'seats',
    'seating',
    'entrants',
    'games a run',
    'runs',
    'pairs pooled',
    'pairwise: model (independent pairs)',
    'pairwise: eloDiffCI95 (block-robust, reported)',
    `eloDiffCI95 within 0.95 ± z SE (z = ${upperQuantile(0.01 / (2 * results.length)).toFixed(2)}: 1% over the table's cells)`,
    'entrant vs origin: rating.ci95 (reported)',
    'win rate: winRateCI95 (Wilson on games)',
    'win rate: winRateCI95Blocks (t over deals, recommended)',
    'runs with a separation',
    'separated: the truth beyond the bound',
    'pairs in different tiers (not pooled)',
    'seconds',
  ];
  const rows = results.map((r) => {
    const { lo, hi, designEffect } = coverageBand(r.pairSandwich, results.length);
    const game = r.cell.field === 'game';
    return [
      game ? cellName(r.cell) : r.cell.field,
      game ? r.entrants : r.cell.seats,
      r.cell.seating,
      r.entrants,
      r.games,
      r.runs,
      `${r.pairSandwich.trials / r.runs} a run (${game ? 'identical copies' : 'all'})`,
      rate(r.pairModel),
      rate(r.pairSandwich),
      `${withinBand(r.pairSandwich, results.length) ? 'yes' : '**no**'} (${lo.toFixed(3)}–${hi.toFixed(3)}; design effect ${designEffect.toFixed(1)})`,
      rate(r.origin),
      rate(r.winWilson),
      rate(r.winDeals),
      r.separatedRuns,
      r.bound === null || r.bound.trials === 0 ? '–' : `${rateOf(r.bound).toFixed(3)} of ${r.bound.trials}`,
      r.pairsApart,
      r.seconds.toFixed(1),
    ];
  });
  return [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
