import type { GameEvent } from '../core/events.js';
import type { Outcome } from '../core/outcome.js';
import type { Seat } from '../core/seat.js';
import type { ClueAction } from '../games/clue/actions.js';
import type { ClueEvent } from '../games/clue/events.js';
import type { ClueView } from '../games/clue/view.js';
import type { SeatPresence } from './seat-presence.js';
import type { ServerMessage, SeatView, SeenEvent } from './messages.js';
import { yourTurn } from './turn-options.js';

/**
 * What a person is sent about the game, built from its seat's view alone (its notebook is the events
 * it has seen): nothing here reads the game's state, so nothing hidden can reach a client.
 */

/** The view as the protocol sends it: everything but the notebook, which goes out event by event; copied, not shared with the state. */
export function seatView(view: ClueView): SeatView {
  if (view.variant !== 'clueless') throw new Error(`the server plays Clue-Less, not ${view.variant}`);
  const { notebook: _notebook, ...rest } = view;
  return {
    ...rest,
    variant: view.variant,
    hand: [...view.hand],
    players: view.players.map((player) => ({ ...player })),
    order: [...view.order],
    dice: view.dice === null ? null : [view.dice[0], view.dice[1]],
    pawns: { ...view.pawns },
    weapons: { ...view.weapons },
    suggestion: view.suggestion === null ? null : { ...view.suggestion, passed: [...view.suggestion.passed] },
    mayShow: [...view.mayShow],
    caseFile: view.caseFile === null ? null : { ...view.caseFile },
  };
}

/** An event of a seat's notebook as the engine's contract types every event. */
export function asGameEvent(event: ClueEvent): GameEvent {
  return { ...event };
}

/** The seat's notebook from entry `from` on, each event with its number and its line as the seat reads it. */
export function seenEvents(view: ClueView, from: number, line: (event: GameEvent) => string): SeenEvent[] {
  const events: SeenEvent[] = [];
  for (let n = from; n < view.notebook.length; n++) {
    const event = view.notebook[n]!;
    events.push({ n, event: { ...event }, line: line(asGameEvent(event)) });
  }
  return events;
}

/** Every accusation among the seat's new notebook entries (S.11, S.12), the case file to the accuser only (S.10). */
export function accusationMessages(gameId: string, names: readonly string[], view: ClueView, from: number): ServerMessage[] {
  const fresh = view.notebook.slice(from);
  const messages: ServerMessage[] = [];
  fresh.forEach((event, i) => {
    if (event.type !== 'accused') return;
    const accuser = event.seat;
    const looked = fresh.slice(i + 1).find((later) => later.type === 'caseFile' && later.seat === accuser);
    const caseFile = looked?.type === 'caseFile' && accuser === view.seat ? looked : undefined;
    messages.push({
      type: 'accusation',
      gameId,
      seat: accuser,
      name: names[accuser]!,
      suspect: event.suspect,
      weapon: event.weapon,
      room: event.room,
      correct: event.correct,
      ...(caseFile !== undefined ? { caseFile: { suspect: caseFile.suspect, weapon: caseFile.weapon, room: caseFile.room } } : {}),
    });
  });
  return messages;
}

/** What the seat reads as the state of play; `presence` says who plays each seat and whose connection dropped. */
export function statusLine(view: ClueView, names: readonly string[], presence: SeatPresence, stopped: boolean): string {
  const seat = view.seat;
  if (stopped) return 'The game stopped on an engine error.';
  if (view.phase === 'over') {
    if (view.winner === null) return 'Game over: nobody solved the case.';
    if (view.winner !== seat) return `Game over: ${names[view.winner]} solved the case.`;
    // A person replaced for not acting in time watched a System Player win the seat's game, not won it.
    return presence.kind(seat) === 'system' ? 'Game over: the System Player that took your seat solved the case.' : 'Game over: you solved the case!';
  }
  const toAct = view.toAct!;
  const name = names[toAct]!;
  // Only a person replaced for not acting in time still reads a seat the System Player plays.
  if (presence.kind(seat) === 'system') return `A System Player plays your seat now; ${toAct === seat ? 'it' : name} is to act.`;
  const suggester = view.suggestion === null ? '' : names[view.suggestion.seat]!;
  if (toAct === seat) return view.phase === 'refute' ? `Disprove ${suggester}'s suggestion: choose a card to show.` : 'Your turn.';
  const heldFor = presence.heldSeconds(toAct);
  const held = heldFor === null ? '' : ` (connection dropped: the seat is held ${heldFor} s)`;
  if (view.phase === 'refute') return `${name} is disproving${held}.`;
  return `${name}'s turn${held}.`;
}

/** The seat is to act (S.7): its options, and when it is asked to disprove, the suggestion and the cards it may show (S.9). */
export function promptMessages(gameId: string, names: readonly string[], view: ClueView, legal: readonly ClueAction[], label: (action: ClueAction) => string): ServerMessage[] {
  const messages: ServerMessage[] = [yourTurn(gameId, view.phase, legal, label)];
  const suggestion = view.suggestion;
  if (view.phase === 'refute' && suggestion !== null) {
    messages.push({
      type: 'disprove',
      gameId,
      suggester: suggestion.seat,
      suggesterName: names[suggestion.seat]!,
      suspect: suggestion.suspect,
      weapon: suggestion.weapon,
      room: suggestion.room,
      mayShow: [...view.mayShow],
    });
  }
  return messages;
}

/** The end (S.12): the winner, the case file and the outcome, once the game ended with one. */
export function gameOverMessage(gameId: string, names: readonly string[], view: ClueView, outcome: Outcome | null, record: string): ServerMessage | null {
  const over = view.notebook.find((event) => event.type === 'gameOver');
  if (over?.type !== 'gameOver' || outcome === null) return null;
  return {
    type: 'gameOver',
    gameId,
    winner: over.winner,
    winnerName: over.winner === null ? null : names[over.winner]!,
    reason: over.reason,
    caseFile: { ...over.caseFile },
    outcome: { winners: [...outcome.winners], rank: [...outcome.rank], ...(outcome.capped === true ? { capped: true } : {}) },
    record,
  };
}
