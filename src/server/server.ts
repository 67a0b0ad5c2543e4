import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { BotFactory } from '../core/bot.js';
import { describeIssues } from '../core/errors.js';
import type { GameRecord } from '../core/record.js';
import { seedKey } from '../core/rng.js';
import { generatedSeatNames } from '../core/seat.js';
import { isPresent, replaceFile } from '../core/user-files.js';
import type { ClueConfig } from '../games/clue/config.js';
import { effectiveRules, VARIANTS } from '../games/clue/rules.js';
import { cleanName, nameRefusal } from './names.js';
import { BotTurns } from './bot-turns.js';
import { Client, type Traffic } from './client.js';
import { CLOSE } from './close-codes.js';
import { Lobby, MAX_PLAYERS, MIN_PLAYERS } from './lobby.js';
import { addressKey } from './address-key.js';
import { clientMessageSchema, PROTOCOL_VERSION, type ClientMessage, type HelloMessage } from './messages.js';
import { isLoopbackName, originOf, refusedOrigin, type OriginPolicy } from './origin-check.js';
import { RateLimit } from './rate-limit.js';
import { serveStatic } from './static-files.js';
import { ServedGame, servedConfig, type SeatSetup } from './served-game.js';
import { Timings } from './timings.js';

export interface ServerOptions {
  readonly port: number;
  readonly host: string;
  readonly countdownSeconds: number;
  readonly graceSeconds: number;
  /** Seconds a prompted person has to act before the System Player takes the seat; 0: no limit. */
  readonly turnSeconds: number;
  /** A System Player's decision slower than this is a timeout fault; 0 or absent: no limit. */
  readonly moveTimeMs?: number;
  /** Past this many steps a game stops on an engine error; absent: the referee's default. */
  readonly maxSteps?: number;
  /** System Players fill the table up to `fillTo` seats when a countdown ends; null: people only. */
  readonly fillWith: BotFactory | null;
  readonly fillTo: number;
  /** Takes the seat of a person who left or did not come back in time. */
  readonly takeover: BotFactory;
  readonly maxMessageBytes: number;
  /** Messages a second per connection; bursts of twice that. */
  readonly rate: number;
  readonly recordsDir: string;
  /** The seed of game n is (seed, n): every game replays from its record. */
  readonly seed: string;
  /** The browser client's static files. */
  readonly clientDir: string;
  /** How often every connection is pinged; one that has not answered the last ping is cut. Default 30 s. */
  readonly heartbeatMs?: number;
  /** Connections held at most; one more is told `server-full` and closed. */
  readonly maxConnections: number;
  /** Connections held at most from one address (an IPv6 /64); one more is told `too-many-connections` and closed. */
  readonly maxPerIp: number;
  /** Origins whose pages may connect besides the server's own (`--allow-origin`), e.g. `https://example.com`. */
  readonly allowOrigins: readonly string[];
  /** The options every game is played by (`servedConfig`, `--set`); absent: Clue-Less's own rules. */
  readonly config?: ClueConfig;
}

export interface ServerStatus {
  readonly queued: number;
  readonly games: number;
  readonly people: number;
  readonly finished: number;
  readonly connections: number;
  readonly messages: Traffic;
  /** The server's own time to handle an action (apply, the System Players' slice, every update sent), over the last 10 000 actions, ms. */
  readonly actionMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly uptimeSeconds: number;
  readonly memory: { readonly rssMB: number; readonly heapUsedMB: number };
}

export interface RunningServer {
  readonly port: number;
  readonly url: string;
  status(): ServerStatus;
  /** Saves every record written so far (and the unfinished games' records), closes every connection. */
  close(): Promise<void>;
}

/** A connection flooding past this many refused messages in this window is disconnected. */
const FLOOD = { refusals: 100, windowMs: 10_000 } as const;
/** Frames past this size are not even read: ws closes the connection (1009). */
const HARD_MAX_BYTES = 64 * 1024;
/** Pings find the connections that died without a close: a half-open TCP connection, a vanished network. */
const HEARTBEAT_MS = 30_000;
/** At most this much System Player work between two polls for messages. */
const BOT_TICK_MS = 8;
/** What a client may send, for the line refusing anything else: read from the protocol, so it names every type. */
const CLIENT_MESSAGE_TYPES = clientMessageSchema.options.map((option) => option.shape.type.value).join(', ');

