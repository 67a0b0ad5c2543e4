/** Real Clue games of the engine between built-in bots, keeping what each seat saw: for the solver benchmark and the tests. */
import { builtinBots } from '../bots/registry.js';
import type { BotFactory } from '../src/core/bot.js';
import { seedKey } from '../src/core/rng.js';
import { generatedSeatNames } from '../src/core/seat.js';
import type { ClueVariantId } from '../src/games/clue/cards.js';
import type { ClueEvent } from '../src/games/clue/events.js';
import { findGame } from '../src/games/registry.js';
import { playGame } from '../src/harness/match.js';

export interface PlayedGame {
  readonly names: readonly string[];
  /** Each seat's notebook as it last saw it (its hand first). */
  readonly notebooks: readonly (readonly ClueEvent[])[];
}

/** Plays one Clue game of the engine between built-in bots and keeps every seat's notebook. */
export function playClue(variant: ClueVariantId, bots: readonly string[], seed: string, index: number, maxTurns = 200): PlayedGame {
  const game = findGame('clue');
  const names = generatedSeatNames(bots.length);
  const notebooks: (readonly ClueEvent[])[] = bots.map(() => []);
  const seats = bots.map((botName, seat) => {
    const base = builtinBots('clue').find((b) => b.name === botName);
    if (base === undefined) throw new Error(`no clue bot ${botName}`);
    const bot: BotFactory = {
      ...base,
      create: (ctx) => {
        const inner = base.create(ctx);
        return {
          act: (view, legal) => {
            notebooks[seat] = view.notebook;
            return inner.act(view, legal);
          },
        };
      },
    };
    return { name: names[seat]!, label: botName, bot };
  });
  const result = playGame({ game, variant, config: game.configSchema.parse({ maxTurns }), seed, key: seedKey(seed), index, seats });
  if (result.outcome === null) throw new Error(`clue game ${seed}/${index} failed: ${result.engineError}`);
  return { names, notebooks };
}
