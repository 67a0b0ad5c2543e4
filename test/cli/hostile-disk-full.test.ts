import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { MAIN } from '../protocol/hostile-support.js';
import { parlor } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'parlor-disk-full-'));
const mount = join(dir, 'small');
mkdirSync(mount);
const RUN = ['run', '--game', 'yahtzee', '--set', 'series=1', '--bots', 'greedy,random', '--games', '400', '--workers', '1', '--record', 'all', '--quiet'];

/** A shell script run as root of a user and mount namespace of its own, where it may mount a small tmpfs at $1 (its other arguments after it). */
function inNamespace(script: string, args: readonly string[] = [], env: Record<string, string> = {}) {
  return spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script, 'sh', mount, ...args], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } });
}

const namespaces = inNamespace('mount -t tmpfs tmpfs "$1"').status === 0;

test.skipIf(!namespaces)('a full disk stops a run with one line naming where, exit code 74, and the run resumes once there is room', async () => {
  // 400 games, every one recorded (~5 kB each), on 300 kB: the disk fills mid-run. The run is then
  // copied out of the namespace, whose disk goes with it, to be finished.
  const kept = join(dir, 'run');
  const full = inNamespace(
    'mount -t tmpfs -o size=300k tmpfs "$1" || exit 9; out="$1/run"; shift; "$@" --out "$out"; status=$?; cp -r "$out" "$KEPT"; exit $status',
    [process.execPath, '--import', 'tsx', MAIN, ...RUN],
    { KEPT: kept },
  );
  expect(full.stderr).toMatch(new RegExp(`^parlor: cannot write ${mount}/run\\S*: no space left on the device \\(ENOSPC\\); free some space, then finish the run with the same command and --resume\\n$`));
  expect(full.status).toBe(74);
  await parlor(...RUN, '--out', kept, '--resume');
  expect(JSON.parse(readFileSync(join(kept, 'summary.json'), 'utf8')).games).toBe(400);
  expect(readFileSync(join(kept, 'records.jsonl'), 'utf8').split('\n').filter((line) => line !== '')).toHaveLength(400);
});
