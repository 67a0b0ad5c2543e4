import type { SeatInfo, SeatView, SeenEvent } from '../server/messages.js';
import { suggestionDetails } from '../games/clue/notebook.js';
import { el } from '../drawing/dom.js';
import { suspectColor } from '../drawing/suspects.js';

/** The players around the table: who is to act, their cards, a person or a System Player, connected. */
export function seatsView(seats: readonly SeatInfo[], view: SeatView | null, mySeat: number | null): HTMLElement {
  const rows = seats.map((seat) => {
    const player = view?.players[seat.seat];
    const notes = [
      seat.kind === 'system' ? 'System Player' : seat.connected ? 'person' : 'person (connection dropped)',
      player?.accusedWrongly === true ? 'accused wrongly' : '',
      player?.departed === true ? 'left' : '',
    ].filter(Boolean);
    const classes = [seat.seat === view?.toAct ? 'to-act' : '', seat.seat === mySeat ? 'me' : ''].filter(Boolean).join(' ');
    return el(
      'tr',
      { class: classes, 'data-seat': seat.seat },
      el('td', {}, el('span', { class: 'dot', style: { '--pawn': suspectColor(seat.suspect) } }), seat.name, seat.seat === mySeat ? ' (you)' : ''),
      el('td', {}, seat.suspect),
      el('td', { class: 'number' }, player === undefined ? '' : String(player.handSize)),
      el('td', {}, notes.join(', ')),
    );
  });
  return el('table', { class: 'seats' }, el('thead', {}, el('tr', {}, el('th', {}, 'Player'), el('th', {}, 'Suspect'), el('th', {}, 'Cards'), el('th', {}, ''))), el('tbody', {}, ...rows));
}

/** My cards (C.7). */
export function handView(hand: readonly string[]): HTMLElement {
  return el('div', { class: 'cards hand' }, ...hand.map((card) => el('span', { class: 'card', 'data-card': card }, card)));
}

/**
 * My notebook as lines (spec 002's wording for my seat), newest first, each with what a player
 * deduces from that the line leaves out: who could not disprove a suggestion, what it moved. The end
 * of a normal turn reads as such, not as a turn skipped.
 */
export function logView(events: readonly SeenEvent[], seats: readonly SeatInfo[], mySeat: number | null): HTMLElement {
  const names = seats.map((seat) => seat.name);
  const suspects = seats.map((seat) => seat.suspect);
  const lines = events
    .filter((seen) => seen !== undefined)
    .map((seen) => {
      const details = suggestionDetails({ ...seen.event }, mySeat, names, suspects);
      return el('li', { value: seen.n + 1 }, turnEnded(seen, names, mySeat) ?? seen.line, ...details.map((detail) => el('span', { class: 'detail' }, detail)));
    });
  return el('ol', { class: 'log', reversed: true }, ...lines.reverse());
}

/** "Ann ended the turn." for the pass that closes a normal turn, which the notebook words "Ann passed the turn."; null for any other event. */
function turnEnded(seen: SeenEvent, names: readonly string[], mySeat: number | null): string | null {
  const event = seen.event;
  if (event.type !== 'passed' || event.reason === 'cannotMove') return null;
  return event.seat === mySeat ? 'I ended my turn.' : `${names[event.seat] ?? `seat ${event.seat}`} ended the turn.`;
}
