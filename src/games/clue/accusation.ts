import type { GameEvent } from '../../core/events.js';
import type { Seat } from '../../core/seat.js';
import type { ClueState } from './state.js';
import { summon } from './suggestion.js';
import { emit, endTurn, finish } from './turn.js';

/**
 * "I accuse <suspect> of committing the crime in the <room> with the <weapon>." The accuser looks
 * at the case file where the variant says so (UC21, G.17c); a correct accusation wins (UC24,
 * G.17d); a wrong one takes the player out of the turn order (UC23, G.17e-f), still showing cards
 * or leaving with them kept secret (spec 002). When no one is left to play, the game ends with no
 * winner and the case file displayed (UC25, UC26). Played on for places, a correct accusation is
 * the accuser's alone (pawns stay put: moving them would show the table the suspect and weapon),
 * and the table hears only that the case is solved.
 */
export function accuse(state: ClueState, out: GameEvent[], seat: Seat, suspect: string, weapon: string, room: string): void {
  const { rules } = state;
  const { caseFile } = state;
  const correct = caseFile.suspect === suspect && caseFile.weapon === weapon && caseFile.room === room;
  const secret = correct && state.placings;
  const moved = rules.accusationMovesPawns && !secret ? summon(state, suspect, weapon, room) : { suspectFrom: null, weaponFrom: null };
  emit(state, out, { type: 'accused', seat, suspect, weapon, room, correct, ...moved }, secret ? [seat] : undefined);
  if (rules.accuserSeesCaseFile) {
    state.knowsCaseFile[seat] = true;
    emit(state, out, { type: 'caseFile', seat, ...caseFile }, [seat]);
  }
  if (correct) state.solvers.push(seat);
  if (correct && !state.placings) {
    finish(state, out, 'solved');
    return;
  }
  const player = state.players[seat]!;
  player.inTurnOrder = false;
  if (correct) {
    player.place = state.solvers.length;
    emit(state, out, { type: 'solved', seat, place: player.place });
  } else {
    player.accusedWrongly = true;
    player.refutes = rules.wrongAccuser === 'showsCards';
    emit(state, out, { type: 'eliminated', seat, stillShowsCards: player.refutes });
  }
  endTurn(state, out);
}
