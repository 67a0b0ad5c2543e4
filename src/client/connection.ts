import { CLOSE } from '../server/close-codes.js';
import type { ClientMessage, ServerMessage } from '../server/messages.js';

/** Closes after which coming back on our own would be wrong: another tab took the seat, or the server cut us off for flooding. */
const FINAL_CLOSES = new Set<number>([CLOSE.replaced, CLOSE.flooding]);
const RETRY_MS = [500, 1000, 2000, 4000, 8000];

export interface ConnectionEvents {
  message(message: ServerMessage): void;
  /** Up (true) or down (false); `final`: it will not try again. */
  state(open: boolean, final: boolean): void;
}

/** The WebSocket to the server, opened again (with growing pauses) when it drops. */
export class Connection {
  private socket: WebSocket | null = null;
  private attempts = 0;

  constructor(
    private readonly url: string,
    private readonly events: ConnectionEvents,
  ) {
    this.open();
  }

  private open(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.attempts = 0;
      this.events.state(true, false);
    });
    socket.addEventListener('message', (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      this.events.message(message);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      const final = FINAL_CLOSES.has(event.code);
      this.events.state(false, final);
      if (!final) setTimeout(() => this.open(), RETRY_MS[Math.min(this.attempts++, RETRY_MS.length - 1)]);
    });
  }

  /** Closes the connection for good: it is not opened again, and no more events come. */
  stop(): void {
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, 'stopped');
  }

  /** False when the connection is down (the message is not sent). */
  send(message: ClientMessage): boolean {
    if (this.socket === null || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }
}

/** The server's WebSocket, beside the page it served. */
export function socketUrl(location: Location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}
