import { InputError } from '../core/errors.js';
import type { GameRecord } from '../core/record.js';
import type { Seat } from '../core/seat.js';

/** The seat `--as` names: a seat number (0-based, as records count them) or a player's name (any case). */
export function perspectiveSeat(record: GameRecord, as: string | undefined): Seat | null {
  if (as === undefined) return null;
  const names = record.seats.map((seat) => seat.name);
  const byName = names.findIndex((name) => name.toLowerCase() === as.trim().toLowerCase());
  if (byName >= 0) return byName;
  if (/^\d+$/.test(as.trim()) && Number(as) < names.length) return Number(as);
  throw new InputError(`--as ${as}: expected a seat 0-${names.length - 1} or a player's name (${names.map((name, seat) => `${seat} ${name}`).join(', ')})`);
}
