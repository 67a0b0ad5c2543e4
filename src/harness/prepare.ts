import { InputError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import { GameStreams, seedKey } from '../core/rng.js';
import { generatedSeatNames } from '../core/seat.js';
import { playerCountProblem } from '../games/registry.js';
import { loadBotFactory, type EntrantSpec } from './entrants.js';
import type { RecordPolicy } from './record-policy.js';
import type { Seating } from './schedule.js';
import type { RunSpec } from './spec.js';

export interface RunRequest {
  readonly game: GameDefinition;
  readonly variant: string;
  readonly config: unknown;
  readonly seed: string;
  readonly entrants: readonly EntrantSpec[];
  /** Seats per game; default: one per entrant. */
  readonly players?: number;
  readonly seating: Seating;
  readonly games: number;
  readonly record: RecordPolicy;
  readonly moveTimeMs: number;
  readonly sprt?: RunSpec['sprt'];
}

/**
 * Sets one game up and throws it away: options that pass the schema but not the table they are
 * used at (Clue's `suspects` naming two players for three seats) are a user's mistake in one line,
 * not an engine error in every game.
 */
export function checkSetup(game: GameDefinition, variant: string, config: unknown, players: number): void {
  try {
    game.setup({ variant, config, seats: generatedSeatNames(players).map((name) => ({ name })), rng: new GameStreams(seedKey('setup check'), 0) });
  } catch (error) {
    if (error instanceof InputError) throw new InputError(`--set: ${error.message}`);
    throw error;
  }
}

/** `--move-time-ms`: a whole number of milliseconds, 0 for no limit. */
export function checkMoveTime(ms: number): void {
  if (!Number.isInteger(ms) || ms < 0) throw new InputError(`--move-time-ms ${ms}: expected a whole number of milliseconds >= 0 (0: no limit)`);
}

/**
 * Checks a run makes sense before any worker starts (every entrant loads here once, so a bad bot
 * name or module is one clear line, not a crash in every worker) and fixes its spec.
 */
export async function prepareRun(request: RunRequest): Promise<RunSpec> {
  const { game, variant, entrants } = request;
  const players = request.players ?? entrants.length;
  const problem = playerCountProblem(game, variant, players);
  if (problem !== null) {
    throw new InputError(`${problem}: ${request.players === undefined ? `--bots names ${players}; set --players` : `got --players ${players}`}`);
  }
  if (entrants.length < players) {
    const again = [...entrants.map((e) => e.label), ...Array.from({ length: players - entrants.length }, () => entrants[entrants.length - 1]!.label)];
    throw new InputError(`--players ${players} needs at least ${players} entrants but --bots names ${entrants.length}: name an entrant again to seat it more than once, e.g. --bots ${again.join(',')}`);
  }
  if (!Number.isInteger(request.games) || request.games < 1) throw new InputError(`--games ${request.games}: expected a whole number >= 1`);
  checkMoveTime(request.moveTimeMs);
  for (const entrant of entrants) await loadBotFactory(game.id, entrant.source);
  checkSetup(game, variant, request.config, players);
  return {
    game: game.id,
    variant,
    config: request.config,
    seed: request.seed,
    entrants,
    players,
    seating: request.seating,
    gamesAsked: request.games,
    record: request.record,
    moveTimeMs: request.moveTimeMs,
    ...(game.ranks?.(request.config) === 'winner' ? { winnerOnly: { placesOption: game.placesOption ?? null } } : {}),
    ...(request.sprt !== undefined ? { sprt: request.sprt } : {}),
  };
}
