import type { Action } from '../core/game.js';

/** One scripted game of a check: the bot in `seat`, the game's first (weakest) built-in bot in every other. */
export interface Script {
  readonly variant: string;
  /** Options, before the game's `configSchema` fills in the rest. */
  readonly config: Record<string, unknown>;
  readonly players: number;
  readonly seat: number;
}

/** A decision a game's check plays on for until the bot has met it (Clue: which card to show). */
export interface HardChoice {
  /** What it is, for the report: "refutation choice". */
  readonly name: string;
  /** What the bot was asked to do in it, for a note when it never was: "choose which card to show". */
  readonly asked: string;
  /** Whether a decision, by its legal actions, is one. */
  readonly is: (legal: readonly Action[]) => boolean;
  /** Games played at most, per script, waiting for one. */
  readonly tries: number;
}

/**
 * How `parlor protocol check` plays a game: its scripts (short games, every seat position, the
 * game's hard cases), and the choice it waits for, if any. A game may keep its own in a file named
 * for it in games/; every other game gets the defaults of `scriptsFor`.
 */
export interface GameScripts {
  /** The game's id, as `GAMES` lists it. */
  readonly game: string;
  /** The first one's variant is the one the bot is asked about in the `hello` that probes its claims. */
  readonly scripts: readonly Script[];
  readonly choice?: HardChoice;
}
