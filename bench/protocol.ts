/**
 * The per-decision overhead of a process bot (the bot protocol over stdio, through the I/O thread)
 * against the same bot in-process: the same games, seed and bot (`parlor bot` for the process), so
 * the decisions are the same ones. Reports per decision: wall time, this process's CPU (every
 * thread: the game loop and the I/O thread) and the bot process's CPU (its start-up taken out by
 * differencing a short and a long session), with the load average beside the wall times.
 *
 * Usage (compiled): npm run build && node dist/bench/protocol.js [--game <a game with a `protocol` part in bench/games/>] [--games N]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { findBuiltinBot } from '../bots/registry.js';
import type { BotFactory } from '../src/core/bot.js';
import { seedKey } from '../src/core/rng.js';
import { generatedSeatNames } from '../src/core/seat.js';
import { findGame } from '../src/games/registry.js';
import { GAME_BENCHES } from './games/index.js';
import { playGame } from '../src/referee/match.js';
import { processBotFactory } from '../src/protocol/process-bot.js';
import { processLimitsSchema } from '../src/protocol/process-limits.js';
import { numberOption, textOption } from './args.js';

const gameId = textOption('game', 'yahtzee');
const found = GAME_BENCHES.find((b) => b.game === gameId)?.protocol;
if (found === undefined) throw new Error(`--game ${gameId}: expected one of ${GAME_BENCHES.filter((b) => b.protocol !== undefined).map((b) => b.game).join(', ')}`);
const setup = found;
const games = numberOption('games', setup.games);
const game = findGame(gameId);
const config = game.configSchema.parse(setup.config);
const key = seedKey('bench-protocol');
const cli = join(dirname(dirname(fileURLToPath(import.meta.url))), 'src/cli/main.js');
const byName = (name: string): BotFactory => findBuiltinBot(gameId, name);

/** Plays games [from, to) with `measured` in seat 0; its decisions, and the wall and CPU seconds they took. */
function play(measured: BotFactory, from: number, to: number): { decisions: number; wall: number; cpu: number } {
  let decisions = 0;
  const counted: BotFactory = {
    ...measured,
    create: (ctx) => {
      const bot = measured.create(ctx);
      return { act: (view, legal) => (decisions++, bot.act(view, legal)), observe: (e) => bot.observe?.(e), end: (o) => bot.end?.(o) };
    },
  };
  const names = generatedSeatNames(1 + setup.others.length);
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (let index = from; index < to; index++) {
    const seats = names.map((name, seat) => ({ name, label: seat === 0 ? 'measured' : setup.others[seat - 1]!, bot: seat === 0 ? counted : byName(setup.others[seat - 1]!) }));
    const result = playGame({ game, variant: setup.variant, config, seed: 'bench-protocol', key, index, seats });
    if (result.faults.length > 0 || result.outcome === null) throw new Error(`game ${index}: ${JSON.stringify(result.faults)} ${result.engineError ?? ''}`);
  }
  const cpu = process.cpuUsage(cpu0);
  return { decisions, wall: (performance.now() - wall0) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

/** CPU seconds of this process's ended and reaped children (/proc/self/stat cutime + cstime, in ticks of 1/100 s). */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** One process session over games [0, count): the process's CPU once it has exited. */
async function processSession(count: number): Promise<{ decisions: number; wall: number; cpu: number; botCpu: number }> {
  const factory = processBotFactory(`${process.execPath} ${cli} bot --game ${gameId} --bot ${setup.bot}`, processLimitsSchema.parse({ moveMs: 60_000, handshakeMs: 60_000 }));
  const before = childrenCpu();
  const run = play(factory, 0, count);
  factory.close();
  // The I/O thread reaps the process once it has read bye and exited.
  for (let waited = 0; waited < 5000 && childrenCpu() === before; waited += 50) await sleep(50);
  await sleep(200);
  return { ...run, botCpu: childrenCpu() - before };
}

const load = loadavg()[0]!.toFixed(2);
play(byName(setup.bot), 0, Math.min(games, 20));
const inProcess = play(byName(setup.bot), 0, games);
const short = await processSession(1);
const long = await processSession(games);
const us = (seconds: number, decisions: number): number => Math.round((seconds / decisions) * 1e6 * 10) / 10;
const extra = long.decisions - short.decisions;
const result = {
  game: gameId,
  variant: setup.variant,
  bot: setup.bot,
  games,
  decisions: inProcess.decisions,
  loadAverage: Number(load),
  inProcess: { wallUs: us(inProcess.wall, inProcess.decisions), cpuUs: us(inProcess.cpu, inProcess.decisions) },
  process: {
    wallUs: us(long.wall - short.wall, extra),
    harnessCpuUs: us(long.cpu - short.cpu, extra),
    botCpuUs: us(long.botCpu - short.botCpu, extra),
  },
};
const overheadWall = Math.round((result.process.wallUs - result.inProcess.wallUs) * 10) / 10;
console.log(JSON.stringify({ ...result, overheadWallUs: overheadWall }, null, 2));
