/**
 * Where `ismcts` plays something other than its advisor's choice, is it better? Whole games
 * through the referee (the search player in every seat in turn, beside the lineup of its bar, each
 * game's `searchBar` in bench/games/; a game whose search has a random advisor has none to judge); at
 * each decision where the search overrode its advisor, both actions are judged by K paired
 * playouts from the seat's information set: the same sampled state, the same dice and draws and the
 * same players after either action. Prints how often the search overrode, the mean gain in the
 * seat's reward (its share of the win) per override with its standard error, and the gain per
 * game: overrides made on noise show here in a few minutes, where a ladder needs hundreds of games.
 * By default its playouts, like the search's, have the rollout bot in every seat, so a gain there is
 * a gain against players like it; with `--opponents lineup` the other seats are played by the
 * lineup's own bots (made new at the sampled state, so a bot that remembers past events starts
 * without them) and the seat by its advisor: a gain there is a gain against the players of the bar.
 * Run: node dist/bench/ismcts-overrides.js [--games 30] [--pairs 400] [--search 'ismcts(margin=1.5)'] [--opponents rollout|lineup] [game ...]
 */
import { findBuiltinBot } from '../bots/registry.js';
import type { Bot, BotFactory } from '../src/core/bot.js';
import { actionKey } from '../bots/generic/ismcts-tree.js';
import { Playout, rewardsOf } from '../bots/generic/playout.js';
import type { GameEvent } from '../src/core/events.js';
import { cloneState, type GameDefinition } from '../src/core/game.js';
import { seedKey, Sfc32, streamsFrom } from '../src/core/rng.js';
import { generatedSeatNames, type Seat } from '../src/core/seat.js';
import { findGame } from '../src/games/registry.js';
import { GAME_BENCHES } from './games/index.js';
import { loadBotFactory, parseEntrants } from '../src/harness/entrants.js';
import { playGame } from '../src/referee/match.js';
import { numberOption, textOption, wantedParts } from './args.js';

const games = numberOption('games', 30);
const pairs = numberOption('pairs', 400);
const search = textOption('search', 'ismcts');
const opponents = textOption('opponents', 'rollout');
if (opponents !== 'rollout' && opponents !== 'lineup') {
  console.error(`--opponents: expected rollout or lineup, got ${opponents}`);
  process.exit(2);
}
const wanted = wantedParts(['clue']);

/**
 * The gain in `seat`'s reward of `chosen` over `advised`, by one playout pair from a state sampled
 * with `k`, played on by `players` (one factory a seat).
 */
function pairGain(game: GameDefinition, players: readonly BotFactory[], setup: { variant: string; config: unknown; seats: readonly { name: string }[] }, seat: Seat, view: unknown, seen: readonly GameEvent[], chosen: string, advised: string, k: number): number {
  const state = game.sampleState!(setup, seat, view, seen, new Sfc32(k, 0x5eed, 1, 2));
  const names = setup.seats.map((s) => s.name);
  const rewards = new Float64Array(names.length);
  const scale = game.scoreScale?.(setup.config) ?? 1;
  let gain = 0;
  for (const [key, sign] of [[chosen, 1], [advised, -1]] as const) {
    const world = cloneState(game, state);
    const rng = new Sfc32(k, 0xd1ce, 3, 4);
    const streams = streamsFrom(rng);
    const playout = new Playout(game, players, { game: game.id, variant: setup.variant, config: setup.config, seats: names.length, names }, rng);
    const action = game.legalActions(world, seat).find((a) => actionKey(a) === key)!;
    playout.deliver(game.apply(world, seat, action, streams));
    rewardsOf(playout.toEnd(world, streams), scale, rewards);
    gain += sign * rewards[seat]!;
  }
  return gain;
}

for (const bench of GAME_BENCHES) {
  const c = bench.searchBar;
  if (c === undefined || !wanted(bench.game)) continue;
  const game = findGame(bench.game);
  const config = game.configSchema.parse(c.set);
  const entrants = parseEntrants([search, ...c.others].join(','), game.id);
  const factories = await Promise.all(entrants.map((e) => loadBotFactory(game.id, e.source)));
  const params = (entrants[0]!.source as { params?: Record<string, unknown> }).params ?? {};
  const searchFactory = factories[0]!;
  const { rollout: rolloutName, advisor: advisorName } = searchFactory.params?.parse(params) as { rollout: string; advisor: string };
  if (advisorName === 'random') {
    console.log(`${bench.game}: the search's advisor is random, so it has no advice to override`);
    continue;
  }
  const rollout = findBuiltinBot(game.id, rolloutName);
  const advisor = findBuiltinBot(game.id, advisorName);
  const names = generatedSeatNames(entrants.length);
  const setup = { variant: c.variant, config, seats: names.map((name) => ({ name })) };
  let decisions = 0;
  const gains: number[] = [];
  // The factories of the current game's seats, for playouts against the lineup.
  let seatFactories: BotFactory[] = [];
  // The search player beside a twin of its advisor that sees the same events (its own stream, so the search's is untouched).
  const judged: BotFactory = {
    ...searchFactory,
    create(ctx) {
      const bot = searchFactory.create(ctx);
      const twin = advisor.create({ ...ctx, params: undefined, rng: new Sfc32(ctx.seat, 7, 7, 7) });
      const seen: GameEvent[] = [];
      const wrapper: Bot = {
        observe(event) {
          seen.push(event);
          bot.observe?.(event);
          twin.observe?.(event);
        },
        act(view, legal) {
          const advised = actionKey(twin.act(view, legal));
          const chosen = bot.act(view, legal);
          if (legal.length > 1) decisions++;
          if (actionKey(chosen) !== advised) {
            const players = seatFactories.map((f, s) => (opponents === 'rollout' ? rollout : s === ctx.seat ? advisor : f));
            let sum = 0;
            for (let k = 0; k < pairs; k++) sum += pairGain(game, players, setup, ctx.seat, view, seen, actionKey(chosen), advised, k);
            gains.push(sum / pairs);
          }
          return chosen;
        },
      };
      return wrapper;
    },
  };
  const started = performance.now();
  for (let index = 0; index < games; index++) {
    const lineup = entrants.map((_, s) => (s + index) % entrants.length);
    seatFactories = lineup.map((e) => factories[e]!);
    const seats = lineup.map((e, s) => ({ name: names[s]!, label: entrants[e]!.label, bot: e === 0 ? judged : factories[e]! }));
    const result = playGame({ game, variant: c.variant, config, seed: 'ismcts-overrides', key: seedKey('ismcts-overrides'), index, seats });
    if (result.outcome === null || result.faults.length > 0) throw new Error(`${bench.game} game ${index}: ${result.engineError ?? JSON.stringify(result.faults)}`);
  }
  const n = gains.length;
  const mean = gains.reduce((a, b) => a + b, 0) / Math.max(1, n);
  const se = n > 1 ? Math.sqrt(gains.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1) / n) : 0;
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`${bench.game} ${[search, ...c.others].join(',')}, ${games} games (${seconds} s): ${decisions} decisions with a choice, ${n} overrides (${((100 * n) / Math.max(1, decisions)).toFixed(1)}%)`);
  const playedOnBy = opponents === 'lineup' ? `the seat by ${advisorName}, the others by the lineup` : `every seat by ${rolloutName}`;
  console.log(`  reward gain per override ${mean.toFixed(4)} ± ${se.toFixed(4)} (standard error; ${pairs} paired playouts each, ${playedOnBy}); per game ${((mean * n) / games).toFixed(4)}; the override gained in ${gains.filter((g) => g > 0).length} and lost in ${gains.filter((g) => g < 0).length}`);
}
