import { spawnSync } from 'node:child_process';
import { posix, resolve } from 'node:path';
import { kubernetesScript } from '../../cluster/kubernetes.js';
import { jobName, type ClusterRun } from '../../cluster/plan.js';
import { slurmScript } from '../../cluster/slurm.js';
import { InputError } from '../../core/errors.js';
import { shellLine } from '../../core/shell.js';
import { makeSchedule } from '../../harness/schedule.js';
import { flagWords } from '../flags.js';
import { checkOutputPath } from '../paths.js';
import { positiveInteger } from '../shared.js';
import { RUN_PLAY_OPTIONS } from '../commands/run.js';
import { runSpecFrom, type RunPlayArgs } from './run.js';

export interface ClusterArgs extends RunPlayArgs {
  shards: number;
  out: string;
  cpus?: number;
  name?: string;
  parlor?: string;
}

export interface SlurmArgs extends ClusterArgs {
  partition?: string;
  time?: string;
  submit: boolean;
}

export interface KubernetesArgs extends ClusterArgs {
  image: string;
  pvc: string;
  mount: string;
  parallelism?: number;
}

/** The run the flags describe, checked as `parlor run` checks them, split in --shards. */
async function clusterRun(args: ClusterArgs, out: string, parlor: string): Promise<ClusterRun> {
  positiveInteger('shards', args.shards);
  positiveInteger('cpus', args.cpus);
  const spec = await runSpecFrom(args);
  const { blocks } = makeSchedule(spec.entrants.length, spec.players, spec.seating, spec.gamesAsked);
  if (args.shards > blocks) throw new InputError(`--shards ${args.shards}: the run has ${blocks} blocks of games to share out; expected --shards ${blocks} or fewer`);
  const cpus = args.cpus ?? args.workers ?? 1;
  return {
    parlor: args.parlor ?? parlor,
    runFlags: flagWords({ ...args, workers: args.workers ?? cpus }, RUN_PLAY_OPTIONS),
    shards: args.shards,
    out,
    name: jobName(args.name, args.out),
    cpus,
  };
}

/** The parlor running now, as a command line that starts it again on a node that shares this file system. */
function thisParlor(): string {
  return shellLine([process.execPath, ...process.execArgv, resolve(process.argv[1]!)]);
}

/** Runs the submission script; its output is what it submitted, its refusal one line. */
function submit(script: string): void {
  const run = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
  if (run.error !== undefined) throw new InputError(`--submit: cannot run bash: ${run.error.message}`);
  process.stdout.write(run.stdout);
  if (run.status !== 0) {
    const reason = run.stderr.trim().split('\n').pop()?.replace(/^parlor: /, '') ?? '';
    throw new InputError(`--submit: ${reason !== '' ? reason : `the submission script stopped with exit ${run.status}`}`);
  }
  process.stderr.write(run.stderr);
}

/** `parlor cluster slurm`: the script printed, or with --submit run. */
export async function slurmAction(args: SlurmArgs): Promise<void> {
  const run = await clusterRun(args, args.out, thisParlor());
  const script = slurmScript(run, {
    ...(args.partition !== undefined ? { partition: args.partition } : {}),
    ...(args.time !== undefined ? { time: args.time } : {}),
  });
  if (!args.submit) {
    process.stdout.write(script);
    return;
  }
  checkOutputPath(args.out, 'folder');
  submit(script);
}

/** `parlor cluster k8s`: the script printed. */
export async function kubernetesAction(args: KubernetesArgs): Promise<void> {
  positiveInteger('parallelism', args.parallelism);
  const mount = posix.normalize(args.mount);
  if (!posix.isAbsolute(mount)) throw new InputError(`--mount ${args.mount}: expected an absolute path in the pods, e.g. /results`);
  const out = posix.isAbsolute(args.out) ? posix.normalize(args.out) : posix.join(mount, args.out);
  const fromMount = posix.relative(mount, out);
  if (fromMount === '..' || fromMount.startsWith('../')) throw new InputError(`--out ${args.out} is not on the volume mounted at ${mount}: expected a folder on it, e.g. --out y1`);
  const run = await clusterRun(args, out, 'parlor');
  process.stdout.write(kubernetesScript(run, { image: args.image, pvc: args.pvc, mount, parallelism: args.parallelism ?? args.shards }));
}
