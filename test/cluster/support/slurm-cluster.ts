import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A one-node Slurm cluster of its own: munged on a private socket, slurmctld and slurmd on
 * private ports, every file in one temporary folder. Nothing of it touches a system's Slurm or
 * munge, so it runs beside them.
 */
export interface SlurmCluster {
  /** The environment in which sbatch, squeue and scancel talk to this cluster. */
  readonly env: NodeJS.ProcessEnv;
  readonly dir: string;
  /** squeue's job ids (array tasks as `<array>_<k>`) of the jobs still queued, running or completing. */
  queue(): string[];
  /** Cancels every job, stops each daemon by its PID (SIGTERM, then SIGKILL), then kills by PID whatever of the cluster is left. */
  stop(): Promise<void>;
}

const INSTALL = 'apt-get install -y slurm-wlm munge (.ci/run installs them)';

/**
 * Every process that carries this cluster's SLURM_CONF in its environment: the daemons, and what
 * slurmd started (slurmstepd, the jobs' processes, submitted with the test's environment), even
 * a job that was being launched when slurmd stopped.
 */
function processesOf(conf: string): number[] {
  const mark = `SLURM_CONF=${conf}`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(mark);
      } catch {
        return false;
      }
    });
}

function killAllOf(conf: string): void {
  for (const pid of processesOf(conf)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Ended meanwhile.
    }
  }
}

/** A TCP port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

function userIds(name: string): { uid: number; gid: number } {
  const id = (flag: string): number => Number(spawnSync('id', [flag, name], { encoding: 'utf8' }).stdout.trim());
  const ids = { uid: id('-u'), gid: id('-g') };
  if (!Number.isInteger(ids.uid) || ids.uid <= 0) throw new Error(`slurm: there is no munge user: ${INSTALL}`);
  return ids;
}

function lastLine(file: string): string {
  if (!existsSync(file)) return `(no ${file})`;
  return readFileSync(file, 'utf8').trim().split('\n').pop() ?? '';
}

function configuration(dir: string, host: string, ports: { controller: number; node: number }, socket: string): string {
  return `# A private one-node cluster for parlor's tests.
ClusterName=parlortest
SlurmctldHost=${host}(127.0.0.1)
SlurmctldPort=${ports.controller}
SlurmdPort=${ports.node}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=${socket}
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
# Schedule at once on each submission and each job's end, not in Slurm's batches of a few seconds.
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
StateSaveLocation=${dir}/state
SlurmdSpoolDir=${dir}/spool
SlurmctldPidFile=${dir}/slurmctld.pid
SlurmdPidFile=${dir}/slurmd.pid
SlurmctldLogFile=${dir}/log/slurmctld.log
SlurmdLogFile=${dir}/log/slurmd.log
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
NodeName=${host} NodeAddr=127.0.0.1 CPUs=${availableParallelism()} State=UNKNOWN
PartitionName=parlor Nodes=${host} Default=YES MaxTime=INFINITE State=UP
`;
}

/**
 * Starts the cluster and waits until its node takes jobs; throws one line saying why it could
 * not (a daemon's last log line), having stopped whatever it started.
 */
