import type { GameEvent } from '../../core/events.js';
import type { Seat } from '../../core/seat.js';
import { rulesOf, type ClueState } from './state.js';
import { summon } from './suggestion.js';
import { emit, endTurn, finish } from './turn.js';

/**
 * "I accuse <suspect> of committing the crime in the <room> with the <weapon>." The accuser looks
 * at the case file where the variant says so (UC21, G.17c); a correct accusation wins (UC24,
 * G.17d); a wrong one takes the player out of the turn order (UC23, G.17e-f), still showing cards
 * or leaving with them kept secret (spec 002). When no one is left to play, the game ends with no
 * winner and the case file displayed (UC25, UC26).
 */
export function accuse(state: ClueState, out: GameEvent[], seat: Seat, suspect: string, weapon: string, room: string): void {
  const rules = rulesOf(state);
  const moved = rules.accusationMovesPawns ? summon(state, suspect, weapon, room) : { suspectFrom: null, weaponFrom: null };
  const { caseFile } = state;
  const correct = caseFile.suspect === suspect && caseFile.weapon === weapon && caseFile.room === room;
  emit(state, out, { type: 'accused', seat, suspect, weapon, room, correct, ...moved });
  if (rules.accuserSeesCaseFile) {
    state.knowsCaseFile[seat] = true;
    emit(state, out, { type: 'caseFile', seat, ...caseFile }, [seat]);
  }
  if (correct) {
    finish(state, out, seat, 'solved');
    return;
  }
  const player = state.players[seat]!;
  player.accusedWrongly = true;
  player.inTurnOrder = false;
  player.refutes = rules.wrongAccuser === 'showsCards';
  emit(state, out, { type: 'eliminated', seat, stillShowsCards: player.refutes });
  endTurn(state, out);
}
