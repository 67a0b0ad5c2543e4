import { makeBatchContext, playBatch } from '../../src/harness/batch.js';
import { ByteWriter } from '../../src/harness/byte-writer.js';
import { parseOutcomeLine, writeOutcomeLines, type OutcomeLine } from '../../src/harness/outcome-line.js';
import { PairedTally, type PairedGame } from '../../src/harness/paired-tally.js';
import type { Seating } from '../../src/harness/schedule.js';
import type { RunSpec } from '../../src/harness/spec.js';
import { pairedChanges, type Change } from '../../src/report/diff-summary.js';
import { coverageBand, rateOf, withinBand, type Pooled } from './suite.js';
import { seatedBot, seatedRace } from './seated-race.js';

/**
 * The coverage of `parlor diff`'s paired intervals, on pairs of runs whose true difference is known:
 * identical entrants in the seated race (seated-race.ts), run A with no seat effect, run B with seat
 * 0's log-strength raised by x, the same seed. With every strength equal, a game's winner is the seat
 * with the earliest time, Plackett-Luce in the strengths in play: seat 0 wins with chance
 * e^x / (e^x + N - 1) in B against 1/N in A, every other seat with 1 / (e^x + N - 1) against 1/N;
 * every entrant sits in every seat alike under random or fair seating, so its win rate moves by 0.
 * The runs go through what `parlor diff` reads: outcome lines as outcomes.jsonl has them, paired
 * block by block (PairedTally) into the reported changes (pairedChanges).
 */
export interface PairedCell {
  readonly seats: number;
  readonly seating: Seating;
  /** Deals a run: games under random seating, blocks of N games under duplicate seating. */
  readonly pairs: number;
  /**
   * A cell shown but held to no band: where the seats' differences are rare events (a few differing
   * deals a run), Student's t on them is conservative far beyond the band (src/stats/README.md,
   * "Paired differences").
   */
  readonly rare?: true;
}

/** Seat 0 plays as if twice as strong in run B. */
export const SEAT_EFFECT = Math.LN2;

/**
 * Deals enough that every seat's difference shows in about 30 deals a run or more (seat s >= 1 loses
 * a deal to seat 0 with chance 1/N - 1/(e^x + N - 1): 1/12 at 3 seats, 1/20 at 4), and one cell
 * where they are rare (1/42 at 6 seats: 2.4 deals in 100).
 */
export const PAIRED_CELLS: readonly PairedCell[] = [
  { seats: 3, seating: 'random', pairs: 600 },
  { seats: 4, seating: 'random', pairs: 600 },
  { seats: 3, seating: 'duplicate', pairs: 400 },
  { seats: 4, seating: 'duplicate', pairs: 600 },
  { seats: 6, seating: 'duplicate', pairs: 100, rare: true },
];

/** Seat s's true win rate in B minus A: e^x / (e^x + N - 1) - 1/N for seat 0, 1 / (e^x + N - 1) - 1/N for the others. */
export function trueSeatShift(seats: number, x: number, seat: number): number {
  return (seat === 0 ? Math.exp(x) : 1) / (Math.exp(x) + seats - 1) - 1 / seats;
}

export interface PairedCellResult {
  readonly cell: PairedCell;
  readonly runs: number;
  /** Seat 0's interval alone, one a run. */
  readonly seat0: Pooled;
  /** Every seat's interval, N a run. */
  readonly seats: Pooled;
  /** Every entrant's win-rate interval against 0, E a run; under duplicate seating identical entrants win once a deal in both runs, so there every difference is exactly 0 and nothing is judged. */
  readonly entrants: Pooled;
  /** The mean over the runs of seat 0's estimated shift, to set against the truth. */
  readonly seat0Mean: number;
  readonly seconds: number;
}

export function pairedCellName(cell: PairedCell): string {
  return `${cell.seats} seats, ${cell.seating}, ${cell.pairs} ${cell.seating === 'random' ? 'games' : 'deals'} a run`;
}

function specOf(cell: PairedCell, seat: readonly number[], seed: string): RunSpec {
  return {
    game: seatedRace.id,
    variant: '',
    config: seatedRace.configSchema.parse({ strengths: [0], seat, neighbour: 0 }),
    seed,
    entrants: Array.from({ length: cell.seats }, (_, e) => ({ label: `e${e}`, source: { kind: 'builtin' as const, name: seatedRace.id } })),
    players: cell.seats,
    seating: cell.seating,
    gamesAsked: cell.pairs * (cell.seating === 'random' ? 1 : cell.seats),
    record: 'none',
    moveTimeMs: 0,
  };
}

