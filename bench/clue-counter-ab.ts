/**
 * This build's exact counter against another build's, call by call in one process: the ratio of
 * their times on the same calls, which this host's swings in speed move much less than either
 * side's own figures (both sides run in the same moment). Each call runs on both counters in
 * turn, the first alternating, `--repeat` times; per call the fastest of each side counts. Prints
 * the p50 and p99 of each side's per-call minima, the median per-call ratio (this build over the
 * baseline), the summed-time ratio and that of the slowest 2% of calls, and stops at the first
 * call whose number of worlds differs.
 * Sets of calls (6 players):
 * - engine: every observation of every seat of real engine games (`--games` per run of the bots
 *   notebook,deduction,checklist,random, as `clue-solver` records them), `--mode fresh` (a new
 *   knowledge of every fact so far, counted) or `--mode update` (the new facts added to the seat's
 *   knowledge, counted);
 * - long: every prefix of the generated long logs of `clue-long-logs` (fresh counts).
 * Run: node dist/bench/clue-counter-ab.js --baseline <dist folder of another build> [--set engine|long] [--variant classic] [--mode fresh|update] [--games 40] [--logs 300] [--repeat 5] [--json]
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Sfc32 } from '../src/core/rng.js';
import type { Fact } from '../src/deduction/facts.js';
import { Knowledge } from '../src/deduction/knowledge.js';
import type { Layout } from '../src/deduction/layout.js';
import type { ClueVariantId } from '../src/games/clue/cards.js';
import { deckOf, layoutOf } from '../src/games/clue/deck.js';
import { quantile } from '../src/server/timings.js';
import { hasFlag, numberOption, textOption } from './args.js';
import { observationLogs } from './clue-games.js';
import { observedFacts, randomDeal } from './synthetic-clue-logs.js';

/** What both builds' counters offer. */
interface Counter {
  add(fact: Fact): void;
  readonly worlds: number;
}
type CounterClass = new (layout: Layout) => Counter;

const baselineDir = textOption('baseline', '');
const set = textOption('set', 'engine');
const variant = textOption('variant', 'classic') as ClueVariantId;
const mode = textOption('mode', 'fresh');
const games = numberOption('games', 40);
const logCount = numberOption('logs', 300);
const repeat = numberOption('repeat', 5);
const json = hasFlag('json');
const PLAYERS = 6;
if (baselineDir === '') throw new Error('--baseline: expected the dist folder of another build (e.g. a worktree of an older commit, built with npx tsc -p .)');
if (set !== 'engine' && set !== 'long') throw new Error(`--set ${set}: expected engine or long`);
if (mode !== 'fresh' && mode !== 'update') throw new Error(`--mode ${mode}: expected fresh or update`);
if (set === 'long' && mode === 'update') throw new Error('--set long times fresh counts only');

const baselineModule = (await import(pathToFileURL(resolve(baselineDir, 'src/deduction/knowledge.js')).href)) as { Knowledge: CounterClass };
const sides: readonly CounterClass[] = [Knowledge, baselineModule.Knowledge];

/** A sequence of calls whose knowledge carries from one to the next (update), or one call per prefix (fresh). */
interface Sequence {
  readonly layout: Layout;
  readonly steps: readonly (readonly Fact[])[];
}

function sequences(): Sequence[] {
  const deck = deckOf(variant);
  if (set === 'long') {
    const layout = layoutOf(deck, Array.from({ length: PLAYERS }, () => (deck.names.length - 3) / PLAYERS));
    const rng = new Sfc32(17, 40, 6, 1);
    return Array.from({ length: logCount }, (_, i) => ({ layout, steps: observedFacts(layout, randomDeal(layout, rng), i % PLAYERS, 40, rng).map((f) => [f]) }));
  }
  return observationLogs(variant, ['notebook', 'deduction', 'checklist', 'random'], PLAYERS, games, `bench-${PLAYERS}`, 1000).map((log) => ({
    layout: layoutOf(deck, log.handSizes),
    steps: log.observations,
  }));
}

