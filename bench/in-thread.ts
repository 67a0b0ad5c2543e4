/**
 * Where the harness's overhead goes, in one thread and by CPU time (quicker and steadier than the
 * overhead bar of `npm run bench`, which runs whole `parlor run` processes): 1-player Yahtzee games
 * played by the plain loop, by `playGame` (the match runner: legality checks, faults, step log,
 * outcome, metrics) and by `playBatch` (plus the tally and outcome rows a worker sends back),
 * interleaved, after a warm-up; medians of CPU microseconds a game, and of each way's paired ratios to the plain loop.
 * Run: node dist/bench/in-thread.js [--bot random] [--games 100000] [--repeat 7]
 */
import { findBuiltinBot } from '../bots/registry.js';
import { seedKey } from '../src/core/rng.js';
import { findGame } from '../src/games/registry.js';
import { makeBatchContext, playBatch } from '../src/harness/batch.js';
import { playGame, StepLog } from '../src/referee/match.js';
import type { RunSpec } from '../src/harness/spec.js';
import { numberOption, textOption } from './args.js';
import { playPlain } from './plain-loop.js';
import { median } from './median.js';

const botName = textOption('bot', 'random');
const games = numberOption('games', 100_000);
const repeat = numberOption('repeat', 7);
const game = findGame('yahtzee');
const config = game.configSchema.parse({ series: 1 });
const factory = findBuiltinBot(game.id, botName);
const key = seedKey('in-thread');
const seats = [{ name: 'Ann', label: botName, bot: factory }];
const log = new StepLog();
const spec: RunSpec = {
  game: game.id,
  variant: '',
  config,
  seed: 'in-thread',
  entrants: [{ label: botName, source: { kind: 'builtin', name: botName } }],
  players: 1,
  seating: 'duplicate',
  gamesAsked: Number.MAX_SAFE_INTEGER,
  record: 'none',
  moveTimeMs: 0,
};
const context = makeBatchContext(spec, game, [factory]);
const BATCH = 5000;

const ways: Record<string, (from: number, count: number) => void> = {
  'plain loop': (from, count) => playPlain(game, '', config, factory, key, from, count),
  playGame: (from, count) => {
    for (let index = from; index < from + count; index++) {
      if (playGame({ game, variant: '', config, seed: 'in-thread', key, index, seats, log }).outcome === null) throw new Error('engine error');
    }
  },
  playBatch: (from, count) => {
    for (let block = from; block < from + count; block += BATCH) playBatch(context, block, Math.min(block + BATCH, from + count));
  },
};

const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
for (const way of Object.values(ways)) way(10 ** 9, 3 * BATCH * 4);
const micros: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((name) => [name, []]));
for (let run = 0; run < repeat; run++) {
  for (const [name, way] of Object.entries(ways)) {
    const started = cpuSeconds();
    way(run * games, games);
    micros[name]!.push(((cpuSeconds() - started) / games) * 1e6);
  }
}
// Judged as index.ts judges its bars: the median of the paired ratios (run i of the plain loop
// against run i of this way, taken in turn under the same load), not the ratio of two medians taken
// from runs under different load.
const plain = micros['plain loop']!;
for (const [name, values] of Object.entries(micros)) {
  const pairs = values.map((v, i) => plain[i]! / v);
  console.log(
    `${name.padEnd(10)} ${median(values).toFixed(2)} us of CPU a game (runs ${values.map((v) => v.toFixed(2)).join(', ')}); plain / this ${median(pairs).toFixed(3)} (pairs ${pairs.map((r) => r.toFixed(2)).join(', ')})`,
  );
}