/** A run's outcome lines, written and read back as outcomes.jsonl holds them. */
function outcomeLines(spec: RunSpec): OutcomeLine[] {
  const context = makeBatchContext(spec, seatedRace, spec.entrants.map(() => seatedBot(0)));
  const writer = new ByteWriter();
  writeOutcomeLines(playBatch(context, 0, context.schedule.blocks).outcomes, writer);
  return Buffer.from(writer.take()).toString('utf8').trim().split('\n').map((line, i) => parseOutcomeLine(line, `game ${i}`));
}

const emptyPooled = (): Pooled & { hits: number; trials: number } => ({ hits: 0, trials: 0, runHits: [] });

/** Counts the intervals of one run that hold their truth. */
function judge(pooled: Pooled & { hits: number; trials: number }, changes: readonly Change[], truth: (i: number) => number): void {
  let hits = 0;
  changes.forEach((c, i) => {
    pooled.trials++;
    if (c.ci95 !== null && c.ci95[0] <= truth(i) && truth(i) <= c.ci95[1]) hits++;
  });
  pooled.hits += hits;
  pooled.runHits.push(hits);
}

/** `runs` pairs of runs of one cell, run r of seed `paired <cell> r`. */
export function pairedCell(cell: PairedCell, runs: number): PairedCellResult {
  const started = performance.now();
  const seat0 = emptyPooled();
  const seats = emptyPooled();
  const entrants = emptyPooled();
  const blockSize = cell.seating === 'random' ? 1 : cell.seats;
  let shift = 0;
  for (let run = 0; run < runs; run++) {
    const seed = `paired ${pairedCellName(cell)} ${run}`;
    const a = outcomeLines(specOf(cell, [], seed));
    const b = outcomeLines(specOf(cell, [SEAT_EFFECT], seed));
    const tally = new PairedTally(cell.seats, cell.seats, blockSize);
    for (let at = 0; at < a.length; at += blockSize) {
      const block: PairedGame[] = [];
      for (let g = at; g < at + blockSize; g++) block.push({ a: a[g]!, b: b[g]! });
      tally.addBlock(block);
    }
    const changes = pairedChanges(tally.finish());
    judge(seat0, [changes.seats[0]!.winRate], () => trueSeatShift(cell.seats, SEAT_EFFECT, 0));
    judge(seats, changes.seats.map((s) => s.winRate), (s) => trueSeatShift(cell.seats, SEAT_EFFECT, s));
    judge(entrants, changes.wins, () => 0);
    shift += changes.seats[0]!.winRate.diff! / runs;
  }
  return { cell, runs, seat0, seats, entrants, seat0Mean: shift, seconds: (performance.now() - started) / 1000 };
}

/** The quantities a cell is judged on: seats (but in a cell of rare differences), entrants where their differences vary (random seating). */
export function judged(result: PairedCellResult): Pooled[] {
  if (result.cell.rare === true) return [];
  return result.cell.seating === 'random' ? [result.seats, result.entrants] : [result.seats];
}

/** The table `npm run bench -- diff` prints, as markdown: coverage against 0.95 ± z standard errors (z for every judged quantity together). */
export function pairedTable(results: readonly PairedCellResult[]): string {
  const family = results.reduce((n, r) => n + judged(r).length, 0);
  const band = (p: Pooled, judge: boolean, why: string): string => {
    if (!judge) return `${rateOf(p).toFixed(3)} (${why}, not judged)`;
    const { lo, hi } = coverageBand(p, family);
    return `${rateOf(p).toFixed(3)} ${withinBand(p, family) ? 'within' : '**outside**'} ${lo.toFixed(3)}–${hi.toFixed(3)}`;
  };
  const head = ['cell', 'runs', "seat 0's true shift", "seat 0's mean estimate", "seat 0's interval", 'every seat (pooled)', 'every entrant, truth 0 (pooled)', 'seconds'];
  const rows = results.map((r) => [
    pairedCellName(r.cell),
    r.runs,
    trueSeatShift(r.cell.seats, SEAT_EFFECT, 0).toFixed(4),
    r.seat0Mean.toFixed(4),
    rateOf(r.seat0).toFixed(3),
    band(r.seats, r.cell.rare !== true, 'rare differences: a known limit'),
    band(r.entrants, r.cell.seating === 'random', 'exact: 0 in every deal'),
    r.seconds.toFixed(1),
  ]);
  return [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
