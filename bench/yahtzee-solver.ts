/**
 * The speed bars of the optimal Yahtzee solver (issue 6), each a median over fresh processes from
 * the compiled dist/:
 * - build: the full table with `parlor yahtzee solve --threads 1` (bar 1.0 s) and with both cores
 *   (bar 0.7 s): the solver's own `seconds`, and the whole command's wall time beside it; then the
 *   process CPU time of the same build (all threads, V8's compiler threads included), which other
 *   work on a busy machine disturbs far less than wall time;
 * - load: reading and checking the cached table in a fresh process (bar 100 ms);
 * - decide: one `optimal` decision, re-solving the turn from the table when the card changed
 *   (bar 0.1 ms median), over solitaire games;
 * - distribution: the exact final-score distribution (no bar);
 * - compare: solitaire mean scores of optimal, greedy and random with standard errors.
 * Usage: node dist/bench/yahtzee-solver.js [build] [load] [decide] [distribution] [compare] [--repeat N] [--games N]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBot } from '../bots/generic/random.js';
import { greedyBot } from '../bots/yahtzee/greedy.js';
import { optimalBot } from '../bots/yahtzee/optimal.js';
import type { BotFactory } from '../src/core/bot.js';
import type { YahtzeeView } from '../src/games/yahtzee/view.js';
import { seedKey } from '../src/core/rng.js';
import { yahtzeeGame as yahtzee } from '../src/games/yahtzee/game.js';
import { scoreDistribution } from '../src/games/yahtzee/solver/distribution.js';
import { loadTable, solveTable } from '../src/games/yahtzee/solver/load.js';
import { sharedTable } from '../src/games/yahtzee/solver/table.js';
import { playGame } from '../src/referee/match.js';
import { quantile } from '../src/server/timings.js';
import { numberOption, textOption, wantedParts } from './args.js';
import { median } from './median.js';

const dist = dirname(dirname(fileURLToPath(import.meta.url)));
const repeat = numberOption('repeat', 5);
const games = numberOption('games', 2000);
const wanted = wantedParts();

/** Runs this script (or the CLI) in a fresh process with the given cache folder; returns its JSON and wall time. */
function fresh(script: string, scriptArgs: string[], cache: string): { json: Record<string, any>; wall: number } {
  const started = performance.now();
  const output = execFileSync(process.execPath, [join(dist, script), ...scriptArgs], {
    encoding: 'utf8',
    env: { ...process.env, PARLOR_CACHE_DIR: cache },
    maxBuffer: 1 << 26,
  });
  return { json: JSON.parse(output.slice(output.indexOf('{'))), wall: (performance.now() - started) / 1000 };
}

function verdict(what: string, value: number, bar: number, unit: string): void {
  console.log(`  => ${what}: ${value.toFixed(3)} ${unit} (bar ${bar} ${unit}): ${value <= bar ? 'PASS' : 'ABOVE THE BAR'}\n`);
}

/** The parts that must run in a fresh process of their own. */
async function child(part: string): Promise<void> {
  if (part === 'load') {
    const loaded = await loadTable(1);
    console.log(JSON.stringify({ seconds: loaded.seconds, source: loaded.source }));
  }
  if (part === 'build') {
    const before = process.cpuUsage();
    const built = await solveTable(numberOption('threads', 1), false);
    const cpu = process.cpuUsage(before);
    console.log(JSON.stringify({ seconds: built.seconds, cpu: (cpu.user + cpu.system) / 1e6 }));
  }
}

/** The optimal bot, timed: decisions after a turn's first roll (which re-solve the turn) apart from the others. */
function timedBot(first: number[], later: number[]): BotFactory<YahtzeeView> {
  return {
    name: optimalBot.name,
    description: optimalBot.description,
    create: (ctx) => {
      const bot = optimalBot.create(ctx);
      return {
        act(view, legal) {
          const started = performance.now();
          const action = bot.act(view, legal);
          const took = performance.now() - started;
          if (legal.length > 1) (view.rolls === 1 ? first : later).push(took);
          return action;
        },
      };
    },
  };
}

function solitaire(bot: BotFactory, count: number, seed: string): { mean: number; se: number } {
  let sum = 0;
  let squares = 0;
  const key = seedKey(seed);
  for (let index = 0; index < count; index++) {
    const result = playGame({ game: yahtzee, variant: '', config: { series: 1 }, seed, key, index, seats: [{ name: 'Ann', label: bot.name, bot }] });
    const score = result.outcome!.score![0]!;
    sum += score;
    squares += score * score;
  }
  const mean = sum / count;
  return { mean, se: Math.sqrt((squares / count - mean * mean) / count) };
}

