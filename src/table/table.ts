/**
 * A game for a front end to run: the engine and parlor's System Players behind a few verbs, on the
 * referee (the one driver of seated games, so bots are judged as in a tournament and the record
 * replays). Everything handed out is a frozen copy or a copy: a front end that sorts a legal list
 * for display or edits a view changes nothing in the game, nor in any other game of the process.
 */
import { chosenLegal, type BotFactory } from '../core/bot.js';
import { paramsLabel, withParams, type BotParams } from '../core/bot-params.js';
import { InputError, RuleError } from '../core/errors.js';
import { seenEvent, type GameEvent } from '../core/events.js';
import { frozenCopy } from '../core/frozen.js';
import type { Action, GameDefinition } from '../core/game.js';
import { resolveOptions } from '../core/options.js';
import type { Outcome } from '../core/outcome.js';
import type { GameRecord } from '../core/record.js';
import type { Seat } from '../core/seat.js';
import { checkedBuiltin } from '../export/create-bot.js';
import { findGame, playerCountProblem, resolveVariant } from '../games/registry.js';
import { openReferee, type Referee, type RefereeSeat } from '../referee/referee.js';

/** Who sits in a seat. */
export interface TableSeat {
  /** The player's name inside the game. */
  readonly name: string;
  /** A System Player: a built-in bot's name (`notebook`) or a bot factory of your own. Absent: a person, whose actions `play` brings. */
  readonly bot?: string | BotFactory;
  /** A built-in bot's parameters, as `parlor bots --game <id> --json` lists them; the defaults when absent. */
  readonly params?: BotParams;
}

export interface TableOptions {
  /** A game id: `clue`, `deadwood`, `yahtzee`. */
  readonly game: string;
  /** The game's variant; its default when absent. */
  readonly variant?: string;
  /** The game's options (as `--set` gives them); the defaults when absent. */
  readonly config?: unknown;
  readonly seats: readonly TableSeat[];
  /** The game's seed: the same seed (and `index`) deals and rolls as `parlor play --seed <seed>` does. */
  readonly seed: string;
  /** The game's index within a seeded run; 0 when absent. */
  readonly index?: number;
  /** A System Player's decision slower than this forfeits its seat; absent: no limit. */
  readonly moveTimeMs?: number;
}

/** What a System Player's turn came to: its seat, and the fault when its answer was refused (the seat forfeited). */
export interface BotTurn {
  readonly seat: Seat;
  readonly fault?: string;
}

export interface SeatedPlayer {
  readonly name: string;
  readonly bot: string | null;
}

export interface Table<V = unknown, A extends Action = Action> {
  readonly game: string;
  readonly variant: string;
  /** The options in effect. */
  readonly config: unknown;
  /** Who sits where: the player's name, and the System Player's label (`notebook`, `notebook(shortlist=4)`) or null for a person. */
  readonly seats: readonly SeatedPlayer[];
  /** Who is to act; null once the game is over. */
  toAct(): Seat | null;
  /** Everything `seat` may know now, and nothing more. */
  view(seat: Seat): V;
  /** What `seat` may do now (empty when it is not to act). */
  legal(seat: Seat): readonly A[];
  /** A person's action, one of `legal(seat)`; a wrong seat or an illegal action throws an InputError listing the legal actions and changes nothing. */
  play(seat: Seat, action: A): void;
  /** The System Player whose turn it is decides and its action is played (a fault forfeits its seat, as in a tournament). */
  botTurn(): Promise<BotTurn>;
  /** Every event `seat` has been told so far, in order, as it was told them. */
  events(seat: Seat): readonly GameEvent[];
  /** The result once the game is over; null before. */
  outcome(): Outcome | null;
  /** The game's record, as `parlor replay` and `parlor view` read it. */
  record(): GameRecord;
}

/** The legal actions as an error lists them. */
function listed(legal: readonly Action[]): string {
  return legal.length === 0 ? 'no legal action' : `one of ${legal.map((action) => JSON.stringify(action)).join(', ')}`;
}

/** A seat's System Player and its label in the record, or a person's seat. */
function seatOf(game: GameDefinition, seat: TableSeat, at: number, taken: readonly string[]): RefereeSeat {
  if (typeof seat !== 'object' || seat === null || typeof seat.name !== 'string') throw new InputError(`seats[${at}]: expected { name, bot? } (got ${JSON.stringify(seat)})`);
  const problem = game.checkName?.(seat.name, taken) ?? null;
  if (problem !== null) throw new InputError(`seats[${at}]: ${problem}`);
  if (seat.bot === undefined) return { name: seat.name, label: `human:${seat.name}`, bot: null };
  if (typeof seat.bot !== 'string') {
    if (typeof seat.bot?.create !== 'function') throw new InputError(`seats[${at}].bot: expected a built-in bot's name or a bot factory ({ name, description, create(ctx) })`);
    return { name: seat.name, label: seat.bot.name, bot: seat.bot };
  }
  const { factory, params } = checkedBuiltin(game, seat.bot, seat.params);
  return { name: seat.name, label: paramsLabel(factory.name, params), bot: withParams(factory, params) };
}

