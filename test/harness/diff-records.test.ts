import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { runSpecFrom } from '../../src/cli/actions/run.js';
import type { Seating } from '../../src/harness/schedule.js';
import type { ProgressSink } from '../../src/harness/progress.js';
import type { TallyData } from '../../src/harness/tally.js';
import type { DiffSummary } from '../../src/report/diff-summary.js';
import type { Summary } from '../../src/report/summary.js';
import { findGame } from '../../src/games/registry.js';
import { parseRecord, replayRecord } from '../../src/referee/replay.js';
import { diffRuns } from '../../src/tournament/diff.js';
import { play, tempDir } from './support/run.js';

/**
 * parlor diff of runs of parlor's own games, played in this thread: Yahtzee (optimal against random,
 * whose games end with metrics, one entrant separated from the other) and Clue (whose outcomes name
 * only the winner, and whose metrics count turns), under each record policy. Every diff runs in a
 * test's body, not in a hook: mutation testing plants a bug for a test's run only.
 */
interface RunFlags {
  game: 'yahtzee' | 'clue';
  bots: string;
  set: string[];
  games: number;
  record: string;
  seating?: Seating;
}

async function playRun(flags: RunFlags): Promise<string> {
  const spec = await runSpecFrom({ ...flags, seed: 'diff-records', seating: flags.seating ?? 'duplicate', 'move-time-ms': 0 } as Parameters<typeof runSpecFrom>[0]);
  return (await play(spec, { game: findGame(flags.game) })).out;
}

const yahtzee = (series: number, record: string, games = 20): RunFlags => ({ game: 'yahtzee', bots: 'optimal,random', set: [`series=${series}`], games, record });
const tallyOf = (dir: string): TallyData => (JSON.parse(readFileSync(join(dir, 'tally.json'), 'utf8')) as { data: TallyData }).data;
const summaryOf = (dir: string): Summary => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
/** A metric's mean for entrant e as the run's own tally counted it while playing: [count per entrant, sum per entrant, ...]. */
const ownMean = (dir: string, name: string, e: number, entrants = 2): number => {
  const sums = tallyOf(dir).metrics[name]!;
  return sums[entrants + e]! / sums[e]!;
};
const recordLines = (dir: string): string[] => readFileSync(join(dir, 'records.jsonl'), 'utf8').trim().split('\n');
const openFiles = (): number => readdirSync('/proc/self/fd').length;
const diffOf = (a: string, b: string, progress?: ProgressSink): DiffSummary => diffRuns(a, b, { out: join(tempDir(), 'diff'), ...(progress !== undefined ? { progress } : {}) });

const runs: Record<string, string> = {};

beforeAll(async () => {
  runs['all1'] = await playRun(yahtzee(1, 'all'));
  runs['all2'] = await playRun(yahtzee(2, 'all'));
  runs['sample2'] = await playRun(yahtzee(2, 'sample:6'));
  runs['faults2'] = await playRun(yahtzee(2, 'faults'));
  runs['short2'] = await playRun(yahtzee(2, 'all', 10));
  const clue = (set: string[], record: string): RunFlags => ({ game: 'clue', bots: 'checklist,random,random', set, games: 9, record });
  runs['clueAll'] = await playRun(clue([], 'all'));
  runs['clueCapped'] = await playRun(clue(['maxTurns=60'], 'all'));
  runs['clueNone'] = await playRun(clue(['maxTurns=60'], 'none'));
  // Three turns a game: nobody wins, so neither ladder can be fitted.
  runs['clueShort'] = await playRun(clue(['maxTurns=3'], 'none'));
}, 60_000);

