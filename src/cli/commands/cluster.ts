import type { Argv, CommandModule } from 'yargs';
import { RUN_PLAY_OPTIONS } from './run.js';
import type { KubernetesArgs, SlurmArgs } from '../actions/cluster.js';

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
  handler: async (args) => (await import('../actions/cluster.js')).slurmAction(args),
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
  handler: async (args) => (await import('../actions/cluster.js')).kubernetesAction(args),
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
