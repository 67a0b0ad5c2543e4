import { pathToFileURL } from 'node:url';
import type { Bot, BotFactory } from '../../src/core/bot.js';
import { seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import { deadwood } from '../../src/games/deadwood/game.js';
import { playGame } from '../../src/harness/match.js';
import { wilsonInterval } from '../../src/stats/wilson.js';
import { builtinBots } from '../registry.js';

/**
 * What `parlor run` does not show: the milliseconds each bot spends deciding per game, measured in
 * one thread, with win rates (a shared win counting 1/k), Wilson intervals, mean scores and game
 * lengths. Seats rotate over every lineup rotation, as in duplicate play.
 *
 *   node dist/bots/deadwood/measure.js planner,greedy,random 900 [seed]
 */
function timed(factory: BotFactory, spent: number[], index: number): BotFactory {
  return {
    ...factory,
    create: (ctx) => {
      const bot: Bot = factory.create(ctx);
      return {
        ...(bot.observe !== undefined ? { observe: (event) => bot.observe!(event) } : {}),
        act: (view, legal) => {
          const started = performance.now();
          const action = bot.act(view, legal);
          spent[index]! += performance.now() - started;
          return action;
        },
      };
    },
  };
}

export function measure(names: readonly string[], games: number, seed: string): string[] {
  const factories = names.map((name) => {
    const bot = builtinBots('deadwood').find((b) => b.name === name);
    if (bot === undefined) throw new Error(`no Deadwood bot "${name}"`);
    return bot;
  });
  const n = names.length;
  const wins = new Array<number>(n).fill(0);
  const scores = new Array<number>(n).fill(0);
  const spent = new Array<number>(n).fill(0);
  let steps = 0;
  let capped = 0;
  const key = seedKey(seed);
  const config = deadwood.configSchema.parse({});
  for (let game = 0; game < games; game++) {
    const rotation = game % n;
    const entrantAt = (seat: number): number => (seat + rotation) % n;
    const seats = generatedSeatNames(n).map((name, seat) => ({ name, label: names[entrantAt(seat)]!, bot: timed(factories[entrantAt(seat)]!, spent, entrantAt(seat)) }));
    const result = playGame({ game: deadwood, variant: '', config, seed, key, index: Math.floor(game / n), seats });
    if (result.outcome === null || result.faults.length > 0) throw new Error(`game ${game}: ${result.engineError ?? JSON.stringify(result.faults)}`);
    steps += result.steps;
    if (result.outcome.capped === true) capped++;
    seats.forEach((_, seat) => {
      const e = entrantAt(seat);
      if (result.outcome!.winners.includes(seat)) wins[e]! += 1 / result.outcome!.winners.length;
      scores[e]! += result.outcome!.score![seat]!;
    });
  }
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const lines = ['| bot | win rate | 95% CI | mean score | ms per game |', '| --- | --- | --- | --- | --- |'];
  names.forEach((name, e) => {
    const [lo, hi] = wilsonInterval(wins[e]!, games);
    lines.push(`| ${name} | ${pct(wins[e]! / games)} | ${pct(lo)}–${pct(hi)} | ${(scores[e]! / games).toFixed(1)} | ${(spent[e]! / games).toFixed(2)} |`);
  });
  lines.push(`${games} games of ${n} players, seed "${seed}": ${(steps / games).toFixed(0)} actions a game, ${capped} capped`);
  return lines;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [list = 'planner,greedy,random', games = '300', seed = 'measure'] = process.argv.slice(2);
  console.log(measure(list.split(','), Number(games), seed).join('\n'));
}
