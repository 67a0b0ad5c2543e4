import type { ErrorCode, ServerMessage } from './messages.js';

/** What a table needs of a person's connection (a Client is one): it knows no tables of its own. */
export interface Connection {
  send(message: ServerMessage): void;
  refuse(code: ErrorCode, message: string, action?: unknown): void;
  /** Leaves the seat: the connection may join again. */
  release(): void;
  close(code: number, reason: string): void;
}
