/**
 * The Clue-Less server under load (issue 9): `parlor serve` in its own process on loopback, and
 * --games concurrent games whose every seat is a light random WebSocket client in this process
 * (accusing with --accuse chance when it may: at 0.002 a game lasts well over the run, so all of
 * them run side by side). Every connection opens first, then all join at once. Bounded: --seconds
 * from the joins. Reports messages a second (both directions), action latency (sending an action
 * to receiving the update it caused) p50/p90/p99, the server's peak memory (its /status, polled)
 * and the CPU seconds of the server process and of the clients.
 * With --people 1 or 2, the other seats of each game of 3 are System Players (--fill-with, default
 * random): what bots in the server's own event loop cost. Every client connects from 127.0.0.1, so
 * the server's --max-per-ip is raised to the clients' count.
 * Run (compiled): npm run build && node dist/bench/serve-load.js [--games 200] [--seconds 30] [--accuse 0.002] [--people 3] [--fill-with notebook] [--json]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLoad } from '../src/server/load.js';
import type { ServerStatus } from '../src/server/server.js';
import { hasFlag, numberOption, textOption } from './args.js';

const dist = dirname(dirname(fileURLToPath(import.meta.url)));
const games = numberOption('games', 200);
const seconds = numberOption('seconds', 30);
const accuse = numberOption('accuse', 0.002);
const json = hasFlag('json');
/** People per game; the other seats of a game of 3 are System Players (--fill-with). */
const people = numberOption('people', 3);
const fillWith = textOption('fill-with', 'random');

/** User + system CPU seconds of a process so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const records = mkdtempSync(join(tmpdir(), 'parlor-serve-load-'));
const fill = people < 3 ? ['--fill-with', fillWith, '--fill-to', '3'] : [];
const server = spawn(process.execPath, [join(dist, 'src/cli/main.js'), 'serve', '--port', '0', '--countdown', '0', '--records', records, '--seed', 'load', '--takeover', 'random', '--max-per-ip', String(games * people), ...fill], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (chunk) => {
    out += String(chunk);
    const found = /listening on (http:\/\/\S+)/.exec(out);
    if (found !== null) resolve(found[1]!);
  });
  server.once('exit', (code) => reject(new Error(`parlor serve exited with ${code}`)));
});
const status = async (): Promise<ServerStatus> => (await (await fetch(`${url}/status`)).json()) as ServerStatus;

const before = await status();
let peakRss = before.memory.rssMB;
let peakHeap = before.memory.heapUsedMB;
let peakGames = 0;
const poll = setInterval(() => {
  void status().then((s) => {
    peakRss = Math.max(peakRss, s.memory.rssMB);
    peakHeap = Math.max(peakHeap, s.memory.heapUsedMB);
    peakGames = Math.max(peakGames, s.games);
  });
}, 500);
const cpuBefore = cpuSeconds(server.pid!);
const clientsCpuBefore = process.cpuUsage();
const load = await runLoad({ url: `${url.replace(/^http/, 'ws')}/ws`, games, seats: people, seconds, accuseChance: accuse, seed: 1 });
const serverCpu = cpuSeconds(server.pid!) - cpuBefore;
const clientsCpu = process.cpuUsage(clientsCpuBefore);
clearInterval(poll);
const after = await status();
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
rmSync(records, { recursive: true, force: true });

const messages = load.received + load.sent;
const result = {
  games,
  people,
  ...(people < 3 ? { fillWith } : {}),
  clients: load.clients,
  gamesStarted: load.gamesStarted,
  gamesFinished: load.gamesFinished,
  peakConcurrentGames: peakGames,
  actions: load.actions,
  errors: load.errors,
  seconds: Number(load.seconds.toFixed(1)),
  messages,
  messagesPerSecond: Math.round(messages / load.seconds),
  actionsPerSecond: Math.round(load.actions / load.seconds),
  latencyMs: Object.fromEntries(Object.entries(load.latencyMs).map(([k, v]) => [k, Number(v.toFixed(1))])),
  server: { actionMs: after.actionMs, rssMBBefore: before.memory.rssMB, peakRssMB: peakRss, peakHeapUsedMB: peakHeap, rssMBAfter: after.memory.rssMB, cpuSeconds: Number(serverCpu.toFixed(1)), cpuMsPerAction: Number(((serverCpu * 1000) / load.actions).toFixed(3)) },
  clientsCpuSeconds: Number(((clientsCpu.user + clientsCpu.system) / 1e6).toFixed(1)),
  loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
};
if (json) console.log(JSON.stringify(result, null, 2));
else {
  console.log(`${load.gamesStarted} games (${load.clients} WebSocket clients, at most ${peakGames} running at once), ${load.gamesFinished} finished in ${result.seconds} s, ${load.errors} errors`);
  console.log(`${messages} messages: ${result.messagesPerSecond} messages/s; ${load.actions} actions: ${result.actionsPerSecond} actions/s`);
  console.log(`action latency ms (client round trip): p50 ${result.latencyMs['p50']}, p90 ${result.latencyMs['p90']}, p99 ${result.latencyMs['p99']}, max ${result.latencyMs['max']}`);
  console.log(`the server's own time per action ms (last 10 000): p50 ${after.actionMs.p50}, p99 ${after.actionMs.p99}, max ${after.actionMs.max}`);
  console.log(`server: RSS ${before.memory.rssMB} MB idle, peak ${peakRss} MB, peak heap ${peakHeap} MB, ${result.server.cpuSeconds} CPU s (${result.server.cpuMsPerAction} ms an action); the clients ${result.clientsCpuSeconds} CPU s; load average ${result.loadAverage.join(' ')}`);
}
