import { findBuiltinBot } from '../../bots/registry.js';
import type { BotFactory } from '../../src/core/bot.js';
import type { GameRecord } from '../../src/core/record.js';
import { seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import type { ClueVariantId } from '../../src/games/clue/cards.js';
import { findGame } from '../../src/games/registry.js';
import { playGame } from '../../src/referee/match.js';

const clue = findGame('clue');

/** A seat's player: a built-in bot by name, or a labelled factory (a built-in one with other parameters). */
export type Player = string | { readonly label: string; readonly bot: BotFactory };

/** One seeded game of Clue between bots, as its record (each seat's `bot` is its player's label). */
export function playClue(variant: ClueVariantId, lineup: readonly Player[], index: number, options: Record<string, unknown> = {}): GameRecord {
  const seats = generatedSeatNames(lineup.length).map((name, seat) => {
    const player = lineup[seat]!;
    return typeof player === 'string' ? { name, label: player, bot: findBuiltinBot('clue', player) } : { name, label: player.label, bot: player.bot };
  });
  const config = clue.configSchema.parse({ maxTurns: 400, ...options });
  return playGame({ game: clue, variant, config, seed: 'analysis', key: seedKey('analysis'), index, seats }).record();
}
