import { shellWord } from '../core/shell.js';
import { TALLY_FILE } from '../tournament/tally-file.js';
import { mergeCommand, shardCommand, type ClusterRun } from './plan.js';

export interface SlurmOptions {
  readonly partition?: string;
  /** sbatch's --time for each job, e.g. 2:00:00. */
  readonly time?: string;
}

/** The line that ends a job script given to sbatch on its standard input. */
const JOB_END = 'PARLOR_JOB';

function jobScript(command: string): string[] {
  return ['#!/bin/bash', `exec ${command}`, JOB_END];
}

/**
 * A bash script that submits the run's shards as one Slurm job array (task k plays shard k) and
 * the merge as a job that starts once every task succeeded. Run again, it submits only the
 * shards that have no tally.json yet (a shard writes it last, so the others resume from their
 * checkpoints), cancels the merge still waiting on the earlier array, and submits a new merge.
 */
export function slurmScript(run: ClusterRun, options: SlurmOptions): string {
  const placement = [...(options.partition !== undefined ? [`--partition=${shellWord(options.partition)}`] : []), ...(options.time !== undefined ? [`--time=${shellWord(options.time)}`] : [])];
  const sbatch = ['sbatch --parsable', ...placement, '--open-mode=append'].join(' ');
  return [
    '#!/usr/bin/env bash',
    `# parlor on Slurm: the ${run.shards} shards of one run as a job array, then their merge into ${run.out}.`,
    '# Run it again after a failure: it submits only the unfinished shards (each resumes from its checkpoint)',
    '# and a new merge, cancelling the merge that still waits on the earlier shards.',
    'set -euo pipefail',
    `out=${shellWord(run.out)}`,
    'jobs="$out/slurm"  # the ids of the jobs submitted last, and the jobs\' output',
    'command -v sbatch >/dev/null || { echo "parlor: sbatch is not on the PATH: run this where Slurm jobs are submitted" >&2; exit 1; }',
    'mkdir -p "$jobs"',
    'queued() { squeue -h -j "$1" -t "$2" -o %i 2>/dev/null || true; }',
    '',
    '# Jobs of the last submission still at work would write the same folders as the new ones.',
    'if [ -f "$jobs/array" ] && [ -n "$(queued "$(cat "$jobs/array")" PD,R,CF,CG,S)" ]; then',
    '  echo "parlor: shards of job $(cat "$jobs/array") are still queued or running: wait for them (squeue) or scancel them, then run this again" >&2',
    '  exit 1',
    'fi',
    'if [ -f "$jobs/merge" ]; then',
    '  merge=$(cat "$jobs/merge")',
    '  if [ -n "$(queued "$merge" R,CF,CG,S)" ]; then',
    '    echo "parlor: the merge job $merge is running: wait for it (squeue), then run this again" >&2',
    '    exit 1',
    '  fi',
    '  if [ -n "$(queued "$merge" PD)" ]; then',
    '    scancel "$merge"',
    '    echo "cancelled merge job $merge (it waited on shards that did not all succeed)"',
    '  fi',
    'fi',
    '',
    'todo=()',
    `for k in $(seq 1 ${run.shards}); do`,
    `  [ -f "$out/shard-$k/${TALLY_FILE}" ] || todo+=("$k")`,
    'done',
    'after=()',
    'if [ ${#todo[@]} -gt 0 ]; then',
    '  tasks=$(IFS=,; echo "${todo[*]}")',
    `  array=$(${sbatch} --job-name=${run.name} --array="$tasks" --cpus-per-task=${run.cpus} --output="$jobs/shard-%a.out" <<'${JOB_END}'`,
    ...jobScript(shardCommand(run, '"$SLURM_ARRAY_TASK_ID"')),
    '  )',
    '  array=${array%%;*}',
    '  echo "$array" > "$jobs/array"',
    '  echo "shards $tasks: job array $array"',
    '  after=(--dependency="afterok:$array")',
    'fi',
    `merge=$(${sbatch} --job-name=${run.name}-merge "\${after[@]}" --output="$jobs/merge.out" <<'${JOB_END}'`,
    ...jobScript(mergeCommand(run)),
    ')',
    'merge=${merge%%;*}',
    'echo "$merge" > "$jobs/merge"',
    'echo "merge: job $merge, into $out"',
    '',
  ].join('\n');
}
