import type { IJob } from 'kubernetes-models/batch/v1/Job';
import { mergeCommand, shardCommand, type ClusterRun } from './plan.js';

export interface KubernetesOptions {
  readonly image: string;
  /** A ReadWriteMany PersistentVolumeClaim: every shard's pod writes its folder on it, the merge reads them all. */
  readonly pvc: string;
  /** Where the claim is mounted in the pods; the run's folder lies on it. */
  readonly mount: string;
  /** Shard pods running at once. */
  readonly parallelism: number;
}

/** Kubernetes sets it in each pod of an Indexed Job: 0 to completions - 1. */
const SHARD = '$((JOB_COMPLETION_INDEX+1))';

function job(name: string, run: ClusterRun, options: KubernetesOptions, command: string, spec: Partial<NonNullable<IJob['spec']>>): IJob {
  const labels = { 'app.kubernetes.io/name': 'parlor', 'app.kubernetes.io/instance': run.name };
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, labels },
    spec: {
      ...spec,
      template: {
        metadata: { labels },
        spec: {
          // A pod started again resumes its shard from the checkpoint on the volume.
          restartPolicy: 'OnFailure',
          containers: [
            {
              name: 'parlor',
              image: options.image,
              command: ['sh', '-c'],
              args: [`exec ${command}`],
              resources: { requests: { cpu: String(run.cpus) } },
              volumeMounts: [{ name: 'results', mountPath: options.mount }],
            },
          ],
          volumes: [{ name: 'results', persistentVolumeClaim: { claimName: options.pvc } }],
        },
      },
    },
  };
}

const mergeName = (run: ClusterRun): string => `${run.name}-merge`;

/** The Indexed Job whose pod i plays shard i + 1, and the Job that merges them. */
export function kubernetesJobs(run: ClusterRun, options: KubernetesOptions): { shards: IJob; merge: IJob } {
  return {
    shards: job(run.name, run, options, shardCommand(run, SHARD), { completionMode: 'Indexed', completions: run.shards, parallelism: Math.min(options.parallelism, run.shards) }),
    merge: job(mergeName(run), run, options, mergeCommand(run), { completions: 1 }),
  };
}

/** The line that ends a manifest given to kubectl on its standard input. */
const MANIFEST_END = 'PARLOR_JOB';

function kubectlApply(manifest: IJob): string[] {
  return [`kubectl apply -f - <<'${MANIFEST_END}'`, JSON.stringify(manifest, null, 2), MANIFEST_END];
}

/** A bash script: the shards' Indexed Job, a wait until every shard completed, then the merge Job. */
export function kubernetesScript(run: ClusterRun, options: KubernetesOptions): string {
  const { shards, merge } = kubernetesJobs(run, options);
  return [
    '#!/usr/bin/env bash',
    `# parlor on Kubernetes: the ${run.shards} shards of one run as an Indexed Job, then their merge into ${run.out}`,
    `# on the claim ${options.pvc} (ReadWriteMany), mounted at ${options.mount}.`,
    'set -euo pipefail',
    ...kubectlApply(shards),
    // A negative timeout waits up to a week: a long run is not a failure.
    `kubectl wait --for=condition=complete --timeout=-1s job/${run.name}`,
    ...kubectlApply(merge),
    `kubectl wait --for=condition=complete --timeout=-1s job/${mergeName(run)}`,
    '',
  ].join('\n');
}