async function main(): Promise<void> {
  const childPart = textOption('child', '');
  if (childPart !== '') return child(childPart);

  const cache = mkdtempSync(join(tmpdir(), 'parlor-yahtzee-bench-'));
  try {
    console.log(`yahtzee solver bench on ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${repeat} fresh processes each, medians`);
    if (loadavg()[0]! > availableParallelism() / 2) console.log('note: the machine is busy; timings below are disturbed by other work');
    console.log('');
    if (wanted('build')) {
      for (const [threads, bar] of [[1, 1.0], [2, 0.7]] as const) {
        const runs = Array.from({ length: repeat }, () => fresh('src/cli/main.js', ['yahtzee', 'solve', '--threads', String(threads), '--no-cache', '--json'], cache));
        const seconds = runs.map((r) => r.json['seconds'] as number);
        console.log(`build, ${threads} thread${threads > 1 ? 's' : ''}: median ${median(seconds).toFixed(3)} s (runs ${seconds.map((s) => s.toFixed(3)).join(', ')}); whole command ${median(runs.map((r) => r.wall)).toFixed(3)} s`);
        verdict(`table build with ${threads} thread${threads > 1 ? 's' : ''}`, median(seconds), bar, 's');
      }
      for (const threads of [1, 2]) {
        const runs = Array.from({ length: repeat }, () => fresh('bench/yahtzee-solver.js', ['--child', 'build', '--threads', String(threads)], cache).json);
        const cpu = runs.map((r) => r['cpu'] as number);
        console.log(`build, ${threads} thread${threads > 1 ? 's' : ''}, process CPU time: median ${median(cpu).toFixed(3)} s (runs ${cpu.map((c) => c.toFixed(3)).join(', ')})`);
      }
      console.log('');
    }
    if (wanted('load')) {
      fresh('src/cli/main.js', ['yahtzee', 'solve', '--json'], cache);
      const runs = Array.from({ length: repeat }, () => fresh('bench/yahtzee-solver.js', ['--child', 'load'], cache).json);
      if (runs.some((r) => r['source'] !== 'cache')) throw new Error('the cache was not used');
      const ms = runs.map((r) => (r['seconds'] as number) * 1000);
      console.log(`load the cached table: median ${median(ms).toFixed(1)} ms (runs ${ms.map((m) => m.toFixed(1)).join(', ')})`);
      verdict('cache load', median(ms), 100, 'ms');
    }
    if (wanted('decide')) {
      process.env['PARLOR_CACHE_DIR'] = cache;
      sharedTable();
      const first: number[] = [];
      const later: number[] = [];
      solitaire(timedBot(first, later), games, 'bench-decide');
      const us = (ms: number) => `${(ms * 1000).toFixed(1)} us`;
      const line = (times: number[]) => {
        const sorted = [...times].sort((a, b) => a - b);
        return `median ${us(median(times))}, p90 ${us(quantile(sorted, 0.9))}, p99 ${us(quantile(sorted, 0.99))} (${times.length})`;
      };
      console.log(`optimal decisions over ${games} solitaire games:`);
      console.log(`  after a turn's first roll (re-solving the turn from the table): ${line(first)}`);
      console.log(`  later in the turn (the turn already solved):                   ${line(later)}`);
      console.log(`  all decisions: ${line([...first, ...later])}`);
      verdict('re-solving decision, median', median(first), 0.1, 'ms');
    }
    if (wanted('distribution')) {
      process.env['PARLOR_CACHE_DIR'] = cache;
      const started = performance.now();
      const d = scoreDistribution(sharedTable());
      console.log(`exact score distribution in ${((performance.now() - started) / 1000).toFixed(1)} s: mean ${d.mean.toFixed(6)}, SD ${d.sd.toFixed(4)}, P(bonus) ${d.bonusProbability.toFixed(4)}, P(Yahtzee) ${d.yahtzeeProbability.toFixed(4)}\n`);
    }
    if (wanted('compare')) {
      process.env['PARLOR_CACHE_DIR'] = cache;
      sharedTable();
      console.log(`solitaire mean scores over ${games} games each (seed bench-compare):`);
      for (const bot of [optimalBot, greedyBot, randomBot]) {
        const { mean, se } = solitaire(bot, games, 'bench-compare');
        console.log(`  ${bot.name.padEnd(8)} ${mean.toFixed(2)} +- ${(1.96 * se).toFixed(2)} (95%)`);
      }
      console.log('');
    }
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

await main();
