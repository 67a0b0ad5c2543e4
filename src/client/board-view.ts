import type { BoardInfo, SeatView } from '../server/messages.js';
import { GRID_SIZE, layOut, type BoardCell } from './board-layout.js';
import { el } from './dom.js';
import { initials, suspectColor, suspectInk } from './suspects.js';

const layouts = new WeakMap<BoardInfo, BoardCell[]>();

function cellsOf(board: BoardInfo): BoardCell[] {
  let cells = layouts.get(board);
  if (cells === undefined) layouts.set(board, (cells = layOut(board)));
  return cells;
}

function pawn(suspect: string, mine: boolean): HTMLElement {
  return el('span', { class: mine ? 'pawn mine' : 'pawn', title: suspect, 'data-suspect': suspect, style: `--pawn: ${suspectColor(suspect)}; --pawn-ink: ${suspectInk(suspect)}` }, initials(suspect));
}

/**
 * The 3x3 board (C.7): rooms with their weapons and secret passages, the hallways, the home
 * squares, every pawn where the view puts it. The places I may move to now are buttons.
 */
export function boardView(board: BoardInfo, view: SeatView | null, moveTargets: ReadonlyMap<string, string>, onMove: (node: string) => void): HTMLElement {
  const grid = el('div', { class: 'board', style: `--size: ${GRID_SIZE}`, role: 'group', 'aria-label': 'The board' });
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
      style: `grid-row: ${cell.row + 1}; grid-column: ${cell.column + 1}`,
      title: label ?? cell.node,
      ...(label !== undefined ? { role: 'button', tabindex: 0, 'aria-label': label, onclick: () => onMove(cell.node), onkeydown: (event: Event) => (event as KeyboardEvent).key === 'Enter' && onMove(cell.node) } : {}),
    };
    const pawns = el('div', { class: 'pawns' }, ...here.map((suspect) => pawn(suspect, view !== null && suspect === view.suspect)));
    const children =
      cell.kind === 'room'
        ? [
            el('div', { class: 'room-name' }, cell.node),
            el('div', { class: 'weapons' }, ...(weaponsAt.get(cell.node) ?? []).map((weapon) => el('span', { class: 'weapon' }, weapon))),
            pawns,
            cell.passageTo !== undefined ? el('div', { class: 'passage', title: `Secret passage to the ${cell.passageTo}` }, `⇢ ${cell.passageTo}`) : null,
          ]
        : [pawns];
    const style = cell.kind === 'home' ? `${attributes.style}; --pawn: ${suspectColor(cell.suspect ?? '')}` : attributes.style;
    grid.append(el('div', { ...attributes, style }, ...children));
  }
  return grid;
}

