import type { BotFactory } from '../core/bot.js';
import type { GameDefinition } from '../core/game.js';
import { seedKey, type SeedKey } from '../core/rng.js';
import { generatedSeatNames } from '../core/seat.js';
import { DecisionClock, type DecisionTimesData } from '../referee/decision-times.js';
import { playGame, StepLog, type MatchResult, type MatchSeat } from '../referee/match.js';
import { OutcomeRows, type OutcomeRowsData } from './outcome-line.js';
import { keepsRecord } from './record-policy.js';
import { blockLineup, makeSchedule, rotateLineup, type Schedule } from './schedule.js';
import type { RunSpec } from './spec.js';
import { TallyBuilder, type TallyData } from './tally.js';
import { pairResult } from '../stats/sprt.js';

/** What a worker needs to play any batch of a run, built once per worker. */
export interface BatchContext {
  readonly spec: RunSpec;
  readonly game: GameDefinition;
  readonly schedule: Schedule;
  readonly key: SeedKey;
  /** seatOf[e][s]: entrant e in seat s (the player's name is the seat's). */
  readonly seatOf: readonly (readonly MatchSeat[])[];
}

export function makeBatchContext(spec: RunSpec, game: GameDefinition, factories: readonly BotFactory[]): BatchContext {
  const names = generatedSeatNames(spec.players);
  return {
    spec,
    game,
    schedule: makeSchedule(spec.entrants.length, spec.players, spec.seating, spec.gamesAsked),
    key: seedKey(spec.seed),
    seatOf: spec.entrants.map((entrant, e) => names.map((name) => ({ name, label: entrant.label, bot: factories[e]! }))),
  };
}

/** Closes each bot factory of a run's context once (a process bot says `bye`). */
export function closeFactories(ctx: BatchContext): void {
  for (const factory of new Set(ctx.seatOf.flatMap((seats) => seats.map((s) => s.bot)))) factory.close?.();
}

/** The part of a run played by one task: blocks [from, to). Plain data, cheap to send between threads. */
export interface BatchResult {
  readonly from: number;
  readonly to: number;
  readonly tally: TallyData;
  /** Every game's outcome, in game order, for outcomes.jsonl. */
  readonly outcomes: OutcomeRowsData;
  /** records.jsonl lines for the games the record policy keeps: each a game record plus its `gameIndex`. */
  readonly records: string;
  /** For `parlor sprt`: each block's results of test against base. */
  readonly sprt: SprtBlock[] | null;
  /** Per entrant, how long its decisions took (every one of a slow bot's, a sample of a fast one's): not part of the results, as timing. */
  readonly decisions: DecisionTimesData[];
  /** When the first game started, in ms since the epoch (comparable across threads). */
  readonly startedAt: number;
  readonly seconds: number;
}

/**
 * One block of `parlor sprt`: its games in which test finished ahead of base, tied with it,
 * behind it, or tied on the winner scale (`uncounted`: a winner-only game neither or both won,
 * which says nothing on who wins); its games that ended on an engine error; the faults of base and
 * of test. A few small integers, as they come: `src/tournament/sprt-run.ts` makes the statistics.
 */
export type SprtBlock = [ahead: number, tied: number, behind: number, uncounted: number, errors: number, baseFaults: number, testFaults: number];

const PAIR_SLOT = { ahead: 0, tied: 1, behind: 2, uncounted: 3 } as const;
const ERRORS = 4;
const BASE_FAULTS = 5;
const TEST_FAULTS = 6;

function addSprtGame(block: SprtBlock, result: MatchResult, seats: readonly number[], pair: { readonly base: number; readonly test: number }, winnerOnly: boolean): void {
  const base = seats.indexOf(pair.base);
  const test = seats.indexOf(pair.test);
  for (const fault of result.faults) {
    if (fault.seat === base) block[BASE_FAULTS]++;
    else if (fault.seat === test) block[TEST_FAULTS]++;
  }
  if (result.outcome === null) block[ERRORS]++;
  else block[PAIR_SLOT[pairResult(result.outcome, test, base, winnerOnly)]]++;
}

