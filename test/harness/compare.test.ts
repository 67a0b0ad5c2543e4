import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { GameDefinition } from '../../src/core/game.js';
import { makeBatchContext } from '../../src/harness/batch.js';
import { checkComparable, compareRuns } from '../../src/tournament/compare.js';
import { changeKind, type OutcomeLine } from '../../src/harness/outcome-line.js';
import { inlineExecutor } from '../../src/harness/pool.js';
import { runTournament } from '../../src/tournament/tournament.js';
import { diceRace, type RaceAction, type RaceState } from './support/dice-race.js';
import { inlineContext, play, raceSpec, tempDir } from './support/run.js';

describe('parlor run --compare', () => {
  const spec = raceSpec({ bots: ['roller', 'coin'], games: 200 });

  test('the same code and seed: no game changed', async () => {
    const before = await play(spec);
    const after = await play(spec);
    const comparison = compareRuns(before.out, after.out);
    expect(comparison).toMatchObject({ compared: 200, changed: 0 });
    expect(readFileSync(join(after.out, 'changes.jsonl'), 'utf8')).toBe('');
  });

  test('a rule change lists exactly the games whose outcome changed', async () => {
    const before = await play(spec);
    // The "maintainer's change": a roll of 6 now moves 7.
    const changed: GameDefinition<RaceState, RaceAction> = {
      ...diceRace,
      apply(state, seat, action, rng) {
        const events = diceRace.apply(state, seat, action, rng);
        if (events[0]!['distance'] === 6) state.positions[seat]! += 1;
        return events;
      },
    };
    const context = await inlineContext(spec);
    const out = tempDir();
    await runTournament({ spec, shard: null, out, resume: false, executor: inlineExecutor(makeBatchContext(spec, changed, context.seatOf.map((s) => s[0]!.bot))) });
    const comparison = compareRuns(before.out, out);
    const beforeLines = readFileSync(join(before.out, 'outcomes.jsonl'), 'utf8').trim().split('\n');
    const afterLines = readFileSync(join(out, 'outcomes.jsonl'), 'utf8').trim().split('\n');
    const differing = beforeLines.map((l, i) => (l === afterLines[i] ? -1 : i)).filter((i) => i >= 0);
    expect(differing.length).toBeGreaterThan(50);
    expect(comparison.changed).toBe(differing.length);
    const listed = readFileSync(join(out, 'changes.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(listed.map((c) => c.game)).toEqual(differing);
    expect(listed[0].before).toEqual(JSON.parse(beforeLines[differing[0]!]!));
    expect(comparison.first).toHaveLength(20);
    // Each change says what changed, and the counts by kind add up.
    for (const change of listed) expect(change.kind).toBe(changeKind(change.before, change.after));
    expect(comparison.byKind.winner + comparison.byKind.outcome + comparison.byKind.length).toBe(comparison.changed);
    expect(comparison.byKind.winner).toBe(listed.filter((c) => c.kind === 'winner').length);
  });

  test('what changed in a game: its winners, the rest of its outcome, or its length alone', () => {
    const base: OutcomeLine = { game: 4, entrants: [0, 1, 2], rank: [1, 2, 3], winners: [0], score: [9, 5, 1], steps: 30 };
    expect(changeKind(base, { ...base })).toBe('same');
    expect(changeKind(base, { ...base, steps: 31 })).toBe('length');
    expect(changeKind(base, { ...base, rank: [1, 3, 2], steps: 12 })).toBe('outcome');
    expect(changeKind(base, { ...base, score: [9, 4, 1] })).toBe('outcome');
    expect(changeKind(base, { ...base, capped: true })).toBe('outcome');
    expect(changeKind(base, { ...base, faults: [{ seat: 2, kind: 'threw' }] })).toBe('outcome');
    expect(changeKind(base, { ...base, winners: [1], rank: [2, 1, 3] })).toBe('winner');
    // A draw and an engine error are endings of their own.
    expect(changeKind(base, { ...base, winners: [], rank: [1, 1, 1] })).toBe('winner');
    const { rank: _r, winners: _w, score: _s, ...rest } = base;
    expect(changeKind(base, { ...rest, error: 'the game did not end within 10 steps' })).toBe('winner');
    expect(changeKind({ ...rest, error: 'x' }, { ...rest, error: 'x', steps: 9 })).toBe('length');
  });

  test('a run of other options is refused with the command that compares them', async () => {
    const before = await play(spec);
    const other = { ...spec, config: { ...(spec.config as object), target: 25 } };
    expect(() => checkComparable(before.out, other)).toThrow(`--compare ${before.out}: that run has another config ({"target":20,"bugAt":-1}; this run: {"target":25,"bugAt":-1}): compare runs of other options with parlor diff ${before.out} <this run's --out>, paired by game`);
  });

  test('an engine error whose stack moved (an edit of its file) is the same game; another error is a change', async () => {
    const failing = raceSpec({ bots: ['roller', 'coin'], games: 100, config: { bugAt: 13 } });
    const before = await play(failing);
    const after = await play(failing);
    const file = join(after.out, 'outcomes.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const failed = lines.map((line, i) => (line.includes('"error"') ? i : -1)).filter((i) => i >= 0);
    expect(failed.length).toBeGreaterThan(1);
    // The first failed game's stack one line further down, the second's error another.
    const edited = lines.map((line, i) => {
      if (i === failed[0]) return line.replace(/dice-race\.ts:(\d+)/, (_, n: string) => `dice-race.ts:${Number(n) + 1}`);
      if (i === failed[1]) return line.replace('"error":"Error: landed on 13"', '"error":"TypeError: landed nowhere"');
      return line;
    });
    expect(edited[failed[0]!]).not.toBe(lines[failed[0]!]);
    writeFileSync(file, `${edited.join('\n')}\n`);
    expect(compareRuns(before.out, after.out)).toMatchObject({ compared: 100, changed: 1, first: [{ game: failed[1], after: { error: 'TypeError: landed nowhere' } }] });
  });

  test('a line the same in both runs is no change, read no further, whatever it holds', async () => {
    const before = await play(spec);
    const after = await play(spec);
    // Game 3's line, unreadable alike in both files: the lines match, so it is never parsed.
    for (const dir of [before.out, after.out]) {
      const file = join(dir, 'outcomes.jsonl');
      const lines = readFileSync(file, 'utf8').split('\n');
      lines[3] = 'not json';
      writeFileSync(file, lines.join('\n'));
    }
    expect(compareRuns(before.out, after.out)).toMatchObject({ compared: 200, changed: 0 });
  });

  test('a game whose results went to other entrants is an outcome change, though ranks, winners, scores and steps are the same', async () => {
    const before = await play(spec);
    const after = await play(spec);
    const file = join(after.out, 'outcomes.jsonl');
    const lines = readFileSync(file, 'utf8').split('\n');
    const game = JSON.parse(lines[0]!) as OutcomeLine;
    // Two entrants (roller, coin): game 0's pair in the other seats.
    lines[0] = JSON.stringify({ ...game, entrants: [...game.entrants].reverse() });
    writeFileSync(file, lines.join('\n'));
    const comparison = compareRuns(before.out, after.out);
    expect(comparison).toMatchObject({ compared: 200, changed: 1, byKind: { winner: 0, outcome: 1, length: 0 } });
    expect(comparison.first).toEqual([{ game: 0, kind: 'outcome', before: game, after: JSON.parse(lines[0]) }]);
  });

  test('a run of another seed is not comparable', async () => {
    const before = await play(spec);
    const other = await play({ ...spec, seed: 'elsewhere' });
    expect(() => compareRuns(before.out, other.out)).toThrow(/that run has another seed/);
  });
});
