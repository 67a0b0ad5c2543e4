import { spawnSync } from 'node:child_process';
import { posix, resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { kubernetesScript } from '../../cluster/kubernetes.js';
import { jobName, type ClusterRun } from '../../cluster/plan.js';
import { slurmScript } from '../../cluster/slurm.js';
import { InputError } from '../../core/errors.js';
import { shellLine } from '../../core/shell.js';
import { makeSchedule } from '../../harness/schedule.js';
import { flagWords } from '../flags.js';
import { checkOutputPath } from '../paths.js';
import { positiveInteger } from '../shared.js';
import { RUN_PLAY_OPTIONS, runSpecFrom, type RunPlayArgs } from './run.js';

interface ClusterArgs extends RunPlayArgs {
  shards: number;
  out: string;
  cpus?: number;
  name?: string;
  parlor?: string;
}

interface SlurmArgs extends ClusterArgs {
  partition?: string;
  time?: string;
  submit: boolean;
}

interface KubernetesArgs extends ClusterArgs {
  image: string;
  pvc: string;
  mount: string;
  parallelism?: number;
}

/** `parlor run`'s own flags, and what every scheduler needs to know besides. */
function withClusterOptions<T>(yargs: Argv<T>, describe: { out: string; parlor: string }) {
  return yargs
    .options(RUN_PLAY_OPTIONS)
    .option('shards', { type: 'number', demandOption: true, describe: 'split the run in N shards: job k plays --shard k/N' })
    .option('out', { type: 'string', demandOption: true, describe: describe.out })
    .option('cpus', { type: 'number', describe: 'CPUs each shard asks for (default: --workers, else 1); a shard runs that many workers unless --workers says otherwise' })
    .option('name', { type: 'string', describe: "the jobs' name (default: parlor-<the --out folder's name>)" })
    .option('parlor', { type: 'string', describe: describe.parlor });
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

const slurmCommand: CommandModule<object, SlurmArgs> = {
  command: 'slurm',
  describe: 'print a script that submits the shards as a Slurm job array and their merge after it (run it again to finish what failed)',
  builder: (yargs) =>
    withClusterOptions(yargs, {
      out: 'folder of the whole run, on a file system every node shares: shard k plays into <out>/shard-k, the merge into <out>',
      parlor: 'how the jobs start parlor (default: this parlor, by its full path)',
    })
      .option('partition', { type: 'string', describe: 'the Slurm partition (default: the cluster’s)' })
      .option('time', { type: 'string', describe: 'time limit of each job, as sbatch --time takes it (e.g. 2:00:00)' })
      .option('submit', { type: 'boolean', default: false, describe: 'run the script now and print the job ids' }) as never,
  handler: async (args) => {
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
  },
};

const kubernetesCommand: CommandModule<object, KubernetesArgs> = {
  command: 'k8s',
  describe: 'print a script that applies an Indexed Job of the shards, waits for it, then applies the Job that merges them',
  builder: (yargs) =>
    withClusterOptions(yargs, {
      out: 'folder of the whole run, on the volume (relative to --mount, or a path under it): shard k plays into <out>/shard-k, the merge into <out>',
      parlor: 'how the pods start parlor (default: parlor, on the image’s PATH)',
    })
      .option('image', { type: 'string', demandOption: true, describe: 'the container image holding parlor (and any bot files the run names)' })
      .option('pvc', { type: 'string', demandOption: true, describe: 'a ReadWriteMany PersistentVolumeClaim for the results, shared by every pod' })
      .option('mount', { type: 'string', default: '/results', describe: 'where the claim is mounted in the pods' })
      .option('parallelism', { type: 'number', describe: 'shard pods at once (default: --shards)' }) as never,
  handler: async (args) => {
    positiveInteger('parallelism', args.parallelism);
    const mount = posix.normalize(args.mount);
    if (!posix.isAbsolute(mount)) throw new InputError(`--mount ${args.mount}: expected an absolute path in the pods, e.g. /results`);
    const out = posix.isAbsolute(args.out) ? posix.normalize(args.out) : posix.join(mount, args.out);
    const fromMount = posix.relative(mount, out);
    if (fromMount === '..' || fromMount.startsWith('../')) throw new InputError(`--out ${args.out} is not on the volume mounted at ${mount}: expected a folder on it, e.g. --out y1`);
    const run = await clusterRun(args, out, 'parlor');
    process.stdout.write(kubernetesScript(run, { image: args.image, pvc: args.pvc, mount, parallelism: args.parallelism ?? args.shards }));
  },
};

export const clusterCommand: CommandModule = {
  command: 'cluster',
  describe: 'split a run into shards on a scheduler: parlor cluster slurm|k8s [run flags] --shards N --out DIR',
  builder: (yargs) =>
    yargs
      .command(slurmCommand as CommandModule)
      .command(kubernetesCommand as CommandModule)
      .demandCommand(1, 'name a scheduler: slurm or k8s'),
  handler: () => {},
};
