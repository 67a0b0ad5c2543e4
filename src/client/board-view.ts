import type { BoardInfo, SeatView } from '../server/messages.js';
import { layOut, type BoardCell } from './board-layout.js';
import { el } from './dom.js';
import { initials, suspectColor, suspectEdge, suspectInk } from './suspects.js';
import type { ClientModel } from './model.js';

const layouts = new WeakMap<BoardInfo, BoardCell[]>();

function cellsOf(board: BoardInfo): BoardCell[] {
  let cells = layouts.get(board);
  if (cells === undefined) layouts.set(board, (cells = layOut(board)));
  return cells;
}

function pawn(suspect: string, mine: boolean, moved: boolean): HTMLElement {
  return el('span', { class: ['pawn', mine ? 'mine' : '', moved ? 'moved' : ''].filter(Boolean).join(' '), title: suspect, 'data-suspect': suspect, style: { '--pawn': suspectColor(suspect), '--pawn-ink': suspectInk(suspect) } }, initials(suspect));
}

/**
 * The 3x3 board (C.7): rooms with their weapons and secret passages, the hallways, the home
 * squares, every pawn where the view puts it. The places I may move to now are buttons; the pawns
 * and weapons the latest update moved are marked, since several System Players' turns may arrive
 * in one update.
 */
export function boardView(board: BoardInfo, view: SeatView | null, moveTargets: ReadonlyMap<string, string>, onMove: (node: string) => void, moved: ClientModel['moved']): HTMLElement {
  const grid = el('div', { class: 'board', role: 'group', 'aria-label': 'The board' });
  const pawnsAt = new Map<string, string[]>();
  const weaponsAt = new Map<string, string[]>();
  if (view !== null) {
    for (const [suspect, node] of Object.entries(view.pawns)) pawnsAt.set(node, [...(pawnsAt.get(node) ?? []), suspect]);
    for (const [weapon, room] of Object.entries(view.weapons)) weaponsAt.set(room, [...(weaponsAt.get(room) ?? []), weapon]);
  }
  for (const cell of cellsOf(board)) {
    const label = moveTargets.get(cell.node);
    const here = pawnsAt.get(cell.node) ?? [];
    const mine = view !== null && cell.node === view.position;
    const across = cell.kind === 'hallway' ? (cell.row % 2 === 1 ? 'across' : 'down') : '';
    const classes = ['cell', cell.kind, across, label !== undefined ? 'target' : '', mine ? 'here' : ''].filter(Boolean).join(' ');
    const attributes = {
      class: classes,
      'data-node': cell.node,
      style: { 'grid-row': String(cell.row + 1), 'grid-column': String(cell.column + 1), ...(cell.kind === 'home' ? { '--pawn': suspectColor(cell.suspect ?? ''), '--pawn-edge': suspectEdge(cell.suspect ?? '') } : {}) },
      title: label ?? cell.node,
      ...(label !== undefined ? { role: 'button', tabindex: 0, 'aria-label': label, onclick: () => onMove(cell.node), onkeydown: (event: Event) => (event as KeyboardEvent).key === 'Enter' && onMove(cell.node) } : {}),
    };
    const pawns = el('div', { class: 'pawns' }, ...here.map((suspect) => pawn(suspect, view !== null && suspect === view.suspect, moved.pawns.includes(suspect))));
    const children =
      cell.kind === 'room'
        ? [
            el('div', { class: 'room-name' }, cell.node),
            el('div', { class: 'weapons' }, ...(weaponsAt.get(cell.node) ?? []).map((weapon) => el('span', { class: moved.weapons.includes(weapon) ? 'weapon moved' : 'weapon', 'data-weapon': weapon }, weapon))),
            pawns,
            cell.passageTo !== undefined ? el('div', { class: 'passage', title: `Secret passage to the ${cell.passageTo}` }, `⇢ ${cell.passageTo}`) : null,
          ]
        : cell.kind === 'hallway'
          ? [el('span', { class: 'hallway-name', 'aria-hidden': 'true' }, hallwayLabel(cell.node)), pawns]
          : [pawns];
    grid.append(el('div', attributes, ...children));
  }
  return grid;
}


/** A hallway's name short enough for its narrow strip: "Billiard Room-Dining Room" reads "Billiard–Dining". */
function hallwayLabel(node: string): string {
  return node
    .split('-')
    .map((room) => room.replace(/ Room$/, ''))
    .join('–');
}
