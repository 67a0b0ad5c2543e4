import { RandomClient } from './random-client.js';
import { Sfc32 } from '../core/rng.js';
import { quantile } from './timings.js';

export interface LoadOptions {
  /** The server's WebSocket address. */
  readonly url: string;
  /** Games played at once: `games * seats` clients join (the server must start games of `seats` people, --countdown 0). */
  readonly games: number;
  readonly seats: number;
  /** Stop waiting for the games to end after this long. */
  readonly seconds: number;
  readonly accuseChance: number;
  readonly seed: number;
  /** Clients connecting at once, so the connection storm stays bounded. */
  readonly connectBatch?: number;
}

export interface LoadResult {
  readonly clients: number;
  readonly gamesStarted: number;
  readonly gamesFinished: number;
  /** Actions the clients sent and the server answered. */
  readonly actions: number;
  /** Frames the clients received and sent. */
  readonly received: number;
  readonly sent: number;
  readonly errors: number;
  /** From the joins (every connection open) to the last game's end, or the time limit. */
  readonly seconds: number;
  readonly latencyMs: { readonly p50: number; readonly p90: number; readonly p99: number; readonly max: number };
}

/**
 * Runs `games` concurrent games whose every seat is a light random client over WebSocket, so it
 * measures the server, not the bots: the load test's driver (bench/serve-load.ts, and a small run
 * in the test suite).
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const clients: RandomClient[] = [];
  const batch = options.connectBatch ?? 50;
  const total = options.games * options.seats;
  // Every connection opens first and then all join at once, so the games run side by side rather
  // than the first ones racing ahead while the last ones connect.
  for (let i = 0; i < total; i += batch) {
    const opening: Promise<void>[] = [];
    for (let j = i; j < Math.min(total, i + batch); j++) {
      const rng = new Sfc32(options.seed, j, 0x85ebca6b, 0xc2b2ae35);
      const client = new RandomClient({ url: options.url, random: () => rng.next(), accuseChance: options.accuseChance });
      clients.push(client);
      opening.push(client.opened());
    }
    await Promise.all(opening);
  }
  const started = performance.now();
  for (const client of clients) client.join();
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, options.seconds * 1000)));
  await Promise.race([Promise.all(clients.map((c) => c.finished)), timeUp]);
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  for (const client of clients) client.socket.close();

  const latencies = clients.flatMap((c) => c.latencies).sort((a, b) => a - b);
  const games = new Set(clients.map((c) => c.gameId).filter((id) => id !== null));
  const finished = new Set(clients.filter((c) => c.gameOver !== null).map((c) => c.gameId));
  return {
    clients: clients.length,
    gamesStarted: games.size,
    gamesFinished: finished.size,
    actions: latencies.length,
    received: clients.reduce((sum, c) => sum + c.received, 0),
    sent: clients.reduce((sum, c) => sum + c.sent, 0),
    errors: clients.reduce((sum, c) => sum + c.errors.length, 0),
    seconds,
    latencyMs: { p50: quantile(latencies, 0.5), p90: quantile(latencies, 0.9), p99: quantile(latencies, 0.99), max: latencies.at(-1) ?? Number.NaN },
  };
}
