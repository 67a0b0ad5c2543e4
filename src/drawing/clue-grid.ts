import { el } from './dom.js';
import type { CompactGrid } from './pictures.js';

function mark(p: number): { readonly status: 'yes' | 'no' | 'maybe'; readonly text: string } {
  if (p === 1) return { status: 'yes', text: '✓' };
  if (p === 0) return { status: 'no', text: '·' };
  return { status: 'maybe', text: `${Math.round(p * 100)}%` };
}

/**
 * A seat's exact deduction grid (the client's optional aid, the replay viewer's seat notebook): for
 * every card and owner, known yes, known no, or the chance over every deal that fits what the seat
 * saw; the case file once it is certain.
 */
export function clueGrid(grid: CompactGrid, cards: { readonly suspects: readonly string[]; readonly weapons: readonly string[]; readonly rooms: readonly string[] }): HTMLElement {
  const owners = grid.owners.map((owner) => (owner === 'caseFile' ? 'Case file' : owner));
  const head = el('tr', {}, el('th', {}, 'Card'), ...owners.map((owner) => el('th', {}, owner)));
  const body = el('tbody', {});
  for (const [category, names] of [['Suspects', cards.suspects], ['Weapons', cards.weapons], ['Rooms', cards.rooms]] as const) {
    body.append(el('tr', { class: 'category' }, el('th', { colspan: owners.length + 1 }, category)));
    for (const card of names) {
      const row = grid.cards.indexOf(card);
      if (row < 0) continue;
      body.append(
        el(
          'tr',
          { 'data-card': card },
          el('th', {}, card),
          ...grid.owners.map((_, o) => {
            const p = grid.p[row * grid.owners.length + o]!;
            const { status, text } = mark(p);
            return el('td', { class: status, title: `${(p * 100).toFixed(1)}%` }, text);
          }),
        ),
      );
    }
  }
  const solution = grid.solution === null ? null : el('p', { class: 'solution' }, `Solved: ${grid.solution.suspect} with the ${grid.solution.weapon} in the ${grid.solution.room}.`);
  return el('div', {}, solution, el('p', { class: 'hint' }, `${grid.worlds} deals fit what you have seen.`), el('table', { class: 'grid' }, el('thead', {}, head), body));
}
