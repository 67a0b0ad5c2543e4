import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { builtinBots } from '../../bots/registry.js';
import type { BotFactory } from '../../src/core/bot.js';
import type { GameRecord } from '../../src/core/record.js';
import { Sfc32 } from '../../src/core/rng.js';
import { RandomClient } from '../../src/server/random-client.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/server.js';

export function clueBot(name: string): BotFactory {
  return builtinBots('clue').find((bot) => bot.name === name)!;
}

const open: { server: RunningServer; dir: string }[] = [];

afterEach(async () => {
  for (const { server, dir } of open.splice(0)) {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A server on a free loopback port with its records in a fresh temporary folder, closed after the test. */
export async function testServer(options: Partial<ServerOptions> = {}): Promise<{ server: RunningServer; ws: string; records: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-serve-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    countdownSeconds: 0,
    graceSeconds: 30,
    fillWith: null,
    fillTo: 3,
    takeover: clueBot('random'),
    maxMessageBytes: 4096,
    rate: 1000,
    recordsDir: dir,
    seed: 'test',
    clientDir: dir,
    ...options,
  });
  open.push({ server, dir });
  return { server, ws: `${server.url.replace(/^http/, 'ws')}/ws`, records: dir };
}

/** A random client whose choices come from `seed`, connected. */
export async function randomClient(ws: string, seed: number, accuseChance = 0.05, keepLog = true): Promise<RandomClient> {
  const rng = new Sfc32(seed, 0x9e3779b9, seed * 7, 1);
  const client = new RandomClient({ url: ws, random: () => rng.next(), accuseChance, validate: true }, keepLog);
  await client.opened();
  return client;
}

export function savedRecords(dir: string): GameRecord[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as GameRecord);
}

/** Resolves once `check` holds, polling; fails after `ms`. */
export async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
