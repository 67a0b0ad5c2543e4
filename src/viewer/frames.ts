import { InputError } from '../core/errors.js';
import { seenEvent, type GameEvent } from '../core/events.js';
import { gameLabel } from '../core/game.js';
import type { GameRecord } from '../core/record.js';
import type { Seat } from '../core/seat.js';
import type { Picture, PictureSetup } from '../drawing/pictures.js';
import type { ViewerData, ViewerStep } from './viewer-data.js';
import { findGame } from '../games/registry.js';
import { replayRecord, type OnReplayStep, type Replay } from '../referee/replay.js';
import { cluePictures } from './pictures/clue.js';
import { deadwoodPictures } from './pictures/deadwood.js';
import type { GamePictures } from './pictures/game-pictures.js';
import { yahtzeePictures } from './pictures/yahtzee.js';

const PICTURES: Readonly<Record<string, GamePictures<never>>> = { clue: cluePictures, deadwood: deadwoodPictures, yahtzee: yahtzeePictures };

/** The record's game, step by step, from `seat`'s eyes (null: everything). */
export function viewerData(record: GameRecord, seat: Seat | null): ViewerData {
  return framesOf(record, seat, (onStep) => replayRecord(record, { onStep }));
}

/**
 * Plays a game through `play`, which calls back once set up and after every step (as
 * `replayRecord` does), and pictures each step; `record` names the game, its variant and seats.
 */
export function framesOf(record: GameRecord, seat: Seat | null, play: (onStep: OnReplayStep) => Pick<Replay, 'outcome' | 'mismatch'>): ViewerData {
  const game = findGame(record.game);
  const pictures = PICTURES[record.game] as GamePictures<unknown> | undefined;
  if (pictures === undefined) throw new InputError(`the viewer cannot draw ${record.game} games`);
  const names = record.seats.map((s) => s.name);
  const describe = (events: readonly GameEvent[]): string[] =>
    events.flatMap((event) => {
      const seen = seat === null ? event : seenEvent(event, seat);
      return seen === null ? [] : [game.describe(seen, seat, names, record.variant)];
    });
  const steps: ViewerStep[] = [];
  let setup: PictureSetup | null = null;
  let last: Record<string, string> = {};
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
    steps.push({ seat: step === null ? null : step.seat, lines: describe(made), changed });
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
