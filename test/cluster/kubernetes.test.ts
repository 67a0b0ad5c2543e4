import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { describe, expect, test } from 'vitest';
import { parlor } from '../support/cli.js';
import { summaryWithoutTiming, tempDir } from '../harness/support/run.js';

/** The compiled CLI, as an image would hold it. */
const MAIN = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
const RUN = ['--game', 'yahtzee', '--set', 'series=1', '--bots', 'greedy,random', '--games', '120', '--seed', 'k8s', '--workers', '1'];

/** The manifests the script applies, in order, and the script's lines outside them. */
function parse(script: string): { manifests: unknown[]; commands: string[] } {
  const manifests: unknown[] = [];
  const commands: string[] = [];
  const lines = script.split('\n');
  for (let i = 0; i < lines.length; i++) {
    commands.push(lines[i]!);
    if (!lines[i]!.startsWith("kubectl apply -f - <<'PARLOR_JOB'")) continue;
    const end = lines.indexOf('PARLOR_JOB', i);
    manifests.push(JSON.parse(lines.slice(i + 1, end).join('\n')));
    i = end;
  }
  return { manifests, commands };
}

interface Container {
  command: string[];
  args: string[];
}
const container = (job: Job): Container => job.spec!.template.spec!.containers[0] as Container;

/** The job's container command, run here as the pod would run it (its volume at the same path). */
function runPod(job: Job, env: NodeJS.ProcessEnv = {}): string {
  const [program, ...words] = [...container(job).command, ...container(job).args];
  const pod = spawnSync(program!, words, { env: { ...process.env, ...env }, encoding: 'utf8' });
  expect(pod.status, pod.stderr).toBe(0);
  return pod.stdout;
}

describe('parlor cluster k8s', () => {
  test('an Indexed Job of the shards, a wait for it, then the merge Job: both valid batch/v1 Jobs on the claim', async () => {
    const { stdout } = await parlor('cluster', 'k8s', ...RUN, '--shards', '4', '--parallelism', '2', '--cpus', '2', '--out', 'y1', '--image', 'registry.example/parlor:1.0', '--pvc', 'parlor-results');
    const { manifests, commands } = parse(stdout);
    expect(spawnSync('bash', ['-n'], { input: stdout }).status).toBe(0);
    const [shards, merge] = manifests.map((manifest) => new Job(manifest as Job));
    for (const job of [shards!, merge!]) job.validate();
    expect(commands.filter((line) => line.startsWith('kubectl'))).toEqual([
      "kubectl apply -f - <<'PARLOR_JOB'",
      'kubectl wait --for=condition=complete --timeout=-1s job/parlor-y1',
      "kubectl apply -f - <<'PARLOR_JOB'",
      'kubectl wait --for=condition=complete --timeout=-1s job/parlor-y1-merge',
    ]);
    expect(shards!.metadata!.name).toBe('parlor-y1');
    expect(shards!.spec).toMatchObject({ completionMode: 'Indexed', completions: 4, parallelism: 2 });
    expect(merge!.spec!.completionMode).toBeUndefined();
    for (const job of [shards!, merge!]) {
      const pod = job.spec!.template.spec!;
      expect(pod.volumes).toEqual([{ name: 'results', persistentVolumeClaim: { claimName: 'parlor-results' } }]);
      expect(pod.containers[0]).toMatchObject({ image: 'registry.example/parlor:1.0', command: ['sh', '-c'], volumeMounts: [{ name: 'results', mountPath: '/results' }], resources: { requests: { cpu: '2' } } });
    }
    expect(container(shards!).args[0]).toMatch(/^exec parlor run --game yahtzee .* --shard \$\(\(JOB_COMPLETION_INDEX\+1\)\)\/4 --resume --out \/results\/y1\/shard-\$\(\(JOB_COMPLETION_INDEX\+1\)\)$/);
    expect(container(merge!).args[0]).toBe('exec parlor merge /results/y1/shard-1 /results/y1/shard-2 /results/y1/shard-3 /results/y1/shard-4 --out /results/y1');
  });

  test("each pod's command, run with its JOB_COMPLETION_INDEX, then the merge's, gives the run on one machine", async () => {
    const volume = tempDir('parlor-k8s-');
    const parlorCommand = `${process.execPath} ${MAIN}`;
    const { stdout } = await parlor('cluster', 'k8s', ...RUN, '--shards', '3', '--out', 'run', '--image', 'parlor', '--pvc', 'results', '--mount', volume, '--parlor', parlorCommand);
    const [shards, merge] = parse(stdout).manifests.map((manifest) => new Job(manifest as Job));
    for (let index = 0; index < 3; index++) expect(runPod(shards!, { JOB_COMPLETION_INDEX: String(index) })).toContain(`shard ${index + 1}/3`);
    expect(runPod(merge!)).toContain('merged 3 shards');
    const single = join(volume, 'single');
    spawnSync(process.execPath, [MAIN, 'run', ...RUN, '--quiet', '--out', single]);
    expect(summaryWithoutTiming(join(volume, 'run'))).toBe(summaryWithoutTiming(single));
    expect(readFileSync(join(volume, 'run', 'outcomes.jsonl')).equals(readFileSync(join(single, 'outcomes.jsonl')))).toBe(true);
  });

  test.each([
    [['--out', '/elsewhere/y1'], '--out /elsewhere/y1 is not on the volume mounted at /results: expected a folder on it, e.g. --out y1'],
    [['--out', '../y1'], '--out ../y1 is not on the volume mounted at /results: expected a folder on it, e.g. --out y1'],
    [['--out', 'y1', '--mount', 'results'], '--mount results: expected an absolute path in the pods, e.g. /results'],
    [['--out', 'y1', '--parallelism', '0'], '--parallelism 0: expected a whole number >= 1'],
  ])('%j is refused in one line', async (flags, message) => {
    await expect(parlor('cluster', 'k8s', ...RUN, '--shards', '2', '--image', 'parlor', '--pvc', 'results', ...flags)).rejects.toThrow(message);
  });
});
