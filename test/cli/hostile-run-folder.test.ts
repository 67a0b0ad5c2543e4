import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { parlorChild, type Finished } from '../protocol/hostile-support.js';
import { parlor } from '../support/cli.js';
import { summaryWithoutTiming } from '../harness/support/run.js';
import { editLine } from '../support/edit-line.js';

const dir = mkdtempSync(join(tmpdir(), 'parlor-hostile-run-folder-'));
const yahtzee = ['--game', 'yahtzee', '--set', 'series=1', '--workers', '1', '--quiet'];
const FIX = 'start the run over with --force instead of --resume';

/** A bot that makes no move until `gate` exists: a run that holds its folder for as long as a test needs. */
function gatedBot(gate: string): string {
  const file = join(dir, 'gated.mjs');
  writeFileSync(
    file,
    `import { existsSync } from 'node:fs';
const pause = new Int32Array(new SharedArrayBuffer(4));
export default {
  name: 'gated',
  description: 'waits for a file before each move',
  create: () => ({ act: (_view, legal) => { while (!existsSync(${JSON.stringify(gate)})) Atomics.wait(pause, 0, 0, 10); return legal[0]; } }),
};
`,
  );
  return file;
}

/** Every file of a folder and its bytes: a refused command changes none. */
function snapshot(folder: string): Record<string, string> {
  return Object.fromEntries(readdirSync(folder).sort().map((name) => [name, statSync(join(folder, name)).isFile() ? readFileSync(join(folder, name), 'latin1') : 'folder']));
}

let copies = 0;
/** A copy of `from` with `edit` made to it. */
function copyOf(from: string, edit: (copy: string) => void): string {
  const copy = join(dir, `copy-${++copies}`);
  cpSync(from, copy, { recursive: true });
  edit(copy);
  return copy;
}