describe('parlor diff pairs the games\' metrics through both runs\' records', () => {
  test('both runs recorded every game: each entrant\'s metric means are its own run\'s, paired game by game', () => {
    const diff = diffOf(runs['all1']!, runs['all2']!);
    expect(diff.metrics).toMatchObject({ paired: true, note: null });
    // Every entrant and metric, in the order of the entrants then the game's list of metrics.
    expect(diff.metrics.rows.map((r) => `${r.bot} ${r.name}`)).toEqual(['optimal upperBonus', 'optimal yahtzee', 'random upperBonus', 'random yahtzee']);
    for (const row of diff.metrics.rows) {
      const e = row.bot === 'optimal' ? 0 : 1;
      expect(row.value.a).toBeCloseTo(ownMean(runs['all1']!, row.name, e), 5);
      expect(row.value.b).toBeCloseTo(ownMean(runs['all2']!, row.name, e), 5);
      expect(row.value.diff).toBeCloseTo(row.value.b! - row.value.a!, 5);
    }
    // The optimal player earns the upper bonus in some games of both runs, not in all the same ones.
    const bonus = diff.metrics.rows[0]!.value;
    expect(bonus.a).toBeGreaterThan(0);
    expect(bonus.ci95).not.toBeNull();
    expect(bonus.ci95![0]).toBeLessThanOrEqual(bonus.diff!);
    expect(bonus.ci95![1]).toBeGreaterThanOrEqual(bonus.diff!);
    // Yahtzee counts no turns.
    expect(diff.length.turns).toBeNull();
  });

  test('the paired interval is the t interval over the duplicate blocks\' differences, two games a block', () => {
    const diff = diffOf(runs['all1']!, runs['all2']!);
    // Each entrant plays both games of every block, so each run's mean over a block is over two
    // values and the ratio's interval is Student's t over the 10 blocks' differences of means:
    // d̄ ± t(0.975, 9) s / √10, t(0.975, 9) = 2.262157 (published tables).
    const values = (dir: string): Record<string, number>[][] => recordLines(dir).map((line) => {
      const record = parseRecord(JSON.parse(line), dir);
      const { state } = replayRecord(record);
      const byEntrant: Record<string, number>[] = [];
      record.seats.forEach((seat, s) => (byEntrant[seat.bot === 'optimal' ? 0 : 1] = findGame('yahtzee').metrics!.read(state, s) as Record<string, number>));
      return byEntrant;
    });
    const [a, b] = [values(runs['all1']!), values(runs['all2']!)];
    for (const row of diff.metrics.rows) {
      const e = row.bot === 'optimal' ? 0 : 1;
      const d = Array.from({ length: 10 }, (_, k) => (b[2 * k]![e]![row.name]! + b[2 * k + 1]![e]![row.name]! - a[2 * k]![e]![row.name]! - a[2 * k + 1]![e]![row.name]!) / 2);
      const mean = d.reduce((x, y) => x + y, 0) / 10;
      const sd = Math.sqrt(d.reduce((x, y) => x + (y - mean) ** 2, 0) / 9);
      expect(row.value.diff).toBeCloseTo(mean, 5);
      if (sd === 0) expect(row.value.ci95).toBeNull();
      else expect(row.value.ci95).toEqual([expect.closeTo(mean - (2.262157 * sd) / Math.sqrt(10), 5), expect.closeTo(mean + (2.262157 * sd) / Math.sqrt(10), 5)]);
    }
    expect(diff.metrics.rows.filter((r) => r.value.ci95 !== null).length).toBeGreaterThan(1);
  });

  test('one run kept a sample: the metrics are paired over the games both recorded, and a game outside it has no view', () => {
    const diff = diffOf(runs['all1']!, runs['sample2']!);
    const sampled = recordLines(runs['sample2']!).map((line) => (JSON.parse(line) as { gameIndex: number }).gameIndex);
    // sample:6 of 20 games keeps game i when floor((i + 1) * 6 / 20) > floor(i * 6 / 20): games 3, 6, 9, 13, 16, 19.
    expect(sampled).toEqual([3, 6, 9, 13, 16, 19]);
    expect(diff.metrics).toMatchObject({ paired: true, note: 'paired over the 6 games recorded in both runs (of 20)' });
    expect(diff.games.listed.length).toBeGreaterThan(0);
    for (const game of diff.games.listed) {
      expect(game.view).toEqual(sampled.includes(game.game) ? [runs['all1'], runs['sample2']].map((dir) => `npx parlor view ${dir}/records.jsonl --game-index ${game.game}`) : null);
    }
    expect(diff.games.listed.some((g) => g.view === null)).toBe(true);
    expect(diff.games.note).toBe('to step through a game with parlor view, both runs need its record: play them again with --record all (or --record sample:N); games with a fault are always recorded');
  });

  test('both runs recorded every game: every listed game can be stepped through in both, and no note asks for records', () => {
    const diff = diffOf(runs['all1']!, runs['all2']!);
    expect(diff.games.listed.length).toBeGreaterThan(0);
    for (const game of diff.games.listed) expect(game.view).toEqual([runs['all1'], runs['all2']].map((dir) => `npx parlor view ${dir}/records.jsonl --game-index ${game.game}`));
    expect(diff.games.note).toBeNull();
  });

  test('a run that kept only its faults: each run\'s own means over all its games, unpaired', () => {
    for (const [a, b] of [[runs['faults2']!, runs['all1']!], [runs['all1']!, runs['faults2']!]] as const) {
      const diff = diffOf(a, b);
      expect(diff.metrics.paired).toBe(false);
      expect(diff.metrics.note).toBe('each run\'s own means over all its games, unpaired; paired intervals need both runs played with --record all (or the same --record sample:N): the outcome lines do not hold the metrics, the records replay to them');
      for (const row of diff.metrics.rows) {
        const e = row.bot === 'optimal' ? 0 : 1;
        expect(row.value.a).toBeCloseTo(ownMean(a, row.name, e), 5);
        expect(row.value.b).toBeCloseTo(ownMean(b, row.name, e), 5);
        expect(row.value.ci95).toBeNull();
        expect(row.value.diff).toBeCloseTo(ownMean(b, row.name, e) - ownMean(a, row.name, e), 5);
      }
    }
  });

  test('a record that no longer replays to its outcome: unpaired, and the line says which game and run', () => {
    const stale = join(tempDir(), 'stale');
    cpSync(runs['all2']!, stale, { recursive: true });
    const lines = recordLines(stale);
    // Game 2's recorded final scores, one digit changed: the same bytes, another outcome than its steps give.
    const outcome = /"score":\[(\d)/.exec(lines[2]!.slice(lines[2]!.lastIndexOf('"outcome"')))!;
    const digit = outcome[1] === '1' ? '2' : '1';
    const at = lines[2]!.lastIndexOf('"outcome"');
    lines[2] = lines[2]!.slice(0, at) + lines[2]!.slice(at).replace(/"score":\[\d/, `"score":[${digit}`);
    writeFileSync(join(stale, 'records.jsonl'), `${lines.join('\n')}\n`);
    const diff = diffOf(runs['all1']!, stale);
    expect(diff.metrics.paired).toBe(false);
    expect(diff.metrics.note).toBe(`each run's own means, unpaired: game 2's record in ${stale} does not replay to its outcome with this parlor (another version of the rules played it)`);
    expect(diffOf(stale, runs['all1']!).metrics.note).toBe(`each run's own means, unpaired: game 2's record in ${stale} does not replay to its outcome with this parlor (another version of the rules played it)`);
  });

  test('a records line that is no run\'s record is refused in one line', () => {
    const damaged = join(tempDir(), 'damaged');
    cpSync(runs['all2']!, damaged, { recursive: true });
    const text = readFileSync(join(damaged, 'records.jsonl'), 'utf8');
    // The same length, so the checkpoint's byte count still holds: only the key is misspelt.
    writeFileSync(join(damaged, 'records.jsonl'), text.replace('"gameIndex":1}', '"gameIndeX":1}'));
    const refusal = (a: string, b: string, out: string): string => {
      try {
        diffRuns(a, b, { out });
      } catch (error) {
        if (error instanceof InputError) return error.message;
        throw error;
      }
      return 'accepted';
    };
    // Refused once its folder was made: the folder goes with it, while a folder that was there stays.
    const made = join(tempDir(), 'made');
    expect(refusal(runs['all1']!, damaged, made)).toBe(`${damaged}/records.jsonl holds a line that is not a run's record (no "gameIndex" at its end); play that run again (its parlor run command with --force)`);
    expect(existsSync(made)).toBe(false);
    const there = tempDir();
    refusal(runs['all1']!, damaged, there);
    expect(readdirSync(there)).toEqual([]);
    expect(existsSync(there)).toBe(true);
    // A record that names another game than its place says: the two runs' records are not of the same games.
    writeFileSync(join(damaged, 'records.jsonl'), text.replace('"gameIndex":1}', '"gameIndex":2}'));
    expect(refusal(runs['all1']!, damaged, made)).toBe(`the records of ${runs['all1']} and ${damaged} are not of the same games (game 1 and game 2); play that run again (its parlor run command with --force)`);
    // Its index must end the line, though blanks may follow it.
    writeFileSync(join(damaged, 'records.jsonl'), text.replace('"gameIndex":12}', '"gameIndex":1}x'));
    expect(refusal(runs['all1']!, damaged, made)).toBe(`${damaged}/records.jsonl holds a line that is not a run's record (no "gameIndex" at its end); play that run again (its parlor run command with --force)`);
    writeFileSync(join(damaged, 'records.jsonl'), text.replace('"gameIndex":12}', '"gameIndex":1} '));
    expect(refusal(runs['all1']!, damaged, made)).toBe(`the records of ${runs['all1']} and ${damaged} are not of the same games (game 12 and game 1); play that run again (its parlor run command with --force)`);
  });

  test('runs of other lengths: the first games are paired, and no file is left open', () => {
    const before = openFiles();
    const diff = diffOf(runs['all1']!, runs['short2']!);
    expect(openFiles()).toBe(before);
    expect(diff.paired).toMatchObject({ games: 10, blocks: 5, by: 'block' });
    expect(diff.metrics).toMatchObject({ paired: true, note: null });
    expect(diffOf(runs['short2']!, runs['all1']!).metrics).toMatchObject({ paired: true, note: null });
    expect(openFiles()).toBe(before);
  });

  test('progress: the outcome lines of both runs, the paired games once per statistic, the records of both', () => {
    const seen: number[][] = [];
    const sink: ProgressSink = { start: (total, done) => seen.push([total, done]), update: (done) => seen.at(-1)!.push(done), stop: () => seen.push([]) };
    diffOf(runs['all1']!, runs['sample2']!, sink);
    // 20 + 20 outcome lines checked, 20 paired games for the tallies and 20 again for the Elo, 6 records in each run.
    expect(seen[0]!.slice(0, 2)).toEqual([20 + 20 + 2 * 20 + 2 * 6, 0]);
    const updates = seen[0]!.slice(2);
    expect(updates.at(-1)).toBe(92);
    expect(updates.every((done, i) => i === 0 || done > updates[i - 1]!)).toBe(true);
    expect(seen[1]).toEqual([]);
    // Runs of other lengths: the records of the paired games only, though the longer run holds more.
    const other: number[][] = [];
    diffOf(runs['all1']!, runs['short2']!, { start: (total, done) => other.push([total, done]), update: (done) => other.at(-1)!.push(done), stop: () => other.push([]) });
    expect(other[0]!.slice(0, 2)).toEqual([20 + 10 + 2 * 10 + 2 * 10, 0]);
    expect(other[0]!.at(-1)).toBe(70);
  });
});

describe('parlor diff\'s Elo where the games bound a rating on one side only', () => {
  test('an entrant separated from the top tier in a run: both ratings, their difference, no interval, a note naming the runs', () => {
    const diff = diffOf(runs['all1']!, runs['all2']!);
    const [a, b] = [summaryOf(runs['all1']!), summaryOf(runs['all2']!)];
    let apartSeen = 0;
    diff.entrants.forEach((entrant, e) => {
      const [x, y] = [a.entrants[e]!.rating!, b.entrants[e]!.rating!];
      const apart = [x.separated === null ? null : 'A', y.separated === null ? null : 'B'].filter((r) => r !== null);
      expect(entrant.elo!.a).toBeCloseTo(x.elo, 6);
      expect(entrant.elo!.b).toBeCloseTo(y.elo, 6);
      expect(entrant.elo!.diff).toBeCloseTo(y.elo - x.elo, 6);
      if (apart.length === 0) return;
      apartSeen++;
      expect(entrant.elo).toMatchObject({ ci95: null, note: `separated from the top tier in run ${apart.join(' and ')}: the games bound its rating on one side only` });
    });
    expect(apartSeen).toBeGreaterThan(0);
  });
});

describe('parlor diff of Clue, whose outcomes name only the winner', () => {
  test('the winner model\'s Elo of each run, and the turns paired game by game as each run counted them', () => {
    const diff = diffOf(runs['clueAll']!, runs['clueCapped']!);
    expect(diff.a.model).toBe('winner');
    expect(diff.b.model).toBe('winner');
    const [a, b] = [summaryOf(runs['clueAll']!), summaryOf(runs['clueCapped']!)];
    diff.entrants.forEach((entrant, e) => {
      expect(entrant.elo!.a).toBeCloseTo(a.entrants[e]!.rating!.elo, 6);
      expect(entrant.elo!.b).toBeCloseTo(b.entrants[e]!.rating!.elo, 6);
    });
    // A game's turns: the sum over its seats of the turns each played; the run's own count is in its tally.
    const turns = (dir: string): number => {
      const sums = tallyOf(dir).metrics['turns']!;
      return (sums[3]! + sums[4]! + sums[5]!) / 9;
    };
    expect(diff.length.turns!.a).toBeCloseTo(turns(runs['clueAll']!), 5);
    expect(diff.length.turns!.b).toBeCloseTo(turns(runs['clueCapped']!), 5);
    expect(diff.length.turns!.b).toBeLessThan(diff.length.turns!.a!);
    expect(diff.length.turns!.ci95).not.toBeNull();
  });

  test('each entrant\'s metric means are its own run\'s, over the games where it has a value', () => {
    // A player who never accused correctly has no turnsToCorrectAccusation: null, not a 0 counted in.
    const own = (dir: string, name: string, e: number): number | null => {
      const sums = tallyOf(dir).metrics[name]!;
      return sums[e] === 0 ? null : sums[3 + e]! / sums[e]!;
    };
    const labels = ['checklist', 'random', 'random#2'];
    const check = (a: string, b: string): DiffSummary => {
      const diff = diffOf(a, b);
      expect(diff.metrics.rows).toHaveLength(3 * 4);
      for (const row of diff.metrics.rows) {
        const e = labels.indexOf(row.bot);
        const [x, y] = [own(a, row.name, e), own(b, row.name, e)];
        expect(row.value.a).toEqual(x === null ? null : expect.closeTo(x, 5));
        expect(row.value.b).toEqual(y === null ? null : expect.closeTo(y, 5));
        if (x === null || y === null) expect(row.value.diff).toBeNull();
        else expect(row.value.diff).toBeCloseTo(y - x, 5);
      }
      return diff;
    };
    // Paired through the records: in the capped run the checklist accused correctly in some games only.
    expect(tallyOf(runs['clueCapped']!).metrics['turnsToCorrectAccusation']![0]).toBeLessThan(9);
    expect(check(runs['clueAll']!, runs['clueCapped']!).metrics.paired).toBe(true);
    // Unpaired, with the checklist's turns to a correct accusation in one run only, either way round.
    for (const [a, b] of [[runs['clueAll']!, runs['clueShort']!], [runs['clueShort']!, runs['clueAll']!]] as const) {
      const diff = check(a, b);
      expect(diff.metrics.paired).toBe(false);
      expect(diff.metrics.rows[0]).toMatchObject({ bot: 'checklist', name: 'turnsToCorrectAccusation' });
      expect([diff.metrics.rows[0]!.value.a, diff.metrics.rows[0]!.value.b].filter((v) => v === null)).toHaveLength(1);
    }
  });

  test('a run with no ladder (nobody won): no Elo in the diff, and its games counted once in the progress', () => {
    for (const [a, b] of [[runs['clueAll']!, runs['clueShort']!], [runs['clueShort']!, runs['clueAll']!]] as const) {
      const seen: number[][] = [];
      const diff = diffOf(a, b, { start: (total, done) => seen.push([total, done]), update: (done) => seen.at(-1)!.push(done), stop: () => undefined });
      expect(diff.entrants.map((e) => e.elo)).toEqual([null, null, null]);
      expect([diff.a.model, diff.b.model].filter((m) => m === null)).toHaveLength(1);
      // 9 + 9 outcome lines, the 9 paired games once for the tallies and not for the Elo, no records paired.
      expect(seen[0]!.slice(0, 2)).toEqual([9 + 9 + 9, 0]);
      expect(seen[0]!.at(-1)).toBe(27);
    }
  });

  test('a run without a records file (a shard merged before runs kept one): its own means, unpaired', () => {
    const merged = join(tempDir(), 'merged');
    cpSync(runs['all2']!, merged, { recursive: true });
    rmSync(join(merged, 'records.jsonl'));
    for (const [a, b] of [[runs['all1']!, merged], [merged, runs['all1']!]] as const) {
      expect(diffOf(a, b).metrics).toMatchObject({ paired: false, note: expect.stringMatching(/^each run's own means over all its games, unpaired; /) });
    }
  });

  test('a run whose tally holds no counts of a metric (made before the game read it): no value there', () => {
    const older = join(tempDir(), 'older');
    cpSync(runs['clueNone']!, older, { recursive: true });
    // The run's tally and each batch of its checkpoint, as a version that did not read them wrote them.
    const without = (tally: TallyData): void => {
      delete tally.metrics['turns'];
      delete tally.metrics['suggestions'];
    };
    const file = JSON.parse(readFileSync(join(older, 'tally.json'), 'utf8')) as { data: TallyData };
    without(file.data);
    writeFileSync(join(older, 'tally.json'), JSON.stringify(file));
    const checkpoint = readFileSync(join(older, 'checkpoint.jsonl'), 'utf8').trim().split('\n').map((line, i) => {
      if (i === 0) return line;
      const batch = JSON.parse(line) as { tally: TallyData };
      without(batch.tally);
      return JSON.stringify(batch);
    });
    writeFileSync(join(older, 'checkpoint.jsonl'), `${checkpoint.join('\n')}\n`);
    const diff = diffOf(runs['clueAll']!, older);
    expect(diff.length.turns).toMatchObject({ b: null, diff: null });
    expect(diff.length.turns!.a).toBeGreaterThan(0);
    for (const row of diff.metrics.rows.filter((r) => r.name === 'suggestions')) expect(row.value).toMatchObject({ b: null, diff: null });
  });

  test('without both runs\' records: each run\'s own turns a game, unpaired, with the note', () => {
    const diff = diffOf(runs['clueAll']!, runs['clueNone']!);
    const turns = (dir: string): number => {
      const sums = tallyOf(dir).metrics['turns']!;
      return (sums[3]! + sums[4]! + sums[5]!) / 9;
    };
    expect(diff.length.turns!.a).toBeCloseTo(turns(runs['clueAll']!), 5);
    expect(diff.length.turns!.b).toBeCloseTo(turns(runs['clueNone']!), 5);
    expect(diff.length.turns!.ci95).toBeNull();
    expect(diff.length.turns!.diff).toBeCloseTo(turns(runs['clueNone']!) - turns(runs['clueAll']!), 5);
    expect(diff.length.turns!.note).toBe(diff.metrics.note);
    expect(diff.metrics.note).toMatch(/^each run's own means over all its games, unpaired; /);
  });
});
