import type { BotFactory } from '../src/core/bot.js';
import type { SearchDefaults } from './generic/ismcts.js';

/**
 * A game's own System Players, as its folder under bots/ exports them (`bots/<game>/index.ts`), for
 * bots/registry.ts to list beside the generic ones. Optional: a game without one gets `random` and,
 * where it can be searched, `ismcts` at the contract's defaults.
 */
export interface GameBots {
  /** The game's id, as `GAMES` lists it. */
  readonly game: string;
  /**
   * Weakest first, the strongest last (the terminal's default opponent, `ismcts` going just before
   * it). A bot named `random` stands in for the generic one, which otherwise comes first.
   */
  readonly bots: readonly BotFactory[];
  /** `ismcts`'s defaults measured for this game (docs/bots.md#ismcts); absent, the contract's. */
  readonly search?: SearchDefaults;
  /** The bot that takes a departing person's seat at the terminal, by name; absent, `random`. */
  readonly takeover?: string;
}