/**
 * Plays blocks [from, to) of the run. Game i of block b = floor(i / blockSize) is rotation i mod
 * blockSize of the block's lineup and draws every random number from the streams of (seed, b): the
 * games of a block share one deal. Nothing here depends on which worker runs it or on the batch.
 */
export function playBatch(ctx: BatchContext, from: number, to: number): BatchResult {
  const startedAt = performance.timeOrigin + performance.now();
  const { spec, game, schedule, key, seatOf } = ctx;
  const n = schedule.players;
  const tally = new TallyBuilder(schedule.entrants, n, { winnerLineups: spec.winnerOnly !== undefined });
  const lineup = new Array<number>(n).fill(0);
  const sprt = spec.sprt === undefined ? null : ([] as SprtBlock[]);
  // At two seats the winner is the whole ranking: a shared win is a tie there, as the ladder reads it.
  const winnerOnly = spec.winnerOnly !== undefined && n >= 3;
  // One step log for the batch: each game's record is built (when kept) before the next game.
  const log = new StepLog();
  const clock = new DecisionClock(schedule.entrants);
  const outcomes = new OutcomeRows((to - from) * schedule.blockSize * (5 + 4 * n));
  let records = '';

  // The entrants by seat and the match seats of each rotation, rebuilt in place when the lineup
  // changes: under rotations seating it is a function of block mod lineups (never changing with
  // E = N); duplicate and random seating draw a new one per block.
  const rotationEntrants = Array.from({ length: schedule.blockSize }, () => new Array<number>(n).fill(0));
  const rotations = Array.from({ length: schedule.blockSize }, () => new Array<MatchSeat>(n));
  let rotationsOf = -1;
  for (let block = from; block < to; block++) {
    const lineupNumber = schedule.seating === 'rotations' ? block % schedule.lineups : -1;
    if (lineupNumber === -1 || lineupNumber !== rotationsOf) {
      rotationsOf = lineupNumber;
      blockLineup(schedule, key, block, lineup);
      for (let rotation = 0; rotation < schedule.blockSize; rotation++) {
        const entrants = rotateLineup(lineup, rotation, rotationEntrants[rotation]!);
        const seats = rotations[rotation]!;
        for (let s = 0; s < n; s++) seats[s] = seatOf[entrants[s]!]![s]!;
      }
    }
    tally.beginBlock(lineup);
    const pair: SprtBlock | null = sprt === null ? null : [0, 0, 0, 0, 0, 0, 0];
    for (let rotation = 0; rotation < schedule.blockSize; rotation++) {
      const index = block * schedule.blockSize + rotation;
      const seats = rotationEntrants[rotation]!;
      const timed = clock.timing(seats);
      const result = playGame({
        game,
        variant: spec.variant,
        config: spec.config,
        seed: spec.seed,
        key,
        index: block,
        seats: rotations[rotation]!,
        moveTimeMs: spec.moveTimeMs,
        log,
        clock: timed ? clock : undefined,
      });
      tally.addGame(seats, result);
      outcomes.add(index, seats, result);
      if (keepsRecord(spec.record, index, schedule.games, result.faults.length > 0, result.outcome === null)) {
        records += `${JSON.stringify({ ...result.record(), gameIndex: index })}\n`;
      }
      if (pair !== null) addSprtGame(pair, result, seats, spec.sprt!, winnerOnly);
    }
    tally.endBlock();
    if (pair !== null) sprt!.push(pair);
  }
  return {
    from,
    to,
    tally: tally.finish(),
    outcomes: outcomes.take(),
    records,
    sprt,
    decisions: clock.data(),
    startedAt,
    seconds: (performance.timeOrigin + performance.now() - startedAt) / 1000,
  };
}
