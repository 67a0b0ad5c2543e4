import type { BotFactory } from '../core/bot.js';
import { describeError, describeIssues, InputError, RuleError } from '../core/errors.js';
import { seenEvent, type GameEvent } from '../core/events.js';
import type { GameDefinition } from '../core/game.js';
import { jsonDifference } from '../core/json-difference.js';
import type { Outcome } from '../core/outcome.js';
import { gameRecordSchema, type FaultKind, type GameRecord, type RecordedStep } from '../core/record.js';
import type { Seat } from '../core/seat.js';
import { findGame, resolveVariant } from '../games/registry.js';
import { validateConfig } from '../core/options.js';
import { otherKind } from '../core/user-files.js';
import { engineStackOf } from './engine-stack.js';
import { openReferee, ReplayStepError, stepLimitOf, type Referee } from './referee.js';

/** An engine error met by a replay: what was thrown, and where. */
export interface EngineFailure {
  /** As a record says it: `Name: message`. */
  readonly message: string;
  readonly stack?: string;
  /**
   * The step it stopped at, from 1: the one being played, or, `deciding`, the one about to be
   * chosen; 0 in the game's setup.
   */
  readonly step: number;
  /** The seat of that step; null in the setup. */
  readonly seat: Seat | null;
  /** The step's action, or the seat's forfeit, when it stopped while playing one. */
  readonly action?: unknown;
  readonly forfeit?: FaultKind;
  /** Raised while a decision was prepared (the seat's view or legal actions), before any action. */
  readonly deciding: boolean;
  /** At a step the seats' bots played past the record's end. */
  readonly playedOn: boolean;
  /** The same error as the record's `engineError`. */
  readonly same: boolean;
}

/**
 * How a replay came out:
 * - `same`: it ends as the record says (the recorded outcome);
 * - `differs`: it does not, and no engine error explains it: another outcome, a step the rules
 *   refuse now or that the record gets wrong, other events than the record holds;
 * - `engine-error`: the engine failed: the record's error again (`engineError.same`), or another;
 * - `fixed`: the record's engine error no longer happens, and the game, played on by its seats'
 *   bots where the record stops, comes to an outcome;
 * - `unfinished`: the record's engine error no longer happens, but the game cannot be played on.
 */
export type ReplayVerdict = 'same' | 'differs' | 'engine-error' | 'fixed' | 'unfinished';

export interface Replay {
  readonly verdict: ReplayVerdict;
  readonly outcome: Outcome | null;
  /** The game's state once the record's steps are played; null when the replay failed. */
  readonly state: unknown;
  /** Every event in order, with full visibility. */
  readonly events: readonly GameEvent[];
  /** The record's steps played again without a failure. */
  readonly replayed: number;
  /** Steps the seats' bots played after the record's last (verdict `fixed`, or an engine error then). */
  readonly playedOn: number;
  /** The engine error met now, or null. */
  readonly engineError: EngineFailure | null;
  /** null when the replay ends as the record says (its outcome, or its engine error at its end); otherwise what differs. */
  readonly mismatch: string | null;
}

/** Checks a parsed JSON value is a game record; one clear line when it is not. */
export function parseRecord(raw: unknown, where: string): GameRecord {
  const parsed = gameRecordSchema.safeParse(raw);
  if (!parsed.success) {
    const other = otherKind(raw, where, 'record');
    throw new InputError(other !== null ? `${where} is ${other}` : `${where} is not a parlor game record: ${describeIssues(parsed.error.issues)}`);
  }
  return parsed.data as GameRecord;
}

/**
 * Called once the game is set up (`step` null, no events) and after each of the record's steps
 * with the events it made, the state as it then is (read it, do not keep it: it changes).
 */
export type OnReplayStep = (state: unknown, step: RecordedStep | null, events: readonly GameEvent[]) => void;

export interface ReplayOptions {
  readonly onStep?: OnReplayStep;
  /** The game's definition, when not the registry's (a test's changed rule). */
  readonly game?: GameDefinition;
  /**
   * For a record of a game that stopped on an engine error: by seat, the System Player that plays
   * the seat on if the error no longer happens, or why there is none (a person's seat).
   */
  readonly playOn?: readonly (BotFactory | string)[];
}

/** A recorded step for a person to read: `step 41 (seat 2, {"type":"suggest",...})`. */
export function describeStep(number: number, step: RecordedStep): string {
  return 'forfeit' in step ? `step ${number} (seat ${step.seat} forfeits: ${step.forfeit})` : `step ${number} (seat ${step.seat}, ${JSON.stringify(step.action)})`;
}

/** Where an engine error stopped the game, for a person to read. */
export function describeFailurePlace(failure: EngineFailure): string {
  const { seat, step, forfeit } = failure;
  const where =
    seat === null
      ? "the game's setup"
      : failure.deciding
        ? `step ${step} (seat ${seat} to decide: its view and legal actions)`
        : describeStep(step, forfeit !== undefined ? { seat, forfeit } : { seat, action: failure.action });
  return failure.playedOn ? `${where}, played on by the bots` : where;
}

