import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameDefinition } from '../../../src/core/game.js';
import { makeBatchContext } from '../../../src/harness/batch.js';
import { loadBotFactory, parseEntrants } from '../../../src/harness/entrants.js';
import { inlineExecutor, poolExecutor } from '../../../src/harness/pool.js';
import type { Seating, Shard } from '../../../src/harness/schedule.js';
import type { RunSpec } from '../../../src/harness/spec.js';
import { runTournament, type TournamentResult } from '../../../src/tournament/tournament.js';
import type { RecordPolicy } from '../../../src/harness/record-policy.js';
import { diceRace } from './dice-race.js';

/** The module workers import the test games from. */
export const TEST_GAMES_MODULE = new URL('./dice-race.ts', import.meta.url).href;

export const bot = (name: string): string => `./test/harness/support/bots/${name}.ts`;

export function tempDir(prefix = 'parlor-harness-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface RaceOptions {
  bots?: string[];
  games?: number;
  seed?: string;
  players?: number;
  seating?: Seating;
  record?: RecordPolicy;
  config?: Record<string, unknown>;
  sprt?: { base: number; test: number };
}

export function raceSpec(o: RaceOptions = {}): RunSpec {
  const entrants = parseEntrants((o.bots ?? ['roller', 'stepper', 'coin']).map(bot).join(','));
  return {
    game: 'dice-race',
    variant: '',
    config: diceRace.configSchema.parse(o.config ?? {}),
    seed: o.seed ?? 'harness-test',
    entrants,
    players: o.players ?? entrants.length,
    seating: o.seating ?? 'duplicate',
    gamesAsked: o.games ?? 300,
    record: o.record ?? 'faults',
    moveTimeMs: 0,
    ...(o.sprt ? { sprt: o.sprt } : {}),
  };
}

/** The batch context of a run in this thread: the dice race, or `game` (one of parlor's own games). */
export async function inlineContext(spec: RunSpec, game: GameDefinition = diceRace) {
  const factories = [];
  for (const e of spec.entrants) factories.push(await loadBotFactory(spec.game, e.source));
  return makeBatchContext(spec, game, factories);
}

export interface PlayOptions {
  out?: string;
  workers?: number;
  batchGames?: number;
  shard?: Shard | null;
  resume?: boolean;
  /** Plays one of parlor's own games in this thread instead of the dice race. */
  game?: GameDefinition;
}

/** A run in this thread (workers: 0) or through a real pool of worker threads. */
export async function play(spec: RunSpec, o: PlayOptions = {}): Promise<TournamentResult & { out: string }> {
  const out = o.out ?? tempDir();
  const executor = (o.workers ?? 0) === 0 ? inlineExecutor(await inlineContext(spec, o.game)) : poolExecutor(spec, o.workers!, TEST_GAMES_MODULE);
  const result = await runTournament({
    spec,
    shard: o.shard ?? null,
    out,
    resume: o.resume ?? false,
    executor,
    ...(o.batchGames !== undefined ? { batchGames: o.batchGames } : {}),
  });
  return { ...result, out };
}

/** summary.json without `timing`, the one part allowed to differ between runs of one seed. */
export function summaryWithoutTiming(dir: string): string {
  const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Record<string, unknown>;
  delete summary['timing'];
  return JSON.stringify(summary, null, 2);
}
