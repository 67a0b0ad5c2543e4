/**
 * The overhead baseline: a plain loop in this thread calling the game's contract and the bot
 * directly (setup, toAct, legalActions, view, act, apply), the same streams per game as the
 * harness, but no match runner, tally, outcome lines, worker or checkpoint.
 * Run: node dist/bench/plain-loop.js <game> <bot> <games> [key=value options...]
 */
import { pathToFileURL } from 'node:url';
import { findBuiltinBot } from '../bots/registry.js';
import type { BotFactory } from '../src/core/bot.js';
import type { GameDefinition } from '../src/core/game.js';
import { parseSetFlags } from '../src/core/options.js';
import { botStream, GameStreams, seedKey, type SeedKey } from '../src/core/rng.js';
import { findGame, resolveVariant } from '../src/games/registry.js';

/** One-seat games [from, from + count) played plainly; returns the number of steps. */
export function playPlain(game: GameDefinition, variant: string, config: unknown, factory: BotFactory, key: SeedKey, from: number, count: number): number {
  let steps = 0;
  for (let index = from; index < from + count; index++) {
    const rng = new GameStreams(key, index);
    const state = game.setup({ variant, config, seats: [{ name: 'Ann' }], rng });
    const bot = factory.create({ game: game.id, variant, config, seat: 0, seats: 1, rng: rng.stream(botStream(0)) });
    let seat: number | null;
    while ((seat = game.toAct(state)) !== null) {
      const action = bot.act(game.view(state, seat), game.legalActions(state, seat));
      game.apply(state, seat, action, rng);
      steps++;
    }
    if (game.outcome(state) === null) throw new Error('no outcome');
  }
  return steps;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [gameId = 'yahtzee', botName = 'random', count = '100000', ...options] = process.argv.slice(2);
  const game = findGame(gameId);
  const variant = resolveVariant(game, undefined);
  const config = game.configSchema.parse(parseSetFlags(options));
  const factory = findBuiltinBot(game.id, botName);
  const games = Number(count);
  const started = performance.now();
  const steps = playPlain(game, variant, config, factory, seedKey('plain-loop'), 0, games);
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ gamesPerSecond: Math.round(games / seconds), stepsPerGame: steps / games, seconds }));
}
