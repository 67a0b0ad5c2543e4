/**
 * A System Player started from a seed, outside the harness: the library's `createBot` and the
 * browser module that `parlor export-bot` writes both start bots here. This file and what it
 * imports run in a browser too, so nothing here may reach a Node built-in.
 */
import type { Bot, BotFactory } from '../core/bot.js';
import type { BotParams } from '../core/bot-params.js';
import { InputError } from '../core/errors.js';
import { botRng, type Rng } from '../core/rng.js';
import type { Seat } from '../core/seat.js';
import { gameLabel } from '../core/game.js';

/** Where a bot sits and where its randomness comes from. */
export interface BotSeating {
  /** The bot's seat, 0-based. */
  readonly seat: Seat;
  /** How many seats the game has. */
  readonly seats: number;
  /**
   * The run's seed. With the same seed (and `index`) the bot draws exactly what it draws in seat
   * `seat` of game `index` of `parlor run --seed <seed>` or `parlor play --seed <seed>`.
   */
  readonly seed?: string;
  /** The game's index within a seeded run; 0 (the first game) when absent. */
  readonly index?: number;
  /** A random stream of the caller's own, instead of `seed`. */
  readonly rng?: Rng;
  /** The players' names inside the game, by seat: the search player sets its sampled games up with them (default Ann, Bob, ...). */
  readonly names?: readonly string[];
}

/** The game a bot plays: which one, its variant ('' for games without variants) and its options; and the bot's parameters. */
export interface BotTable {
  readonly game: string;
  readonly variant: string;
  readonly config: unknown;
  /** The player counts the game allows in this variant. */
  readonly players: readonly [min: number, max: number];
  /** The bot's parameters, already checked by its schema (`notebook(shortlist=4)`); absent: its defaults. */
  readonly params?: BotParams;
}

function isRng(value: unknown): value is Rng {
  const rng = value as Rng;
  return typeof value === 'object' && value !== null && typeof rng.next === 'function' && typeof rng.int === 'function' && typeof rng.die === 'function';
}

function checkSeating(table: BotTable, seating: BotSeating): void {
  const { seat, seats, seed, index, rng } = seating;
  const [min, max] = table.players;
  if (!Number.isInteger(seats) || seats < min || seats > max) {
    throw new InputError(`seats: ${gameLabel(table.game, table.variant)} is played by ${min} to ${max} players (got ${String(seats)})`);
  }
  if (!Number.isInteger(seat) || seat < 0 || seat >= seats) throw new InputError(`seat: expected a whole number from 0 to ${seats - 1} (got ${String(seat)})`);
  if (index !== undefined && (!Number.isInteger(index) || index < 0)) throw new InputError(`index: expected a game index, a whole number >= 0 (got ${String(index)})`);
  if (rng !== undefined && !isRng(rng)) throw new InputError('rng: expected an object with next(), int(n) and die(sides)');
  if (seating.names !== undefined && (!Array.isArray(seating.names) || seating.names.length !== seats || seating.names.some((n) => typeof n !== 'string'))) {
    throw new InputError(`names: expected ${seats} names, one a seat (got ${JSON.stringify(seating.names)})`);
  }
  if ((seed === undefined) === (rng === undefined)) throw new InputError('expected either seed (a string) or rng (a random stream), exactly one of them');
  if (seed !== undefined && typeof seed !== 'string') throw new InputError(`seed: expected a string (got ${typeof seed})`);
}

/** Starts `factory`'s bot for one seat of one game; one clear InputError for a bad seating. */
export function startBot(factory: BotFactory, table: BotTable, seating: BotSeating): Bot {
  checkSeating(table, seating);
  const rng = seating.rng ?? botRng(seating.seed!, seating.index ?? 0, seating.seat);
  const { names } = seating;
  const { params } = table;
  return factory.create({
    game: table.game,
    variant: table.variant,
    config: table.config,
    seat: seating.seat,
    seats: seating.seats,
    rng,
    ...(names !== undefined ? { names } : {}),
    ...(params !== undefined && Object.keys(params).length > 0 ? { params } : {}),
  });
}
