import type { z } from 'zod';
import type { GameEvent } from './events.js';
import type { Action } from './game.js';
import type { Outcome } from './outcome.js';
import type { Rng } from './rng.js';
import type { Seat } from './seat.js';

export interface BotContext {
  readonly game: string;
  readonly variant: string;
  readonly config: unknown;
  readonly seat: Seat;
  readonly seats: number;
  /**
   * The players' names inside the game, by seat, where the driver knows them (the referee does): a
   * search player sets a sampled game up with them.
   */
  readonly names?: readonly string[];
  /** The bot's own stream: its choices never shift the game's dice or deal. */
  readonly rng: Rng;
  /**
   * Where `rng` comes from: stream `bot:<seat>` of (seed, index) (src/core/rng.ts), so a bot in
   * another process can draw the same numbers. Absent when the game is not a harness's.
   */
  readonly seed?: string;
  readonly index?: number;
  /**
   * The parameters the bot was entered with (`--bots 'ismcts(iterations=500)'`), checked by the
   * factory's `params` schema; absent or partial: the defaults (read them with `paramsOf`).
   */
  readonly params?: Readonly<Record<string, unknown>>;
}

/**
 * A System Player for one seat of one game. It sees its seat's view and the events its seat may
 * see, never the state. `act` is synchronous: in-process bots run in a loop of millions of
 * decisions, and async belongs at the edges (workers, processes, sockets).
 */
export interface Bot<V = any, A extends Action = any> {
  /** Returns one of `legal` (the same object or an equal one). */
  act(view: V, legal: readonly A[]): A;
  /** Each event as this seat sees it, visibility fields removed, in order. */
  observe?(event: GameEvent): void;
  /** The game is over: its outcome, null when the engine failed. A process bot passes it on. */
  end?(outcome: Outcome | null): void;
}

export interface BotFactory<V = any, A extends Action = any> {
  readonly name: string;
  /** One line for `parlor bots`. */
  readonly description: string;
  /**
   * The parameters the bot takes, each with its default and a `.describe()` line: `parlor bots`
   * lists them, `--bots name(key=value,...)` and bots files set them, `ctx.params` carries them.
   */
  readonly params?: z.ZodObject;
  create(ctx: BotContext): Bot<V, A>;
  /**
   * Ends what the factory keeps between games (a process bot's session says `bye`), once the run
   * or the game that used it is over. A factory used again afterwards starts afresh.
   */
  close?(): void;
}

/**
 * Factories whose bots never write into what they are handed: the project's own (bots/registry.ts
 * and process bots, whose proxy only serialises), held to it by test/hand-outs.test.ts. The
 * referee gives their bots the game's objects as they are (copying a view at every step of every
 * game would cost a tenth of a tournament's time); every other bot gets frozen copies.
 */
const readOnlyFactories = new WeakSet<BotFactory>();

/** Declares that `factory`'s bots only read their views, legal lists, events and context. */
export function declareReadOnly<F extends BotFactory>(factory: F): F {
  readOnlyFactories.add(factory);
  return factory;
}

export function isReadOnly(factory: BotFactory): boolean {
  return readOnlyFactories.has(factory);
}

/** The position `pick` last noted, -1 before any. */
let picked = -1;

/**
 * `legal[i]`, for the project's own bots that choose by position (uniformly, from a policy's
 * probabilities, ...): it notes i, and the referee then confirms the choice with one comparison
 * instead of searching `legal` (~0.3 µs of a 1-player Yahtzee game's ~11, bench/in-thread.ts).
 * A speed detail of that loop, not part of the bot API: a bot returns an element of `legal`, and
 * the referee finds it by itself.
 * @deprecated for bot authors: return `legal[i]`.
 */
export function pick<A>(legal: readonly A[], i: number): A {
  picked = i;
  return legal[i]!;
}

/** Whether `chosen` is one of `legal` (the same object): where `pick` last noted, else by a search. */
export function isOffered(chosen: unknown, legal: readonly unknown[]): boolean {
  return (picked >= 0 && picked < legal.length && legal[picked] === chosen) || legal.indexOf(chosen) >= 0;
}

/**
 * The legal action a bot chose, or null when it chose none: the same object (what bots return) or
 * an action equal to one as JSON, whatever the order of its keys (a process bot may write
 * `{"score":25,"type":"score",...}`).
 */
export function chosenLegal<A extends Action>(chosen: unknown, legal: readonly A[]): A | null {
  if (isOffered(chosen, legal)) return chosen as A;
  if (chosen === null || typeof chosen !== 'object') return null;
  for (const action of legal) if (sameJson(action, chosen)) return action;
  return null;
}

/** Equal as JSON values: the same keys with equal values, in any order (undefined ones left out, as JSON does). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x).filter((k) => x[k] !== undefined);
  return keys.length === Object.keys(y).filter((k) => y[k] !== undefined).length && keys.every((k) => sameJson(x[k], y[k]));
}

/** The detail a record keeps of an illegal choice. */
export function illegalDetail(chosen: unknown): string {
  return `returned ${JSON.stringify(chosen) ?? String(chosen)}, which is not a legal action`;
}
