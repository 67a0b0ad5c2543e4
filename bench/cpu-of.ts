/**
 * Runs a Node script in this process and, on exit, prints the CPU seconds all of its threads used
 * (worker threads included): on a machine shared with other work, CPU time per game disturbs the
 * ratios less than wall time. Usage: node dist/bench/cpu-of.js <script.js> [args...]
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [script, ...rest] = process.argv.slice(2);
if (script === undefined) throw new Error('usage: node dist/bench/cpu-of.js <script.js> [args...]');
process.argv = [process.argv[0]!, resolve(script), ...rest];
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  process.stderr.write(`\ncpu-seconds ${(user + system) / 1e6}\n`);
});
await import(pathToFileURL(resolve(script)).href);
