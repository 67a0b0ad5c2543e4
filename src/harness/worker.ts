import { BroadcastChannel, workerData } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { BotFactory } from '../core/bot.js';
import type { GameDefinition } from '../core/game.js';
import { closeFactories, makeBatchContext, playBatch, type BatchContext, type BatchResult } from './batch.js';
import { loadBotFactory } from './entrants.js';
import type { RunSpec } from './spec.js';

/** What every worker of a run's pool is started with. */
export interface WorkerData {
  readonly spec: RunSpec;
  /** URL of a module exporting `GAMES` (the registry, or a test's own games). */
  readonly gamesModule: string;
  /** The BroadcastChannel on which the pool asks its workers to close their bots (see closeBots). */
  readonly closeChannel: string;
}

export interface BatchTask {
  readonly from: number;
  readonly to: number;
}

/** The worker's own copy of the game and bots: module-path bots are imported in every worker. */
export async function loadBatchContext(data: WorkerData): Promise<BatchContext> {
  const { GAMES } = (await import(data.gamesModule)) as { GAMES: readonly GameDefinition[] };
  const game = GAMES.find((g) => g.id === data.spec.game);
  if (game === undefined) throw new Error(`${data.gamesModule} has no game "${data.spec.game}"`);
  const factories: BotFactory[] = [];
  for (const entrant of data.spec.entrants) factories.push(await loadBotFactory(game.id, entrant.source));
  return makeBatchContext(data.spec, game, factories);
}

let context: Promise<BatchContext> | undefined;

// piscina stops a worker without running its exit handlers, so the pool asks first: every factory
// closes (a process bot says `bye`), then the worker answers on `<channel>:closed`.
const closing = new BroadcastChannel((workerData as WorkerData).closeChannel);
closing.unref();
closing.onmessage = async () => {
  if (context !== undefined) closeFactories(await context);
  const reply = new BroadcastChannel(`${(workerData as WorkerData).closeChannel}:closed`);
  reply.postMessage('closed');
  reply.close();
};

/** The piscina task: one batch of blocks. Its outcome numbers move to the main thread, not a copy. */
export default async function runBatch(task: BatchTask): Promise<BatchResult> {
  context ??= loadBatchContext(workerData as WorkerData);
  const result = playBatch(await context, task.from, task.to);
  // piscina's Transferable: the buffers to move, and the value sent (its types name its own symbols only).
  const movable = { [Piscina.transferableSymbol]: [result.outcomes.numbers.buffer], [Piscina.valueSymbol]: result };
  return Piscina.move(movable as unknown as Parameters<typeof Piscina.move>[0]) as unknown as BatchResult;
}
