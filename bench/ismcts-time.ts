/**
 * How long `ismcts` takes a decision, in this thread (one core), in the lineups of its bars (each
 * game's `searchBar` in bench/games/: Yahtzee solitaire, Deadwood at 3 players, Clue classic at 4). Whole games
 * through the referee with the run's own decision clock; the mean and p99 over every decision the
 * search player made, after two games to warm up. The bar at the default budget: mean <= 50 ms, p99 <= 150 ms.
 * Run: node dist/bench/ismcts-time.js [--games 10] [--search 'ismcts(iterations=100)'] [game ...]
 */
import { findGame } from '../src/games/registry.js';
import { GAME_BENCHES } from './games/index.js';
import { loadBotFactory, parseEntrants } from '../src/harness/entrants.js';
import { seedKey } from '../src/core/rng.js';
import { generatedSeatNames } from '../src/core/seat.js';
import { DecisionClock, decisionTimeStats } from '../src/referee/decision-times.js';
import { playGame } from '../src/referee/match.js';
import { numberOption, textOption, wantedParts } from './args.js';

const games = numberOption('games', 10);
const search = textOption('search', 'ismcts');
const wanted = wantedParts();

for (const bench of GAME_BENCHES) {
  const c = bench.searchBar;
  if (c === undefined || !wanted(bench.game)) continue;
  const game = findGame(bench.game);
  const config = game.configSchema.parse(c.set);
  const entrants = parseEntrants([search, ...c.others].join(','), game.id);
  const factories = await Promise.all(entrants.map((e) => loadBotFactory(game.id, e.source)));
  const names = generatedSeatNames(entrants.length);
  const clock = new DecisionClock(entrants.length);
  let started = performance.now();
  // Two games first, untimed: the first decisions of a process compile and fill every table.
  for (let index = -2; index < games; index++) {
    // The search player in every seat in turn, as duplicate seating plays it.
    const lineup = entrants.map((_, s) => (s + index + 2) % entrants.length);
    const seats = lineup.map((e, s) => ({ name: names[s]!, label: entrants[e]!.label, bot: factories[e]! }));
    const timed = index >= 0 && clock.timing(lineup);
    const result = playGame({ game, variant: c.variant, config, seed: 'ismcts-time', key: seedKey('ismcts-time'), index: index + 2, seats, clock: timed ? clock : undefined });
    if (result.outcome === null || result.faults.length > 0) throw new Error(`${bench.game} game ${index}: ${result.engineError ?? JSON.stringify(result.faults)}`);
    if (index === -1) started = performance.now();
  }
  const stats = decisionTimeStats(clock.data()[0]!);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${bench.game} ${[search, ...c.others].join(',')}: ${stats.timed} decisions in ${games} games, mean ${stats.meanMs} ms, p99 ${stats.p99Ms} ms (${seconds} s)`);
}
