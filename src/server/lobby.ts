import type { Client } from './client.js';

export const MIN_PLAYERS = 3;
export const MAX_PLAYERS = 6;

export interface LobbyOptions {
  readonly countdownMs: number;
  /** With System Players to fill the table, one person waiting is enough to start a countdown. */
  readonly fill: boolean;
  /** Starts a game with these people (1..6, in queue order; the lobby has already let them go). */
  readonly startGame: (people: readonly Client[]) => void;
}

/**
 * The queue of people waiting for a game (S.3) and the countdown (S.4, S.5): at least three
 * waiting (one, when System Players fill the table) start a countdown; its end, or a sixth person,
 * starts a game with the first six.
 */
export class Lobby {
  private readonly queue: Client[] = [];
  private timer: NodeJS.Timeout | null = null;
  private startsAt = 0;
  /** The last `queued` each person heard, so that a change which leaves their place as it was tells them nothing twice. */
  private readonly lastQueued = new WeakMap<Client, string>();

  constructor(private readonly options: LobbyOptions) {}

  get waiting(): number {
    return this.queue.length;
  }

  private get needed(): number {
    return this.options.fill ? 1 : MIN_PLAYERS;
  }

  join(client: Client): void {
    this.queue.push(client);
    client.place = { kind: 'queue' };
    // The joiner hears its place (and token) first, even when its arrival starts a game at once.
    this.tell();
    this.changed(true);
  }

  /** A person left the queue (or dropped): the others move up; too few stop the countdown. */
  remove(client: Client): void {
    const at = this.queue.indexOf(client);
    if (at < 0) return;
    this.queue.splice(at, 1);
    client.release();
    this.changed();
  }

  /** Stops the countdown (the server is closing). */
  close(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Starts what is due, runs or stops the countdown, and tells the queue unless it was just told. */
  private changed(told = false): void {
    let started = false;
    while (this.queue.length >= MAX_PLAYERS || (this.queue.length >= this.needed && this.options.countdownMs === 0)) {
      this.startNext();
      started = true;
    }
    const counting = this.timer !== null;
    if (this.queue.length < this.needed) this.close();
    else if (this.timer === null) {
      this.startsAt = Date.now() + this.options.countdownMs;
      this.timer = setTimeout(() => {
        this.timer = null;
        this.startNext();
        this.changed();
      }, this.options.countdownMs);
    }
    if (!told || started || counting !== (this.timer !== null)) this.tell();
  }

  private startNext(): void {
    this.close();
    const people = this.queue.splice(0, MAX_PLAYERS);
    if (people.length > 0) this.options.startGame(people);
  }

  /** Every waiting person hears their place, and the countdown when one runs. */
  private tell(): void {
    const names = this.queue.map((client) => client.name);
    const needed = Math.max(0, this.needed - this.queue.length);
    this.queue.forEach((client, i) => {
      const queued = { type: 'queued', token: client.token!, name: client.name, position: i + 1, waiting: this.queue.length, needed } as const;
      const key = JSON.stringify(queued);
      if (this.lastQueued.get(client) !== key) {
        this.lastQueued.set(client, key);
        client.send(queued);
      }
      if (this.timer !== null) {
        client.send({ type: 'countdown', seconds: Math.max(0, (this.startsAt - Date.now()) / 1000), startsAt: this.startsAt, waiting: this.queue.length, names });
      }
    });
  }
}
