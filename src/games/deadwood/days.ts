import { outcomeFromScores, withForfeits, type Outcome } from '../../core/outcome.js';
import type { Seat } from '../../core/seat.js';
import { leaveRole, nextSeat, playersInGame, score, scenesLeft } from './board-state.js';
import { BOARD, sceneCard } from './data.js';
import type { DeadwoodEvent } from './events.js';
import type { DeadwoodState } from './state.js';

/** Deals the top cards of the deck face down, one per set in board order, with full shot counters (R4, R30). */
export function dealScenes(state: DeadwoodState): void {
  state.sets.forEach((set, i) => {
    const id = state.deck.shift();
    if (id === undefined) throw new Error('the scene deck ran out');
    const room = BOARD.sets[i]!;
    set.scene = id;
    set.revealed = false;
    set.shotsLeft = room.shots;
    set.starring = sceneCard(id).roles.map(() => null);
    set.extras.fill(null);
  });
}

/**
 * The game's outcome, the one place its winners come from: scores decide (R33), ties share the win
 * (R34), a capped game is a draw with every seat ranked first, and the seats that left rank last
 * and win nothing.
 */
export function deadwoodOutcome(state: DeadwoodState): Outcome | null {
  if (!state.over) return null;
  const scores = state.players.map(score);
  const result: Outcome = state.capped ? { winners: [], rank: scores.map(() => 1), score: scores, capped: true } : outcomeFromScores(scores);
  return withForfeits(result, state.departed);
}

function endGame(state: DeadwoodState, events: DeadwoodEvent[]): void {
  state.over = true;
  const outcome = deadwoodOutcome(state)!;
  events.push({ type: 'gameEnded', scores: outcome.score!, winners: outcome.winners });
}

/**
 * End Day (3.8): the last scene pays nothing and is discarded (R29); after the last day the game is
 * scored (R32, R33), otherwise everyone goes back to the Trailers off their roles and ten new
 * scenes are dealt (R30).
 */
function endDay(state: DeadwoodState, events: DeadwoodEvent[]): void {
  const last = state.sets.find((s) => s.scene !== null);
  events.push({ type: 'dayEnded', day: state.day, set: last?.room ?? null });
  if (state.day >= state.days) {
    endGame(state, events);
    return;
  }
  state.day++;
  state.players.forEach((player, seat) => {
    leaveRole(state, seat);
    player.room = BOARD.start.id;
  });
  dealScenes(state);
}

/**
 * Ends the current player's turn: ends the day when one scene is left (3.5 alternate flow, R28),
 * passes the turn on in the fixed order (the next day starts with the next player, R31), and ends
 * the game as a capped draw when a day reaches the turn cap.
 */
export function endTurn(state: DeadwoodState, events: DeadwoodEvent[]): void {
  const seat = state.current;
  events.push({ type: 'turnEnded', seat });
  state.turn.moved = false;
  state.turn.upgraded = false;
  state.turn.tookRole = false;
  state.current = nextSeat(state, seat);
  if (scenesLeft(state) <= 1) {
    endDay(state, events);
    if (state.over) return;
    state.turnsToday = 0;
    events.push({ type: 'dayStarted', day: state.day, first: state.current });
    return;
  }
  state.turnsToday++;
  if (state.turnsToday >= state.turnCap) {
    state.capped = true;
    events.push({ type: 'capped', day: state.day, turns: state.turnsToday });
    endGame(state, events);
  }
}

/** A seat leaves (a fault, a person who left): its role is freed; fewer than two players end the game. */
export function depart(state: DeadwoodState, seat: Seat, events: DeadwoodEvent[]): void {
  const player = state.players[seat]!;
  leaveRole(state, seat);
  player.departed = true;
  state.departed.push(seat);
  events.push({ type: 'forfeited', seat });
  if (playersInGame(state) < 2) {
    endGame(state, events);
    return;
  }
  if (state.current === seat) {
    state.turn.moved = false;
    state.turn.upgraded = false;
    state.turn.tookRole = false;
    state.current = nextSeat(state, seat);
  }
}
