import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findGame } from '../../src/games/registry.js';
import { makeBatchContext } from '../../src/harness/batch.js';
import { loadBotFactory, parseEntrants } from '../../src/harness/entrants.js';
import { inlineExecutor, poolExecutor } from '../../src/harness/pool.js';
import type { RunSpec } from '../../src/harness/spec.js';
import { runTournament } from '../../src/tournament/tournament.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `parlor bot ...` as a command line, run from the sources like the rest of the tests. */
export function parlorBotCommand(game: string, bot: string, variant?: string): string {
  return `node --import tsx ${join(ROOT, 'src/cli/main.ts')} bot --game ${game}${variant ? ` --variant ${variant}` : ''} --bot ${bot}`;
}

export const PYTHON_BOT = `python3 ${join(ROOT, 'examples/python/parlor_bot.py')}`;

export function misbehaving(mode: string): string {
  return `python3 ${join(ROOT, 'test/protocol/fixtures/misbehave.py')} ${mode}`;
}

export interface RunOptions {
  game: string;
  variant?: string;
  config?: Record<string, unknown>;
  bots: string;
  games: number;
  players?: number;
  seed?: string;
  /** 0: this thread. */
  workers: number;
  /** `duplicate` unless said. */
  seating?: RunSpec['seating'];
}

export function specOf(o: RunOptions): RunSpec {
  const game = findGame(o.game);
  const entrants = parseEntrants(o.bots);
  return {
    game: game.id,
    variant: o.variant ?? '',
    config: game.configSchema.parse(o.config ?? {}),
    seed: o.seed ?? 'protocol-test',
    entrants,
    players: o.players ?? entrants.length,
    seating: o.seating ?? 'duplicate',
    gamesAsked: o.games,
    record: 'all',
    moveTimeMs: 0,
  };
}

/** A tournament's summary.json (timing removed) and its records. */
export async function tournament(o: RunOptions): Promise<{ summary: any; records: any[]; outcomes: any[] }> {
  const spec = specOf(o);
  const out = mkdtempSync(join(tmpdir(), 'parlor-protocol-'));
  let executor;
  if (o.workers === 0) {
    const factories = [];
    for (const e of spec.entrants) factories.push(await loadBotFactory(spec.game, e.source));
    executor = inlineExecutor(makeBatchContext(spec, findGame(spec.game), factories));
  } else {
    executor = poolExecutor(spec, o.workers);
  }
  await runTournament({ spec, shard: null, out, resume: false, executor });
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
  delete summary.timing;
  const lines = (file: string) => readFileSync(join(out, file), 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
  return { summary, records: lines('records.jsonl'), outcomes: lines('outcomes.jsonl') };
}
