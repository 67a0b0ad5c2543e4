import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optimalBot } from '../../bots/yahtzee/optimal.js';
import { InputError } from '../../src/core/errors.js';
import type { YahtzeeAction } from '../../src/games/yahtzee/actions.js';
import { CATEGORY_INDEX, type Category } from '../../src/games/yahtzee/scoring.js';
import { advise, type AdviceQuery } from '../../src/games/yahtzee/solver/advice.js';
import { loadTableSync } from '../../src/games/yahtzee/solver/load.js';
import type { OptimalTable } from '../../src/games/yahtzee/solver/table.js';
import type { YahtzeeView } from '../../src/games/yahtzee/view.js';
import { parlor, parlorProcess } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'parlor-yahtzee-advice-'));
const previous = process.env['PARLOR_CACHE_DIR'];
let table: OptimalTable;

beforeAll(() => {
  process.env['PARLOR_CACHE_DIR'] = dir;
  table = loadTableSync().table;
}, 120_000);
afterAll(() => {
  if (previous === undefined) delete process.env['PARLOR_CACHE_DIR'];
  else process.env['PARLOR_CACHE_DIR'] = previous;
  rmSync(dir, { recursive: true, force: true });
});

const example: AdviceQuery = { dice: [3, 3, 5, 5, 6], rollsLeft: 2, used: ['ones', 'fives', 'chance'], upper: 18 };
const mask = (...ids: (keyof typeof CATEGORY_INDEX)[]) => ids.reduce((m, id) => m | (1 << CATEGORY_INDEX[id]), 0);

/** The view the optimal bot would see for the same card and dice. */
function viewOf(query: AdviceQuery): YahtzeeView {
  const sheet: (number | null)[] = new Array(13).fill(null);
  for (const id of query.used) sheet[CATEGORY_INDEX[id as keyof typeof CATEGORY_INDEX]] = 0;
  return { dice: [...query.dice!], rolls: 3 - query.rollsLeft!, sheet, upper: query.upper } as unknown as YahtzeeView; // the fields the optimal bot reads
}

