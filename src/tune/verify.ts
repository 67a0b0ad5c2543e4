import { join } from 'node:path';
import type { GameDefinition } from '../core/game.js';
import { makeBatchContext } from '../harness/batch.js';
import { loadBotFactory, parseEntrants } from '../harness/entrants.js';
import { inlineExecutor, poolExecutor, type Executor } from '../harness/pool.js';
import type { RunSpec } from '../harness/spec.js';
import { runTournament } from '../tournament/tournament.js';
import { startValues, versionOf, type TuneFile, type Verification } from './tuning.js';

/** The verification's seed: never one of the tuning's, whose games all use the seed itself. */
export function verifySeed(seed: string): string {
  return `${seed}:verify`;
}

async function executorFor(spec: RunSpec, workers: number, gamesModule: string): Promise<Executor> {
  if (workers > 1) return poolExecutor(spec, workers, gamesModule);
  const { GAMES } = (await import(gamesModule)) as { GAMES: readonly GameDefinition[] };
  const game = GAMES.find((g) => g.id === spec.game)!;
  const factories = await Promise.all(spec.entrants.map((e) => loadBotFactory(game.id, e.source)));
  return inlineExecutor(makeBatchContext(spec, game, factories));
}

/**
 * Plays the tuning's current values against its start through a tournament run (duplicate
 * seating, the opponents too with --against) into `verify-<iteration>/` of `out`, resuming one
 * that was cut short, and reads the pair off the run's ladder.
 */
export async function verify(file: TuneFile, template: RunSpec, o: { out: string; games: number; workers: number; gamesModule: string }): Promise<Verification> {
  const { setup } = file;
  const folder = `verify-${file.iterations.length}`;
  // Numbered as --bots numbers repeats, should the tuned values be the start's.
  const entrants = parseEntrants([versionOf(setup, file.values).label, versionOf(setup, startValues(setup)).label, ...setup.against].join(','), setup.game);
  const spec: RunSpec = { ...template, seed: verifySeed(setup.seed), entrants, gamesAsked: o.games, record: 'faults' };
  const [tuned, start] = [entrants[0]!.label, entrants[1]!.label];
  const result = await runTournament({ spec, shard: null, out: join(o.out, folder), resume: true, executor: await executorFor(spec, o.workers, o.gamesModule) });
  const pair = result.summary!.headToHead.find((h) => (h.a === tuned && h.b === start) || (h.a === start && h.b === tuned))!;
  const flip = pair.a === start;
  const [ahead, behind] = flip ? [pair.bAhead, pair.aAhead] : [pair.aAhead, pair.bAhead];
  const eloDiff = pair.eloDiff === null ? null : flip ? -pair.eloDiff + 0 : pair.eloDiff;
  const ci = pair.eloDiffCI95;
  return {
    iteration: file.iterations.length,
    seed: spec.seed,
    folder,
    tuned,
    start,
    games: result.summary!.games,
    ahead,
    behind,
    tied: pair.tied,
    eloDiff,
    eloDiffCI95: ci === null ? null : flip ? [-ci[1] + 0, -ci[0] + 0] : ci,
    separated: eloDiff !== null ? null : ahead > behind ? tuned : start,
  };
}
