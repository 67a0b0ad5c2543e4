/**
 * The speed bar of the deduction library (issue 5): per update of a seat's knowledge (one
 * observation's facts added, then every count brought up to date) on observation logs taken from
 * real games of the engine, at 3 to 6 players. Prints p50, p90, p99 and the largest, per player
 * count, in microseconds, and the share of updates that needed no recount.
 * Run: node dist/bench/clue-solver.js [--games N] [--variant classic] [--bots random,...] [--max-turns 300] [--json]
 */
import { EventReader, type Learned } from '../bots/clue/reader.js';
import { deckOf, layoutOf } from '../bots/clue/deck.js';
import { Knowledge } from '../src/deduction/knowledge.js';
import type { ClueVariantId } from '../src/games/clue/cards.js';
import type { DealtEvent } from '../src/games/clue/events.js';
import { playClue } from './clue-games.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1]! : fallback;
};
const games = Number(option('games', '40'));
const variant = option('variant', 'classic') as ClueVariantId;
const botNames = option('bots', 'random').split(',');
const maxTurns = Number(option('max-turns', '300'));
const json = args.includes('--json');

/** A seat's observation log: its hand sizes and what each event taught it. */
interface Log {
  readonly seat: number;
  readonly handSizes: readonly number[];
  readonly learned: Learned[];
}

function recordGames(players: number, count: number, seed: string): Log[] {
  const deck = deckOf(variant);
  const logs: Log[] = [];
  const bots = Array.from({ length: players }, (_, seat) => botNames[seat % botNames.length]!);
  for (let index = 0; index < count; index++) {
    const played = playClue(variant, bots, seed, index, maxTurns);
    const handSizes = played.notebooks.map((n) => (n[0] as DealtEvent).cards.length);
    played.notebooks.forEach((notebook, seat) => {
      const reader = new EventReader(deck, seat);
      const learned = notebook.map((e) => reader.read(e)).filter((l): l is Learned => l !== null);
      logs.push({ seat, handSizes, learned });
    });
  }
  return logs;
}

function replay(logs: readonly Log[], times: number[] | null, cpuTimes: number[] | null): number {
  const deck = deckOf(variant);
  let skipped = 0;
  for (const log of logs) {
    const k = new Knowledge(layoutOf(deck, log.handSizes));
    for (const learned of log.learned) {
      if (learned.facts.length === 0) {
        skipped++;
        continue;
      }
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (const fact of learned.facts) k.add(fact);
      k.solve();
      const wall = (performance.now() - started) * 1000;
      const used = process.cpuUsage(cpu);
      times?.push(wall);
      cpuTimes?.push(used.user + used.system);
      if (!k.consistent) throw new Error('an observation log from a real game became inconsistent');
    }
  }
  return skipped;
}

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const rows: Record<string, unknown>[] = [];
for (let players = 3; players <= 6; players++) {
  const logs = recordGames(players, games, `bench-${players}`);
  replay(logs, null, null);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  replay(logs, times, cpuTimes);
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  rows.push({
    players,
    updates: times.length,
    p50: +quantile(times, 0.5).toFixed(1),
    p90: +quantile(times, 0.9).toFixed(1),
    p99: +quantile(times, 0.99).toFixed(1),
    max: +times[times.length - 1]!.toFixed(1),
    mean: +(times.reduce((a, b) => a + b, 0) / times.length).toFixed(1),
    cpuP50: quantile(cpuTimes, 0.5),
    cpuP99: quantile(cpuTimes, 0.99),
  });
}
if (json) process.stdout.write(`${JSON.stringify({ variant, bots: botNames, games, rows })}\n`);
else {
  process.stdout.write(`clue solver, ${variant}, ${games} games per player count of ${botNames.join(',')}, µs per update\n`);
  for (const r of rows) process.stdout.write(`${r.players} players: ${r.updates} updates  p50 ${r.p50}  p90 ${r.p90}  p99 ${r.p99}  max ${r.max}  mean ${r.mean}  (CPU time p50 ${r.cpuP50} p99 ${r.cpuP99})\n`);
}
