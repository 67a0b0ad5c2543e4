import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { RunLock } from '../../src/harness/run-lock.js';
import type { RunSpec } from '../../src/harness/spec.js';
import type { DiffSummary } from '../../src/report/diff-summary.js';
import type { Summary } from '../../src/report/summary.js';
import { diffRuns } from '../../src/tournament/diff.js';
import { parlor, parlorProcess } from '../support/cli.js';
import { play, raceSpec, tempDir } from './support/run.js';

/** Two dice races of one seed: 3 entrants at 3 seats, 40 duplicate blocks; B's target 25 instead of 20. */
const specA = raceSpec({ games: 120, seed: 'diff' });
const specB: RunSpec = { ...specA, config: { ...(specA.config as object), target: 25 } };
let runA: string;
let runB: string;

beforeAll(async () => {
  runA = (await play(specA)).out;
  runB = (await play(specB)).out;
});

const summaryOf = (dir: string): Summary => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
/** The first batch's outcomesBytes in a run's checkpoint. */
const outcomesBytes = (dir: string): number => JSON.parse(readFileSync(join(dir, 'checkpoint.jsonl'), 'utf8').split('\n')[1]!).outcomesBytes as number;
const outcomes = (dir: string): Record<string, unknown>[] => readFileSync(join(dir, 'outcomes.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));

// Each test diffs in its own body, not in a beforeAll: mutation testing plants a bug for a test's
// run only, and code run by a hook before it would never meet the bug.
describe('parlor diff of two runs of other options', () => {
  const diffAB = (): { diff: DiffSummary; out: string } => {
    const out = join(tempDir(), 'diff');
    return { diff: diffRuns(runA, runB, { out }), out };
  };

  test('each run\'s values are its summary\'s, and the differences B − A', () => {
    const { diff } = diffAB();
    const [a, b] = [summaryOf(runA), summaryOf(runB)];
    expect(diff.paired).toMatchObject({ games: 120, blocks: 40, by: 'block', pairs: 40, leftOut: 0, notes: [] });
    diff.entrants.forEach((e, i) => {
      expect(e.bot).toBe(a.entrants[i]!.bot);
      expect(e.winRate.a).toBeCloseTo(a.entrants[i]!.winRate, 5);
      expect(e.winRate.b).toBeCloseTo(b.entrants[i]!.winRate, 5);
      expect(e.winRate.diff).toBeCloseTo(b.entrants[i]!.winRate - a.entrants[i]!.winRate, 5);
      expect(e.meanRank.diff).toBeCloseTo(b.entrants[i]!.meanRank - a.entrants[i]!.meanRank, 5);
      expect(e.meanScore!.a).toBeCloseTo(a.entrants[i]!.meanScore!, 5);
      expect(e.meanScore!.b).toBeCloseTo(b.entrants[i]!.meanScore!, 5);
      expect(e.elo!.a).toBeCloseTo(a.entrants[i]!.rating!.elo, 4);
      expect(e.elo!.b).toBeCloseTo(b.entrants[i]!.rating!.elo, 4);
      // The games move every rating: its change is paired by deal, with an interval.
      expect(e.elo!.ci95).not.toBeNull();
      expect(e.elo!.note).toBeUndefined();
      for (const c of [e.winRate, e.meanRank, e.elo!]) {
        expect(c.ci95![0]).toBeLessThanOrEqual(c.diff!);
        expect(c.ci95![1]).toBeGreaterThanOrEqual(c.diff!);
        expect(c.excludesZero).toBe(c.ci95![0] > 0 || c.ci95![1] < 0);
      }
    });
    diff.seats.forEach((s, i) => expect(s.winRate.diff).toBeCloseTo(b.seats[i]!.winRate - a.seats[i]!.winRate, 5));
    expect(diff.differences).toEqual([{ field: 'config.target', a: 20, b: 25 }]);
    // The race is no game of parlor's own: it has no metrics to compare, and no turns.
    expect(diff.metrics).toEqual({ paired: false, note: null, rows: [] });
    expect(diff.length.turns).toBeNull();
    expect(diff.a).toMatchObject({ dir: runA, games: 120, record: 'faults', model: 'pairwise', parlor: a.parlor });
  });

  test('a diff goes into a new folder, however deep; a failed one removes the folder it made, never one that was there', () => {
    const deep = join(tempDir(), 'a', 'b');
    diffRuns(runA, runB, { out: deep });
    expect(readdirSync(deep).sort()).toEqual(['changed.jsonl', 'diff.json']);
    const damaged = join(tempDir(), 'damaged');
    cpSync(runB, damaged, { recursive: true });
    writeFileSync(join(damaged, 'outcomes.jsonl'), `${readFileSync(join(damaged, 'outcomes.jsonl'), 'utf8')}{}\n`);
    const made = join(tempDir(), 'made');
    expect(() => diffRuns(runA, damaged, { out: made })).toThrow(/goes on past its last game/);
    expect(existsSync(made)).toBe(false);
    const there = tempDir();
    writeFileSync(join(there, 'notes.txt'), 'mine');
    expect(() => diffRuns(runA, damaged, { out: there })).toThrow(/goes on past its last game/);
    expect(readdirSync(there)).toEqual(['notes.txt']);
  });

  test('the code that wrote each run, from its summary.json: a run written before parlor said so differs in it', () => {
    const older = join(tempDir(), 'older');
    cpSync(runB, older, { recursive: true });
    const summary = summaryOf(older) as Summary & { parlor?: unknown };
    const { parlor: own } = summary as { parlor: { version: string; commit: string | null; modified: boolean } };
    for (const parlor of [undefined, null, { version: 7 }]) {
      writeFileSync(join(older, 'summary.json'), JSON.stringify({ ...summary, parlor }));
      const diff = diffRuns(runA, older, { out: join(tempDir(), 'diff') });
      expect(diff.b.parlor).toBeNull();
      expect(diff.differences).toEqual([
        { field: 'config.target', a: 20, b: 25 },
        { field: 'parlor.version', a: own.version, b: null },
        ...(own.commit === null ? [] : [{ field: 'parlor.commit', a: own.commit, b: null }]),
        { field: 'parlor.modified', a: own.modified, b: null },
      ]);
      expect(diffRuns(older, runA, { out: join(tempDir(), 'diff') }).differences[1]).toEqual({ field: 'parlor.version', a: null, b: own.version });
    }
    // No summary.json at all reads as no provenance, as an old run's does.
    rmSync(join(older, 'summary.json'));
    expect(diffRuns(runA, older, { out: join(tempDir(), 'diff') }).b.parlor).toBeNull();
    writeFileSync(join(older, 'summary.json'), JSON.stringify({ ...summary, parlor: { ...own, version: '0.0.9', commit: 'abc', modified: !own.modified } }));
    expect(diffRuns(runA, older, { out: join(tempDir(), 'diff') }).differences.slice(1)).toEqual([
      { field: 'parlor.version', a: own.version, b: '0.0.9' },
      { field: 'parlor.commit', a: own.commit, b: 'abc' },
      { field: 'parlor.modified', a: own.modified, b: !own.modified },
    ]);
  });

  test('the games that changed, by kind, as the outcome lines say, each one in changed.jsonl', () => {
    const { diff, out } = diffAB();
    const [a, b] = [outcomes(runA), outcomes(runB)];
    const winner = a.filter((o, i) => JSON.stringify(o['winners']) !== JSON.stringify(b[i]!['winners'])).length;
    const lengthOnly = a.filter((o, i) => JSON.stringify({ ...o, steps: 0 }) === JSON.stringify({ ...b[i]!, steps: 0 }) && o['steps'] !== b[i]!['steps']).length;
    const same = a.filter((o, i) => JSON.stringify(o) === JSON.stringify(b[i])).length;
    expect(winner).toBeGreaterThan(5);
    expect(diff.games).toMatchObject({ winner, length: lengthOnly, same, outcome: 120 - winner - lengthOnly - same });
    const changed = readFileSync(join(out, 'changed.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(changed).toHaveLength(120 - same);
    expect(changed.filter((c) => c.kind === 'winner')).toHaveLength(winner);
    // The first few of each kind are listed; without records, no view command, and a line says how to get them.
    expect(diff.games.listed.filter((g) => g.kind === 'winner')).toHaveLength(5);
    expect(diff.games.listed.every((g) => g.view === null)).toBe(true);
    expect(diff.games.note).toMatch(/--record all/);
    expect(readdirSync(out).sort()).toEqual(['changed.jsonl', 'diff.json']);
    expect(JSON.parse(readFileSync(join(out, 'diff.json'), 'utf8'))).toEqual(diff);
  });

  test('a run against itself: nothing changed, every difference 0', () => {
    const out = join(tempDir(), 'same');
    const same = diffRuns(runA, runA, { out });
    expect(same.games).toMatchObject({ same: 120, winner: 0, outcome: 0, length: 0, listed: [] });
    expect(readFileSync(join(out, 'changed.jsonl'), 'utf8')).toBe('');
    expect(same.differences).toEqual([]);
    for (const e of same.entrants) {
      expect(e.winRate.diff).toBe(0);
      expect(e.elo).toMatchObject({ diff: 0, ci95: null, note: 'no deal moved it differently in the two runs' });
    }
    // No deal differed: an interval that allows for a share of them unseen, not a width of 0.
    expect(same.seats[0]!.winRate.ci95![0]).toBeLessThan(0);
    expect(same.seats[0]!.winRate.ci95![1]).toBeGreaterThan(0);
  });

  test('runs of other lengths pair their first games; engine errors leave their deals out of the pairs', async () => {
    const short = (await play({ ...specA, gamesAsked: 60, config: { ...(specA.config as object), bugAt: 7 } })).out;
    const d = diffRuns(runA, short, { out: join(tempDir(), 'short') });
    const errors = outcomes(short).filter((o) => o['error'] !== undefined);
    expect(errors.length).toBeGreaterThan(0);
    const blocksWithErrors = new Set(errors.map((o) => Math.floor((o['game'] as number) / 3))).size;
    expect(d.paired).toMatchObject({ games: 60, blocks: 20, pairs: 20 - blocksWithErrors, leftOut: blocksWithErrors });
    expect(d.paired.notes[0]).toBe('run A played 120 games and run B 60: the first 60 of each are paired (game i is the same deal in both)');
    expect(d.endings.engineErrors).toEqual({ a: 0, b: errors.length, onlyA: 0, onlyB: errors.length });
    expect(d.paired.notes[1]).toBe(`${blocksWithErrors} deals with an engine error in either run are left out of the paired statistics (counted in the endings)`);
    expect(d.differences).toEqual([{ field: 'config.bugAt', a: -1, b: 7 }, { field: 'games', a: 120, b: 60 }]);
    // Options key by key, in the order of their names; the longer run's outcome file, part read, is closed.
    const files = readdirSync('/proc/self/fd').length;
    expect(diffRuns(runB, short, { out: join(tempDir(), 'short') }).differences).toEqual([{ field: 'config.bugAt', a: -1, b: 7 }, { field: 'config.target', a: 25, b: 20 }, { field: 'games', a: 120, b: 60 }]);
    expect(readdirSync('/proc/self/fd').length).toBe(files);
  });

  test('random seating pairs game by game, and says "games" of what it leaves out', async () => {
    const random = { ...specA, seating: 'random' as const, gamesAsked: 60 };
    const [x, y] = [(await play(random)).out, (await play({ ...random, config: { ...(specA.config as object), bugAt: 7 } })).out];
    const d = diffRuns(x, y, { out: join(tempDir(), 'random') });
    const errors = outcomes(y).filter((o) => o['error'] !== undefined).length;
    expect(errors).toBeGreaterThan(0);
    expect(d.paired).toMatchObject({ games: 60, blocks: 60, by: 'game', pairs: 60 - errors, leftOut: errors, notes: [`${errors} games with an engine error in either run are left out of the paired statistics (counted in the endings)`] });
  });
});

describe('parlor diff refuses, in one line, what it cannot pair', () => {
  const refusal = (a: string, b: string): string => {
    try {
      diffRuns(a, b, { out: join(tempDir(), 'refused') });
    } catch (error) {
      if (error instanceof InputError) return error.message;
      throw error;
    }
    return 'accepted';
  };

  test('runs of other games, seeds, entrants, players or seating', async () => {
    const game = join(tempDir(), 'other-game');
    cpSync(runA, game, { recursive: true });
    const tally = JSON.parse(readFileSync(join(game, 'tally.json'), 'utf8'));
    writeFileSync(join(game, 'tally.json'), JSON.stringify({ ...tally, spec: { ...tally.spec, game: 'yahtzee' } }));
    expect(refusal(game, runA)).toBe(`${game} and ${runA} are runs of different games (yahtzee and dice-race): parlor diff compares two runs of the same game`);
    writeFileSync(join(game, 'tally.json'), JSON.stringify({ ...tally, spec: { ...tally.spec, variant: 'long' } }));
    expect(refusal(runA, game)).toBe(`${runA} and ${game} are runs of different games (dice-race and dice-race (long)): parlor diff compares two runs of the same game`);
    // The same labels, another bot behind one of them.
    const source = { kind: 'module', path: '/elsewhere/stepper.ts' };
    writeFileSync(join(game, 'tally.json'), JSON.stringify({ ...tally, spec: { ...tally.spec, entrants: tally.spec.entrants.map((e: object, i: number) => (i === 1 ? { ...e, source } : e)) } }));
    expect(refusal(runA, game)).toBe(`${runA} and ${game} name other bots ${tally.spec.entrants[1].label} (${JSON.stringify(tally.spec.entrants[1].source)} and ${JSON.stringify(source)}): diff two runs of the same --bots`);
    const seed = (await play({ ...specA, seed: 'other' })).out;
    expect(refusal(runA, seed)).toBe(`${runA} and ${seed} have different seeds ("diff" and "other"), so game i is another deal in each: diff two runs of one --seed`);
    const entrants = (await play(raceSpec({ games: 120, seed: 'diff', bots: ['roller', 'coin', 'stepper'] }))).out;
    expect(refusal(runA, entrants)).toMatch(new RegExp(`^${runA} and ${entrants} have different entrants \\(.*roller.ts, .*stepper.ts, .*coin.ts and .*roller.ts, .*coin.ts, .*stepper.ts\\): diff two runs of the same --bots$`));
    const players = (await play({ ...specA, players: 2 })).out;
    expect(refusal(runA, players)).toBe(`${runA} and ${players} seat 3 and 2 players a game: diff two runs of the same --players`);
    const seating = (await play({ ...specA, seating: 'random' })).out;
    expect(refusal(runA, seating)).toBe(`${runA} and ${seating} have different seating designs (duplicate and random), so their games seat the entrants differently: diff two runs of one --seating`);
  });

  test('a folder that holds no run, an unfinished run, a shard, a run still playing, damaged files', async () => {
    const empty = tempDir();
    expect(refusal(runA, empty)).toBe(`${empty} holds no parlor run (no tally.json)`);
    expect(refusal(runA, join(empty, 'nowhere'))).toBe(`${join(empty, 'nowhere')} does not exist: expected a run folder (a parlor run --out)`);
    expect(refusal(join(runA, 'summary.json'), runB)).toBe(`${join(runA, 'summary.json')} is a file, not a run folder (a parlor run --out)`);
    const unfinished = tempDir();
    writeFileSync(join(unfinished, 'checkpoint.jsonl'), '');
    expect(refusal(unfinished, runA)).toBe(`${unfinished} holds an unfinished run: finish it with the same command and --resume`);
    const shard = (await play(specA, { shard: { index: 1, count: 2 } })).out;
    expect(refusal(runA, shard)).toBe(`${shard} holds shard 1/2 of a run: merge the shards (parlor merge) and diff the merged folder`);
    const lock = RunLock.acquire(runB);
    try {
      expect(refusal(runA, runB)).toMatch(new RegExp(`^${runB} is in use by process ${process.pid} on host .*: diff once that run has ended$`));
    } finally {
      lock.release();
    }
    const damaged = join(tempDir(), 'damaged');
    cpSync(runB, damaged, { recursive: true });
    const lines = readFileSync(join(damaged, 'outcomes.jsonl'), 'utf8').split('\n');
    lines[4] = lines[4]!.replace('"steps":', '"steps":1');
    writeFileSync(join(damaged, 'outcomes.jsonl'), lines.join('\n'));
    // One more byte in game 4's line: its batch's checkpoint line no longer ends where its games do.
    expect(refusal(runA, damaged)).toBe(`${damaged}/checkpoint.jsonl line 2: "outcomesBytes" is ${outcomesBytes(runB)}, but its games end at byte ${outcomesBytes(runB) + 1} of ${damaged}/outcomes.jsonl; play that run again (its parlor run command with --force)`);
  });

  test('the command line: --out may not be a run folder, and a refused diff leaves no folder behind', async () => {
    await expect(parlor('diff', runA, runB, '--out', runB)).rejects.toThrow(`--out ${runB} is the run folder ${runB}: write the diff into another folder`);
    const out = join(tempDir(), 'not-made');
    await expect(parlor('diff', runA, tempDir(), '--out', out)).rejects.toThrow(/holds no parlor run/);
    expect(existsSync(out)).toBe(false);
    // From a shell: the one line on stderr and exit code 2, no stack.
    const seed = (await play({ ...specA, seed: 'shell' })).out;
    const shell = parlorProcess('diff', runA, seed, '--out', out);
    expect(shell.status).toBe(2);
    expect(shell.stderr).toBe(`parlor: ${runA} and ${seed} have different seeds ("diff" and "shell"), so game i is another deal in each: diff two runs of one --seed\n`);
    expect(existsSync(out)).toBe(false);
  });
});
