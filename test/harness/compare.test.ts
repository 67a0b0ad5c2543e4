import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { GameDefinition } from '../../src/core/game.js';
import { makeBatchContext } from '../../src/harness/batch.js';
import { compareRuns } from '../../src/tournament/compare.js';
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
  });

  test('a run of another seed is not comparable', async () => {
    const before = await play(spec);
    const other = await play({ ...spec, seed: 'elsewhere' });
    expect(() => compareRuns(before.out, other.out)).toThrow(/that run has another seed/);
  });
});
