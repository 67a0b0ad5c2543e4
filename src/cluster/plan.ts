import { InputError } from '../core/errors.js';
import { shellLine, shellWord } from '../core/shell.js';

/** One run split into shards for a scheduler: what every scheduler's script is made of. */
export interface ClusterRun {
  /** Shell text that starts parlor where the jobs run, e.g. `npx parlor`. */
  readonly parlor: string;
  /** The `parlor run` flags that decide the games and how each shard plays them (not --out, --shard, --resume). */
  readonly runFlags: readonly string[];
  readonly shards: number;
  /** The folder of the whole run where the jobs run: shard k plays into `<out>/shard-k`, the merge into `<out>`. */
  readonly out: string;
  /** The jobs' name (the merge job's is `<name>-merge`): a DNS label, as Kubernetes wants. */
  readonly name: string;
  /** CPUs each shard asks the scheduler for. */
  readonly cpus: number;
}

/** A shard folder as shell text: `k` is shell text too, e.g. `"$SLURM_ARRAY_TASK_ID"`. */
function shardFolder(run: ClusterRun, k: string): string {
  return `${shellWord(`${run.out}/shard-`)}${k}`;
}

/** The command line a job runs for shard `k` (shell text, e.g. `"$SLURM_ARRAY_TASK_ID"`). */
export function shardCommand(run: ClusterRun, k: string): string {
  return `${run.parlor} run ${shellLine(run.runFlags)} --shard ${k}/${run.shards} --resume --out ${shardFolder(run, k)}`;
}

/** The command line that merges every shard into the run's folder. */
export function mergeCommand(run: ClusterRun): string {
  const folders = Array.from({ length: run.shards }, (_, i) => shellWord(`${run.out}/shard-${i + 1}`));
  return `${run.parlor} merge ${folders.join(' ')} --out ${shellWord(run.out)}`;
}

/** Room left in a 63-character DNS label for a shard's pod (`<name>-<index>`) and for `<name>-merge`. */
const NAME_LENGTH = 40;

/** `--name`, or one made from the run's folder: `results/Y1` gives `parlor-y1`. */
export function jobName(given: string | undefined, out: string): string {
  if (given !== undefined) {
    if (given.length > NAME_LENGTH || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(given)) {
      throw new InputError(`--name ${given}: expected at most ${NAME_LENGTH} lowercase letters, digits and inner dashes, e.g. parlor-y1`);
    }
    return given;
  }
  const folder = out.split('/').filter((part) => part !== '').pop() ?? '';
  return `parlor-${folder.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`.slice(0, NAME_LENGTH).replace(/-+$/, '');
}
