import type { BotFactory } from '../../src/core/bot.js';
import type { Outcome } from '../../src/core/outcome.js';
import { seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import { deadwoodGame as deadwood } from '../../src/games/deadwood/game.js';
import { playGame } from '../../src/referee/match.js';
import { findBuiltinBot } from '../../bots/registry.js';

export function deadwoodBots(names: readonly string[]): BotFactory[] {
  return names.map((name) => findBuiltinBot('deadwood', name));
}

/**
 * Plays `games` Deadwood games in one thread, seats rotating over every rotation of the lineup as
 * in duplicate play; `each` gets a game's outcome, its length and the entrant at each seat.
 */
export function playRotations(
  lineup: readonly BotFactory[],
  games: number,
  seed: string,
  each: (outcome: Outcome, steps: number, entrantAt: (seat: number) => number) => void,
): void {
  const n = lineup.length;
  const key = seedKey(seed);
  const config = deadwood.configSchema.parse({});
  for (let game = 0; game < games; game++) {
    const rotation = game % n;
    const entrantAt = (seat: number): number => (seat + rotation) % n;
    const seats = generatedSeatNames(n).map((name, seat) => ({ name, label: lineup[entrantAt(seat)]!.name, bot: lineup[entrantAt(seat)]! }));
    const result = playGame({ game: deadwood, variant: '', config, seed, key, index: Math.floor(game / n), seats });
    if (result.outcome === null || result.faults.length > 0) throw new Error(`game ${game}: ${result.engineError ?? JSON.stringify(result.faults)}`);
    each(result.outcome, result.steps, entrantAt);
  }
}
