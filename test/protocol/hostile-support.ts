import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const MAIN = join(ROOT, 'src/cli/main.ts');
export const FIXTURES = join(ROOT, 'test/protocol/fixtures');
const MAX_RSS = join(FIXTURES, 'max-rss.mjs');

/** The hostile bot (test/protocol/fixtures/hostile.py) in one of its modes. */
export function hostile(...mode: (string | number)[]): string {
  return `python3 ${join(FIXTURES, 'hostile.py')} ${mode.join(' ')}`;
}

export interface Finished {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The process's peak resident memory. */
  readonly maxRssMb: number;
}

export interface ChildOptions {
  /** Standard input: an open file descriptor (none by default). */
  readonly stdin?: number;
  /** A program that runs parlor's command line given after its own arguments (and exits with its code). */
  readonly through?: readonly string[];
  readonly started?: (pid: number) => void;
}

/** A real `parlor` process (from the sources, through tsx), run to its end without blocking this one, so that several run at once. */
export function parlorChild(args: readonly string[], options: ChildOptions = {}): Promise<Finished> {
  const line = [process.execPath, '--import', 'tsx', '--import', MAX_RSS, MAIN, ...args];
  const [program, ...rest] = [...(options.through ?? []), ...line];
  const child = spawn(program!, rest, { cwd: ROOT, stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += String(chunk)));
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  options.started?.(child.pid!);
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const rss = /\nmaxRSS (\d+)\n$/.exec(stderr);
      resolve({ status, stdout, stderr: stderr.replace(/\nmaxRSS \d+\n$/, ''), maxRssMb: rss === null ? NaN : Number(rss[1]) / 1024 });
    });
  });
}

/** The processes alive (not zombies) whose command line holds `marker`. */
export function survivors(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'latin1').includes(marker)) found.push(Number(entry));
    } catch {
      // It ended while we looked.
    }
  }
  return found;
}

/** Waits until `done()` holds, checking every 50 ms, for at most `ms`; says whether it held. */
export async function until(done: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; !done(); ) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
