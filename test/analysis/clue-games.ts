import { findBuiltinBot } from '../../bots/registry.js';
import type { GameRecord } from '../../src/core/record.js';
import { seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import type { ClueVariantId } from '../../src/games/clue/cards.js';
import { findGame } from '../../src/games/registry.js';
import { playGame } from '../../src/referee/match.js';

const clue = findGame('clue');

/** One seeded game of Clue between built-in bots, as its record. */
export function playClue(variant: ClueVariantId, lineup: readonly string[], index: number, options: Record<string, unknown> = {}): GameRecord {
  const seats = generatedSeatNames(lineup.length).map((name, seat) => ({ name, label: lineup[seat]!, bot: findBuiltinBot('clue', lineup[seat]!) }));
  const config = clue.configSchema.parse({ maxTurns: 400, ...options });
  return playGame({ game: clue, variant, config, seed: 'analysis', key: seedKey('analysis'), index, seats }).record();
}