/** The step's action or forfeit, as a failure names it. */
function playing(step: RecordedStep | undefined): Pick<EngineFailure, 'action' | 'forfeit'> {
  if (step === undefined) return {};
  return 'forfeit' in step ? { forfeit: step.forfeit } : { action: step.action };
}

/** Where one step's events differ from the events the record holds for it, or null. */
function eventsDifference(recorded: readonly unknown[] | undefined, made: readonly GameEvent[]): string | null {
  if (recorded === undefined) return 'the record holds no events for it';
  // As the record holds them: through JSON (a field set to undefined is no field).
  const now = JSON.parse(JSON.stringify(made)) as unknown[];
  for (let i = 0; i < Math.min(recorded.length, now.length); i++) {
    const difference = jsonDifference(recorded[i], now[i], '', false);
    if (difference !== null) return `event ${i + 1} differs: ${difference}`;
  }
  if (recorded.length === now.length) return null;
  const first = Math.min(recorded.length, now.length);
  const counts = `${now.length} event${now.length === 1 ? '' : 's'} now, the record holds ${recorded.length}`;
  return first < recorded.length ? `${counts}: event ${first + 1} is missing: ${JSON.stringify(recorded[first])}` : `${counts}: event ${first + 1} is new: ${JSON.stringify(now[first])}`;
}

/** What a replay found, filled in as it goes. */
interface Found {
  failure: EngineFailure | null;
  /** A step the rules refuse now, or that the record gets wrong. */
  stepProblem: string | null;
  /** The first step whose events differ from the record's. */
  eventsProblem: string | null;
  playedOn: number;
}

function failureOf(record: GameRecord, error: unknown, place: Omit<EngineFailure, 'message' | 'stack' | 'same'>): EngineFailure {
  const message = describeError(error);
  const stack = engineStackOf(error);
  return { message, ...(stack !== undefined ? { stack } : {}), ...place, same: message === record.engineError };
}

/** The record's steps, played again; a failure is noted in `found`, not thrown. */
function replaySteps(referee: Referee, record: GameRecord, found: Found, onStep: OnReplayStep | undefined): void {
  let number = 0;
  try {
    referee.replay(
      record.steps,
      (step, made) => {
        number++;
        if (record.events !== undefined && found.eventsProblem === null) {
          const difference = eventsDifference(record.events[number - 1], made);
          if (difference !== null) found.eventsProblem = `${describeStep(number, step)}: ${difference}`;
        }
        onStep?.(referee.state, step, made);
      },
      true,
    );
  } catch (error) {
    if (!(error instanceof ReplayStepError)) throw error;
    const { thrown, step } = error;
    if (error.kind === 'record') found.stepProblem = `the replay failed: ${error.message}`;
    else if (thrown instanceof RuleError && !error.deciding) found.stepProblem = `${describeStep(error.number, step)}: the rules refuse it now: ${thrown.message}`;
    else found.failure = failureOf(record, thrown, { step: error.number, seat: step.seat, ...playing(error.deciding ? undefined : step), deciding: error.deciding, playedOn: false });
  }
}

/**
 * Where the record stops short of the game's end, what the tournament's loop would ask of the game
 * next: the decision of the seat to act. The seats' bots, where there are, then play the game on.
 * Only for a record of an engine error: anything that happens here is what happens now instead.
 * Returns why the game cannot be played on, or null.
 */
function playOn(referee: Referee, record: GameRecord, found: Found, events: readonly GameEvent[], bots: readonly (BotFactory | string)[] | undefined): string | null {
  let seat: Seat | null = null;
  let step = referee.played + 1;
  let seated = false;
  try {
    seat = referee.toAct();
    if (seat === null) return null;
    // A record the step limit stopped ends at it again: the decision is refused before any bot is asked.
    if (referee.atStepLimit) referee.decide(seat);
    else {
      referee.decisionOf(seat);
      if (bots === undefined) return `the game goes on (seat ${seat} to act) but cannot be played on: no System Players were given to play it on`;
      const missing = bots.findIndex((bot) => typeof bot === 'string');
      if (missing !== -1) return `the game goes on (seat ${seat} to act) but cannot be played on: seat ${missing} (${record.seats[missing]!.bot}) ${bots[missing] as string}`;
      bots.forEach((bot, s) => referee.seatBot(s, bot as BotFactory, record.seats[s]!.bot, events.flatMap((event) => seenEvent(event, s) ?? [])));
      seated = true;
      while (!referee.over) {
        seat = referee.toAct()!;
        step = referee.played + 1;
        referee.decide(seat);
      }
    }
    // A game the referee stopped itself (the step limit) says so in its engine error; the error is
    // the referee's own, so no engine's stack goes with it.
    if (referee.engineError !== undefined) {
      const message = referee.engineError;
      found.failure = { message, step, seat, deciding: true, playedOn: referee.played > record.steps.length, same: message === record.engineError };
    }
  } catch (error) {
    // A failing step stays in the log (Referee.act): then it was the step's, else the decision's.
    const acted = referee.played >= step;
    found.failure = failureOf(record, error, { step, seat, ...playing(acted ? referee.recordedSteps()[step - 1] : undefined), deciding: !acted, playedOn: seated });
    referee.fail(error);
    referee.endBots();
  } finally {
    found.playedOn = referee.played - record.steps.length;
  }
  return null;
}

