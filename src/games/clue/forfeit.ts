import type { GameEvent } from '../../core/events.js';
import type { Seat } from '../../core/seat.js';
import { showable } from './legal.js';
import { variantOf, type ClueState } from './state.js';
import { reveal } from './suggestion.js';
import { beginTurn, emit, endTurn, finish, placesSettled } from './turn.js';

/**
 * A player leaves (UC01's "at any time the Player may leave"; a System Player that failed). The
 * specs give no rule for it, so it is treated as each variant treats a wrong accuser: out of the
 * turn order; still showing cards (classic, Clue-Less: the engine shows the first named card in
 * card order) or leaving with them kept secret (Cluedo). A refuter who leaves while choosing still
 * shows the first named card: the refutation was already under way. The weapons a leaving placer
 * had not placed go to the first free rooms in card order. Played on for places, the game ends
 * when the player who leaves was the last but one still in the turn order.
 */
export function forfeitClue(state: ClueState, seat: Seat): GameEvent[] {
  const player = state.players[seat];
  if (state.phase === 'over' || player === undefined || player.departed) return [];
  const { rules } = state;
  const { cards } = variantOf(state);
  const out: GameEvent[] = [];
  player.departed = true;
  player.inTurnOrder = false;
  player.refutes &&= rules.wrongAccuser === 'showsCards';
  emit(state, out, { type: 'left', seat });
  const anyone = state.players.some((p) => p.inTurnOrder);
  if (state.phase === 'placeWeapons' && state.turn === seat) {
    for (const weapon of cards.weapons) {
      if (state.weapons[weapon] !== undefined) continue;
      const room = cards.rooms.find((r) => !Object.values(state.weapons).includes(r))!;
      state.weapons[weapon] = room;
      emit(state, out, { type: 'placed', seat, weapon, room });
    }
    if (anyone) beginTurn(state, state.order.find((s) => state.players[s]!.inTurnOrder)!);
    else finish(state, out, 'allAccused');
  } else if (state.phase === 'refute' && state.toAct === seat) {
    reveal(state, out, seat, showable(state, seat)[0]!);
  } else if (state.turn === seat) {
    endTurn(state, out);
  }
  // The player on turn is always in the turn order, so a departure that leaves no one there was the
  // placer's or the turn's, and ended the game above; one that leaves the solvers and one other
  // player ends it here.
  if (state.endReason === null && placesSettled(state)) finish(state, out, 'solved');
  state.version++;
  return out;
}
