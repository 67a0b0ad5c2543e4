import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { findBuiltinBot } from '../bots/registry.js';
import { decision, TreeNode } from '../bots/generic/ismcts-tree.js';
import type { Bot } from '../src/core/bot.js';
import { withParams } from '../src/core/bot-params.js';
import { seedKey, Sfc32 } from '../src/core/rng.js';
import { generatedSeatNames } from '../src/core/seat.js';
import { findGame } from '../src/games/registry.js';
import { playGame } from '../src/referee/match.js';
import { parseEntrants } from '../src/harness/entrants.js';
import { parlor } from './support/cli.js';
import { summaryWithoutTiming, tempDir } from './harness/support/run.js';

const solitaire = ['--game', 'yahtzee', '--players', '1', '--set', 'series=1'];

describe('ismcts in runs', () => {
  test('with iterations=, 1 and 2 workers play byte-identical summaries (timing aside), and the decisions are timed', async () => {
    const flags = [...solitaire, '--bots', 'ismcts(iterations=16),greedy', '--games', '6', '--quiet'];
    const [one, two] = [tempDir(), tempDir()];
    await parlor('run', ...flags, '--workers', '1', '--out', one);
    await parlor('run', ...flags, '--workers', '2', '--out', two);
    expect(summaryWithoutTiming(two)).toBe(summaryWithoutTiming(one));
    const summary = JSON.parse(readFileSync(join(one, 'summary.json'), 'utf8'));
    expect(summary.reproducible).toBe(true);
    const search = summary.timing.decisions.find((d: { entrant: string }) => d.entrant === 'ismcts(iterations=16)');
    expect(search.timed).toBeGreaterThan(6 * 13);
    expect(readFileSync(join(one, 'report.md'), 'utf8')).toMatch(/Decision time \(mean \/ p99\): ismcts\(iterations=16\) [\d.]+ \/ [\d.]+ ms/);
  });

  test('with ms= the run says it is not reproducible', async () => {
    const out = tempDir();
    await parlor('run', ...solitaire, '--bots', 'ismcts(ms=2),random', '--games', '2', '--workers', '1', '--quiet', '--out', out);
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).reproducible).toBe(false);
  });

  test('its parameters: defaults left out of the label, a bad rollout named with the choices', () => {
    expect(parseEntrants('ismcts(iterations=3000,rollout=random,exploration=0.7),ismcts(rollout=greedy)', 'yahtzee').map((e) => e.label)).toEqual(['ismcts', 'ismcts(rollout=greedy)']);
    expect(() => parseEntrants('ismcts(rollout=notebook)', 'deadwood')).toThrow(/^ismcts\(rollout=notebook\): rollout: .*; ismcts takes iterations \(integer, default 150\), ms \(integer\), rollout \(one of random, greedy, planner, default greedy\), advisor \(one of random, greedy, planner, default planner\), exploration \(number, default 0\.7\), margin \(number, default 3\)$/);
  });

  test('a search of one iteration plays its advisor\'s choice, whatever its rollout bot', () => {
    const game = findGame('deadwood');
    const search = withParams(findBuiltinBot('deadwood', 'ismcts'), { iterations: 1, advisor: 'planner', rollout: 'random' });
    const planner = findBuiltinBot('deadwood', 'planner');
    let compared = 0;
    const checked = {
      ...search,
      create(ctx: Parameters<typeof search.create>[0]): Bot {
        const bot = search.create(ctx);
        const twin = planner.create({ ...ctx, rng: new Sfc32(1, 2, 3, 4) });
        return {
          observe(event) {
            bot.observe?.(event);
            twin.observe?.(event);
          },
          act(view, legal) {
            const chosen = bot.act(view, legal);
            expect(chosen).toEqual(twin.act(view, legal));
            compared++;
            return chosen;
          },
        };
      },
    };
    const seats = generatedSeatNames(3).map((name, s) => ({ name, label: s === 0 ? 'search' : 'greedy', bot: s === 0 ? checked : findBuiltinBot('deadwood', 'greedy') }));
    const result = playGame({ game, variant: '', config: game.configSchema.parse({}), seed: 'advisor', key: seedKey('advisor'), index: 0, seats });
    expect(result.faults).toEqual([]);
    expect(compared).toBeGreaterThan(50);
  });

  test('the Clue-Less server refuses it in one line', async () => {
    await expect(parlor('serve', '--fill-with', 'ismcts', '--port', '0')).rejects.toThrow(
      '--fill-with ismcts: the server takes System Players that decide within 5 ms, and ismcts takes tens of milliseconds a decision; expected one of random, checklist, deduction, notebook',
    );
  });
});

describe('the root decision', () => {
  const legal = [{ type: 'a' }, { type: 'b' }, { type: 'c' }];
  /** A root whose children were visited `visits` times each with seat 0's rewards `rewards[i]`. */
  function root(rewards: readonly (readonly number[])[]): TreeNode {
    const node = new TreeNode(1, null);
    rewards.forEach((list, i) => {
      const child = new TreeNode(1, legal[i]!);
      for (const r of list) {
        child.visits++;
        child.rewards[0]! += r;
        child.squares += r * r;
      }
      node.children.set(JSON.stringify(legal[i]), child);
    });
    return node;
  }
  const advised = JSON.stringify(legal[2]);

  test('where every rollout lost, the advisor\'s choice, not the first of the most visited', () => {
    expect(decision(root([[0, 0, 0], [0, 0, 0], [0, 0]]), 0, legal, advised, 2)).toBe(2);
    expect(decision(root([[0, 0, 0], [0, 0, 0], [0, 0]]), 0, legal, advised, 0)).toBe(2);
  });

  test('the most visited once its lead is beyond the margin, the advisor\'s choice within it', () => {
    const clear = root([[1, 1, 1, 1, 1, 1, 1, 0.9], [0], [0.1, 0, 0.2]]);
    expect(decision(clear, 0, legal, advised, 2)).toBe(0);
    const noisy = root([[1, 0, 1, 0, 1], [0], [0, 1, 0]]);
    expect(decision(noisy, 0, legal, advised, 0)).toBe(0);
    expect(decision(noisy, 0, legal, advised, 2)).toBe(2);
  });

  test('a child that lost every one of its few visits is no sure loser: the variance is pooled', () => {
    const lucky = root([[1, 1, 1, 1, 1, 1, ...Array<number>(14).fill(0)], [0], [0, 0, 0]]);
    expect(decision(lucky, 0, legal, advised, 2)).toBe(2);
    expect(decision(lucky, 0, legal, advised, 1)).toBe(0);
  });
});
