import { describe, expect, it } from 'vitest';
import { greedyBot } from '../../bots/yahtzee/greedy.js';
import { randomBot } from '../../bots/generic/random.js';
import { seedKey } from '../../src/core/rng.js';
import { yahtzeeGame as yahtzee } from '../../src/games/yahtzee/game.js';
import { playGame } from '../../src/referee/match.js';

describe('the greedy bot', () => {
  it('scores far above random alone and beats it head to head, always with legal actions', () => {
    const config = { series: 1 };
    const key = seedKey('greedy');
    let total = 0;
    const solo = 200;
    for (let index = 0; index < solo; index++) {
      const result = playGame({ game: yahtzee, variant: '', config, seed: 'greedy', key, index, seats: [{ name: 'Ann', label: 'greedy', bot: greedyBot }] });
      expect(result.faults).toEqual([]);
      total += result.outcome!.score![0]!;
    }
    // Greedy averages about 228 points a game (random: 46; the optimal strategy: 245.9).
    expect(total / solo).toBeGreaterThan(215);

    let wins = 0;
    const duels = 200;
    for (let index = 0; index < duels; index++) {
      const greedyFirst = index % 2 === 0;
      const seats = [
        { name: 'Ann', label: greedyFirst ? 'greedy' : 'random', bot: greedyFirst ? greedyBot : randomBot },
        { name: 'Bob', label: greedyFirst ? 'random' : 'greedy', bot: greedyFirst ? randomBot : greedyBot },
      ];
      const result = playGame({ game: yahtzee, variant: '', config, seed: 'duel', key: seedKey('duel'), index, seats });
      expect(result.faults).toEqual([]);
      if (result.outcome!.winners.includes(greedyFirst ? 0 : 1)) wins++;
    }
    expect(wins / duels).toBeGreaterThan(0.97);
  });
});
