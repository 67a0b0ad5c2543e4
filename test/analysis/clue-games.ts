import { findBuiltinBot } from '../../bots/registry.js';
import type { BotFactory } from '../../src/core/bot.js';
import type { GameRecord } from '../../src/core/record.js';
import { seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import type { ClueAction } from '../../src/games/clue/actions.js';
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

/**
 * A built-in bot with its decisions altered: `alter` is given the bot's own choice (as a thunk, so
 * that it may decide without asking), the legal actions and the decision's number (from 1).
 */
export function altered(name: string, label: string, alter: (chosen: () => ClueAction, legal: readonly ClueAction[], decision: number) => ClueAction): Player {
  const base = findBuiltinBot('clue', name);
  const bot: BotFactory = {
    ...base,
    create: (ctx) => {
      const inner = base.create(ctx);
      let decisions = 0;
      return { act: (view, legal: readonly ClueAction[]) => alter(() => inner.act(view, legal), legal, ++decisions) };
    },
  };
  return { label, bot };
}
