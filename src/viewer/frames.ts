import { InputError } from '../core/errors.js';
import type { GameEvent } from '../core/events.js';
import { gameLabel, type GameDefinition } from '../core/game.js';
import { logLine } from '../core/game-log.js';
import type { GameRecord, RecordedStep } from '../core/record.js';
import type { Seat } from '../core/seat.js';
import type { Picture, PictureSetup } from '../drawing/pictures.js';
import type { ViewerData, ViewerStep } from './viewer-data.js';
import { findGame } from '../games/registry.js';
import { replayRecord, type OnReplayStep, type Replay } from '../referee/replay.js';
import { picturesOf } from './pictures/index.js';

/** The record's game, step by step, from `seat`'s eyes (null: everything); `game` when it is not the registry's. */
export function viewerData(record: GameRecord, seat: Seat | null, game: GameDefinition = findGame(record.game)): ViewerData {
  return framesOf(record, seat, (onStep) => replayRecord(record, { onStep, game }), game);
}

/**
 * The action a step chose in the game's words, for a perspective that may know it: the narrator
 * knows every action, a seat only its own (another's may be secret: the card a Clue refuter shows).
 * `state` is the state the action was chosen in.
 */
function chosenAction(game: GameDefinition, step: RecordedStep | undefined, state: unknown, seat: Seat | null): string | null {
  if (step === undefined || 'forfeit' in step || (seat !== null && step.seat !== seat)) return null;
  const action = game.actionSchema.safeParse(step.action);
  return action.success ? game.describeAction(action.data, state, step.seat) : null;
}

/**
 * Plays a game through `play`, which calls back once set up and after every step (as
 * `replayRecord` does), and pictures each step; `record` names the game's variant and seats and
 * holds its steps.
 */
export function framesOf(record: GameRecord, seat: Seat | null, play: (onStep: OnReplayStep) => Pick<Replay, 'outcome' | 'mismatch'>, game: GameDefinition = findGame(record.game)): ViewerData {
  const pictures = picturesOf(game);
  const names = record.seats.map((s) => s.name);
  const describe = (events: readonly GameEvent[]): string[] => events.flatMap((event) => logLine(game, record.variant, event, seat, names) ?? []);
  const steps: ViewerStep[] = [];
  let setup: PictureSetup | null = null;
  let last: Record<string, string> = {};
  // Described before it is played: the state after it may no longer say what it was.
  let upcoming: string | null = null;
  const replay = play((state, step, events) => {
    const made = step === null ? (pictures.setupEvents?.(state) ?? []) : events;
    setup ??= pictures.setup(state);
    const picture = pictures.picture(state, seat, names, step !== null && 'action' in step ? step.action : null) as Picture;
    const changed: Record<string, unknown> = {};
    const now: Record<string, string> = {};
    for (const [key, value] of Object.entries(picture)) {
      now[key] = JSON.stringify(value);
      if (now[key] !== last[key]) changed[key] = JSON.parse(now[key]) as unknown;
    }
    last = now;
    steps.push({ seat: step === null ? null : step.seat, action: step === null ? null : upcoming, lines: describe(made), changed });
    upcoming = chosenAction(game, record.steps[steps.length - 1], state, seat);
  });
  if (replay.mismatch !== null) throw new InputError(`the record does not replay: ${replay.mismatch}`);
  const players = `${names.length} player${names.length === 1 ? '' : 's'}`;
  return {
    schema: 1,
    game: record.game,
    variant: record.variant,
    title: `${gameLabel(record.game, record.variant)}, ${players}`,
    names,
    seat,
    setup: setup!,
    steps,
    winners: replay.outcome?.winners ?? null,
  };
}