class GameTable<V, A extends Action> implements Table<V, A> {
  readonly game: string;
  readonly variant: string;
  readonly config: unknown;
  readonly seats: readonly SeatedPlayer[];
  private readonly told: GameEvent[] = [];
  private readonly referee: Referee<unknown, A, V>;

  constructor(options: TableOptions) {
    const game = findGame(options.game) as GameDefinition<unknown, A, V>;
    this.variant = resolveVariant(game, options.variant);
    if (!Array.isArray(options.seats)) throw new InputError('seats: expected a list of { name, bot? }, one a seat');
    const count = playerCountProblem(game, this.variant, options.seats.length);
    if (count !== null) throw new InputError(`seats: ${count} (got ${options.seats.length})`);
    if (typeof options.seed !== 'string') throw new InputError(`seed: expected a string (got ${typeof options.seed})`);
    const index = options.index ?? 0;
    if (!Number.isInteger(index) || index < 0) throw new InputError(`index: expected a game index, a whole number >= 0 (got ${String(index)})`);
    const config = resolveOptions(game, this.variant, options.config);
    const seats = options.seats.map((seat, at) => seatOf(game, seat, at, options.seats.slice(0, at).map((s) => s.name)));
    this.game = game.id;
    this.config = frozenCopy(config);
    this.seats = frozenCopy(seats.map((s) => ({ name: s.name, bot: s.bot === null ? null : s.label })));
    this.referee = openReferee({
      game,
      variant: this.variant,
      config,
      seed: options.seed,
      index,
      seats,
      ...(options.moveTimeMs !== undefined ? { moveTimeMs: options.moveTimeMs } : {}),
      onEvent: (event) => this.told.push(event),
    });
  }

  toAct(): Seat | null {
    return this.referee.toAct();
  }

  view(seat: Seat): V {
    return frozenCopy(this.referee.view(this.checked(seat)));
  }

  legal(seat: Seat): readonly A[] {
    this.checked(seat);
    return this.referee.toAct() === seat ? frozenCopy(this.referee.legal(seat)) : Object.freeze([]);
  }

  play(seat: Seat, action: A): void {
    const toAct = this.acting();
    const legal = this.referee.legal(toAct);
    if (this.checked(seat) !== toAct) throw new InputError(`seat ${seat} is not to act: seat ${toAct} (${this.seats[toAct]!.name}) is, with ${listed(legal)}`);
    if (this.referee.botOf(seat) !== null) throw new InputError(`seat ${seat} (${this.seats[seat]!.name}) is a System Player's: let it act with botTurn()`);
    const chosen = chosenLegal(action, legal);
    if (chosen === null) throw new InputError(`${JSON.stringify(action)} is not a legal action of seat ${seat}: expected ${listed(legal)}`);
    this.step(() => this.referee.act(seat, chosen));
  }

  async botTurn(): Promise<BotTurn> {
    const seat = this.acting();
    if (this.referee.botOf(seat) === null) throw new InputError(`seat ${seat} (${this.seats[seat]!.name}) is a person's: play their action with play(${seat}, action)`);
    const { fault } = this.step(() => this.referee.decide(seat));
    return Object.freeze(fault === undefined ? { seat } : { seat, fault: `${fault.kind}: ${fault.detail}` });
  }

  events(seat: Seat): readonly GameEvent[] {
    this.checked(seat);
    return Object.freeze(this.told.flatMap((event) => {
      const seen = seenEvent(event, seat);
      return seen === null ? [] : [frozenCopy(seen)];
    }));
  }

  outcome(): Outcome | null {
    return frozenCopy(this.referee.outcome);
  }

  record(): GameRecord {
    return structuredClone(this.referee.record());
  }

  /** The seat that is to act; an InputError once the game is over. */
  private acting(): Seat {
    const seat = this.referee.toAct();
    if (seat === null) throw new InputError('the game is over: no one is to act (see outcome())');
    return seat;
  }

  private checked(seat: Seat): Seat {
    if (!Number.isInteger(seat) || seat < 0 || seat >= this.seats.length) throw new InputError(`seat: expected a whole number from 0 to ${this.seats.length - 1} (got ${String(seat)})`);
    return seat;
  }

  /** One step through the referee: an engine error (anything but the rules' refusal) ends the game with no outcome, its record saying why. */
  private step<T>(play: () => T): T {
    try {
      return play();
    } catch (error) {
      if (!(error instanceof RuleError)) this.referee.fail(error);
      throw error;
    }
  }
}

/**
 * A game of `options.game` set up from its seed, for a front end: people play with `play`, System
 * Players with `botTurn`. Unknown games, variants and bots, a bad seat list or bad options throw an
 * InputError saying what is expected.
 */
export function createTable<V = unknown, A extends Action = Action>(options: TableOptions): Table<V, A> {
  return new GameTable<V, A>(options);
}
