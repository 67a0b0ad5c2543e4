import type { GameMetrics } from '../../core/game.js';
import type { Seat } from '../../core/seat.js';
import type { ClueEvent } from './events.js';
import type { ClueState } from './state.js';

/** The events only the player whose turn it is causes: every turn has at least one. */
const TURN_EVENTS = new Set<ClueEvent['type']>(['rolled', 'moved', 'suggested', 'accused', 'eliminated', 'solved', 'passed']);

interface SeatCounts {
  turns: number;
  /** The seat's own turn in which it accused correctly, or null. */
  solvedOnTurn: number | null;
  wrongAccusations: number;
  suggestions: number;
}

/**
 * Every seat's counts from the game's log. A turn is one of a player's own turns (README: "Turns");
 * the log has no turn-start event, but every turn has an event of its player (a roll, a move, a
 * suggestion, an accusation, a pass), and two turns in a row are the same player's only once
 * everyone else is out of the turn order. So a seat's turns are its runs of events among those,
 * and the turns the game counted beyond all runs (`turnNumber`) are the last player's, playing
 * alone. A player who left at the very start of its turn, before acting, has that turn uncounted.
 */
function seatCounts(state: ClueState): SeatCounts[] {
  const n = state.players.length;
  const counts = state.players.map((): SeatCounts => ({ turns: 0, solvedOnTurn: null, wrongAccusations: 0, suggestions: 0 }));
  const out = new Array<boolean>(n).fill(false);
  let current: Seat = -1;
  let runs = 0;
  for (const logged of state.log) {
    const event = logged as unknown as ClueEvent;
    if (event.type === 'left' || event.type === 'eliminated' || event.type === 'solved') out[event.seat] = true;
    if (!TURN_EVENTS.has(event.type)) continue;
    const seat = (event as { seat: Seat }).seat;
    if (seat !== current) {
      current = seat;
      runs++;
      counts[seat]!.turns++;
    }
    if (event.type === 'suggested') counts[seat]!.suggestions++;
    if (event.type === 'accused') {
      if (event.correct) counts[seat]!.solvedOnTurn = counts[seat]!.turns;
      else counts[seat]!.wrongAccusations++;
    }
  }
  const alone = current >= 0 && out.every((gone, s) => gone || s === current);
  if (alone && state.turnNumber > runs) {
    const last = counts[current]!;
    last.turns += state.turnNumber - runs;
    if (last.solvedOnTurn !== null) last.solvedOnTurn = last.turns;
  }
  return counts;
}

/** The log is read once per finished state, not once per seat. */
const countsOf = new WeakMap<ClueState, SeatCounts[]>();

export const clueMetrics: GameMetrics<ClueState> = {
  list: [
    { name: 'turnsToCorrectAccusation', description: 'for the player who accused correctly: its own turns up to and including that one' },
    { name: 'wrongAccusations', description: 'wrong accusations made' },
    { name: 'suggestions', description: 'suggestions made' },
    { name: 'turns', description: 'own turns played' },
  ],
  read(state, seat) {
    let counts = countsOf.get(state);
    if (counts === undefined) countsOf.set(state, (counts = seatCounts(state)));
    const c = counts[seat]!;
    return { turnsToCorrectAccusation: c.solvedOnTurn, wrongAccusations: c.wrongAccusations, suggestions: c.suggestions, turns: c.turns };
  },
};
