import { spawnSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parlor } from '../support/cli.js';
import { tempDir } from '../harness/support/run.js';

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const RUN = ['--game', 'yahtzee', '--bots', 'greedy,random', '--games', '100'];

/** The words the shell gives the command a job script execs, for task `k` of the array. */
function execWords(script: string, k: number): string[] {
  const line = script.split('\n').find((l) => l.startsWith('exec ') && l.includes(' run '))!;
  const words = spawnSync('bash', ['-c', `set -- ${line.slice('exec '.length)}; printf '%s\\n' "$@"`], { env: { SLURM_ARRAY_TASK_ID: String(k) }, encoding: 'utf8' });
  return words.stdout.split('\n').slice(0, -1);
}

describe('parlor cluster slurm, without a scheduler', () => {
  test('the script is valid bash; task k execs parlor run with the run flags as typed, --shard k/N --resume and its own folder', async () => {
    const out = join(tempDir('parlor-slurm-'), 'my run');
    const { stdout: script } = await parlor('cluster', 'slurm', ...RUN, '--set', 'series=1', '--seed', "Ann's seed", '--shards', '3', '--cpus', '2', '--out', out, '--partition', 'short', '--time', '10:00', '--parlor', 'npx parlor');
    expect(spawnSync('bash', ['-n'], { input: script }).status).toBe(0);
    expect(execWords(script, 2)).toEqual([
      'npx', 'parlor', 'run', '--game', 'yahtzee', '--set', 'series=1', '--bots', 'greedy,random', '--games', '100', '--seed', "Ann's seed", '--workers', '2',
      '--seating', 'duplicate', '--record', 'faults', '--move-time-ms', '0', '--shard', '2/3', '--resume', '--out', `${out}/shard-2`,
    ]);
    expect(script).toContain(`--array="$tasks" --cpus-per-task=2`);
    expect(script).toContain('sbatch --parsable --partition=short --time=10:00');
    expect(script).toContain(`npx parlor merge '${out}/shard-1' '${out}/shard-2' '${out}/shard-3' --out '${out}'`);
    expect(script).toMatch(/--job-name=parlor-my-run-merge "\$\{after\[@\]\}"/);
    expect(existsSync(out)).toBe(false);
  });

  test('by default the jobs start this parlor by its full path; --workers W asks for W CPUs a shard', async () => {
    const { stdout: script } = await parlor('cluster', 'slurm', ...RUN, '--workers', '3', '--shards', '2', '--out', 'results/y1');
    const thisParlor = [process.execPath, ...process.execArgv, resolve(process.argv[1]!)];
    const words = execWords(script, 1);
    expect(words.slice(0, thisParlor.length)).toEqual(thisParlor);
    expect(words.slice(thisParlor.length)).toContain('run');
    expect(words.join(' ')).toContain('--workers 3');
    expect(script).toContain('--cpus-per-task=3');
  });

  test.each([
    [['--shards', '0'], '--shards 0: expected a whole number >= 1'],
    [['--shards', '51'], '--shards 51: the run has 50 blocks of games to share out; expected --shards 50 or fewer'],
    [['--shards', '2', '--cpus', '1.5'], '--cpus 1.5: expected a whole number >= 1'],
    [['--shards', '2', '--players', '3'], '--players 3 needs at least 3 entrants but --bots names 2'],
    [['--shards', '2', '--name', 'Parlor_1'], '--name Parlor_1: expected at most 40 lowercase letters, digits and inner dashes, e.g. parlor-y1'],
  ])('%j is refused in one line', async (flags, message) => {
    await expect(parlor('cluster', 'slurm', ...RUN, '--out', 'results/y1', ...flags)).rejects.toThrow(message);
  });

  test('--submit where sbatch is missing says so in one line, exit 2, and writes nothing', () => {
    const bin = tempDir('parlor-nosbatch-');
    symlinkSync(spawnSync('sh', ['-c', 'command -v bash'], { encoding: 'utf8' }).stdout.trim(), join(bin, 'bash'));
    const out = join(tempDir('parlor-slurm-'), 'run');
    const run = spawnSync(process.execPath, ['--import', 'tsx', MAIN, 'cluster', 'slurm', ...RUN, '--shards', '2', '--out', out, '--submit'], { env: { PATH: bin }, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('parlor: --submit: sbatch is not on the PATH: run this where Slurm jobs are submitted\n');
    expect(run.status).toBe(2);
    expect(existsSync(out)).toBe(false);
  });
});
