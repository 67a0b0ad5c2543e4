import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';

/** The lock of a run folder: present while a command writes the folder. */
export const LOCK_FILE = 'run.lock';

/**
 * How often a held lock's modification time is refreshed (PARLOR_LOCK_REFRESH_MS, 5 s by default),
 * and how long a lock may go unrefreshed before it is stale: six periods, so a busy machine that
 * runs a timer late, or hosts whose clocks differ by a few seconds, never make a live lock look dead.
 */
export interface LockTiming {
  readonly refreshMs: number;
  readonly staleMs: number;
}

const DEFAULT_REFRESH_MS = 5000;
const STALE_PERIODS = 6;

export function lockTiming(env: NodeJS.ProcessEnv = process.env): LockTiming {
  const raw = env['PARLOR_LOCK_REFRESH_MS'];
  const refreshMs = raw === undefined || raw === '' ? DEFAULT_REFRESH_MS : Number(raw);
  if (!Number.isInteger(refreshMs) || refreshMs < 1) throw new InputError(`PARLOR_LOCK_REFRESH_MS=${raw}: expected a whole number of milliseconds >= 1, e.g. 5000`);
  return { refreshMs, staleMs: STALE_PERIODS * refreshMs };
}

/** What a lock file holds: who writes the folder, and since when (an ISO time). */
interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly started: string;
}

/** A lock found in a folder: its owner (null when the file holds none, e.g. caught while being written), inode, text and age. */
interface FoundLock {
  readonly owner: LockOwner | null;
  readonly ino: number;
  readonly text: string;
  /** Milliseconds since it was last refreshed. */
  readonly idleMs: number;
}

export interface LockOptions {
  /** Remove whatever lock is there first (`--break-lock`). */
  readonly breakLock?: boolean;
  readonly timing?: LockTiming;
}

const seconds = (ms: number): string => `${Math.round(Math.max(0, ms) / 100) / 10} s`;

function describeOwner(owner: LockOwner | null): string {
  return owner === null ? 'an unknown process (its lock holds no owner yet)' : `process ${owner.pid} on host ${owner.host}`;
}

function findLock(path: string): FoundLock | null {
  let ino: number;
  let mtimeMs: number;
  let text: string;
  try {
    ({ ino, mtimeMs } = statSync(path));
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InputError(`cannot read the lock ${path}: ${(error as Error).message}`);
  }
  return { owner: ownerOf(text), ino, text, idleMs: Date.now() - mtimeMs };
}

function ownerOf(text: string): LockOwner | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Empty or cut short: an owner still writing it, or a damaged file; judged by its age alone.
    return null;
  }
  const { pid, host, started } = (value ?? {}) as Partial<Record<keyof LockOwner, unknown>>;
  return Number.isInteger(pid) && (pid as number) > 0 && typeof host === 'string' && typeof started === 'string' ? { pid: pid as number, host, started } : null;
}

/** Whether the lock at `path` is the one made with inode `ino` and text `text` (a file system may give a new file a removed one's inode). */
function isLock(path: string, ino: number, text: string): boolean {
  try {
    return statSync(path).ino === ino && readFileSync(path, 'utf8') === text;
  } catch {
    return false;
  }
}

/**
 * Removes the lock at `path` if it is still the one judged: it is moved aside first, so that of two
 * processes taking over one stale lock, the second moves the first one's new lock and puts it back
 * instead of deleting it.
 */
