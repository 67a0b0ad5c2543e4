import type { Seat } from './seat.js';

/**
 * Something that happened in a game, as plain JSON. Public unless `to` lists the seats that may
 * see it; every other seat then sees `redacted` (or nothing when it is absent). A seat's notebook
 * is the sequence of events as that seat sees them.
 */
export interface GameEvent {
  readonly type: string;
  readonly to?: readonly Seat[];
  readonly redacted?: GameEvent;
  readonly [field: string]: unknown;
}

/** The event as `seat` may see it, or null when it sees nothing of it. */
export function eventForSeat(event: GameEvent, seat: Seat): GameEvent | null {
  if (event.to === undefined || event.to.includes(seat)) return event;
  return event.redacted ?? null;
}

/** The event as a seat sees it, with the visibility fields removed: what a bot or notebook gets. */
export function seenEvent(event: GameEvent, seat: Seat): GameEvent | null {
  const seen = eventForSeat(event, seat);
  if (seen === null || (seen.to === undefined && seen.redacted === undefined)) return seen;
  const { to: _to, redacted: _redacted, ...rest } = seen;
  return rest as GameEvent;
}
