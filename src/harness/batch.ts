import type { BotFactory } from '../core/bot.js';
import type { GameDefinition } from '../core/game.js';
import { seedKey, type SeedKey } from '../core/rng.js';
import { generatedSeatNames } from '../core/seat.js';
import { DecisionClock, type DecisionTimesData } from '../referee/decision-times.js';
import { playGame, StepLog, type MatchResult, type MatchSeat } from '../referee/match.js';
import { OutcomeRows, type OutcomeRowsData } from './outcome-line.js';
import { recordsWithoutFault } from './record-policy.js';
import { blockLineup, makeSchedule, rotateLineup, type Schedule } from './schedule.js';
import type { RunSpec } from './spec.js';
import { TallyBuilder, winUnit, type TallyData } from './tally.js';

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
  /** For `parlor sprt`: each block's paired score code (see sprtCode), -1 for a block with an engine error. */
  readonly sprt: number[] | null;
  /** Per entrant, how long its decisions took (every one of a slow bot's, a sample of a fast one's): not part of the results, as timing. */
  readonly decisions: DecisionTimesData[];
  /** When the first game started, in ms since the epoch (comparable across threads). */
  readonly startedAt: number;
  readonly seconds: number;
}

/** The largest SPRT code of a block of `players` seats: 2 * N * winUnit(N). */
export function sprtCodeScale(players: number): number {
  return 2 * players * winUnit(players);
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
  const tally = new TallyBuilder(schedule.entrants, n);
  const lineup = new Array<number>(n).fill(0);
  const unit = winUnit(n);
  const sprt = spec.sprt === undefined ? null : ([] as number[]);
  const unitsAt = sprt === null ? null : new Array<number>(schedule.entrants * n).fill(0);
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
    let blockFailed = false;
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
      if (result.faults.length > 0 || result.outcome === null || recordsWithoutFault(spec.record, index, schedule.games)) {
        records += `${JSON.stringify({ ...result.record(), gameIndex: index })}\n`;
      }
      if (unitsAt !== null) {
        if (result.outcome === null) blockFailed = true;
        else recordWinUnits(result, seats, n, unit, unitsAt);
      }
    }
    tally.endBlock();
    if (sprt !== null && unitsAt !== null) sprt.push(blockFailed ? -1 : sprtCode(unitsAt, spec.sprt!, n, unit));
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

function recordWinUnits(result: MatchResult, seats: readonly number[], n: number, unit: number, unitsAt: number[]): void {
  const winners = result.outcome!.winners;
  for (let s = 0; s < n; s++) unitsAt[seats[s]! * n + s] = winners.includes(s) ? unit / winners.length : 0;
}

/**
 * The block's paired score of test against base, times sprtCodeScale: the sum over seats s of
 * (unit + test's win units in seat s - base's win units in seat s). Duplicate seating puts both in
 * every seat of the same deal once, so the code / scale is a score in [0, 1], 1/2 when they do alike.
 */
function sprtCode(unitsAt: readonly number[], pair: { base: number; test: number }, n: number, unit: number): number {
  let code = 0;
  for (let s = 0; s < n; s++) code += unit + unitsAt[pair.test * n + s]! - unitsAt[pair.base * n + s]!;
  return code;
}
