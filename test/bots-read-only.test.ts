import { describe, expect, it } from 'vitest';
import { builtinBots } from '../bots/registry.js';
import { isReadOnly, type BotFactory } from '../src/core/bot.js';
import { paramList, withParams } from '../src/core/bot-params.js';
import { seedKey } from '../src/core/rng.js';
import { generatedSeatNames } from '../src/core/seat.js';
import { GAMES, playerRange } from '../src/games/registry.js';
import { playGame } from '../src/referee/match.js';

/**
 * The built-in bots are declared read-only, so the referee hands them the game's own objects.
 * Played as undeclared copies, they get frozen copies instead, where any write throws and forfeits
 * the seat: the games must come out byte for byte the same, without a fault.
 */
const cases = GAMES.flatMap((game) => builtinBots(game.id).map((bot) => ({ game, bot: small(bot), label: `${game.id}: ${bot.name}` })));

/** The search player at a small budget: two whole games in every seat at its default would take minutes. */
function small(bot: BotFactory): BotFactory {
  return paramList(bot).some((p) => p.name === 'iterations') ? withParams(bot, { iterations: 8 }) : bot;
}

describe.each(cases)('$label', ({ game, bot }) => {
  it('only reads what it is handed', () => {
    expect(isReadOnly(bot)).toBe(true);
    const variant = game.variants[0]?.id ?? '';
    const config = game.configSchema.parse({});
    const undeclared = { ...bot };
    expect(isReadOnly(undeclared)).toBe(false);
    const play = (factory: typeof bot) => {
      const seats = generatedSeatNames(playerRange(game, variant)[0]).map((name) => ({ name, label: bot.name, bot: factory }));
      return [0, 1].map((index) => playGame({ game, variant, config, seed: 'read-only', key: seedKey('read-only'), index, seats }));
    };
    const guarded = play(undeclared);
    expect(guarded.flatMap((result) => result.faults)).toEqual([]);
    expect(guarded.map((result) => JSON.stringify(result.record()))).toEqual(play(bot).map((result) => JSON.stringify(result.record())));
  });
});