/** The verdict and the mismatch, from what the replay found. */
function judge(record: GameRecord, found: Found, outcome: Outcome | null, unfinished: string | null): { verdict: ReplayVerdict; mismatch: string | null } {
  const then = (said: string | null, more: string | null): string | null => (said === null ? more : more === null ? said : `${said}; then ${more}`);
  const { failure } = found;
  if (failure !== null) {
    // Where the record's game stopped: the step it failed at, its last, or the decision after it.
    const atTheEnd = !failure.playedOn && failure.step >= record.steps.length;
    const said =
      failure.same && atTheEnd
        ? null
        : failure.same
          ? `the record's engine error happens ${failure.playedOn ? 'later' : 'earlier'} now, at ${describeFailurePlace(failure)} (the record has ${record.steps.length} steps)`
          : `${describeFailurePlace(failure)}: the engine failed: ${failure.message}${record.engineError !== undefined ? ` (the record's engine error: ${record.engineError})` : ''}`;
    return { verdict: 'engine-error', mismatch: then(found.eventsProblem, said) };
  }
  if (found.stepProblem !== null) return { verdict: 'differs', mismatch: then(found.eventsProblem, found.stepProblem) };
  if (found.eventsProblem !== null) return { verdict: 'differs', mismatch: found.eventsProblem };
  if (record.engineError !== undefined) {
    const gone = `the record's engine error (${record.engineError}) does not happen now: its ${record.steps.length} steps play`;
    if (unfinished !== null) return { verdict: 'unfinished', mismatch: `${gone}, and ${unfinished}` };
    const on = found.playedOn > 0 ? `, the seats' bots play ${found.playedOn} more` : '';
    return { verdict: 'fixed', mismatch: `${gone}${on}, and the game ends with ${JSON.stringify(outcome)}` };
  }
  if (JSON.stringify(outcome) === JSON.stringify(record.outcome)) return { verdict: 'same', mismatch: null };
  return { verdict: 'differs', mismatch: `the replay ends with ${JSON.stringify(outcome)}, the record says ${JSON.stringify(record.outcome)}` };
}

/**
 * Plays a record's steps again from its seed and game index, with the same named streams the
 * harness used, asking of the game what the tournament asked of it (each decision's view and legal
 * actions, each step), and compares the ending with the recorded one: its outcome, or its engine
 * error. Where the record holds each step's events (the golden playthroughs), they are compared
 * too. Bots are not involved, but for a record of an engine error that no longer happens: the
 * `playOn` bots then play the game on from where the record stops.
 */
export function replayRecord(record: GameRecord, options: ReplayOptions = {}): Replay {
  const game = options.game ?? findGame(record.game);
  const variant = resolveVariant(game, record.variant);
  const config = validateConfig(game.configSchema, record.config, game.id);
  const events: GameEvent[] = [];
  const seats = record.seats.map((s) => ({ name: s.name, label: s.bot, bot: null }));
  const found: Found = { failure: null, stepProblem: null, eventsProblem: null, playedOn: 0 };
  let referee: Referee;
  try {
    referee = openReferee({ game, variant, config, seed: record.seed, index: record.index, seats, onEvent: (event) => events.push(event), maxSteps: stepLimitOf(record.engineError) });
  } catch (error) {
    found.failure = failureOf(record, error, { step: 0, seat: null, deciding: false, playedOn: false });
    const { verdict, mismatch } = judge(record, found, null, null);
    return { verdict, outcome: null, state: null, events, replayed: 0, playedOn: 0, engineError: found.failure, mismatch };
  }
  options.onStep?.(referee.state, null, []);
  replaySteps(referee, record, found, options.onStep);
  // The log holds every step played, and the one an engine error stopped in (Referee.act).
  const replayed = referee.played - (found.failure !== null && !found.failure.deciding ? 1 : 0);
  // A game the record's steps ended has no one to act: playOn finds it so.
  const unfinished = found.failure === null && found.stepProblem === null && record.engineError !== undefined ? playOn(referee, record, found, events, options.playOn) : null;
  const failed = found.failure !== null || found.stepProblem !== null;
  const outcome = failed ? null : referee.outcome;
  const { verdict, mismatch } = judge(record, found, outcome, unfinished);
  return { verdict, outcome, state: failed ? null : referee.state, events, replayed, playedOn: found.playedOn, engineError: found.failure, mismatch };
}
