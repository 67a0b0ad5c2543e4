import { InputError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import { parseEntrants, type EntrantSpec } from '../harness/entrants.js';
import { playerCountProblem } from '../games/registry.js';
import { defaultRecordFile } from './records.js';
import { seatTable, takeoverBot } from './seats.js';
import type { SessionEnd } from './session.js';
import { askEntrants, openRecord, playSitting } from './sitting.js';
import { InputClosed, type Terminal } from './terminal.js';

export interface PeopleOptions {
  /** The game from the flags; with `load` the record's game is played. */
  readonly game?: { readonly game: GameDefinition; readonly variant: string; readonly config: unknown };
  /** `--bots`; absent: the table is set up by asking. */
  readonly bots?: string;
  /** `--load`: a saved game to resume. */
  readonly load?: string;
  readonly seed: string;
  readonly takeover?: string;
  /** `--record`; default results/play/<game>[-<variant>]-<seed>.json. */
  readonly record?: string;
  /** `--move-time-ms`: a System Player's decision slower than this is a timeout fault; 0: no limit. */
  readonly moveTimeMs?: number;
}

/** Input closed while the table is being set up: nothing to save yet, so it is the user's mistake line. */
async function beforePlay<T>(asking: Promise<T>): Promise<T> {
  try {
    return await asking;
  } catch (error) {
    if (error instanceof InputClosed) throw new InputError(error.interrupted ? 'interrupted before the game began' : 'the input was closed before the game began');
    throw error;
  }
}

function moveTime(options: PeopleOptions): { moveTimeMs?: number } {
  return options.moveTimeMs !== undefined ? { moveTimeMs: options.moveTimeMs } : {};
}

/** Whether a `--bots` list seats anyone at the terminal. */
export function seatsPeople(bots: string): boolean {
  return parseEntrants(bots).some((e) => e.source.kind === 'human');
}

/** `parlor play` with people: seats them (or resumes a saved game), then plays until they stop. */
export async function playWithPeople(terminal: Terminal, options: PeopleOptions): Promise<SessionEnd[]> {
  if (options.load !== undefined) {
    const { setup, record } = await openRecord(options.load);
    const takeover = await takeoverBot(setup.game.id, options.takeover);
    terminal.print(`Resuming ${options.load}: ${setup.game.title}, ${record.steps.length} moves played.`);
    return playSitting({ terminal, ...setup, ...moveTime(options), resume: record, takeover, recordFile: options.record ?? options.load });
  }
  const { game, variant, config } = options.game!;
  const takeover = await takeoverBot(game.id, options.takeover);
  let entrants: EntrantSpec[];
  if (options.bots === undefined) {
    entrants = await beforePlay(askEntrants(terminal, game, variant));
  } else {
    entrants = parseEntrants(options.bots, game.id);
    const problem = playerCountProblem(game, variant, entrants.length);
    if (problem !== null) throw new InputError(`${problem}: --bots names ${entrants.length}`);
  }
  const sitters = await beforePlay(seatTable(terminal, game, entrants));
  const recordFile = options.record ?? defaultRecordFile(game.id, variant, options.seed);
  return playSitting({ terminal, game, variant, config, seed: options.seed, sitters, ...moveTime(options), takeover, recordFile });
}
