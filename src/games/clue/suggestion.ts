import type { GameEvent } from '../../core/events.js';
import type { Seat } from '../../core/seat.js';
import { showable } from './legal.js';
import { seatPlaying, type ClueState } from './state.js';
import { emit, endTurn, nextSeat } from './turn.js';

/**
 * Moves the named suspect's pawn and the weapon into `room` (G.16d, UC32; spec 002 also for an
 * accusation) and returns where each was, null for one already there (UC33).
 */
export function summon(state: ClueState, suspect: string, weapon: string, room: string): { suspectFrom: string | null; weaponFrom: string | null } {
  const suspectFrom = state.pawns[suspect] === room ? null : state.pawns[suspect]!;
  const weaponFrom = state.weapons[weapon] === room ? null : state.weapons[weapon]!;
  if (suspectFrom !== null) {
    state.pawns[suspect] = room;
    const moved = seatPlaying(state, suspect);
    if (moved >= 0) state.movedBySuggestion[moved] = true;
  }
  if (weaponFrom !== null) state.weapons[weapon] = room;
  return { suspectFrom, weaponFrom };
}

/**
 * A suggestion by the player whose turn it is. The players are asked in the variant's direction
 * (G.16e-g: from the left, clockwise; spec 002: from the one who played just before, backwards),
 * skipping those who no longer refute; the first who holds a named card refutes. The refuter is
 * always asked (`toAct` becomes the refuter, phase `refute`), with one matching card as with
 * several: answering at once when only one card fits would tell the whole table that the refuter
 * holds just one of the three, which the rules never reveal. A player who left the game but still
 * refutes (classic, Clue-Less) cannot be asked: the engine shows the first in card order, whatever
 * the cards, so its timing tells nothing either.
 */
export function suggest(state: ClueState, out: GameEvent[], suspect: string, weapon: string, room: string): void {
  const seat = state.turn!;
  const { rules } = state;
  const { suspectFrom, weaponFrom } = summon(state, suspect, weapon, room);
  const passed: Seat[] = [];
  let refuter: Seat = -1;
  const step = rules.refutation === 'clockwise' ? 1 : -1;
  for (let asked = seat; ; ) {
    asked = nextSeat(state, asked, step, (s) => s !== seat && state.players[s]!.refutes);
    if (asked < 0 || passed.includes(asked)) break;
    if (state.hands[asked]!.some((card) => card === suspect || card === weapon || card === room)) {
      refuter = asked;
      break;
    }
    passed.push(asked);
  }
  state.suggested = true;
  state.suggestion = { seat, suspect, weapon, room, passed, refuter: refuter < 0 ? null : refuter };
  emit(state, out, { type: 'suggested', seat, suspect, weapon, room, suspectFrom, weaponFrom, passed, refuter: refuter < 0 ? null : refuter });
  if (refuter < 0) {
    emit(state, out, { type: 'unrefuted', suggester: seat });
    afterSuggestion(state, out);
    return;
  }
  if (state.players[refuter]!.departed) {
    reveal(state, out, refuter, showable(state, refuter)[0]!);
    return;
  }
  state.phase = 'refute';
  state.toAct = refuter;
}

/** The refuter shows `card` to the suggester alone; the others learn only who refuted. */
export function reveal(state: ClueState, out: GameEvent[], refuter: Seat, card: string): void {
  const suggester = state.suggestion!.seat;
  emit(state, out, { type: 'refuted', seat: refuter, suggester, card }, [suggester, refuter], { type: 'refuted', seat: refuter, suggester });
  afterSuggestion(state, out);
}

/** The suggester may still accuse (classic, Clue-Less), or the turn passes (spec 002). */
function afterSuggestion(state: ClueState, out: GameEvent[]): void {
  state.toAct = state.turn;
  if (state.rules.suggestionEndsTurn) endTurn(state, out);
  else state.phase = 'end';
}
