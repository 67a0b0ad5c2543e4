import { pathToFileURL } from 'node:url';
import type { Bot, BotFactory } from '../../src/core/bot.js';
import { wilsonInterval } from '../../src/stats/wilson.js';
import { deadwoodBots, playRotations } from './rotations.js';

/**
 * What `parlor run` does not show: the milliseconds each bot spends deciding per game and per
 * decision (wall clock, so quote the load average beside them), measured in one thread, with win
 * rates (a shared win counting 1/k), Wilson intervals, mean scores and game lengths. Seats rotate
 * over every lineup rotation, as in duplicate play.
 *
 *   node dist/tools/deadwood/measure.js planner,greedy,random 900 [seed]
 */
function timed(factory: BotFactory, spent: number[], decisions: number[], index: number): BotFactory {
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
          decisions[index]!++;
          return action;
        },
      };
    },
  };
}

export function measure(names: readonly string[], games: number, seed: string): string[] {
  const n = names.length;
  const wins = new Array<number>(n).fill(0);
  const scores = new Array<number>(n).fill(0);
  const spent = new Array<number>(n).fill(0);
  const decisions = new Array<number>(n).fill(0);
  let steps = 0;
  let capped = 0;
  const lineup = deadwoodBots(names).map((bot, e) => timed(bot, spent, decisions, e));
  playRotations(lineup, games, seed, (outcome, length, entrantAt) => {
    steps += length;
    if (outcome.capped === true) capped++;
    outcome.rank.forEach((_, seat) => {
      const e = entrantAt(seat);
      if (outcome.winners.includes(seat)) wins[e]! += 1 / outcome.winners.length;
      scores[e]! += outcome.score![seat]!;
    });
  });
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const lines = ['| bot | win rate | 95% CI | mean score | ms per game | ms per decision |', '| --- | --- | --- | --- | --- | --- |'];
  names.forEach((name, e) => {
    const [lo, hi] = wilsonInterval(wins[e]!, games);
    lines.push(`| ${name} | ${pct(wins[e]! / games)} | ${pct(lo)}–${pct(hi)} | ${(scores[e]! / games).toFixed(1)} | ${(spent[e]! / games).toFixed(2)} | ${(spent[e]! / Math.max(1, decisions[e]!)).toFixed(3)} |`);
  });
  lines.push(`${games} games of ${n} players, seed "${seed}": ${(steps / games).toFixed(0)} actions a game, ${capped} capped`);
  return lines;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [list = 'planner,greedy,random', games = '300', seed = 'measure'] = process.argv.slice(2);
  console.log(measure(list.split(','), Number(games), seed).join('\n'));
}
