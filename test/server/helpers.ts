import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { WebSocket, type ClientOptions } from 'ws';
import { findBuiltinBot } from '../../bots/registry.js';
import type { BotFactory } from '../../src/core/bot.js';
import type { GameRecord } from '../../src/core/record.js';
import { Sfc32 } from '../../src/core/rng.js';
import type { ClueState } from '../../src/games/clue/state.js';
import { replayRecord } from '../../src/referee/replay.js';
import type { ServerMessage } from '../../src/server/messages.js';
import { RandomClient } from '../../src/server/random-client.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/server.js';

export function clueBot(name: string): BotFactory {
  return findBuiltinBot('clue', name);
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
    turnSeconds: 0,
    fillWith: null,
    fillTo: 3,
    takeover: clueBot('random'),
    maxMessageBytes: 4096,
    rate: 1000,
    maxConnections: 1000,
    maxPerIp: 1000,
    allowOrigins: [],
    recordsDir: dir,
    seed: 'test',
    clientDir: dir,
    ...options,
  });
  open.push({ server, dir });
  return { server, ws: `${server.url.replace(/^http/, 'ws')}/ws`, records: dir };
}

/** A random client whose choices come from `seed`, connected. */
export async function randomClient(ws: string, seed: number, accuseChance = 0.05, dropAfterUpdates?: number): Promise<RandomClient> {
  const rng = new Sfc32(seed, 0x9e3779b9, seed * 7, 1);
  const client = new RandomClient({ url: ws, random: () => rng.next(), accuseChance, validate: true, ...(dropAfterUpdates !== undefined ? { dropAfterUpdates } : {}) }, true);
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

type Message = ServerMessage & Record<string, unknown>;

/** A client the test drives message by message: everything received is kept, in order. */
export class ScriptedClient {
  readonly socket: WebSocket;
  readonly messages: Message[] = [];
  closed: { code: number; reason: string } | null = null;
  private read = 0;
  private waiters: (() => void)[] = [];

  constructor(url: string, options?: ClientOptions) {
    this.socket = new WebSocket(url, options);
    this.socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as Message);
      this.wake();
    });
    this.socket.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  /** `options`: the ws client's, e.g. `origin`, `headers`, or `localAddress` to connect from another loopback address. */
  static async connect(url: string, options?: ClientOptions): Promise<ScriptedClient> {
    const client = new ScriptedClient(url, options);
    await new Promise((resolve, reject) => {
      client.socket.once('open', resolve);
      client.socket.once('error', reject);
    });
    return client;
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next unread message of `type` (and matching `where`), skipping others; waits up to `ms`. */
  async next<T extends ServerMessage['type']>(type: T, where: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true, ms = 5000): Promise<Extract<ServerMessage, { type: T }>> {
    const end = Date.now() + ms;
    for (;;) {
      while (this.read < this.messages.length) {
        const message = this.messages[this.read++]!;
        if (message.type === type && where(message as never)) return message as never;
      }
      if (this.closed !== null) throw new Error(`closed (${this.closed.code} ${this.closed.reason}) before a ${type} message`);
      const left = end - Date.now();
      if (left <= 0) throw new Error(`no ${type} message within ${ms} ms; got ${this.messages.map((m) => m.type).join(', ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Every message received so far of `type`. */
  all<T extends ServerMessage['type']>(type: T): Extract<ServerMessage, { type: T }>[] {
    return this.messages.filter((m) => m.type === type) as never;
  }

  async closedNow(ms = 5000): Promise<{ code: number; reason: string }> {
    await until(() => this.closed !== null, ms, 'the connection to close');
    return this.closed!;
  }
}

/** The server's answer to a WebSocket upgrade it refuses: HTTP status and body. */
export async function refusedUpgrade(url: string, options: ClientOptions): Promise<{ status: number; body: string }> {
  const socket = new WebSocket(url, options);
  return new Promise((resolve, reject) => {
    socket.once('open', () => (socket.close(), reject(new Error('the upgrade was accepted'))));
    socket.once('error', () => undefined);
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
  });
}

/** The game of a record played again through the engine: its final state. */
export function replayedState(record: GameRecord): ClueState {
  const replay = replayRecord(record);
  if (replay.mismatch !== null) throw new Error(replay.mismatch);
  return replay.state as ClueState;
}
