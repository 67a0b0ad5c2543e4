import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { GameDefinition } from '../../src/core/game.js';
import type { RunSpec } from '../../src/harness/spec.js';
import type { TallyData } from '../../src/harness/tally.js';
import { diffRuns } from '../../src/tournament/diff.js';
import { diceRace, type RaceState } from './support/dice-race.js';
import { play, raceSpec, tempDir } from './support/run.js';

/**
 * parlor diff of dice races whose games end on engine errors (`bugAt`) or with faults (the flaky
 * bot), played with a metric, so that the records' pairing meets games that have none to pair.
 * The race's metric `turns` is a seat's final position: it stands in for a game's turns wherever
 * parlor diff reads them. Every diff runs in a test's body: mutation testing plants a bug for a
 * test's run only.
 */
const measuredRace: GameDefinition<RaceState> = {
  ...(diceRace as unknown as GameDefinition<RaceState>),
  metrics: { list: [{ name: 'turns', description: 'the final position, standing in for turns' }], read: (state, seat) => ({ turns: state.positions[seat]! }) },
};

const spec = (config: Record<string, unknown>, record: RunSpec['record'], bots?: string[]): RunSpec => ({
  ...raceSpec({ games: 60, seed: 'diff-race', record, ...(bots !== undefined ? { bots } : {}) }),
  config: diceRace.configSchema.parse(config),
});
const run = async (s: RunSpec): Promise<string> => (await play(s, { game: measuredRace as GameDefinition })).out;
const outcomes = (dir: string): { error?: unknown; faults?: { kind: string }[]; steps: number }[] => readFileSync(join(dir, 'outcomes.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const tallyOf = (dir: string): TallyData => (JSON.parse(readFileSync(join(dir, 'tally.json'), 'utf8')) as { data: TallyData }).data;
const diff = (a: string, b: string) => diffRuns(a, b, { out: join(tempDir(), 'diff'), game: measuredRace as GameDefinition });

const runs: Record<string, string> = {};

beforeAll(async () => {
  runs['bugAll'] = await run(spec({ bugAt: 12 }, 'all'));
  runs['cleanAll'] = await run(spec({ target: 25 }, 'all'));
  runs['bugNone'] = await run(spec({ bugAt: 12 }, 'none'));
  runs['cleanNone'] = await run(spec({ target: 25 }, 'none'));
  runs['flakyFaults'] = await run(spec({ bugAt: 12 }, 'faults', ['flaky', 'roller', 'coin']));
  runs['flakyAll'] = await run(spec({ target: 25 }, 'all', ['flaky', 'roller', 'coin']));
  // A stepper steps onto 1 first thing in every game: each of them ends on an engine error.
  runs['allBug'] = await run(spec({ bugAt: 1 }, 'none'));
  runs['allBugTarget'] = await run(spec({ bugAt: 1, target: 25 }, 'none'));
});

describe('parlor diff pairs the metrics of games that ended in both runs', () => {
  test('a game that ended on an engine error in either run has no metrics to pair: the others are paired', () => {
    const [a, b] = [outcomes(runs['bugAll']!), outcomes(runs['cleanAll']!)];
    const failed = a.filter((o, i) => o.error !== undefined || b[i]!.error !== undefined).length;
    expect(failed).toBeGreaterThan(0);
    expect(failed).toBeLessThan(60);
    for (const [x, y] of [[runs['bugAll']!, runs['cleanAll']!], [runs['cleanAll']!, runs['bugAll']!]] as const) {
      const d = diff(x, y);
      expect(d.metrics).toMatchObject({ paired: true, note: `paired over the ${60 - failed} games recorded in both runs (of 60)` });
      expect(d.length.turns!.ci95).not.toBeNull();
    }
  });

  test('unpaired, a game\'s turns are counted over the games that ended, not those on an engine error', () => {
    const perGame = (dir: string): number => {
      const t = tallyOf(dir);
      const sums = t.metrics['turns']!;
      return (sums[3]! + sums[4]! + sums[5]!) / (t.games[0]! - t.engineErrors[0]!);
    };
    expect(tallyOf(runs['bugNone']!).engineErrors[0]).toBeGreaterThan(0);
    const d = diff(runs['bugNone']!, runs['cleanNone']!);
    expect(d.metrics.paired).toBe(false);
    expect(d.length.turns!.a).toBeCloseTo(perGame(runs['bugNone']!), 5);
    expect(d.length.turns!.b).toBeCloseTo(perGame(runs['cleanNone']!), 5);
    expect(d.length.turns!.diff).toBeCloseTo(perGame(runs['cleanNone']!) - perGame(runs['bugNone']!), 5);
    // Runs whose every game ended on an engine error count no turns at all.
    expect(tallyOf(runs['allBug']!).engineErrors[0]).toBe(60);
    const none = diff(runs['allBug']!, runs['allBugTarget']!);
    expect(none.length.turns).toMatchObject({ a: null, b: null, diff: null, ci95: null });
  });
});

describe('parlor diff\'s listed games can be stepped through where both runs kept their records', () => {
  test('a run that kept only its faults kept the games with a fault or an engine error', () => {
    const d = diff(runs['flakyFaults']!, runs['flakyAll']!);
    const kept = (g: (typeof d.games.listed)[number]): boolean => g.a.faults !== undefined || g.a.error !== undefined;
    expect(d.games.listed.some((g) => g.a.faults !== undefined && g.a.error === undefined)).toBe(true);
    expect(d.games.listed.some((g) => g.a.error !== undefined && g.a.faults === undefined)).toBe(true);
    expect(d.games.listed.some((g) => !kept(g))).toBe(true);
    for (const g of d.games.listed) {
      expect(g.view).toEqual(kept(g) ? [runs['flakyFaults'], runs['flakyAll']].map((dir) => `npx parlor view ${dir}/records.jsonl --game-index ${g.game}`) : null);
    }
    // The endings count each run's faults by kind, and the lengths are each run's own.
    const faults = (dir: string): Record<string, number> => {
      const count: Record<string, number> = {};
      for (const o of outcomes(dir)) for (const f of o.faults ?? []) count[f.kind] = (count[f.kind] ?? 0) + 1;
      return count;
    };
    const nonZero = (counts: Record<string, number>): Record<string, number> => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
    expect(nonZero(d.endings.faults.a)).toEqual(faults(runs['flakyFaults']!));
    expect(nonZero(d.endings.faults.b)).toEqual(faults(runs['flakyAll']!));
    const lengths = (dir: string): [number, number][] => {
      const count = new Map<number, number>();
      for (const o of outcomes(dir)) count.set(o.steps, (count.get(o.steps) ?? 0) + 1);
      return [...count].sort((x, y) => x[0] - y[0]);
    };
    expect(d.distributions.steps).toEqual({ a: lengths(runs['flakyFaults']!), b: lengths(runs['flakyAll']!) });
  });
});
