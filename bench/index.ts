/**
 * parlor's performance bars (issue 3, "Measured"), each a median of several runs in fresh
 * processes, from the compiled dist/:
 * - scaling: 2 workers >= 1.8x one worker (1-player greedy Yahtzee, --set series=1);
 * - overhead: the harness on 1 worker >= 90% of a plain in-thread loop over the same engine and bot;
 * - floor: 1-player random Yahtzee through `parlor run --workers 1` >= 0.25x a bare-array loop;
 * - memory (only when asked): 1 000 000 random games, the peak resident set.
 * Usage: npm run bench -- [scaling] [overhead] [floor] [memory] [--repeat N] [--scale X]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const repeat = option('repeat', 3);
/** Scales every game count: --scale 0.1 for a quick look, 1 for the numbers to quote. */
const scale = option('scale', 1);
const chosen = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const wanted = (name: string): boolean => (chosen.length === 0 ? name !== 'memory' : chosen.includes(name));

function node(script: string, scriptArgs: string[]): Record<string, any> {
  const output = execFileSync(process.execPath, [join(dist, script), ...scriptArgs], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return JSON.parse(output.slice(output.indexOf('{')));
}

interface HarnessRun {
  gamesPerSecond: number;
  seconds: number;
  peakRssMB: number;
}

function harness(bot: string, games: number, workers: number): HarnessRun {
  const out = mkdtempSync(join(tmpdir(), 'parlor-bench-'));
  try {
    const summary = node('src/cli/main.js', ['run', '--game', 'yahtzee', '--bots', bot, '--set', 'series=1', '--games', String(Math.round(games)), '--workers', String(workers), '--out', out, '--quiet', '--json', '--seed', `bench-${workers}`]);
    return summary['timing'] as HarnessRun;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function measure(label: string, run: () => number): number {
  const values: number[] = [];
  for (let i = 0; i < repeat; i++) values.push(run());
  const m = median(values);
  console.log(`  ${label}: median ${Math.round(m)} games/s (runs: ${values.map(Math.round).join(', ')}; load ${loadavg()[0]!.toFixed(1)})`);
  return m;
}

function verdict(name: string, ratio: number, bar: number): void {
  console.log(`  => ${name} ${ratio.toFixed(2)}x (bar ${bar}x): ${ratio >= bar ? 'PASS' : 'BELOW THE BAR'}\n`);
}

console.log(`parlor bench on ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${repeat} runs each, medians`);
if (loadavg()[0]! > availableParallelism() / 2) console.log('note: the machine is busy; the ratios below are disturbed by other work\n');
else console.log('');

if (wanted('scaling')) {
  console.log('scaling (1-player greedy Yahtzee, series=1):');
  const games = 20_000 * scale;
  const one = measure('1 worker ', () => harness('greedy', games, 1).gamesPerSecond);
  const two = measure('2 workers', () => harness('greedy', games, 2).gamesPerSecond);
  verdict('2 workers / 1 worker', two / one, 1.8);
}

let random1: number | null = null;
const randomHarness = (): number => (random1 ??= measure('parlor run --workers 1', () => harness('random', 300_000 * scale, 1).gamesPerSecond));

if (wanted('overhead')) {
  console.log('overhead (1-player random Yahtzee, series=1):');
  const plain = measure('plain in-thread loop   ', () => node('bench/plain-loop.js', ['yahtzee', 'random', String(Math.round(300_000 * scale)), 'series=1'])['gamesPerSecond']);
  verdict('harness / plain loop', randomHarness() / plain, 0.9);
}

if (wanted('floor')) {
  console.log('floor (1-player random Yahtzee, series=1):');
  const bare = measure('bare-array loop', () => {
    const result = node('bench/yahtzee-floor.js', [String(Math.round(3_000_000 * scale))]);
    return result['gamesPerSecond'];
  });
  const floor = node('bench/yahtzee-floor.js', ['200000']);
  console.log(`  (the bare loop plays ${floor['movesPerGame'].toFixed(1)} moves and ${floor['pointsPerGame'].toFixed(1)} points a game)`);
  verdict('parlor / bare loop', randomHarness() / bare, 0.25);
}

if (wanted('memory')) {
  console.log('memory (1 000 000 games of 1-player random Yahtzee, 2 workers):');
  const run = harness('random', 1_000_000 * scale, 2);
  console.log(`  ${Math.round(1_000_000 * scale)} games in ${run.seconds} s (${run.gamesPerSecond} games/s), peak RSS ${run.peakRssMB} MB\n`);
}