/** Which games outcomes.jsonl holds, in its order. */
const gamesIn = (folder: string): number[] => readFileSync(join(folder, 'outcomes.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line).game);

const gate = join(dir, 'open');
const overlap = join(dir, 'overlap');
const overlapFlags = ['run', ...yahtzee, '--bots', `${gatedBot(gate)},greedy`, '--games', '12', '--batch-games', '2', '--seed', 'overlap', '--out', overlap];
const finished = join(dir, 'finished');
const runFlags = ['run', ...yahtzee, '--bots', 'greedy,random', '--games', '16', '--batch-games', '4', '--seed', 'folder'];
const pids: number[] = [];
let runs: Promise<Finished>[];

// Two processes of their own, started together (each is seconds of a process starting): a run and
// the same command with --resume, whichever takes the folder first held at its first move until the
// gate opens.
beforeAll(async () => {
  runs = [[], ['--resume']].map((more, i) => parlorChild([...overlapFlags, ...more], { started: (pid) => (pids[i] = pid) }));
  await parlor(...runFlags, '--out', finished);
}, 60_000);

afterEach(() => vi.restoreAllMocks());

describe('two runs on one folder', () => {
  test('a run and the same command with --resume started together: one refusal in one line naming host, process and age, and one valid run', async () => {
    // The one that did not get the folder ends while the other waits at the gate.
    const loser = await Promise.race(runs.map((run, i) => run.then(() => i)));
    const winner = 1 - loser;
    const refused = await runs[loser]!;
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      new RegExp(`^parlor: ${overlap} is in use by process ${pids[winner]} on host ${hostname()}, started \\d+(\\.\\d)? s ago \\(its lock refreshed \\d+(\\.\\d)? s ago\\): wait for that run to end, or, if it is gone, wait \\d+(\\.\\d)? s \\(a lock not refreshed for 30 s is stale\\) or pass --break-lock\\n$`),
    );
    writeFileSync(gate, '');
    const run = await runs[winner]!;
    expect(run.status).toBe(0);
    // The run with --resume found no run to resume there yet.
    expect(run.stderr).toBe(winner === 1 ? `no run to resume in ${overlap}: starting it\n` : '');
    expect(gamesIn(overlap)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(existsSync(join(overlap, 'run.lock'))).toBe(false);
    // Its files add up: merge checks every one against the others before it copies them.
    const merged = join(dir, 'overlap-merged');
    await parlor('merge', overlap, '--out', merged);
    expect(summaryWithoutTiming(merged)).toBe(summaryWithoutTiming(overlap));
  });

  test('a lock left by a run gone elsewhere is taken over with a message once stale; a live one is refused until --break-lock', async () => {
    const elsewhere = JSON.stringify({ pid: 4242, host: 'preempted-node', started: new Date(Date.now() - 3_600_000).toISOString() });
    const folder = copyOf(finished, (c) => writeFileSync(join(c, 'run.lock'), elsewhere));
    await expect(parlor(...runFlags, '--out', folder, '--resume')).rejects.toThrow(
      new RegExp(`^${folder} is in use by process 4242 on host preempted-node, started 36\\d\\d(\\.\\d)? s ago \\(its lock refreshed \\d+(\\.\\d)? s ago\\)`),
    );
    const broken = await parlor(...runFlags, '--out', folder, '--resume', '--break-lock');
    expect(broken.stderr).toMatch(new RegExp(`^parlor: --break-lock: removed the lock of process 4242 on host preempted-node from ${folder} \\(refreshed \\d+(\\.\\d)? s ago\\)\\n$`));
    expect(summaryWithoutTiming(folder)).toBe(summaryWithoutTiming(finished));
    expect(existsSync(join(folder, 'run.lock'))).toBe(false);
    // The same lock, an hour old, on a merge's --out: stale, taken over.
    const out = join(dir, 'stale-merge');
    mkdirSync(out);
    writeFileSync(join(out, 'run.lock'), elsewhere);
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(join(out, 'run.lock'), hourAgo, hourAgo);
    const taken = await parlor('merge', finished, '--out', out);
    expect(taken.stderr).toMatch(new RegExp(`^parlor: ${out}: taking over the stale lock of process 4242 on host preempted-node, not refreshed for 36\\d\\d(\\.\\d)? s \\(that run is gone\\)\\n$`));
    expect(summaryWithoutTiming(out)).toBe(summaryWithoutTiming(finished));
    expect(existsSync(join(out, 'run.lock'))).toBe(false);
  });
});

describe('a damaged run file is refused in one line, never used', () => {
  // Each refusal is an InputError, which the command line prints as one line, `parlor: <message>`,
  // with exit code 2 and no stack trace (the refused run above shows it from a process).
  test('a checkpoint that is a folder, no longer an internal error', async () => {
    const folder = copyOf(finished, (c) => {
      rmSync(join(c, 'checkpoint.jsonl'));
      mkdirSync(join(c, 'checkpoint.jsonl'));
    });
    const before = snapshot(folder);
    await expect(parlor(...runFlags, '--out', folder, '--resume')).rejects.toThrow(new InputError(`${folder}/checkpoint.jsonl is a folder, not a run's file; ${FIX}`));
    expect(snapshot(folder)).toEqual(before);
  });

  const line = (folder: string, number: number): any => JSON.parse(readFileSync(join(folder, 'checkpoint.jsonl'), 'utf8').split('\n')[number - 1]!);
  test.each<[string, (entry: any) => void, (folder: string) => string]>([
    ['an edited tally', (e) => void (e.tally.rankSum[0] += 2), (f) => `line 5: its tally does not match ${f}/outcomes.jsonl lines 13-16 (rankSum[0] is ${line(f, 5).tally.rankSum[0]}, not ${line(f, 5).tally.rankSum[0] - 2} there)`],
    ['the last batch\'s "to" past the run', (e) => void (e.to = 500), () => 'line 5: "to" is 500, expected a block number after 6, at most 8'],
    ['"to" that is no number', (e) => void (e.to = 'x'), () => 'line 5: "to" is "x", expected a block number after 6, at most 8'],
    ['a negative outcomesBytes', (e) => void (e.outcomesBytes = -5), (f) => `line 5: "outcomesBytes" is -5, expected a size in bytes above ${line(f, 4).outcomesBytes}, the line before's`],
    ['a missing tally key', (e) => void delete e.tally.entrantGames, () => 'line 5: its entrantGames counts are not the 2 this version of parlor keeps'],
  ])('%s: refused, the folder as it was', async (_name, edit, message) => {
    const folder = copyOf(finished, (c) => editLine(join(c, 'checkpoint.jsonl'), 5, edit));
    const before = snapshot(folder);
    const refusal = await parlor(...runFlags, '--out', folder, '--resume').then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(InputError);
    expect((refusal as Error).message).toBe(`${folder}/checkpoint.jsonl ${message(folder)}; ${FIX}`);
    expect(snapshot(folder)).toEqual(before);
  });
});

// A run folder merged alone (a whole run is its own one shard) is checked as a shard is.
describe('merge refuses a shard whose files do not add up', () => {
  const SHARD_FIX = 'play that shard again (its parlor run command with --force)';

  test.each<[string, (shard: string) => void, (shard: string) => string]>([
    ['NUL bytes after the last game', (s) => writeFileSync(join(s, 'outcomes.jsonl'), Buffer.alloc(1539), { flag: 'a' }), (s) => `${s}/outcomes.jsonl goes on past its last game (1539 bytes from byte ${statSync(join(s, 'outcomes.jsonl')).size - 1539}); ${SHARD_FIX}`],
    [
      'a line that does not parse',
      (s) => {
        const lines = readFileSync(join(s, 'outcomes.jsonl'), 'utf8').split('\n');
        lines[2] = lines[2]!.replace('"rank"', '\0\0\0\0\0\0');
        writeFileSync(join(s, 'outcomes.jsonl'), lines.join('\n'));
      },
      (s) => `${s}/outcomes.jsonl line 3 is not JSON (a damaged or overwritten line); ${SHARD_FIX}`,
    ],
    ['a tally.json that says a million games', (s) => editLine(join(s, 'tally.json'), 1, (t) => void (t.data.games = [1_000_000])), (s) => `${s}/tally.json: its tally is not the sum of the batches in ${s}/checkpoint.jsonl (games is 1000000, not 16 there); ${SHARD_FIX}`],
    [
      'a tally.json that disagrees with its outcomes, with no checkpoint',
      (s) => {
        rmSync(join(s, 'checkpoint.jsonl'));
        editLine(join(s, 'tally.json'), 1, (t) => void (t.data.draws[1] += 1));
      },
      (s) => `${s}/tally.json: its tally does not match ${s}/outcomes.jsonl lines 1-16 (draws[1] is 1, not 0 there); ${SHARD_FIX}`,
    ],
  ])('%s: refused in one line, nothing merged', async (_name, edit, message) => {
    const shard = copyOf(finished, edit);
    const out = join(dir, `merged-${copies}`);
    await expect(parlor('merge', shard, '--out', out)).rejects.toThrow(new InputError(message(shard)));
    expect(existsSync(out)).toBe(false);
  });
});
