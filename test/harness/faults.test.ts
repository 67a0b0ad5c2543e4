import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { gameRecordSchema } from '../../src/core/record.js';
import { seedKey } from '../../src/core/rng.js';
import { playGame } from '../../src/referee/match.js';
import { diceRace } from './support/dice-race.js';
import { inlineContext, play, raceSpec } from './support/run.js';

const lines = (dir: string, file: string): any[] =>
  readFileSync(join(dir, file), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));

describe('faults and engine errors', () => {
  test('a faulting bot loses those games, the run goes on, each kind is counted and every such game is recorded', async () => {
    const spec = raceSpec({ bots: ['roller', 'flaky'], games: 400, record: 'none' });
    const run = await play(spec);
    const summary = run.summary!;
    const faulty = summary.entrants[1]!;
    const outcomes = lines(run.out, 'outcomes.jsonl');
    expect(outcomes).toHaveLength(400);
    const faultGames = outcomes.filter((o) => o.faults !== undefined);
    const count = (kind: string) => faultGames.flatMap((o) => o.faults).filter((f: any) => f.kind === kind).length;
    expect(faulty.faults.threw).toBe(count('threw'));
    expect(faulty.faults.illegal).toBe(count('illegal'));
    expect(faulty.faults.threw).toBeGreaterThan(10);
    expect(faulty.faults.illegal).toBeGreaterThan(10);
    expect(summary.entrants[0]!.faults).toEqual({ illegal: 0, threw: 0, timeout: 0, left: 0, crash: 0, malformed: 0 });
    expect(summary.errors).toMatchObject({ engine: 0, threw: faulty.faults.threw, illegal: faulty.faults.illegal });
    // A forfeiting bot ranks last in that game.
    for (const o of faultGames) {
      const seat = o.faults[0].seat;
      expect(o.rank[seat]).toBe(2);
      expect(o.winners).not.toContain(seat);
    }
    // A forfeited game's partial score is no result: left out of the score statistics, and counted.
    const seatOf = (o: any) => o.entrants.indexOf(1);
    const kept = outcomes.filter((o) => !(o.faults ?? []).some((f: any) => f.seat === seatOf(o))).map((o) => o.score[seatOf(o)]);
    expect(faulty.scoresLeftOut).toBe(faultGames.length);
    expect(faulty.meanScore).toBeCloseTo(kept.reduce((a: number, b: number) => a + b, 0) / kept.length, 5);
    expect(summary.entrants[0]!.scoresLeftOut).toBe(0);
    // ... and reported beside it with them in: every game's score of the faulty entrant.
    const all = outcomes.map((o) => o.score[seatOf(o)]);
    expect(faulty.meanScoreWithForfeits).toBeCloseTo(all.reduce((a: number, b: number) => a + b, 0) / all.length, 5);
    expect(summary.entrants[0]!.meanScoreWithForfeits).toBeUndefined();
    expect(readFileSync(join(run.out, 'report.md'), 'utf8')).toContain(
      `${faultGames.length} scores of forfeited games left out of the score statistics (${faulty.bot} ${faultGames.length}, mean score ${faulty.meanScoreWithForfeits!.toFixed(1)} with them)`,
    );
    // --record none still keeps every fault game's record, and the record replays to the same outcome.
    const records = lines(run.out, 'records.jsonl');
    expect(records.map((r) => r.gameIndex)).toEqual(faultGames.map((o) => o.game));
    const context = await inlineContext(spec);
    for (const raw of records.slice(0, 20)) {
      const record = gameRecordSchema.parse(raw);
      const seats = record.seats.map((s) => context.seatOf[spec.entrants.findIndex((e) => e.label === s.bot)]![0]!);
      const again = playGame({ game: diceRace, variant: '', config: record.config, seed: record.seed, key: seedKey(record.seed), index: record.index, seats: seats.map((s, i) => ({ ...s, name: record.seats[i]!.name })) });
      expect(again.record().steps).toEqual(record.steps);
      expect(again.outcome).toEqual(record.outcome);
    }
  });

  test('an engine error loses only its game: counted, recorded with its error, left out of the statistics', async () => {
    const run = await play(raceSpec({ bots: ['roller', 'coin'], games: 300, config: { bugAt: 13 } }));
    const summary = run.summary!;
    const outcomes = lines(run.out, 'outcomes.jsonl');
    const failed = outcomes.filter((o) => o.error !== undefined);
    expect(failed.length).toBeGreaterThan(5);
    expect(failed.length).toBeLessThan(300);
    expect(summary.games).toBe(300);
    expect(summary.errors.engine).toBe(failed.length);
    expect(summary.entrants[0]!.games).toBe(300 - failed.length);
    const records = lines(run.out, 'records.jsonl');
    expect(records.map((r) => r.gameIndex)).toEqual(failed.map((o) => o.game));
    expect(records.every((r) => r.engineError === 'Error: landed on 13' && r.outcome === null)).toBe(true);
    // The stack taken where it was thrown, the same in the record and the outcome line: from the game's throw to the referee.
    expect(records.every((r) => /^Error: landed on 13\n\s+at .*test\/harness\/support\/dice-race\.ts:\d+:\d+\)?\n(.*\n)*\s+at .*src\/referee\/referee\.ts:\d+:\d+\)?$/.test(r.engineStack))).toBe(true);
    expect(failed.map((o) => o.stack)).toEqual(records.map((r) => r.engineStack));
    // Blocks holding a failed game are left out of the interval over deals.
    const failedBlocks = new Set(failed.map((o) => Math.floor(o.game / 2)));
    expect(summary.entrants[0]!.blocks).toBe(150 - failedBlocks.size);
  });

  test('a bot over --move-time-ms forfeits on time, and the summary says the run is not reproducible', async () => {
    const run = await play({ ...raceSpec({ bots: ['roller', 'slow'], games: 10 }), moveTimeMs: 50 });
    const summary = run.summary!;
    expect(summary.entrants[1]!.faults.timeout).toBe(10);
    expect(summary.errors.timeout).toBe(10);
    expect(summary.entrants[0]!.wins).toBe(10);
    expect(summary.reproducible).toBe(false);
    expect(lines(run.out, 'records.jsonl').every((r) => r.steps.some((s: any) => s.forfeit === 'timeout'))).toBe(true);
    const inTime = await play(raceSpec({ bots: ['roller', 'coin'], games: 10 }));
    expect(inTime.summary!.reproducible).toBe(true);
  });

  test('sample:N keeps N games spread over the run, plus the fault games', async () => {
    const run = await play(raceSpec({ bots: ['roller', 'coin'], games: 100, record: 'sample:10' }));
    expect(lines(run.out, 'records.jsonl').map((r) => r.gameIndex)).toEqual([9, 19, 29, 39, 49, 59, 69, 79, 89, 99]);
    const all = await play(raceSpec({ bots: ['roller', 'coin'], games: 20, record: 'all' }));
    expect(lines(all.out, 'records.jsonl')).toHaveLength(20);
  });
});
