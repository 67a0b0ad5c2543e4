import { describe, expect, test } from 'vitest';
import { randomClueBot } from '../../bots/clue/random.js';
import { randomBot } from '../../bots/generic/random.js';
import { builtinBots, findBuiltinBot, isSearchPlayer, takeoverBuiltin } from '../../bots/registry.js';
import { botListing, botsText } from '../../src/cli/actions/bots.js';
import { isReadOnly, type BotFactory } from '../../src/core/bot.js';
import { paramList } from '../../src/core/bot-params.js';
import { stateSampler, type GameDefinition } from '../../src/core/game.js';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import { findGame, GAMES } from '../../src/games/registry.js';
import { playGame } from '../../src/referee/match.js';
import { hiddenCups } from '../support/hidden-cups.js';
import { openCups } from '../support/open-cups.js';

/**
 * What a game gets from the contract alone, with no line in bots/registry.ts: `random`, and
 * `ismcts` where a state can be drawn from a seat's knowledge. The test-only games hidden cups
 * (hidden information and chance, with a `sampleState`) and open cups (perfect information) are
 * registered nowhere.
 */
const names = (game: GameDefinition | string): string[] => builtinBots(game).map((b) => b.name);
const search = (game: GameDefinition | string): BotFactory => findBuiltinBot(game, 'ismcts');

/** Each parameter's default, by name. */
function defaults(bot: BotFactory): Record<string, unknown> {
  return Object.fromEntries(paramList(bot).map((p) => [p.name, p.default]));
}

/** Hidden cups with its `sampleState` taken away: hidden information that nothing can sample. */
const { sampleState: _sampleState, ...unsampled } = hiddenCups;
const blindCups: GameDefinition = { ...(unsampled as GameDefinition), id: 'blind-cups' };

describe('the generic System Players of a game with no bots of its own', () => {
  test('hidden cups gets random, then ismcts at the contract\'s defaults, both read-only, the same objects every time', () => {
    expect(names(hiddenCups)).toEqual(['random', 'ismcts']);
    expect(builtinBots(hiddenCups)).toBe(builtinBots(hiddenCups));
    expect(builtinBots(hiddenCups)[0]).toBe(randomBot);
    expect(builtinBots(hiddenCups).every(isReadOnly)).toBe(true);
    expect(isSearchPlayer(search(hiddenCups))).toBe(true);
    expect(defaults(search(hiddenCups))).toMatchObject({ iterations: 300, rollout: 'random', advisor: 'random', margin: 0 });
    expect(paramList(search(hiddenCups)).find((p) => p.name === 'rollout')!.type).toBe('one of random');
    expect(takeoverBuiltin(hiddenCups)).toBe(randomBot);
    expect(() => findBuiltinBot(hiddenCups, 'greedy')).toThrow(/^unknown bot "greedy" for hidden-cups: expected one of random, ismcts$/);
  });

  test('a game of perfect information gets ismcts with no sampleState: the view, copied, is the state', () => {
    expect(openCups.sampleState).toBeUndefined();
    expect(names(openCups)).toEqual(['random', 'ismcts']);
  });

  test('a game with hidden information and no sampleState gets random alone, and parlor bots says why', () => {
    expect(stateSampler(blindCups)).toBeNull();
    expect(names(blindCups)).toEqual(['random']);
    expect(botsText(blindCups)).toContain('No ismcts: blind-cups has hidden information and no sampleState');
  });

  test('parlor bots lists the generic players with their parameters, and who takes over a person\'s seat', () => {
    const listing = botListing(hiddenCups);
    expect(listing.bots.map((b) => b.name)).toEqual(['random', 'ismcts']);
    expect(listing.bots[1]!.params).toEqual(paramList(search(hiddenCups)));
    expect(listing.takeover).toBe('random');
    const text = botsText(hiddenCups);
    expect(text).toMatch(/│ ismcts +│ information-set Monte Carlo tree search/);
    expect(text).toContain('iterations=300: iterations a decision');
    expect(text).toContain('At the terminal, random takes the seat of a person who leaves');
    expect(text).not.toContain('No ismcts');
  });

  test('every registered game has random first, and ismcts exactly when a state can be drawn for it, just before the strongest', () => {
    for (const game of GAMES) {
      const bots = names(game);
      expect(bots[0], game.id).toBe('random');
      expect(bots.includes('ismcts'), game.id).toBe(stateSampler(game) !== null);
      if (bots.length > 2) expect(bots.at(-2), game.id).toBe('ismcts');
      expect(builtinBots(game.id), game.id).toBe(builtinBots(findGame(game.id)));
    }
  });
});

/** Today's bots of a game, as its package must give them: names in order, the search's defaults, the takeover. */
function expectLineup(gameId: string, bots: readonly string[], searchDefaults: Record<string, unknown>, takeover: string, random: BotFactory): void {
  expect(names(gameId)).toEqual(bots);
  expect(defaults(search(gameId))).toEqual({ iterations: searchDefaults['iterations'], ms: undefined, rollout: searchDefaults['rollout'], advisor: searchDefaults['advisor'], exploration: 0.7, margin: searchDefaults['margin'] });
  // The search may roll out with, and be advised by, any other bot of the game.
  expect(paramList(search(gameId)).find((p) => p.name === 'rollout')!.type).toBe(`one of ${bots.filter((b) => b !== 'ismcts').join(', ')}`);
  expect(takeoverBuiltin(gameId).name).toBe(takeover);
  expect(takeoverBuiltin(gameId)).toBe(findBuiltinBot(gameId, takeover));
  expect(findBuiltinBot(gameId, 'random')).toBe(random);
  expect(builtinBots(gameId).every(isReadOnly)).toBe(true);
}