const all = sequences();
const calls = all.reduce((n, s) => n + s.steps.length, 0);
// Per call and side, the fastest time (ms) and the worlds counted.
const fastest = [new Float64Array(calls).fill(Infinity), new Float64Array(calls).fill(Infinity)];
const worlds = [new Float64Array(calls), new Float64Array(calls)];

/** Times every call of `sequence` on one side, from call index `first`. */
function runSide(side: number, sequence: Sequence, first: number): void {
  const Counter = sides[side]!;
  // An update starts from a counted knowledge, as a bot's does: that first count is not timed.
  const carried = new Counter(sequence.layout);
  if (mode === 'update') void carried.worlds;
  const seen: Fact[] = [];
  sequence.steps.forEach((facts, i) => {
    seen.push(...facts);
    const started = performance.now();
    let counter: Counter;
    if (mode === 'update') {
      for (const fact of facts) carried.add(fact);
      counter = carried;
    } else {
      counter = new Counter(sequence.layout);
      for (const fact of seen) counter.add(fact);
    }
    const counted = counter.worlds;
    const ms = performance.now() - started;
    if (ms < fastest[side]![first + i]!) fastest[side]![first + i] = ms;
    worlds[side]![first + i] = counted;
  });
}

for (let round = 0; round <= repeat; round++) {
  let first = 0;
  all.forEach((sequence, s) => {
    const order = (round + s) % 2 === 0 ? [0, 1] : [1, 0];
    for (const side of order) runSide(side, sequence, first);
    first += sequence.steps.length;
  });
  // Round 0 warms both builds up.
  if (round === 0) for (const f of fastest) f.fill(Infinity);
}
for (let i = 0; i < calls; i++) {
  if (worlds[0]![i] !== worlds[1]![i]) throw new Error(`call ${i}: this build counts ${worlds[0]![i]} worlds, the baseline ${worlds[1]![i]}`);
}

const us = (ms: number): number => +(ms * 1000).toFixed(1);
const sorted = fastest.map((f) => [...f].sort((a, b) => a - b));
const ratios = [...fastest[0]!].map((t, i) => t / fastest[1]![i]!).sort((a, b) => a - b);
const sum = (f: Float64Array, which: readonly number[]): number => which.reduce((total, i) => total + f[i]!, 0);
const everyCall = [...Array(calls).keys()];
const slowest = [...everyCall].sort((a, b) => fastest[1]![b]! - fastest[1]![a]!).slice(0, Math.ceil(0.02 * calls));
const row = {
  set,
  variant,
  mode,
  calls,
  repeat,
  thisBuild: { p50: us(quantile(sorted[0]!, 0.5)), p99: us(quantile(sorted[0]!, 0.99)) },
  baseline: { p50: us(quantile(sorted[1]!, 0.5)), p99: us(quantile(sorted[1]!, 0.99)) },
  medianRatio: +quantile(ratios, 0.5).toFixed(3),
  sumRatio: +(sum(fastest[0]!, everyCall) / sum(fastest[1]!, everyCall)).toFixed(3),
  slowestRatio: +(sum(fastest[0]!, slowest) / sum(fastest[1]!, slowest)).toFixed(3),
};
if (json) process.stdout.write(`${JSON.stringify(row)}\n`);
else {
  process.stdout.write(
    `clue counter A/B, ${set} ${mode}, ${variant}, ${PLAYERS} players, ${calls} calls, fastest of ${repeat} per call: ` +
      `this build p50 ${row.thisBuild.p50} p99 ${row.thisBuild.p99} µs, baseline p50 ${row.baseline.p50} p99 ${row.baseline.p99} µs; ` +
      `this/baseline: median per call ${row.medianRatio}, summed ${row.sumRatio}, slowest 2% of the baseline's ${row.slowestRatio}\n`,
  );
}
