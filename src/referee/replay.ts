import { describeIssues, InputError } from '../core/errors.js';
import type { GameEvent } from '../core/events.js';
import type { Outcome } from '../core/outcome.js';
import { gameRecordSchema, type GameRecord, type RecordedStep } from '../core/record.js';
import { findGame, resolveVariant } from '../games/registry.js';
import { validateConfig } from '../core/options.js';
import { otherKind } from '../core/user-files.js';
import { openReferee, type Referee } from './referee.js';

export interface Replay {
  readonly outcome: Outcome | null;
  /** The game's state once the record's steps are played; null when the replay failed. */
  readonly state: unknown;
  /** Every event in order, with full visibility. */
  readonly events: readonly GameEvent[];
  /** null when the replay ends as the record says; otherwise what differs. */
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

/**
 * Plays a record's steps again from its seed and game index, with the same named streams the
 * harness used, and compares the ending with the recorded one. Bots are not involved: the record
 * holds their actions.
 */
export function replayRecord(record: GameRecord, onStep?: OnReplayStep): Replay {
  const game = findGame(record.game);
  const variant = resolveVariant(game, record.variant);
  const config = validateConfig(game.configSchema, record.config, game.id);
  const events: GameEvent[] = [];
  const seats = record.seats.map((s) => ({ name: s.name, label: s.bot, bot: null }));
  let referee: Referee;
  try {
    referee = openReferee({ game, variant, config, seed: record.seed, index: record.index, seats, onEvent: (event) => events.push(event) });
    onStep?.(referee.state, null, []);
    referee.replay(record.steps, onStep === undefined ? undefined : (step, made) => onStep(referee.state, step, made));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (record.engineError !== undefined) return { outcome: null, state: null, events, mismatch: null };
    return { outcome: null, state: null, events, mismatch: `the replay failed: ${message}` };
  }
  const outcome = referee.outcome;
  const same = JSON.stringify(outcome) === JSON.stringify(record.outcome);
  return {
    outcome,
    state: referee.state,
    events,
    mismatch: same ? null : `the replay ends with ${JSON.stringify(outcome)}, the record says ${JSON.stringify(record.outcome)}`,
  };
}
