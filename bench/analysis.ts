/**
 * What `parlor analyze` costs against playing the same games: 1-player Yahtzee games (`--set
 * series=1`) played by `optimal` through `playGame`, then their records analysed, both in this
 * thread by CPU time, after a warm-up; medians over repeats of each, and of their ratio (the
 * issue's bar: analysis at most 5 times the play of `optimal`). The table is loaded before timing.
 * Run: node dist/bench/analysis.js [--games 2000] [--repeat 5]
 */
import { findBuiltinBot } from '../bots/registry.js';
import { analyzeRecord } from '../src/analysis/analyze-record.js';
import type { GameRecord } from '../src/core/record.js';
import { seedKey } from '../src/core/rng.js';
import { findGame } from '../src/games/registry.js';
import { sharedTable } from '../src/games/yahtzee/solver/table.js';
import { playGame, StepLog } from '../src/referee/match.js';
import { numberOption } from './args.js';
import { median } from './median.js';

const games = numberOption('games', 2000);
const repeat = numberOption('repeat', 5);
const game = findGame('yahtzee');
const config = game.configSchema.parse({ series: 1 });
const seed = 'analysis-bench';
const key = seedKey(seed);
const seats = [{ name: 'Ann', label: 'optimal', bot: findBuiltinBot(game.id, 'optimal') }];
const log = new StepLog();

const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

function play(from: number): GameRecord[] {
  const records: GameRecord[] = [];
  for (let index = from; index < from + games; index++) records.push(playGame({ game, variant: '', config, seed, key, index, seats, log }).record());
  return records;
}

sharedTable();
for (const record of play(10 ** 9)) analyzeRecord(record, record.index, game);
const playing: number[] = [];
const analysing: number[] = [];
for (let r = 0; r < repeat; r++) {
  let t = cpuSeconds();
  const records = play(r * games);
  playing.push(cpuSeconds() - t);
  t = cpuSeconds();
  for (const record of records) analyzeRecord(record, record.index, game);
  analysing.push(cpuSeconds() - t);
}
const ratios = playing.map((p, i) => analysing[i]! / p);
const ms = (seconds: number): string => `${((1000 * seconds) / games).toFixed(3)} ms`;
console.log(`${games} solitaire games of optimal, median of ${repeat}: playing ${ms(median(playing))} a game, analysing ${ms(median(analysing))} a game, ratio ${median(ratios).toFixed(2)}`);
