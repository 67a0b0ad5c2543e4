import { describe, expect, test } from 'vitest';
import { seedKey } from '../../src/core/rng.js';
import { ByteWriter } from '../../src/harness/byte-writer.js';
import { playGame, StepLog } from '../../src/referee/match.js';
import { OutcomeRows, writeOutcomeLines } from '../../src/harness/outcome-line.js';
import { diceRace } from './support/dice-race.js';
import { inlineContext, raceSpec } from './support/run.js';

const text = (out: ByteWriter): string => Buffer.from(out.take()).toString('utf8');

describe('outcome lines as bytes', () => {
  test('numbers are written as JSON writes them, whatever their size or sign', () => {
    const values = [0, 7, 10, 99, 100, 123456789, -1, -40, 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53, 1.5, -0.25, 1e21];
    const out = new ByteWriter(8);
    out.numbers(values);
    expect(text(out)).toBe(JSON.stringify(values));
  });

  test('text of any script keeps its UTF-8 bytes, across the buffer growing many times', () => {
    const out = new ByteWriter(8);
    const pieces = ['ascii', 'Müller', '名前', '🎲🎲', '"quoted"'];
    let expected = '';
    for (let i = 0; i < 500; i++) {
      const piece = pieces[i % pieces.length]!;
      out.text(piece);
      out.number(i);
      expected += `${piece}${i}`;
    }
    expect(text(out)).toBe(expected);
    expect(out.length).toBe(Buffer.byteLength(expected));
  });

  test('a line is the JSON of the game (outcome, faults and engine errors), from rows grown many times', async () => {
    const spec = raceSpec({ bots: ['roller', 'flaky'], games: 200, config: { bugAt: 13 } });
    const context = await inlineContext(spec);
    const rows = new OutcomeRows(1);
    const expected: object[] = [];
    const log = new StepLog();
    let faulted = 0;
    let failed = 0;
    for (let index = 0; index < 200; index++) {
      const seats = [0, 1].map((e, s) => context.seatOf[(e + index) % 2]![s]!);
      const entrants = [index % 2, (index + 1) % 2];
      const result = playGame({ game: diceRace, variant: '', config: spec.config, seed: spec.seed, key: seedKey(spec.seed), index, seats, log });
      rows.add(index, entrants, result);
      const { outcome } = result;
      if (result.faults.length > 0) faulted++;
      if (result.engineError !== undefined) failed++;
      expected.push({
        game: index,
        entrants,
        ...(outcome !== null ? { rank: outcome.rank, winners: outcome.winners, ...(outcome.score !== undefined ? { score: outcome.score } : {}) } : {}),
        steps: result.steps,
        ...(result.faults.length > 0 ? { faults: result.faults.map((f) => ({ seat: f.seat, kind: f.kind })) } : {}),
        ...(result.engineError !== undefined ? { error: result.engineError } : {}),
        ...(result.engineStack !== undefined ? { stack: result.engineStack } : {}),
      });
      if (result.engineError !== undefined) expect(result.engineStack).toMatch(/^Error: landed on 13\n\s+at /);
    }
    expect(faulted).toBeGreaterThan(5);
    expect(failed).toBeGreaterThan(5);
    const out = new ByteWriter(16);
    writeOutcomeLines(rows.take(), out);
    expect(text(out)).toBe(expected.map((line) => `${JSON.stringify(line)}\n`).join(''));
  });
});

describe('outcome rows', () => {
  test('a draw that hit the cap, without scores, at a game index past 2^31, and a game with a score', () => {
    const rows = new OutcomeRows(1);
    const result = (outcome: object) => ({ outcome, steps: 3, faults: [], departed: [], record: () => { throw new Error('not kept'); } }) as never;
    rows.add(2 ** 40, [1, 0], result({ winners: [], rank: [1, 1], capped: true }));
    rows.add(7, [0, 1], result({ winners: [1], rank: [2, 1], score: [-3, 12] }));
    const out = new ByteWriter(4);
    writeOutcomeLines(rows.take(), out);
    expect(text(out)).toBe(
      `{"game":${2 ** 40},"entrants":[1,0],"rank":[1,1],"winners":[],"capped":true,"steps":3}\n` +
        '{"game":7,"entrants":[0,1],"rank":[2,1],"winners":[1],"score":[-3,12],"steps":3}\n',
    );
  });
});

describe('a step log shared by many games', () => {
  test("a game's record is built from the shared log until the log's next game, then refused", async () => {
    const spec = raceSpec({ bots: ['roller', 'coin'], games: 2 });
    const context = await inlineContext(spec);
    const seats = [context.seatOf[0]![0]!, context.seatOf[1]![1]!];
    const setup = { game: diceRace, variant: '', config: spec.config, seed: spec.seed, key: seedKey(spec.seed), seats };
    const log = new StepLog();
    const first = playGame({ ...setup, index: 0, log });
    const alone = playGame({ ...setup, index: 0 });
    expect(first.record()).toEqual(alone.record());
    expect(first.record().steps).toHaveLength(first.steps);
    playGame({ ...setup, index: 1, log });
    expect(() => first.record()).toThrow(/reused by another game/);
    expect(alone.record().steps).toHaveLength(alone.steps);
  });
});
