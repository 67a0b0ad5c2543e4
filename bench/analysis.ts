/**
 * What `parlor analyze` costs against playing the same games, in this thread by CPU time after a
 * warm-up, medians over repeats of each and of their ratio (the bar: analysis at most 5
 * times the play of the exact player): 1-player Yahtzee games (`--set series=1`) of `optimal`, and
 * 4-player Clue games of `notebook` in each variant.
 * Run: node dist/bench/analysis.js [--games 2000] [--clue-games 12] [--repeat 5]
 */
import { findBuiltinBot } from '../bots/registry.js';
import { analyzeRecord } from '../src/analysis/analyze-record.js';
import type { GameDefinition } from '../src/core/game.js';
import type { GameRecord } from '../src/core/record.js';
import { seedKey } from '../src/core/rng.js';
import { findGame } from '../src/games/registry.js';
import '../src/games/yahtzee/solver/load.js'; // the table from the disk cache
import { sharedTable } from '../src/games/yahtzee/solver/table.js';
import { playGame, StepLog } from '../src/referee/match.js';
import { numberOption } from './args.js';
import { median } from './median.js';

const repeat = numberOption('repeat', 5);
const seed = 'analysis-bench';
const key = seedKey(seed);
const log = new StepLog();

interface Case {
  readonly title: string;
  readonly game: GameDefinition;
  readonly variant: string;
  readonly config: unknown;
  readonly bot: string;
  readonly players: number;
  readonly games: number;
}

const yahtzee = findGame('yahtzee');
const clue = findGame('clue');
const CASES: readonly Case[] = [
  { title: 'Yahtzee solitaire games of optimal', game: yahtzee, variant: '', config: yahtzee.configSchema.parse({ series: 1 }), bot: 'optimal', players: 1, games: numberOption('games', 2000) },
  ...clue.variants.map((variant): Case => ({ title: `Clue ${variant.id} 4-player games of notebook`, game: clue, variant: variant.id, config: clue.configSchema.parse({}), bot: 'notebook', players: 4, games: numberOption('clue-games', 12) })),
];

const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

function play(c: Case, from: number): GameRecord[] {
  const seats = Array.from({ length: c.players }, (_, s) => ({ name: `P${s}`, label: c.bot, bot: findBuiltinBot(c.game.id, c.bot) }));
  const records: GameRecord[] = [];
  for (let index = from; index < from + c.games; index++) records.push(playGame({ game: c.game, variant: c.variant, config: c.config, seed, key, index, seats, log }).record());
  return records;
}

sharedTable();
for (const c of CASES) {
  for (const record of play(c, 10 ** 9)) analyzeRecord(record, record.index, c.game);
  const playing: number[] = [];
  const analysing: number[] = [];
  for (let r = 0; r < repeat; r++) {
    let t = cpuSeconds();
    const records = play(c, r * c.games);
    playing.push(cpuSeconds() - t);
    t = cpuSeconds();
    for (const record of records) analyzeRecord(record, record.index, c.game);
    analysing.push(cpuSeconds() - t);
  }
  const ratios = playing.map((p, i) => analysing[i]! / p);
  const ms = (seconds: number): string => `${((1000 * seconds) / c.games).toFixed(3)} ms`;
  console.log(`${c.games} ${c.title}, median of ${repeat}: playing ${ms(median(playing))} a game, analysing ${ms(median(analysing))} a game, ratio ${median(ratios).toFixed(2)}`);
}
