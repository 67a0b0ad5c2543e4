import type { BotFactory } from '../../src/core/bot.js';
import { validateConfig } from '../../src/core/options.js';
import type { Outcome } from '../../src/core/outcome.js';
import type { RecordedStep } from '../../src/core/record.js';
import { seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import { findGame } from '../../src/games/registry.js';
import { playGame } from '../../src/referee/match.js';

/**
 * One game played by the engine's own loop (playGame), in Node or bundled into a browser page: so
 * this file reaches no Node built-in.
 */
export interface TestGame {
  readonly game: string;
  readonly variant: string;
  readonly options: Record<string, unknown>;
  /** Built-in bot names, one per seat. */
  readonly lineup: readonly string[];
  readonly seed: string;
  readonly index: number;
}

export interface Played {
  readonly outcome: Outcome | null;
  readonly faults: readonly unknown[];
  readonly steps: readonly RecordedStep[];
  readonly engineError?: string;
}

/** Plays `spec`, each seat's bot made by the factory `factoryOf` gives for the seat's bot name. */
export function playLineup(spec: TestGame, factoryOf: (name: string) => BotFactory): Played {
  const game = findGame(spec.game);
  const names = generatedSeatNames(spec.lineup.length);
  const seats = spec.lineup.map((label, seat) => ({ name: names[seat]!, label, bot: factoryOf(label) }));
  const config = validateConfig(game.configSchema, spec.options, spec.game);
  const result = playGame({ game, variant: spec.variant, config, seed: spec.seed, key: seedKey(spec.seed), index: spec.index, seats });
  return { outcome: result.outcome, faults: result.faults, steps: result.record().steps, ...(result.engineError !== undefined ? { engineError: result.engineError } : {}) };
}