function removeLock(path: string, judged: FoundLock): void {
  const aside = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.old`;
  try {
    renameSync(path, aside);
  } catch {
    return;
  }
  if (!isLock(aside, judged.ino, judged.text)) {
    try {
      renameSync(aside, path);
    } catch {
      // Another lock is there already: the one moved aside is its owner's to miss.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // Put back.
  }
}

/** The locks this process holds, refreshed by `keepLocksAlive` during long synchronous work. */
const held = new Set<RunLock>();

/**
 * Refreshes every lock this process holds whose period has passed: called by loops that keep the
 * event loop (and so the refresh timer) waiting, such as reading a large outcomes.jsonl.
 */
export function keepLocksAlive(): void {
  for (const lock of held) lock.refreshIfDue();
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A run folder's lock (`<dir>/run.lock`): made with an exclusive create, holding the owner's process
 * id, host and start time; its modification time is refreshed every period while the process lives,
 * so a lock left by a process that died (killed, its node preempted) goes stale after a few periods
 * and is taken over with a message, from any host. Released when the command ends, exits, or is
 * interrupted.
 */
export class RunLock {
  private readonly timer: NodeJS.Timeout;
  private lastRefresh = Date.now();
  private released = false;
  private readonly onExit = (): void => this.release();
  private readonly onSignal = (signal: NodeJS.Signals): void => {
    this.release();
    // No other handler (`parlor run` has one that says how to resume): the signal's default, as if
    // this handler had never been there.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };

  private constructor(
    readonly dir: string,
    private readonly path: string,
    private readonly made: { readonly ino: number; readonly text: string },
    private readonly timing: LockTiming,
  ) {
    this.timer = setInterval(() => this.refreshIfDue(), timing.refreshMs).unref();
    held.add(this);
    process.once('exit', this.onExit);
    for (const signal of SIGNALS) process.once(signal, this.onSignal);
  }

  /**
   * Takes the lock of `dir` (made if missing), taking over a stale one with a message on stderr;
   * a live one is refused in one line naming its process, host and age.
   */
  static acquire(dir: string, options: LockOptions = {}): RunLock {
    const timing = options.timing ?? lockTiming();
    mkdirSync(dir, { recursive: true });
    const path = join(dir, LOCK_FILE);
    // Three tries: a lock removed here can be taken by another process before this one takes it.
    for (let attempt = 0; attempt < 3; attempt++) {
      const made = createLock(path);
      if (made !== null) return new RunLock(dir, path, made, timing);
      const found = findLock(path);
      if (found === null) continue;
      const who = describeOwner(found.owner);
      if (options.breakLock === true) {
        process.stderr.write(`parlor: --break-lock: removed the lock of ${who} from ${dir} (refreshed ${seconds(found.idleMs)} ago)\n`);
      } else if (staleness(found, timing) !== null) {
        process.stderr.write(`parlor: ${dir}: taking over the stale lock of ${who}, ${staleness(found, timing)}\n`);
      } else {
        throw new InputError(`${dir} is in use by ${inUse(found)}: wait for that run to end, or, if it is gone, wait ${seconds(timing.staleMs - found.idleMs)} (a lock not refreshed for ${seconds(timing.staleMs)} is stale) or pass --break-lock`);
      }
      removeLock(path, found);
    }
    throw new InputError(`${dir}: other processes keep taking its lock ${path}; run one command at a time on a folder`);
  }

  /** Refreshes the lock's time when its period has passed. */
  refreshIfDue(): void {
    // Half a period: a timer may fire a little early, and a missed refresh must not cost a whole period.
    if (this.released || Date.now() - this.lastRefresh < this.timing.refreshMs / 2) return;
    if (!isLock(this.path, this.made.ino, this.made.text)) return;
    this.lastRefresh = Date.now();
    const now = new Date();
    try {
      utimesSync(this.path, now, now);
    } catch {
      // Gone between the two calls: `check` says so before the next write.
    }
  }

  /**
   * Throws when the lock is no longer this process's (taken over by a process that judged it stale,
   * or removed by --break-lock): called before every write, so two processes never write one folder.
   */
  check(): void {
    if (isLock(this.path, this.made.ino, this.made.text)) return;
    const now = findLock(this.path);
    const by = now === null ? 'removed' : `taken over by ${describeOwner(now.owner)}`;
    throw new InputError(`the lock of ${this.dir} was ${by} while this command held it (--break-lock, or this process was stopped for over ${seconds(this.timing.staleMs)}): stopped before writing more; let the other command finish, then rerun this one`);
  }

  /** Removes the lock if it is still this process's. */
  release(): void {
    if (this.released) return;
    this.released = true;
    clearInterval(this.timer);
    held.delete(this);
    process.off('exit', this.onExit);
    for (const signal of SIGNALS) process.off(signal, this.onSignal);
    if (!isLock(this.path, this.made.ino, this.made.text)) return;
    try {
      unlinkSync(this.path);
    } catch {
      // Removed meanwhile.
    }
  }
}

function inUse(found: FoundLock): string {
  const owner = found.owner;
  const started = owner === null ? NaN : Date.parse(owner.started);
  const since = Number.isNaN(started) ? '' : `, started ${seconds(Date.now() - started)} ago`;
  return `${describeOwner(owner)}${since} (its lock refreshed ${seconds(found.idleMs)} ago)`;
}

/** The start time of the last lock this process made: each of its locks has a time of its own, so that its text tells it from any other. */
let lastStarted = 0;

/** Makes the lock file with this process as its owner; its inode and text, or null when one is there already. */
function createLock(path: string): { ino: number; text: string } | null {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw error;
  }
  try {
    lastStarted = Math.max(Date.now(), lastStarted + 1);
    const owner: LockOwner = { pid: process.pid, host: hostname(), started: new Date(lastStarted).toISOString() };
    const text = `${JSON.stringify(owner)}\n`;
    const bytes = Buffer.from(text);
    writeSync(fd, bytes, 0, bytes.length);
    return { ino: fstatSync(fd).ino, text };
  } catch (error) {
    // A full disk: no lock left behind that names no one.
    unlinkSync(path);
    throw error;
  } finally {
    closeSync(fd);
  }
}

/**
 * Who holds a live lock on `dir`, or null when none does (no lock, or a stale one): `parlor merge`
 * refuses a shard folder that a run is writing.
 */
export function liveLockHolder(dir: string, timing: LockTiming = lockTiming()): string | null {
  const found = findLock(join(dir, LOCK_FILE));
  return found === null || staleness(found, timing) !== null ? null : inUse(found);
}

/**
 * Why a lock is stale, or null when it is live: not refreshed for the stale time (from any host),
 * or written on this host by a process that has ended (a run killed here is resumed at once).
 */
function staleness(found: FoundLock, timing: LockTiming): string | null {
  if (found.idleMs > timing.staleMs) return `not refreshed for ${seconds(found.idleMs)} (that run is gone)`;
  const owner = found.owner;
  if (owner === null || owner.host !== hostname() || owner.pid === process.pid) return null;
  try {
    process.kill(owner.pid, 0);
    return null;
  } catch (error) {
    // EPERM: a process of another user has that id, alive.
    return (error as NodeJS.ErrnoException).code === 'ESRCH' ? 'which has ended' : null;
  }
}
