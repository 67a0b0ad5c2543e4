import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { keepLocksAlive, liveLockHolder, LOCK_FILE, lockTiming, RunLock } from '../../src/harness/run-lock.js';
import { inlineExecutor } from '../../src/harness/pool.js';
import { runTournament } from '../../src/tournament/tournament.js';
import { inlineContext, play, raceSpec, tempDir } from './support/run.js';

// Locks here are judged on modification times set by hand, so no test waits for one to go stale:
// a period of 1 s, stale after 6, leaves a loaded machine's pauses far from any boundary.
const timing = { refreshMs: 1000, staleMs: 6000 };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A lock file as another process left it: its owner, and how long ago it was last refreshed. */
function foreignLock(dir: string, owner: unknown, idleMs: number): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  writeFileSync(path, typeof owner === 'string' ? owner : JSON.stringify(owner));
  const then = new Date(Date.now() - idleMs);
  utimesSync(path, then, then);
  return path;
}

function stderrOf(): { text: () => string } {
  let text = '';
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((text += String(chunk)), true));
  return { text: () => text };
}

afterEach(() => vi.restoreAllMocks());

describe('a run folder is locked while a command writes it', () => {
  test('the lock holds the process, host and start time; a second taker is refused in one line naming them and the age; released, the folder is free', () => {
    const dir = join(tempDir(), 'made');
    const lock = RunLock.acquire(dir, { timing });
    const owner = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'));
    expect(owner).toEqual({ pid: process.pid, host: hostname(), started: expect.any(String) });
    expect(Date.now() - Date.parse(owner.started)).toBeLessThan(5000);
    let refusal: unknown;
    try {
      RunLock.acquire(dir, { timing });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(InputError);
    expect((refusal as Error).message).toMatch(
      new RegExp(`^${dir} is in use by process ${process.pid} on host ${hostname()}, started \\d+(\\.\\d)? s ago \\(its lock refreshed \\d+(\\.\\d)? s ago\\): wait for that run to end, or, if it is gone, wait \\d+(\\.\\d)? s \\(a lock not refreshed for 6 s is stale\\) or pass --break-lock$`),
    );
    expect(liveLockHolder(dir, timing)).toMatch(`process ${process.pid} on host ${hostname()}`);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    expect(liveLockHolder(dir, timing)).toBeNull();
    RunLock.acquire(dir, { timing }).release();
  });

  test('its modification time is refreshed every period while the process lives, and by long synchronous work', async () => {
    const fast = { refreshMs: 20, staleMs: 120 };
    const dir = tempDir();
    const lock = RunLock.acquire(dir, { timing: fast });
    const path = join(dir, LOCK_FILE);
    const old = new Date(Date.now() - 60_000);
    const refreshed = (): boolean => Date.now() - statSync(path).mtimeMs < 30_000;
    utimesSync(path, old, old);
    for (let waited = 0; !refreshed() && waited < 5000; waited += fast.refreshMs) await sleep(fast.refreshMs);
    expect(refreshed()).toBe(true);
    // The event loop blocked (a long read): keepLocksAlive refreshes in its stead.
    utimesSync(path, old, old);
    const end = Date.now() + fast.refreshMs;
    while (Date.now() < end);
    keepLocksAlive();
    expect(refreshed()).toBe(true);
    lock.release();
  });

  test('a lock not refreshed for several periods is stale whatever host wrote it, and taken over with a message; a fresher one is live', () => {
    const dir = tempDir();
    const elsewhere = { pid: 4242, host: 'preempted-node', started: new Date(Date.now() - 3_600_000).toISOString() };
    foreignLock(dir, elsewhere, timing.staleMs - 3000);
    expect(() => RunLock.acquire(dir, { timing })).toThrow(new RegExp(`^${dir} is in use by process 4242 on host preempted-node, started 36\\d\\d(\\.\\d)? s ago \\(its lock refreshed [34](\\.\\d)? s ago\\)`));
    expect(liveLockHolder(dir, timing)).toMatch(/^process 4242 on host preempted-node/);
    foreignLock(dir, elsewhere, timing.staleMs + 3000);
    expect(liveLockHolder(dir, timing)).toBeNull();
    const stderr = stderrOf();
    const lock = RunLock.acquire(dir, { timing });
    expect(stderr.text()).toMatch(new RegExp(`^parlor: ${dir}: taking over the stale lock of process 4242 on host preempted-node, not refreshed for (9|10)(\\.\\d)? s \\(that run is gone\\)\\n$`));
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  test('on its own host, a lock whose process has ended is taken over at once; a damaged lock is judged by its age alone', () => {
    const dir = tempDir();
    // Process ids run up to 2^22 on Linux: this one is free.
    foreignLock(dir, { pid: 4_194_304 + 7, host: hostname(), started: new Date().toISOString() }, 0);
    const stderr = stderrOf();
    RunLock.acquire(dir, { timing }).release();
    expect(stderr.text()).toBe(`parlor: ${dir}: taking over the stale lock of process ${4_194_304 + 7} on host ${hostname()}, which has ended\n`);
    foreignLock(dir, '{"pid": 12, "ho', 0);
    expect(() => RunLock.acquire(dir, { timing })).toThrow(new RegExp(`^${dir} is in use by an unknown process \\(its lock holds no owner yet\\) \\(its lock refreshed \\d+(\\.\\d)? s ago\\)`));
    foreignLock(dir, '', timing.staleMs + 100);
    RunLock.acquire(dir, { timing }).release();
  });

  test('--break-lock removes a live lock with a message; its owner is stopped before its next write', () => {
    const dir = tempDir();
    const first = RunLock.acquire(dir, { timing });
    first.check();
    const stderr = stderrOf();
    const second = RunLock.acquire(dir, { timing, breakLock: true });
    expect(stderr.text()).toMatch(new RegExp(`^parlor: --break-lock: removed the lock of process ${process.pid} on host ${hostname()} from ${dir} \\(refreshed \\d+(\\.\\d)? s ago\\)\\n$`));
    expect(() => first.check()).toThrow(
      `the lock of ${dir} was taken over by process ${process.pid} on host ${hostname()} while this command held it (--break-lock, or this process was stopped for over 6 s): stopped before writing more; let the other command finish, then rerun this one`,
    );
    // The first owner's release leaves the second's lock alone.
    first.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    second.check();
    second.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  test('the refresh period comes from PARLOR_LOCK_REFRESH_MS, 5 s by default, stale after six', () => {
    expect(lockTiming({})).toEqual({ refreshMs: 5000, staleMs: 30_000 });
    expect(lockTiming({ PARLOR_LOCK_REFRESH_MS: '50' })).toEqual({ refreshMs: 50, staleMs: 300 });
    expect(() => lockTiming({ PARLOR_LOCK_REFRESH_MS: 'soon' })).toThrow('PARLOR_LOCK_REFRESH_MS=soon: expected a whole number of milliseconds >= 1, e.g. 5000');
  });

  test('a run into a folder another command holds is refused before it plays or changes anything; its own lock goes with it', async () => {
    const spec = raceSpec({ games: 30 });
    const { out } = await play(spec);
    const before = readFileSync(join(out, 'outcomes.jsonl'), 'utf8');
    const lock = RunLock.acquire(out, { timing });
    await expect(play(spec, { out, resume: true })).rejects.toThrow(`${out} is in use by process ${process.pid}`);
    await expect(play(spec, { out })).rejects.toThrow(`${out} is in use by process ${process.pid}`);
    expect(readFileSync(join(out, 'outcomes.jsonl'), 'utf8')).toBe(before);
    lock.release();
    await play(spec, { out, resume: true });
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
  });

  test('a run handed its caller\'s lock leaves it held: the caller writes on after the run', async () => {
    const spec = raceSpec({ games: 30 });
    const out = tempDir();
    const lock = RunLock.acquire(out, { timing });
    await runTournament({ spec, shard: null, out, resume: false, executor: inlineExecutor(await inlineContext(spec)), lock });
    expect(() => lock.check()).not.toThrow();
    expect(() => RunLock.acquire(out, { timing })).toThrow(`${out} is in use by process ${process.pid}`);
    lock.release();
  });
});
