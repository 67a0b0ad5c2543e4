import type { GameDefinition } from '../core/game.js';
import { makeBatchContext, playBatch } from '../harness/batch.js';
import { loadBotFactory } from '../harness/entrants.js';
import type { RunSpec } from '../harness/spec.js';
import type { TallyData } from '../harness/tally.js';

/** Blocks [from, to) of a run whose entrants change from task to task: one iteration's versions. */
export interface ProbeTask {
  readonly spec: RunSpec;
  readonly from: number;
  readonly to: number;
  /** URL of a module exporting `GAMES` (the registry, or a test's own games). */
  readonly gamesModule: string;
}

const games = new Map<string, Promise<readonly GameDefinition[]>>();

/**
 * Plays a task with the run machinery's own batch (duplicate blocks, the tally), its entrants'
 * factories loaded afresh: a built-in's is a lookup, a module's is cached by the module loader.
 */
export default async function playProbe(task: ProbeTask): Promise<TallyData> {
  let list = games.get(task.gamesModule);
  if (list === undefined) {
    list = import(task.gamesModule).then((m: { GAMES: readonly GameDefinition[] }) => m.GAMES);
    games.set(task.gamesModule, list);
  }
  const game = (await list).find((g) => g.id === task.spec.game);
  if (game === undefined) throw new Error(`${task.gamesModule} has no game "${task.spec.game}"`);
  const factories = await Promise.all(task.spec.entrants.map((e) => loadBotFactory(game.id, e.source)));
  return playBatch(makeBatchContext(task.spec, game, factories), task.from, task.to).tally;
}
