import { availableParallelism } from 'node:os';
import type { Argv, Options } from 'yargs';
import { InputError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import { parseSetFlags, resolveOptions } from '../core/options.js';
import { findGame, resolveVariant } from '../games/registry.js';

/** The options every command that plays a game takes. */
export interface GameArgs {
  game: string;
  variant?: string;
  set?: string[];
}

/** The flags naming the game, its variant and options. */
export const GAME_OPTIONS = {
  game: { type: 'string', demandOption: true, describe: 'game id (see `parlor games`)' },
  variant: { type: 'string', describe: "variant id (default: the game's first)" },
  set: { type: 'string', array: true, default: [] as string[], describe: 'game option key=value, repeatable (e.g. series=1)' },
} satisfies Record<string, Options>;

/** The move time of System Players, as in a tournament. */
export const MOVE_TIME_OPTION = { type: 'number', default: 0, describe: 'a decision slower than this forfeits the game (0: no limit)' } satisfies Options;

/** Every command that writes a run folder holds its lock (src/harness/run-lock.ts); this takes it from another process. */
export const BREAK_LOCK_OPTION = {
  type: 'boolean',
  default: false,
  describe: 'remove the lock another process holds on the output folder and take it (that process stops before its next write)',
} satisfies Options;

export const BASELINE_OPTION = { type: 'string', describe: "an entrant's label: the head-to-head claims are its comparisons with every other entrant" } satisfies Options;

export function withGameOptions<T>(yargs: Argv<T>) {
  return yargs.options(GAME_OPTIONS);
}

/** A count flag (--workers, --games...), when given, must be a whole number >= 1. */
export function positiveInteger(flag: string, value: number | undefined): void {
  if (value !== undefined && (!Number.isInteger(value) || value < 1)) throw new InputError(`--${flag} ${value}: expected a whole number >= 1`);
}

/**
 * A count of threads: more than twice the cores only slows a run down and costs memory per thread
 * (200 workers ran at 8 games/s in 5.9 GB).
 */
export function threadCount(flag: string, value: number | undefined): void {
  positiveInteger(flag, value);
  const cores = availableParallelism();
  if (value !== undefined && value > 2 * cores) throw new InputError(`--${flag} ${value}: at most ${2 * cores} on this machine (twice its ${cores} cores)`);
}

/** The most games one run or test may ask for: more would take years and fill disks with outcome lines. */
export const MAX_GAMES = 1e9;

/** `--games`-like counts: a whole number from 1 to MAX_GAMES. */
export function gameCount(flag: string, value: number | undefined): void {
  positiveInteger(flag, value);
  if (value !== undefined && value > MAX_GAMES) throw new InputError(`--${flag} ${value}: at most 1000000000 (1e9) games; split a larger run into several with --seed`);
}

/** The game of a file of records (a run's records.jsonl, a golden .jsonl) that `view` and `replay` read. */
export const GAME_INDEX_OPTION = {
  type: 'number',
  describe: "the game of a file of several: a run's records.jsonl (its gameIndex), a golden .jsonl (its place, from 0)",
} satisfies Options;

/** `--game-index`, when given, must be a whole number >= 0. */
export function gameIndexArg(value: number | undefined): number | undefined {
  if (value !== undefined && (!Number.isInteger(value) || value < 0)) throw new InputError(`--game-index ${value}: expected a whole number >= 0`);
  return value;
}

export function withJson<T>(yargs: Argv<T>) {
  return yargs.option('json', { type: 'boolean', default: false, describe: 'machine-readable JSON on stdout' });
}

export interface ResolvedGame {
  readonly game: GameDefinition;
  readonly variant: string;
  readonly config: unknown;
}

/** The game, variant and validated options named by a command's flags, every option in effect filled in (`resolveOptions`). */
export function resolveGameArgs(args: GameArgs): ResolvedGame {
  const game = findGame(args.game);
  const variant = resolveVariant(game, args.variant);
  const config = resolveOptions(game, variant, parseSetFlags(args.set ?? []));
  return { game, variant, config };
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
