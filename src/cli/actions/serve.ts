import { join } from 'node:path';
import { builtinBots, isSearchPlayer } from '../../../bots/registry.js';
import type { BotFactory } from '../../core/bot.js';
import { InputError } from '../../core/errors.js';
import { parseSetFlags } from '../../core/options.js';
import { MAX_PLAYERS, MIN_PLAYERS } from '../../server/lobby.js';
import { originOf } from '../../server/origin-check.js';
import { servedConfig } from '../../server/served-game.js';
import { startServer } from '../../server/server.js';
import { checkMoveTime } from '../../harness/prepare.js';
import { checkOutputPath, packageRoot } from '../paths.js';

export interface ServeArgs {
  port: number;
  host: string;
  countdown: number;
  grace: number;
  'turn-time': number;
  'move-time-ms': number;
  'fill-with'?: string;
  'fill-to': number;
  takeover?: string;
  'max-message-bytes': number;
  rate: number;
  'max-connections': number;
  'max-per-ip': number;
  'allow-origin': string[];
  records: string;
  seed?: string;
  client?: string;
  set: string[];
}

function clueBot(name: string, flag: string): BotFactory {
  const bots = builtinBots('clue');
  const bot = bots.find((b) => b.name === name);
  const served = bots.filter((b) => !isSearchPlayer(b));
  if (bot === undefined) throw new InputError(`${flag} ${name}: not a Clue System Player; expected one of ${served.map((b) => b.name).join(', ')}`);
  // The server decides for its System Players on its event loop: a decision of tens of milliseconds would stall every table.
  if (isSearchPlayer(bot)) throw new InputError(`${flag} ${name}: the server takes System Players that decide within 5 ms, and ${name} takes tens of milliseconds a decision; expected one of ${served.map((b) => b.name).join(', ')}`);
  return bot;
}

function check(ok: boolean, message: string): void {
  if (!ok) throw new InputError(message);
}

/** `parlor serve`: every flag checked, then the server runs until SIGINT or SIGTERM. */
export async function serveAction(args: ServeArgs): Promise<void> {
  check(Number.isInteger(args.port) && args.port >= 0 && args.port <= 65535, `--port ${args.port}: expected an integer 0-65535`);
  check(Number.isFinite(args.countdown) && args.countdown >= 0, `--countdown ${args.countdown}: expected seconds >= 0`);
  check(Number.isFinite(args.grace) && args.grace >= 0, `--grace ${args.grace}: expected seconds >= 0`);
  check(Number.isFinite(args['turn-time']) && args['turn-time'] >= 0, `--turn-time ${args['turn-time']}: expected seconds >= 0 (0: no limit)`);
  checkMoveTime(args['move-time-ms']);
  check(Number.isInteger(args['fill-to']) && args['fill-to'] >= MIN_PLAYERS && args['fill-to'] <= MAX_PLAYERS, `--fill-to ${args['fill-to']}: expected ${MIN_PLAYERS}-${MAX_PLAYERS}`);
  check(Number.isInteger(args['max-message-bytes']) && args['max-message-bytes'] >= 256 && args['max-message-bytes'] <= 65536, `--max-message-bytes ${args['max-message-bytes']}: expected 256-65536`);
  check(Number.isFinite(args.rate) && args.rate >= 1, `--rate ${args.rate}: expected messages a second >= 1`);
  check(Number.isInteger(args['max-connections']) && args['max-connections'] >= 3, `--max-connections ${args['max-connections']}: expected an integer >= 3`);
  check(Number.isInteger(args['max-per-ip']) && args['max-per-ip'] >= 1, `--max-per-ip ${args['max-per-ip']}: expected an integer >= 1`);
  for (const origin of args['allow-origin']) {
    const url = originOf(origin) === null ? null : new URL(origin);
    check(url !== null && url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '', `--allow-origin ${origin}: expected an origin such as https://example.com (scheme, host and port if any; no path)`);
  }
  const config = servedConfig(parseSetFlags(args.set));
  checkOutputPath(args.records, 'folder');
  const fillWith = args['fill-with'] === undefined ? null : clueBot(args['fill-with'], '--fill-with');
  const takeover = clueBot(args.takeover ?? fillWith?.name ?? 'notebook', '--takeover');
  const seed = args.seed ?? `serve-${Date.now().toString(36)}`;
  let server;
  try {
    server = await startServer({
      port: args.port,
      host: args.host,
      countdownSeconds: args.countdown,
      graceSeconds: args.grace,
      turnSeconds: args['turn-time'],
      moveTimeMs: args['move-time-ms'],
      fillWith,
      fillTo: args['fill-to'],
      takeover,
      maxMessageBytes: args['max-message-bytes'],
      rate: args.rate,
      maxConnections: args['max-connections'],
      maxPerIp: args['max-per-ip'],
      allowOrigins: args['allow-origin'],
      recordsDir: args.records,
      seed,
      clientDir: args.client ?? join(packageRoot(), 'dist', 'client'),
      config,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      throw new InputError(`cannot listen on ${args.host}:${args.port} (${code}): choose another --port or --host`);
    }
    throw error;
  }
  console.log(`parlor serve: listening on ${server.url} (WebSocket ${server.url.replace(/^http/, 'ws')}/ws), seed ${seed}, records in ${args.records}`);
  const running = server;
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      console.log('parlor serve: closing (unfinished games are saved)');
      void running.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
