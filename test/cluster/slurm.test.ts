import { execFile, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryWithoutTiming, tempDir } from '../harness/support/run.js';
import { startSlurm, type SlurmCluster } from './support/slurm-cluster.js';

// A real scheduler costs seconds and root: CI runs it, a developer asks for it.
const ENABLED = Boolean(process.env['CI']) || process.env['PARLOR_SLURM'] === '1';
if (!ENABLED) console.log('skipped the Slurm end-to-end test (test/cluster/slurm.test.ts): set PARLOR_SLURM=1 to run it; CI runs it');

/** The compiled CLI, as a cluster's nodes run it. */
const MAIN = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
// Batches of 2 games: shard 1's first checkpoint line comes early in its second or so, for the kill.
const RUN = ['--game', 'yahtzee', '--set', 'series=1', '--bots', 'greedy,random', '--games', '2000', '--seed', 'slurm', '--batch-games', '2'];

/** The whole test, the scheduler's start included, shares one minute: every wait takes what is left. */
const LIMIT_MS = 60_000;
let deadline = Date.now() + LIMIT_MS;
const left = (): number => Math.max(0, deadline - Date.now());

function parlor(args: string[], env: NodeJS.ProcessEnv): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [MAIN, ...args], { env, encoding: 'utf8', timeout: Math.max(1, left()) });
}

/** Every job's output, for a failure's message. */
function jobOutput(out: string): string {
  const dir = join(out, 'slurm');
  if (!existsSync(dir)) return '(no job output)';
  return readdirSync(dir)
    .filter((file) => file.endsWith('.out'))
    .map((file) => `--- ${file}\n${readFileSync(join(dir, file), 'utf8')}`)
    .join('\n');
}

async function until(what: string, done: () => boolean): Promise<void> {
  while (!done()) {
    if (left() === 0) throw new Error(`${what}: not within the test's ${LIMIT_MS / 1000} s`);
    await sleep(20);
  }
}

describe.skipIf(!ENABLED)('parlor cluster slurm on a one-node Slurm cluster', () => {
  let cluster: SlurmCluster | undefined;
  const root = tempDir('parlor-slurm-run-');
  const reference = join(root, 'one-machine');

  beforeAll(async () => {
    deadline = Date.now() + LIMIT_MS;
    if (!existsSync(MAIN)) throw new Error(`slurm: ${MAIN} is missing: npm run build first`);
    const single = promisify(execFile)(process.execPath, [MAIN, 'run', ...RUN, '--workers', '2', '--quiet', '--out', reference], { timeout: Math.max(1, left()) });
    cluster = await startSlurm(15);
    await single;
  }, LIMIT_MS);

  afterAll(async () => {
    await cluster?.stop();
  });

  it('--submit: a job array of 4 shards, then the merge, gives the summary and outcomes of the run on one machine', async () => {
    const out = join(root, 'scheduled');
    const submitted = parlor(['cluster', 'slurm', ...RUN, '--shards', '4', '--out', out, '--submit'], cluster!.env);
    expect(submitted.stderr).toBe('');
    expect(submitted.status).toBe(0);
    expect(submitted.stdout).toMatch(/^shards 1,2,3,4: job array \d+\nmerge: job \d+, into /);
    await until('every job to end', () => cluster!.queue().length === 0);
    expect(existsSync(join(out, 'summary.json')), jobOutput(out)).toBe(true);
    expect(summaryWithoutTiming(out)).toBe(summaryWithoutTiming(reference));
    expect(readFileSync(join(out, 'outcomes.jsonl')).equals(readFileSync(join(reference, 'outcomes.jsonl')))).toBe(true);
  }, LIMIT_MS);

  it('a killed shard: the script run again resubmits it alone, it resumes from its checkpoint, and a new merge gives the same result', async () => {
    // Shards 2-4 finished already (the first test's): the script submits shard 1 and the merge.
    const out = join(root, 'killed');
    for (const k of [2, 3, 4]) cpSync(join(root, 'scheduled', `shard-${k}`), join(out, `shard-${k}`), { recursive: true });
    const script = join(root, 'submit.sh');
    const generated = parlor(['cluster', 'slurm', ...RUN, '--shards', '4', '--out', out], cluster!.env);
    expect(generated.status).toBe(0);
    writeFileSync(script, generated.stdout);
    const bash = (): { status: number | null; stdout: string; stderr: string } => spawnSync('bash', [script], { env: cluster!.env, encoding: 'utf8', timeout: Math.max(1, left()) });

    const first = bash();
    expect(first.stderr).toBe('');
    const [, array, merge] = /^shards 1: job array (\d+)\nmerge: job (\d+),/.exec(first.stdout) ?? [];
    expect(merge).toBeDefined();
    const checkpoint = join(out, 'shard-1', 'checkpoint.jsonl');
    const lines = (): string[] => (existsSync(checkpoint) ? readFileSync(checkpoint, 'utf8').split('\n') : []);
    // A header and a finished batch, each a whole line.
    await until('a batch line in shard 1\'s checkpoint', () => lines().length >= 3);
    const played = lines().slice(0, -1).join('\n');
    expect(spawnSync('scancel', [`${array}_1`], { env: cluster!.env }).status).toBe(0);
    await until(`the task of job array ${array} to end`, () => !cluster!.queue().some((job) => job.startsWith(`${array}_`)));
    expect(existsSync(join(out, 'shard-1', 'tally.json')), 'shard 1 finished before its task was killed').toBe(false);
    expect(cluster!.queue()).toEqual([merge]);

    const second = bash();
    expect(second.stderr).toBe('');
    expect(second.stdout).toMatch(new RegExp(`^cancelled merge job ${merge} .*\\nshards 1: job array \\d+\\nmerge: job \\d+, into `));
    await until('every job to end', () => cluster!.queue().length === 0);
    expect(readFileSync(checkpoint, 'utf8').startsWith(played), 'shard 1 started over instead of resuming').toBe(true);
    expect(existsSync(join(out, 'summary.json')), jobOutput(out)).toBe(true);
    expect(summaryWithoutTiming(out)).toBe(summaryWithoutTiming(reference));
    expect(readFileSync(join(out, 'outcomes.jsonl')).equals(readFileSync(join(reference, 'outcomes.jsonl')))).toBe(true);
    expect(readFileSync(join(out, 'slurm', 'merge.out'), 'utf8').match(/^merged 4 shards/gm)).toHaveLength(1);
  }, LIMIT_MS);
});
