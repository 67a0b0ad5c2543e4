import type { Seat } from '../../core/seat.js';
import { showable } from './legal.js';
import { notebookOf } from './notebook.js';
import { roomOf, type ClueState } from './state.js';
import type { ClueView } from './view.js';

/**
 * What `seat` may know: its own hand and notebook, the public board and players, and the case file
 * only once it has looked into it or the game is over. Shares the state's public objects (read-only).
 */
export function viewOf(state: ClueState, seat: Seat): ClueView {
  const player = state.players[seat]!;
  const refuting = state.phase === 'refute' && state.toAct === seat;
  return {
    variant: state.variant,
    rules: state.rules,
    seat,
    suspect: player.suspect,
    hand: state.hands[seat]!,
    players: state.players,
    order: state.order,
    turn: state.turn,
    toAct: state.toAct,
    turnNumber: state.turnNumber,
    maxTurns: state.maxTurns,
    phase: state.phase,
    dice: state.dice,
    position: state.pawns[player.suspect]!,
    room: roomOf(state, seat),
    leftRoom: state.leftRoom,
    movedBySuggestion: state.movedBySuggestion[seat]!,
    pawns: state.pawns,
    weapons: state.weapons,
    suggestion: state.suggestion,
    mayShow: refuting ? showable(state, seat) : [],
    accused: player.accusedWrongly || state.solvers.includes(seat),
    caseFile: state.phase === 'over' || state.knowsCaseFile[seat] ? state.caseFile : null,
    winner: state.winner,
    notebook: notebookOf(state, seat),
  };
}
