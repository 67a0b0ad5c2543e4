import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBot } from '../../bots/generic/random.js';
import { greedyBot } from '../../bots/yahtzee/greedy.js';
import { optimalBot } from '../../bots/yahtzee/optimal.js';
import { seedKey } from '../../src/core/rng.js';
import { yahtzeeGame as yahtzee } from '../../src/games/yahtzee/game.js';
import { sharedTable } from '../../src/games/yahtzee/solver/table.js';
import { playGame, type MatchSeat } from '../../src/referee/match.js';

const dir = mkdtempSync(join(tmpdir(), 'parlor-yahtzee-bot-'));
const previous = process.env['PARLOR_CACHE_DIR'];
beforeAll(() => {
  process.env['PARLOR_CACHE_DIR'] = dir;
  sharedTable();
}, 120_000);
afterAll(() => {
  if (previous === undefined) delete process.env['PARLOR_CACHE_DIR'];
  else process.env['PARLOR_CACHE_DIR'] = previous;
  rmSync(dir, { recursive: true, force: true });
});

const EXACT = 245.8707745141;
const solo: MatchSeat[] = [{ name: 'Ann', label: 'optimal', bot: optimalBot }];

function play(seed: string, index: number, seats: readonly MatchSeat[], series = 1) {
  const result = playGame({ game: yahtzee, variant: '', config: { series }, seed, key: seedKey(seed), index, seats });
  if (result.outcome === null || result.faults.length > 0) {
    throw new Error(`seed ${seed} game ${index}: ${result.engineError ?? JSON.stringify(result.faults)}\n${JSON.stringify(result.record())}`);
  }
  return result;
}

describe('the optimal bot', () => {
  it('averages the exact expected score within 3 standard errors over 10 000 solitaire games (seed "optimal-mean")', () => {
    const games = 10_000;
    let sum = 0;
    let squares = 0;
    for (let index = 0; index < games; index++) {
      const score = play('optimal-mean', index, solo).outcome!.score![0]!;
      sum += score;
      squares += score * score;
    }
    const mean = sum / games;
    const se = Math.sqrt((squares / games - mean * mean) / games);
    expect(Math.abs(mean - EXACT), `mean ${mean.toFixed(3)}, standard error ${se.toFixed(3)}`).toBeLessThan(3 * se);
  });

  it('replays a seeded game to the same record', () => {
    const a = play('replay', 7, solo).record();
    const b = play('replay', 7, solo).record();
    expect(b).toEqual(a);
  });

  it('plays legal actions in series of several players, and beats greedy and random on average', () => {
    const seats: MatchSeat[] = [
      { name: 'Ann', label: 'optimal', bot: optimalBot },
      { name: 'Bob', label: 'greedy', bot: greedyBot },
      { name: 'Cid', label: 'random', bot: randomBot },
    ];
    let optimal = 0;
    let greedy = 0;
    for (let index = 0; index < 20; index++) {
      const { outcome } = play('three', index, seats, 5);
      optimal += outcome!.score![0]!;
      greedy += outcome!.score![1]!;
      expect(outcome!.score![2]!).toBeLessThan(outcome!.score![0]!);
    }
    expect(optimal).toBeGreaterThan(greedy);
  });
});
