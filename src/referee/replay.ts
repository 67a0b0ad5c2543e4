import { describeIssues, InputError } from '../core/errors.js';
import type { GameEvent } from '../core/events.js';
import type { Outcome } from '../core/outcome.js';
import { gameRecordSchema, type GameRecord, type RecordedStep } from '../core/record.js';
import { GameStreams, seedKey } from '../core/rng.js';
import { findGame, resolveVariant } from '../games/registry.js';
import { validateConfig } from '../core/options.js';
import { otherKind } from '../core/user-files.js';

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
    const other = otherKind(raw, where);
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
  const rng = new GameStreams(seedKey(record.seed), record.index);
  const events: GameEvent[] = [];
  let outcome: Outcome | null = null;
  let state: unknown;
  try {
    state = game.setup({ variant, config, seats: record.seats.map((s) => ({ name: s.name })), rng });
    onStep?.(state, null, []);
    record.steps.forEach((step, i) => {
      if (game.toAct(state) === null) throw new Error(`step ${i + 1}: the game was already over`);
      let made: readonly GameEvent[];
      if ('forfeit' in step) made = game.forfeit(state, step.seat);
      else {
        const parsed = game.actionSchema.safeParse(step.action);
        if (!parsed.success) throw new Error(`step ${i + 1}: malformed action: ${describeIssues(parsed.error.issues)}`);
        made = game.apply(state, step.seat, parsed.data, rng);
      }
      events.push(...made);
      onStep?.(state, step, made);
    });
    outcome = game.outcome(state);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (record.engineError !== undefined) return { outcome: null, state: null, events, mismatch: null };
    return { outcome: null, state: null, events, mismatch: `the replay failed: ${message}` };
  }
  const same = JSON.stringify(outcome) === JSON.stringify(record.outcome);
  return {
    outcome,
    state,
    events,
    mismatch: same ? null : `the replay ends with ${JSON.stringify(outcome)}, the record says ${JSON.stringify(record.outcome)}`,
  };
}
