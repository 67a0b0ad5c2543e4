import type { WebSocket } from 'ws';
import type { Connection } from './connection.js';
import type { ErrorCode, ServerMessage } from './messages.js';
import { RateLimit } from './rate-limit.js';
import type { ServedGame } from './served-game.js';

/** Where a connection stands: nowhere yet, waiting in the queue, or bound to a seat of a game. */
export type Place = { readonly kind: 'none' } | { readonly kind: 'queue' } | { readonly kind: 'seat'; readonly table: ServedGame; readonly seat: number };

const NOWHERE: Place = { kind: 'none' };

/**
 * A client that reads this far behind (bytes queued to it) is cut off, like a dropped connection:
 * a stalled reader must not make the server hold every update of its games in memory.
 */
export const MAX_BUFFERED_BYTES = 4 * 2 ** 20;

/** Counts every frame sent and received, for `/status` and the load test. */
export interface Traffic {
  sent: number;
  received: number;
}

/** One WebSocket connection: its token once it joined, its place, its rate limit. */
export class Client implements Connection {
  token: string | null = null;
  name = '';
  place: Place = NOWHERE;

  constructor(
    private readonly socket: WebSocket,
    readonly limit: RateLimit,
    private readonly traffic: Traffic,
  ) {}

  send(message: ServerMessage): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    this.traffic.sent++;
    this.socket.send(JSON.stringify(message));
  }

  refuse(code: ErrorCode, message: string, action?: unknown): void {
    this.send({ type: 'error', code, message, ...(action !== undefined ? { action } : {}) });
  }

  /** Leaves the queue or the seat: the connection may join again. */
  release(): void {
    this.place = NOWHERE;
    this.token = null;
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }
}