describe('the per-game packages give each game its bots as before', () => {
  test('yahtzee', () => {
    expectLineup('yahtzee', ['random', 'greedy', 'ismcts', 'optimal'], { iterations: 3000, rollout: 'random', advisor: 'random', margin: 0 }, 'optimal', randomBot);
  });
  test('deadwood', () => {
    expectLineup('deadwood', ['random', 'greedy', 'ismcts', 'planner'], { iterations: 150, rollout: 'greedy', advisor: 'planner', margin: 3 }, 'planner', randomBot);
  });
  test('clue', () => {
    expectLineup('clue', ['random', 'checklist', 'deduction', 'ismcts', 'notebook'], { iterations: 24, rollout: 'deduction', advisor: 'deduction', margin: 2 }, 'notebook', randomClueBot);
  });
});

/** One game through the referee: ismcts in seat `index % players`, random in the others. */
function playSearchAgainstRandom(game: GameDefinition, players: number, index: number, seed: string) {
  const searchSeat = index % players;
  const seats = generatedSeatNames(players).map((name, seat) =>
    seat === searchSeat ? { name, label: 'ismcts', bot: search(game) } : { name, label: 'random', bot: findBuiltinBot(game, 'random') },
  );
  return { searchSeat, result: playGame({ game, variant: '', config: {}, seed, key: seedKey(seed), index, seats }) };
}

describe.each([hiddenCups, openCups] as GameDefinition[])('$id, played through the referee', (game) => {
  test('ismcts and random play whole seeded games without a fault, and the same seed plays the same record', () => {
    for (const players of [2, 3]) {
      for (let index = 0; index < 3; index++) {
        const { result } = playSearchAgainstRandom(game, players, index, 'generic');
        expect(result.engineError).toBeUndefined();
        expect(result.faults).toEqual([]);
        expect(result.outcome!.rank).toHaveLength(players);
        const again = playSearchAgainstRandom(game, players, index, 'generic').result;
        expect(JSON.stringify(again.record())).toBe(JSON.stringify(result.record()));
      }
    }
  });

  test('ismcts at its defaults beats random: 28 or more outright wins of 40 two-player games (1% one-sided for a fair share of half)', () => {
    let wins = 0;
    for (let index = 0; index < 40; index++) {
      const { searchSeat, result } = playSearchAgainstRandom(game, 2, index, 'strength');
      if (result.outcome!.winners.length === 1 && result.outcome!.winners[0] === searchSeat) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(28);
  });
});

/** The first step of `players`-seat random games at which some seat's view is not the whole state, or null. */
function viewOtherThanState(game: GameDefinition, players: number, seed: string): string | null {
  const rng = new GameStreams(seedKey(seed), 0);
  const pick = new GameStreams(seedKey(`${seed}/pick`), 0).stream('pick');
  const state = game.setup({ variant: '', config: {}, seats: generatedSeatNames(players).map((name) => ({ name })), rng });
  for (let step = 0, seat = game.toAct(state); ; step++, seat = game.toAct(state)) {
    for (let viewer = 0; viewer < players; viewer++) {
      if (JSON.stringify(game.view(state, viewer)) !== JSON.stringify(state)) return `step ${step}: seat ${viewer}'s view is not the state`;
    }
    if (seat === null) return null;
    const legal = game.legalActions(state, seat);
    game.apply(state, seat, legal[pick.int(legal.length)]!, rng);
  }
}

describe('perfect information, as declared', () => {
  test('every seat\'s view is the whole state at every step, in open cups and in every registered game that declares it', () => {
    for (const game of [openCups as GameDefinition, ...GAMES.filter((g) => g.perfectInformation === true)]) {
      for (const players of [2, 4]) expect(viewOtherThanState(game, players, 'views'), game.id).toBeNull();
    }
  });

  test('a game that declares it but hides the other cups is caught at its first step', () => {
    const pretending: GameDefinition = { ...(hiddenCups as GameDefinition), perfectInformation: true };
    expect(viewOtherThanState(pretending, 2, 'views')).toBe("step 0: seat 0's view is not the state");
  });
});

describe('a departure, as the referee plays it', () => {
  test('forfeit is handed the state and the seat and nothing else: no random streams to draw from', () => {
    const handed: number[] = [];
    const counting: GameDefinition = {
      ...(hiddenCups as GameDefinition),
      forfeit: (...args: Parameters<GameDefinition['forfeit']>) => {
        handed.push(args.length);
        return hiddenCups.forfeit(...(args as Parameters<typeof hiddenCups.forfeit>));
      },
    };
    const fails = (): never => {
      throw new Error('gone');
    };
    const faulty: BotFactory = { name: 'faulty', description: 'throws', create: () => ({ act: fails }) };
    const seats = generatedSeatNames(3).map((name, seat) => ({ name, label: seat === 1 ? 'faulty' : 'random', bot: seat === 1 ? faulty : randomBot }));
    const result = playGame({ game: counting, variant: '', config: {}, seed: 'leave', key: seedKey('leave'), index: 0, seats });
    expect(result.departed).toEqual([1]);
    expect(handed).toEqual([2]);
  });
});
