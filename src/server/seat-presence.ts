import type { Seat } from '../core/seat.js';
import type { Connection } from './connection.js';
import type { SeatInfo } from './messages.js';

interface Presence {
  readonly name: string;
  readonly suspect: string;
  kind: 'person' | 'system';
  /** The token issued to the person seated here on join; null for a System Player's seat from the start. */
  readonly token: string | null;
  client: Connection | null;
  grace: NodeJS.Timeout | null;
  graceEnds: number;
}

/**
 * Who is at each seat of a server game: a person at a client, a person whose connection dropped
 * (the seat held for a grace period), or a System Player; and the timers that hand a person's seat
 * to a System Player (the grace period, the time to act). It knows nothing of the game: the table
 * says what a timer running out means.
 */
export class SeatPresence {
  private readonly seats: Presence[];
  /** Runs while a person is prompted, when there is a time limit. */
  private turnTimer: NodeJS.Timeout | null = null;

  constructor(seats: readonly { readonly name: string; readonly suspect: string; readonly token: string | null; readonly client: Connection | null }[]) {
    this.seats = seats.map(({ name, suspect, token, client }) => ({ name, suspect, kind: token === null ? 'system' : 'person', token, client, grace: null, graceEnds: 0 }));
  }

  kind(seat: Seat): 'person' | 'system' {
    return this.seats[seat]!.kind;
  }

  token(seat: Seat): string | null {
    return this.seats[seat]!.token;
  }

  client(seat: Seat): Connection | null {
    return this.seats[seat]!.client;
  }

  /** The seats played by people (connected or held). */
  get people(): number {
    return this.seats.filter((seat) => seat.kind === 'person').length;
  }

  /** The person's connection is gone (dropped, left, or the game ended for it). */
  disconnect(seat: Seat): void {
    this.seats[seat]!.client = null;
  }

  /** The seat is held for `graceMs`; then `expired` runs unless the person came back. */
  hold(seat: Seat, graceMs: number, expired: () => void): void {
    const presence = this.seats[seat]!;
    presence.graceEnds = Date.now() + graceMs;
    presence.grace = setTimeout(expired, graceMs);
  }

  /** Whole seconds left of the seat's grace period, or null when the seat is not a person's held seat. */
  heldSeconds(seat: Seat): number | null {
    const presence = this.seats[seat]!;
    if (presence.kind !== 'person' || presence.client !== null) return null;
    return Math.max(0, Math.ceil((presence.graceEnds - Date.now()) / 1000));
  }

  /** The person is back at the seat on `client`. */
  rejoin(seat: Seat, client: Connection): void {
    this.release(seat);
    this.seats[seat]!.client = client;
  }

  /** A System Player plays the seat from now on. */
  replaced(seat: Seat): void {
    this.release(seat);
    this.seats[seat]!.kind = 'system';
  }

  /** The person prompted at `seat` has `ms` to act (0: no limit); then `expired` runs. */
  startTurn(ms: number, expired: () => void): void {
    this.stopTurn();
    if (ms > 0) this.turnTimer = setTimeout(expired, ms);
  }

  stopTurn(): void {
    if (this.turnTimer !== null) clearTimeout(this.turnTimer);
    this.turnTimer = null;
  }

  /** Every timer stops: the game is over. */
  clearTimers(): void {
    this.stopTurn();
    this.seats.forEach((_, seat) => this.release(seat));
  }

  info(): SeatInfo[] {
    return this.seats.map((presence, seat) => ({ seat, name: presence.name, suspect: presence.suspect, kind: presence.kind, connected: presence.client !== null }));
  }

  private release(seat: Seat): void {
    const presence = this.seats[seat]!;
    if (presence.grace !== null) clearTimeout(presence.grace);
    presence.grace = null;
  }
}
