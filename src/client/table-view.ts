import type { NotebookResult } from '../notebook/solve-notebook.js';
import type { SeatInfo, SeatView, SeenEvent } from '../server/messages.js';
import { suggestionDetails } from '../games/clue/notebook.js';
import { el } from './dom.js';
import { suspectColor } from './suspects.js';

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
      const details = suggestionDetails(seen.event, mySeat, names, suspects);
      return el('li', { value: seen.n + 1 }, turnEnded(seen, names, mySeat) ?? seen.line, ...details.map((detail) => el('span', { class: 'detail' }, detail)));
    });
  return el('ol', { class: 'log', reversed: true }, ...lines.reverse());
}

/** "Ann ended the turn." for the pass that closes a normal turn, which the notebook words "Ann passed the turn."; null for any other event. */
function turnEnded(seen: SeenEvent, names: readonly string[], mySeat: number | null): string | null {
  const event = seen.event as { type: string; seat?: number; reason?: string };
  if (event.type !== 'passed' || event.reason === 'cannotMove' || event.seat === undefined) return null;
  return event.seat === mySeat ? 'I ended my turn.' : `${names[event.seat] ?? `seat ${event.seat}`} ended the turn.`;
}

function mark(status: 'yes' | 'no' | 'maybe', p: number): string {
  if (status === 'yes') return '✓';
  if (status === 'no') return '·';
  return `${Math.round(p * 100)}%`;
}

/**
 * The deduction library's grid (the optional aid): for every card and owner, known yes, known no,
 * or the chance over every deal that fits what I saw; the case file once it is certain.
 */
export function gridView(result: NotebookResult, cards: { readonly suspects: readonly string[]; readonly weapons: readonly string[]; readonly rooms: readonly string[] }): HTMLElement {
  if (!result.consistent) return el('p', { class: 'error' }, result.message);
  const owners = result.owners.map((owner) => (owner === 'caseFile' ? 'Case file' : owner));
  const head = el('tr', {}, el('th', {}, 'Card'), ...owners.map((owner) => el('th', {}, owner)));
  const body = el('tbody', {});
  for (const [category, names] of [['Suspects', cards.suspects], ['Weapons', cards.weapons], ['Rooms', cards.rooms]] as const) {
    body.append(el('tr', { class: 'category' }, el('th', { colspan: owners.length + 1 }, category)));
    for (const card of names) {
      const row = result.cards[card];
      if (row === undefined) continue;
      body.append(
        el(
          'tr',
          { 'data-card': card },
          el('th', {}, card),
          ...result.owners.map((owner) => {
            const cell = row[owner]!;
            return el('td', { class: cell.status, title: `${(cell.p * 100).toFixed(1)}%` }, mark(cell.status, cell.p));
          }),
        ),
      );
    }
  }
  const solution = result.solution === null ? null : el('p', { class: 'solution' }, `Solved: ${result.solution.suspect} with the ${result.solution.weapon} in the ${result.solution.room}.`);
  return el('div', {}, solution, el('p', { class: 'hint' }, `${result.worlds} deals fit what you have seen.`), el('table', { class: 'grid' }, el('thead', {}, head), body));
}