export async function startSlurm(seconds = 20): Promise<SlurmCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-slurm-'));
  // The munge user must reach its socket inside.
  chmodSync(dir, 0o755);
  for (const sub of ['state', 'spool', 'log']) mkdirSync(join(dir, sub));
  const daemons: ChildProcess[] = [];
  const env = { ...process.env, SLURM_CONF: join(dir, 'slurm.conf') };
  const killAll = (): void => killAllOf(env.SLURM_CONF);
  // Should the test process end without stop() (a crash, a timeout), nothing of the cluster outlives it.
  process.once('exit', killAll);

  const start = (command: string, args: string[], log: string, ids?: { uid: number; gid: number }): ChildProcess => {
    const out = openSync(join(dir, 'log', log), 'a');
    const daemon = spawn(command, args, { env, stdio: ['ignore', out, out], ...ids });
    closeSync(out);
    daemon.on('error', () => {});
    daemons.push(daemon);
    return daemon;
  };
  const exited = (): string | null => {
    const gone = daemons.find((d) => d.exitCode !== null || d.signalCode !== null);
    return gone === undefined ? null : `${gone.spawnfile} exited (${gone.exitCode ?? gone.signalCode})`;
  };

  const queue = (): string[] => {
    const run = spawnSync('squeue', ['-h', '-o', '%i'], { env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`slurm: squeue failed: ${run.stderr.trim()}`);
    return run.stdout.split('\n').filter((line) => line !== '');
  };
  const stop = async (): Promise<void> => {
    if (daemons.length === 0) return;
    // Jobs first, so that slurmd ends their processes while it still runs.
    if (spawnSync('scancel', ['--user', 'root'], { env, timeout: 5000 }).status === 0) {
      const until = Date.now() + 5000;
      while (Date.now() < until && spawnSync('squeue', ['-h', '-o', '%i'], { env, encoding: 'utf8', timeout: 5000 }).stdout?.trim() !== '') await sleep(100);
    }
    for (const daemon of [...daemons].reverse()) {
      if (daemon.exitCode !== null || daemon.signalCode !== null) continue;
      const gone = new Promise((done) => daemon.once('exit', done));
      daemon.kill('SIGTERM');
      if ((await Promise.race([gone.then(() => true), sleep(5000).then(() => false)])) === false) daemon.kill('SIGKILL');
    }
    killAll();
    daemons.length = 0;
    process.off('exit', killAll);
  };
  const cluster: SlurmCluster = { env, dir, queue, stop };

  try {
    if (process.getuid?.() !== 0) throw new Error('slurm: the cluster needs root (slurmd runs jobs as their user, munged runs as munge): run the test as root');
    for (const tool of ['munged', 'slurmctld', 'slurmd', 'sbatch']) {
      if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) throw new Error(`slurm: ${tool} is not installed: ${INSTALL}`);
    }
    const munge = userIds('munge');
    const mungeDir = join(dir, 'munge');
    mkdirSync(mungeDir, { mode: 0o755 });
    const key = join(mungeDir, 'munge.key');
    writeFileSync(key, randomBytes(1024), { mode: 0o400 });
    for (const path of [mungeDir, key]) chownSync(path, munge.uid, munge.gid);
    const socket = join(mungeDir, 'munge.socket');
    start('munged', ['-F', `--socket=${socket}`, `--key-file=${key}`, `--log-file=${join(mungeDir, 'munged.log')}`, `--pid-file=${join(mungeDir, 'munged.pid')}`, `--seed-file=${join(mungeDir, 'munged.seed')}`], 'munged.out', munge);

    const host = hostname().split('.')[0]!;
    writeFileSync(env.SLURM_CONF, configuration(dir, host, { controller: await freePort(), node: await freePort() }, socket));
    const until = Date.now() + seconds * 1000;
    while (!existsSync(socket)) {
      const gone = exited();
      if (gone !== null || Date.now() > until) throw new Error(`slurm: munged did not start: ${gone ?? 'no socket'}; ${lastLine(join(dir, 'log', 'munged.out'))}`);
      await sleep(50);
    }
    start('slurmctld', ['-D', '-i'], 'slurmctld.out');
    start('slurmd', ['-D', '-N', host], 'slurmd.out');
    for (;;) {
      const node = spawnSync('sinfo', ['-h', '-n', host, '-o', '%T'], { env, encoding: 'utf8' });
      if (node.status === 0 && node.stdout.trim() === 'idle') return cluster;
      const gone = exited();
      if (gone !== null || Date.now() > until) {
        const why = gone ?? `the node is ${node.stdout.trim() || 'not answering'} after ${seconds} s`;
        throw new Error(`slurm: the scheduler did not start: ${why}; slurmctld: ${lastLine(join(dir, 'log', 'slurmctld.log'))}; slurmd: ${lastLine(join(dir, 'log', 'slurmd.log'))}`);
      }
      await sleep(100);
    }
  } catch (error) {
    await stop();
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(message.startsWith('slurm: ') ? message : `slurm: the scheduler could not start: ${message}`);
  }
}
