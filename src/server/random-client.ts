import { WebSocket } from 'ws';
import type { ClueAction } from '../games/clue/actions.js';
import { serverMessageSchema, type ServerMessage, type YourTurnMessage } from './messages.js';

export interface RandomClientOptions {
  /** The server's WebSocket address, e.g. ws://127.0.0.1:8080/ws. */
  readonly url: string;
  /** Uniform numbers in [0, 1): the client's choices. */
  readonly random: () => number;
  /** The chance of accusing whenever an accusation is open (low: random accusations are nearly always wrong). */
  readonly accuseChance: number;
  /** Check every server message against the protocol's schema; a mismatch is kept in `invalid`. */
  readonly validate?: boolean;
  /** Drop the connection without a goodbye on the n-th update of the game, as a crashed browser does. */
  readonly dropAfterUpdates?: number;
}

type GameOver = Extract<ServerMessage, { type: 'gameOver' }>;

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}

/** One action chosen uniformly among the open ones (an accusation only with `accuseChance`). */
export function randomAction(turn: YourTurnMessage, random: () => number, accuseChance: number): ClueAction {
  if (turn.show.length > 0) return { type: 'show', card: pick(turn.show, random) };
  const accuse = turn.accuse;
  const accusation = (): ClueAction => ({ type: 'accuse', suspect: pick(accuse!.suspects, random), weapon: pick(accuse!.weapons, random), room: pick(accuse!.rooms, random) });
  if (accuse !== null && random() < accuseChance) return accusation();
  const options: (() => ClueAction)[] = turn.moves.map((move) => () => move.action);
  const suggest = turn.suggest;
  if (suggest !== null) options.push(() => ({ type: 'suggest', suspect: pick(suggest.suspects, random), weapon: pick(suggest.weapons, random) }));
  if (turn.pass) options.push(() => ({ type: 'pass' }));
  if (options.length === 0 && accuse !== null) return accusation();
  return pick(options, random)();
}

/**
 * A light client that joins, plays uniformly random actions over the protocol, and measures how
 * long each action takes to come back as an update: the load and fault tests' player.
 */
export class RandomClient {
  readonly socket: WebSocket;
  token: string | null = null;
  seat = -1;
  gameId: string | null = null;
  received = 0;
  sent = 0;
  /** ms from sending an action to the server's answer (the update it caused, or its refusal). */
  readonly latencies: number[] = [];
  readonly errors: Extract<ServerMessage, { type: 'error' }>[] = [];
  readonly invalid: string[] = [];
  /** Every message, when kept (tests). */
  readonly log: ServerMessage[] = [];
  gameOver: GameOver | null = null;
  /** Resolves with the end of the game, or null if the connection closed first. */
  readonly finished: Promise<GameOver | null>;
  private sentAt = -1;
  private updates = 0;
  /** The action sent and not yet answered. */
  private pending: ClueAction | null = null;
  private endGame: (over: GameOver | null) => void = () => undefined;

  constructor(
    private readonly options: RandomClientOptions,
    private readonly keepLog = false,
  ) {
    this.finished = new Promise((resolve) => (this.endGame = resolve));
    this.socket = new WebSocket(options.url);
    this.socket.on('message', (data) => this.receive(String(data)));
    this.socket.on('close', () => this.endGame(this.gameOver));
    this.socket.on('error', () => this.endGame(this.gameOver));
  }

  opened(): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.sent++;
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  join(): void {
    this.send({ type: 'join' });
  }

  /** Drops the connection without a goodbye, as a crashed browser does. */
  kill(): void {
    this.socket.terminate();
  }

  private act(action: ClueAction): void {
    this.pending = action;
    this.sentAt = performance.now();
    this.send({ type: 'action', token: this.token, action });
  }

  private receive(text: string): void {
    this.received++;
    const message = JSON.parse(text) as ServerMessage;
    if (message.type === 'update' && ++this.updates === this.options.dropAfterUpdates) {
      this.kill();
      return;
    }
    if (this.options.validate === true) {
      const parsed = serverMessageSchema.safeParse(message);
      if (!parsed.success) this.invalid.push(`${message.type}: ${parsed.error.message}`);
    }
    if (this.keepLog) this.log.push(message);
    if (message.type === 'error' && message.code === 'rate-limited' && this.pending !== null) {
      // Too fast for the server's limit: the same action again a little later.
      const again = this.pending;
      setTimeout(() => this.act(again), 250);
      return;
    }
    if ((message.type === 'update' || message.type === 'error') && this.sentAt >= 0) {
      this.latencies.push(performance.now() - this.sentAt);
      this.sentAt = -1;
      this.pending = null;
    }
    switch (message.type) {
      case 'queued':
        this.token = message.token;
        return;
      case 'start':
        this.token = message.token;
        this.seat = message.seat;
        this.gameId = message.gameId;
        return;
      case 'yourTurn':
        this.act(randomAction(message, this.options.random, this.options.accuseChance));
        return;
      case 'error':
        this.errors.push(message);
        return;
      case 'gameOver':
        this.gameOver = message;
        this.endGame(message);
        return;
      default:
        return;
    }
  }
}