function safeFileName(text: string): string {
  return text.replace(/[^A-Za-z0-9_.-]/g, '_');
}

/** The names at one table: each person's own when free and non-empty (a join refused reserved ones), generated ones otherwise. */
function tableNames(wanted: readonly string[], seats: number): string[] {
  const taken = new Set<string>();
  const names: string[] = [];
  const spare = generatedSeatNames(seats + MAX_PLAYERS * 2).filter((name) => !wanted.some((w) => w.toLowerCase() === name.toLowerCase()));
  for (let i = 0; i < seats; i++) {
    const want = wanted[i] ?? '';
    const name = want !== '' && !taken.has(want.toLowerCase()) ? want : spare.shift()!;
    taken.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

/**
 * `parlor serve`: the Clue-Less game server (spec 001 S.1-S.12) on HTTP and WebSocket. One
 * process holds every game; each is small, synchronous work on the event loop.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const started = Date.now();
  const key = seedKey(options.seed);
  const config = options.config ?? servedConfig();
  const traffic: Traffic = { sent: 0, received: 0 };
  const tables = new Set<ServedGame>();
  /** Seat tokens of running games; a taken-over seat's token is kept until the end, so a late reconnect hears why. */
  const seats = new Map<string, { table: ServedGame; seat: number } | 'taken-over'>();
  const clients = new Set<Client>();
  const writes = new Set<Promise<void>>();
  let gamesStarted = 0;
  let finished = 0;
  let closing = false;
  const actionTimes = new Timings(10_000);
  const botTurns = new BotTurns(BOT_TICK_MS);

  const save = (record: GameRecord, file: string): void => {
    // Written aside and renamed, so a record file is never seen half-written; the folder is made for the first record, not before.
    const write = mkdir(options.recordsDir, { recursive: true })
      .then(() => replaceFile(join(options.recordsDir, file), `${JSON.stringify(record)}\n`))
      .catch((error: unknown) => {
        process.stderr.write(`parlor serve: cannot save ${file}: ${(error as Error).message}\n`);
      });
    writes.add(write);
    void write.finally(() => writes.delete(write));
  };
  /**
   * Game n's record file, chosen as it starts: `<seed>-<n>.json`, or `<seed>-<n>-2.json`, ... when
   * a server run before with the same seed left one there (it is never overwritten).
   */
  const recordFile = (index: number): string => {
    const base = `${safeFileName(options.seed)}-${index}`;
    let name = `${base}.json`;
    for (let copy = 2; isPresent(join(options.recordsDir, name)); copy++) name = `${base}-${copy}.json`;
    return name;
  };

  const startGame = (people: readonly Client[]): void => {
    const index = ++gamesStarted;
    const count = options.fillWith === null ? people.length : Math.max(people.length, options.fillTo);
    const names = tableNames(
      people.map((p) => p.name),
      count,
    );
    const setups: SeatSetup[] = names.map((name, i) => (i < people.length ? { name, client: people[i]!, token: people[i]!.token! } : { name, bot: options.fillWith! }));
    const table = new ServedGame({
      id: `g${index}`,
      seed: options.seed,
      key,
      index,
      seats: setups,
      takeover: options.takeover,
      graceMs: options.graceSeconds * 1000,
      turnMs: options.turnSeconds * 1000,
      config,
      ...(options.moveTimeMs !== undefined ? { moveTimeMs: options.moveTimeMs } : {}),
      ...(options.maxSteps !== undefined ? { maxSteps: options.maxSteps } : {}),
      botTurns,
      recordFile: recordFile(index),
      onEnd: (ended, record) => {
        tables.delete(ended);
        for (const token of ended.tokens) seats.delete(token);
        finished++;
        save(record, ended.recordFile);
      },
      onTakeover: (token) => seats.set(token, 'taken-over'),
    });
    people.forEach((client, seat) => {
      client.name = names[seat]!;
      client.place = { kind: 'seat', table, seat };
      seats.set(client.token!, { table, seat });
    });
    tables.add(table);
    table.start();
  };

  const lobby = new Lobby({ countdownMs: options.countdownSeconds * 1000, fill: options.fillWith !== null, startGame });

  const handle = (client: Client, message: ClientMessage): void => {
    const place = client.place;
    switch (message.type) {
      case 'ping':
        client.send({ type: 'pong', time: Date.now() });
        return;
      case 'join': {
        if (place.kind !== 'none') return client.refuse('already-joined', `you are already ${place.kind === 'queue' ? 'in the queue' : 'seated in a game'}: send leave first`);
        const name = cleanName(message.name);
        const refused = nameRefusal(name);
        if (refused !== null) return client.refuse('bad-name', refused);
        client.token = randomBytes(18).toString('base64url');
        client.name = name;
        lobby.join(client);
        return;
      }
      case 'reconnect': {
        if (place.kind !== 'none') return client.refuse('already-joined', `this connection is already ${place.kind === 'queue' ? 'in the queue' : 'seated'}: reconnect from a new connection`);
        const held = seats.get(message.token);
        if (held === undefined) return client.refuse('bad-token', 'no seat of a running game holds this token: send {"type":"join"} to queue for a game');
        if (held === 'taken-over') return client.refuse('seat-taken-over', 'the seat of this token was given to a System Player (you left, or the grace period ended): join the queue for a new game');
        const previous = held.table.clientOf(held.seat);
        if (previous !== null) {
          previous.refuse('replaced', 'another connection reconnected with your token: this one is closed');
          previous.release();
          previous.close(CLOSE.replaced, 'replaced');
        }
        client.token = message.token;
        client.place = { kind: 'seat', table: held.table, seat: held.seat };
        held.table.rejoin(held.seat, client);
        return;
      }
      case 'action': {
        if (place.kind !== 'seat') return client.refuse('not-seated', 'this connection has no seat in a game: join the queue, or reconnect with your token', message.action);
        if (message.token !== client.token) return client.refuse('bad-token', 'the token is not this connection’s: act with the token you were given on join', message.action);
        const begun = performance.now();
        const refused = place.table.act(place.seat, message.action);
        if (refused !== null) client.refuse(refused.code, refused.message, message.action);
        else actionTimes.add(performance.now() - begun);
        return;
      }
      case 'notebook':
        if (place.kind !== 'seat') return client.refuse('not-seated', 'this connection has no seat in a game: the notebook is a seated player’s');
        client.send(place.table.notebook(place.seat));
        return;
      case 'leave':
        if (place.kind === 'queue') {
          lobby.remove(client);
          client.send({ type: 'status', text: 'You left the queue.' });
        } else if (place.kind === 'seat') {
          client.release();
          place.table.leave(place.seat);
          client.send({ type: 'status', text: 'You left the game.' });
        } else client.refuse('not-seated', 'you are neither queued nor seated: there is nothing to leave');
        return;
    }
  };

  const receive = (client: Client, data: RawData, isBinary: boolean): void => {
    traffic.received++;
    if (!client.limit.take(Date.now())) {
      if (client.limit.flooding()) return client.close(CLOSE.flooding, 'flooding');
      return client.refuse('rate-limited', `more than ${options.rate} messages a second: this one was dropped; slow down`);
    }
    const size = Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data instanceof ArrayBuffer ? data.byteLength : data.length;
    if (size > options.maxMessageBytes) return client.refuse('too-large', `a message may be at most ${options.maxMessageBytes} bytes; this one has ${size}`);
    if (isBinary) return client.refuse('bad-message', 'send JSON text frames, not binary ones');
    let raw: unknown;
    try {
      raw = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8'));
    } catch {
      return client.refuse('bad-message', 'the message is not JSON: send one JSON object per frame, e.g. {"type":"join"}');
    }
    const parsed = clientMessageSchema.safeParse(raw);
    if (!parsed.success) {
      return client.refuse('bad-message', `not a client message: ${describeIssues(parsed.error.issues)} (expected a type of ${CLIENT_MESSAGE_TYPES})`);
    }
    handle(client, parsed.data);
  };

  const hello: HelloMessage = {
    type: 'hello',
    protocol: PROTOCOL_VERSION,
    game: 'clue',
    variant: 'clueless',
    players: [MIN_PLAYERS, MAX_PLAYERS],
    rules: effectiveRules(VARIANTS.clueless, config),
    countdownSeconds: options.countdownSeconds,
    graceSeconds: options.graceSeconds,
    turnSeconds: options.turnSeconds,
    limits: { maxMessageBytes: options.maxMessageBytes, messagesPerSecond: options.rate, burst: options.rate * 2 },
  };

  const alive = new WeakSet<WebSocket>();
  /** Connections held per address key. */
  const perAddress = new Map<string, number>();
  const connect = (socket: WebSocket, request: IncomingMessage): void => {
    const client = new Client(socket, new RateLimit(options.rate, options.rate * 2, FLOOD.refusals, FLOOD.windowMs, Date.now()), traffic);
    if (clients.size >= options.maxConnections) {
      client.refuse('server-full', `the server holds its most connections (${options.maxConnections}): try again later`);
      client.close(CLOSE.full, 'server full');
      return;
    }
    const address = addressKey(request.socket.remoteAddress);
    const held = perAddress.get(address) ?? 0;
    if (held >= options.maxPerIp) {
      client.refuse('too-many-connections', `your address holds the most connections the server allows one address (${options.maxPerIp}): close one, or try again later`);
      client.close(CLOSE.full, 'too many connections');
      return;
    }
    perAddress.set(address, held + 1);
    clients.add(client);
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
    socket.on('message', (data, isBinary) => receive(client, data, isBinary));
    socket.on('error', () => socket.terminate());
    socket.on('close', () => {
      clients.delete(client);
      const left = perAddress.get(address)! - 1;
      if (left === 0) perAddress.delete(address);
      else perAddress.set(address, left);
      if (closing) return;
      const place = client.place;
      if (place.kind === 'queue') lobby.remove(client);
      else if (place.kind === 'seat' && place.table.clientOf(place.seat) === client) place.table.dropped(place.seat);
    });
    client.send(hello);
  };

  const status = (): ServerStatus => {
    const memory = process.memoryUsage();
    let people = 0;
    for (const table of tables) people += table.people;
    return {
      queued: lobby.waiting,
      games: tables.size,
      people,
      finished,
      connections: clients.size,
      messages: { ...traffic },
      actionMs: actionTimes.summary(),
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
      memory: { rssMB: Math.round(memory.rss / 2 ** 20), heapUsedMB: Math.round(memory.heapUsed / 2 ** 20) },
    };
  };

  const http = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.url === '/status') {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' });
      response.end(`${JSON.stringify(status())}\n`);
      return;
    }
    void serveStatic(options.clientDir, request, response);
  });
  const origins: OriginPolicy = { allowed: new Set(options.allowOrigins.map((origin) => originOf(origin) ?? origin)), loopbackOnly: isLoopbackName(options.host) };
  const sockets = new WebSocketServer({
    server: http,
    path: '/ws',
    maxPayload: HARD_MAX_BYTES,
    // Refused before the handshake: a page of another site never gets a connection to act through.
    verifyClient: ({ req }, accept) => {
      // A TLS proxy in front says the page's scheme; the server itself speaks plain HTTP.
      const scheme = req.headers['x-forwarded-proto'] === 'https' ? 'https' : 'http';
      const refused = refusedOrigin(req.headers.origin, req.headers.host, origins, scheme);
      if (refused === null) accept(true);
      else accept(false, 403, `origin-not-allowed: ${refused}\n`, { 'Content-Type': 'text/plain; charset=utf-8' });
    },
  });
  sockets.on('connection', connect);
  const heartbeat = setInterval(() => {
    for (const socket of sockets.clients) {
      if (!alive.has(socket)) socket.terminate();
      else {
        alive.delete(socket);
        socket.ping();
      }
    }
  }, options.heartbeatMs ?? HEARTBEAT_MS);

  await new Promise<void>((resolve, reject) => {
    // ws passes the HTTP server's errors on as its own events: a failed listen is handled here once.
    const fail = (error: Error): void => {
      clearInterval(heartbeat);
      reject(error);
    };
    http.once('error', fail);
    sockets.once('error', fail);
    http.listen(options.port, options.host, () => {
      http.off('error', fail);
      sockets.off('error', fail);
      resolve();
    });
  });
  const port = (http.address() as AddressInfo).port;

  return {
    port,
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    status,
    close: async () => {
      closing = true;
      clearInterval(heartbeat);
      lobby.close();
      for (const table of tables) save(table.stop(), table.recordFile);
      tables.clear();
      for (const client of clients) {
        client.refuse('closing', 'the server is shutting down');
        client.close(CLOSE.shuttingDown, 'server closing');
      }
      // Clients that do not answer the closing handshake in time are cut off.
      const cutOff = setTimeout(() => {
        for (const socket of sockets.clients) socket.terminate();
      }, 500);
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      clearTimeout(cutOff);
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await Promise.all([...writes]);
    },
  };
}
