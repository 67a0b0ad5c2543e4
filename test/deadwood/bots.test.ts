import { describe, expect, it } from 'vitest';
import { greedyBot } from '../../bots/deadwood/greedy.js';
import { distance, expectedBonus, successChance } from '../../bots/deadwood/odds.js';
import { plannerBot, work } from '../../bots/deadwood/planner.js';
import { randomBot } from '../../bots/generic/random.js';
import { seedKey, streamRng } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import { deadwoodGame as deadwood } from '../../src/games/deadwood/game.js';
import { playGame } from '../../src/referee/match.js';

describe('Deadwood odds the bots use', () => {
  it('gives the success chances of the published table (R17, R21)', () => {
    expect([0, 1, 2, 3, 4, 5].map((c) => successChance(6, c) * 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(successChance(2, 0)).toBeCloseTo(5 / 6);
    expect(successChance(4, 3)).toBe(1);
  });

  it('gives the expected wrap bonus per role of the reference table (R25)', () => {
    const table: [number, number, number[]][] = [
      [2, 2, [4.47, 2.53]],
      [3, 3, [4.96, 3.5, 2.04]],
      [4, 3, [7.0, 4.1, 2.9]],
      [5, 2, [10.5, 7.0]],
      [5, 3, [7.93, 6.07, 3.5]],
      [6, 3, [8.63, 7.0, 5.37]],
      [6, 1, [21]],
    ];
    for (const [budget, roles, shares] of table) shares.forEach((share, j) => expect(expectedBonus(budget, roles, j)).toBeCloseTo(share, 2));
  });

  it('measures the board: the Trailers and the Casting Office are 4 steps apart', () => {
    expect(distance('trailers', 'office')).toBe(4);
    expect(distance('hotel', 'train-station')).toBe(4);
    expect(distance('saloon', 'bank')).toBe(1);
  });

  it("values a role as a seeded simulation of the planner's own act-or-rehearse policy does", () => {
    const rng = streamRng(seedKey('work'), 0, 'sim');
    const table: number[] = [];
    const cases = [
      [4, 3, 2, 0, 7, 0],
      [5, 3, 2, 0, 8, 0.3],
      [6, 2, 2, 1, 2, 0.5],
    ] as const;
    for (const [budget, shots, success, failure, bonus, others] of cases) {
      const stay = 0.95;
      const free = 20;
      const exact = work(budget, shots, 0, success, failure, bonus, others, stay, free, table).value;
      let total = 0;
      const runs = 40_000;
      for (let i = 0; i < runs; i++) {
        let left: number = shots;
        let chips = 0;
        for (;;) {
          if (work(budget, left, chips, success, failure, bonus, others, stay, free, table).rehearse) chips++;
          else if (rng.next() < successChance(budget, chips)) {
            total += success;
            if (--left === 0) break;
          } else total += failure;
          if (rng.next() < others && --left === 0) break;
          if (rng.next() >= stay) {
            left = -1;
            break;
          }
        }
        if (left === 0) total += bonus + free;
      }
      expect(total / runs).toBeCloseTo(exact, 0);
    }
  });
});

describe('Deadwood bots in play', () => {
  it('play legal actions only, and the planner decides in well under 5 ms on average', () => {
    const config = deadwood.configSchema.parse({});
    const lineup = [plannerBot, greedyBot, randomBot, plannerBot];
    let decisions = 0;
    let plannerMs = 0;
    for (let index = 0; index < 6; index++) {
      const seats = generatedSeatNames(4).map((name, i) => {
        const bot = lineup[(i + index) % 4]!;
        const timed = bot === plannerBot
          ? { ...bot, create: (ctx: Parameters<typeof bot.create>[0]) => {
              const inner = bot.create(ctx);
              return {
                observe: inner.observe?.bind(inner),
                act: (view: never, legal: never) => {
                  const started = performance.now();
                  const action = inner.act(view, legal);
                  plannerMs += performance.now() - started;
                  decisions++;
                  return action;
                },
              };
            } }
          : bot;
        return { name, label: bot.name, bot: timed };
      });
      const result = playGame({ game: deadwood, variant: '', config, seed: 'bots', key: seedKey('bots'), index, seats });
      expect(result.faults).toEqual([]);
      expect(result.engineError).toBeUndefined();
      expect(result.outcome?.capped).toBeUndefined();
    }
    expect(plannerMs / decisions).toBeLessThan(5);
  });
});
