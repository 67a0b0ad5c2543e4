/**
 * The speed bar of the deduction library (issue 5), on observation logs taken from real games of
 * the engine at 3 to 6 players (each seat's notebook, read as the bots read it):
 * - update: one observation's facts added to a seat's knowledge, then every count brought up to
 *   date (what a bot does after each event it sees);
 * - fresh: a new knowledge from every fact seen so far (the counting part of a solveNotebook call).
 * Prints, per player count, p50 / p90 / p99 / max / mean wall-clock microseconds per call, the
 * same percentiles of process CPU time (steadier when the machine is shared), and how many updates
 * needed a count at all (the others only repeated what was known); then, from the games played to
 * take the logs, the mean, p50 and p99 CPU milliseconds of each bot's decisions. The calls are
 * timed in `--passes` passes after a warm-up one; each percentile is the median of the passes'.
 * Run: node dist/bench/clue-solver.js [--games 40] [--variant classic] [--bots notebook,deduction,checklist,random] [--mode update|fresh] [--passes 9] [--json]
 */
import { deckOf, layoutOf } from '../src/games/clue/deck.js';
import type { Fact } from '../src/deduction/facts.js';
import { Knowledge } from '../src/deduction/knowledge.js';
import type { ClueVariantId } from '../src/games/clue/cards.js';
import { quantile } from '../src/server/timings.js';
import { observationLogs, type ObservationLog } from './clue-games.js';
import { hasFlag, numberOption, textOption } from './args.js';
import { passPercentiles, percentilesLine, type CallTimes } from './call-times.js';

const games = numberOption('games', 40);
const variant = textOption('variant', 'classic') as ClueVariantId;
const botNames = textOption('bots', 'notebook,deduction,checklist,random').split(',');
const mode = textOption('mode', 'update');
const maxTurns = numberOption('max-turns', 1000);
const passes = numberOption('passes', 9);
const json = hasFlag('json');
if (mode !== 'update' && mode !== 'fresh') throw new Error(`--mode ${mode}: expected update or fresh`);

interface Timing extends CallTimes {
  counted: number;
}

function replay(logs: readonly ObservationLog[], timing: Timing | null): void {
  const deck = deckOf(variant);
  for (const log of logs) {
    const layout = layoutOf(deck, log.handSizes);
    const k = new Knowledge(layout);
    k.solve();
    const seen: Fact[] = [];
    for (const facts of log.observations) {
      seen.push(...facts);
      const before = k.worlds;
      const cpu = process.cpuUsage();
      const started = performance.now();
      if (mode === 'update') {
        for (const fact of facts) k.add(fact);
        k.solve();
      } else {
        const fresh = new Knowledge(layout);
        for (const fact of seen) fresh.add(fact);
        fresh.solve();
      }
      const wall = (performance.now() - started) * 1000;
      const used = process.cpuUsage(cpu);
      if (mode === 'fresh') for (const fact of facts) k.add(fact);
      if (!k.consistent) throw new Error('an observation log from a real game became inconsistent');
      if (timing === null) continue;
      timing.wall.push(wall);
      timing.cpu.push(used.user + used.system);
      if (k.worlds !== before) timing.counted++;
    }
  }
}

interface DecisionMs {
  decisions: number;
  mean: number;
  p50: number;
  p99: number;
}
const rows: (ReturnType<typeof passPercentiles> & { players: number; updates: number; newKnowledge: number; decisionMs: Record<string, DecisionMs> })[] = [];
for (let players = 3; players <= 6; players++) {
  const decisions = new Map<string, number[]>();
  const logs = observationLogs(variant, botNames, players, games, `bench-${players}`, maxTurns, (bot, _wall, cpu) => {
    const list = decisions.get(bot) ?? [];
    list.push(cpu);
    decisions.set(bot, list);
  });
  replay(logs, null);
  const timings = Array.from({ length: passes }, (): Timing => ({ wall: [], cpu: [], counted: 0 }));
  for (const timing of timings) replay(logs, timing);
  rows.push({
    players,
    updates: timings[0]!.wall.length,
    newKnowledge: timings[0]!.counted,
    ...passPercentiles(timings),
    decisionMs: Object.fromEntries(
      [...decisions].map(([bot, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        const ms = (us: number): number => +(us / 1000).toFixed(3);
        return [bot, { decisions: sorted.length, mean: ms(sorted.reduce((a, b) => a + b, 0) / sorted.length), p50: ms(quantile(sorted, 0.5)), p99: ms(quantile(sorted, 0.99)) }];
      }),
    ),
  });
}
if (json) process.stdout.write(`${JSON.stringify({ variant, bots: botNames, games, mode, rows })}\n`);
else {
  process.stdout.write(
    `clue solver (${mode}), ${variant}, ${games} games per player count of ${botNames.join(',')}, µs per call, median of ${passes} passes (p50 and p99 range over them)\n`,
  );
  for (const r of rows) {
    process.stdout.write(`${r.players} players: ${r.updates} calls (${r.newKnowledge} with something new)  ${percentilesLine(r)}\n`);
    const decided = Object.entries(r.decisionMs);
    process.stdout.write(`  CPU ms per decision: ${decided.map(([bot, d]) => `${bot} mean ${d.mean} p50 ${d.p50} p99 ${d.p99} (${d.decisions})`).join(', ')}\n`);
  }
}