describe('the advisor', () => {
  it('values every distinct keep of the dice, best first, the best being the state value', () => {
    const advice = advise(table, example);
    expect(advice.options).toHaveLength(18); // 3 x 3 x 2 ways to keep 3 3 5 5 6
    expect(advice.expectedScore).toBe(advice.options[0]!.expectedScore);
    for (let i = 1; i < advice.options.length; i++) expect(advice.options[i]!.expectedScore).toBeLessThanOrEqual(advice.options[i - 1]!.expectedScore);
    const keeps = advice.options.map((o) => ('keep' in o ? o.keep.join('') : ''));
    expect(new Set(keeps).size).toBe(18);
    expect(keeps).toContain('33556');
    expect(keeps).toContain('');
    // Rerolling all five with two rolls left is a fresh turn with one roll fewer: worth less than a fresh turn.
    const rerollAll = advice.options.find((o) => 'keep' in o && o.keep.length === 0)!;
    expect(rerollAll.expectedScore).toBeLessThan(table.value(mask('ones', 'fives', 'chance'), 18));
  });

  it('values each open category with no rolls left as its points now plus the value of the card after', () => {
    const advice = advise(table, { dice: [6, 6, 6, 6, 6], rollsLeft: 0, used: [], upper: 0 });
    expect(advice.options).toHaveLength(13);
    const yahtzee = advice.options.find((o) => 'category' in o && o.category === 'yahtzee')!;
    expect(yahtzee.expectedScore).toBe(50 + table.value(mask('yahtzee'), 0));
    const sixes = advice.options.find((o) => 'category' in o && o.category === 'sixes')!;
    expect(sixes.expectedScore).toBe(30 + table.value(mask('sixes'), 30));
    expect(advice.options[0]).toMatchObject({ category: 'yahtzee' });
  });

  it('without dice, gives the value of the turn-start state', () => {
    expect(advise(table, { used: ['ones', 'fives', 'chance'], upper: 18 })).toEqual({ expectedScore: table.value(mask('ones', 'fives', 'chance'), 18), options: [] });
    expect(advise(table, { used: [], upper: 0 }).expectedScore).toBe(table.expectedScore);
  });

  it('counts the bonus as earned from an upper total of 63', () => {
    const upperDone = ['ones', 'twos', 'threes', 'fours', 'fives', 'sixes'];
    const earned = advise(table, { used: upperDone, upper: 70 }).expectedScore;
    const missed = advise(table, { used: upperDone, upper: 50 }).expectedScore;
    expect(earned).toBe(missed);
    const close = advise(table, { used: upperDone.slice(1), upper: 62 }).expectedScore;
    const made = advise(table, { used: upperDone.slice(1), upper: 63 }).expectedScore;
    expect(close - made).toBeGreaterThan(30); // one 1 in three rolls of five dice earns the 35 almost surely
  });

  it('recommends what the optimal bot plays', () => {
    const queries: AdviceQuery[] = [example, { ...example, rollsLeft: 1 }, { ...example, rollsLeft: 0 }, { dice: [1, 2, 3, 4, 6], rollsLeft: 2, used: [], upper: 0 }];
    const bot = optimalBot.create({} as never);
    for (const query of queries) {
      const best = advise(table, query).options[0]!;
      const view = viewOf(query);
      const legal = [
        ...Array.from({ length: 32 }, (_, hold): YahtzeeAction => ({ type: 'roll', hold })),
        ...['ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'threeOfAKind', 'fourOfAKind', 'fullHouse', 'smallStraight', 'largeStraight', 'yahtzee', 'chance']
          .filter((c) => !query.used.includes(c))
          .map((category): YahtzeeAction => ({ type: 'score', category: category as Category, score: 0 })),
      ];
      const action = bot.act(view, legal) as { type: string; hold?: number; category?: string };
      if ('category' in best) expect(action).toMatchObject({ type: 'score', category: best.category });
      else if (best.keep.length === 5) expect(action.type).toBe('score');
      else expect(query.dice!.filter((_, i) => action.hold! & (1 << i)).sort()).toEqual(best.keep);
    }
  });

  it('says clearly what is wrong with a bad question', () => {
    const bad = (query: Partial<AdviceQuery>) => () => advise(table, { ...example, ...query } as AdviceQuery);
    expect(bad({ dice: [1, 2, 3, 4, 5, 6] })).toThrow(new InputError('--dice needs five dice, got 6 (1,2,3,4,5,6)'));
    expect(bad({ dice: [1, 2, 3, 4, 7] })).toThrow(new InputError('--dice 1,2,3,4,7: 7 is not a die face (1 to 6)'));
    expect(bad({ used: ['ones', 'bogus'] })).toThrow(/unknown category "bogus": expected one of ones twos/);
    expect(bad({ used: ['ones', 'ones'] })).toThrow(/--used names ones twice/);
    expect(bad({ upper: 31 })).toThrow(/--upper 31 is impossible with ones, fives used/); // at most 5 + 25
    expect(bad({ used: ['chance'], upper: 5 })).toThrow(/no upper category \(ones \.\.\. sixes\) is used/);
    expect(bad({ rollsLeft: 3 })).toThrow(/--rolls-left 3: expected 0, 1 or 2/);
    expect(() => advise(table, { used: [], upper: 0, dice: [1, 1, 1, 1, 1] })).toThrow(/--dice needs --rolls-left/);
    expect(() => advise(table, { used: [], upper: 0, rollsLeft: 1 })).toThrow(/--rolls-left goes with --dice/);
  });
});

describe('parlor yahtzee advise and solve', () => {
  it('print the advice as JSON: expectedScore and the options, best first', async () => {
    const { stdout } = await parlor('yahtzee', 'advise', '--dice', '3,3,5,5,6', '--rolls-left', '2', '--used', 'ones,fives,chance', '--upper', '18', '--json');
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(advise(table, example))));
  });

  it('print the advice for people, best first', async () => {
    const { stdout } = await parlor('yahtzee', 'advise', '--dice', '3,3,5,5,6', '--rolls-left', '0', '--used', 'ones,fives,chance', '--upper', '18');
    expect(stdout).toMatch(/^Card: used ones, fives, chance; upper total 18 \(45 more for the bonus\)/);
    expect(stdout).toMatch(/\n  best  score \w+ +\d+\.\d{4}\n/);
  });

  it('solve: builds, reports the optimum, the time and the states as JSON', async () => {
    const { stdout } = await parlor('yahtzee', 'solve', '--threads', '1', '--no-cache', '--json');
    const solved = JSON.parse(stdout) as { expectedScore: number; seconds: number; states: number };
    expect(Object.keys(solved).sort()).toEqual(['expectedScore', 'seconds', 'states']);
    expect(solved.expectedScore).toBe(table.expectedScore);
    expect(solved.states).toBe(207_104);
    expect(solved.seconds).toBeGreaterThan(0);
  });

  it('answers a bad question with one line and exit code 2', () => {
    const run = parlorProcess('yahtzee', 'advise', '--dice', '3,3,5,5,6,6', '--rolls-left', '1');
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('parlor: --dice needs five dice, got 6 (3,3,5,5,6,6)\n');
  });
});
