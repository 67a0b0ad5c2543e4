import { layOut, type BoardCell, type CluelessPlan } from './clueless-layout.js';
import { el } from './dom.js';
import { initials, suspectColor, suspectEdge, suspectInk } from './suspects.js';

/** Where everything stands: every pawn (suspect -> node) and weapon (weapon -> room). */
export interface PawnsAndWeapons {
  readonly pawns: Readonly<Record<string, string>>;
  readonly weapons: Readonly<Record<string, string>>;
}

/** What the latest step moved, marked on the board. */
export interface Moved {
  readonly pawns: readonly string[];
  readonly weapons: readonly string[];
}

/** Whose eyes the board is seen through: their pawn is outlined, and their place too. */
export interface Viewer {
  readonly suspect: string;
  readonly position: string;
}

const layouts = new WeakMap<CluelessPlan, BoardCell[]>();

function cellsOf(board: CluelessPlan): BoardCell[] {
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
export function cluelessBoard(board: CluelessPlan, placed: PawnsAndWeapons | null, viewer: Viewer | null, moved: Moved, moveTargets: ReadonlyMap<string, string> = new Map(), onMove: (node: string) => void = () => {}): HTMLElement {
  const grid = el('div', { class: 'board', role: 'group', 'aria-label': 'The board' });
  const pawnsAt = new Map<string, string[]>();
  const weaponsAt = new Map<string, string[]>();
  if (placed !== null) {
    for (const [suspect, node] of Object.entries(placed.pawns)) pawnsAt.set(node, [...(pawnsAt.get(node) ?? []), suspect]);
    for (const [weapon, room] of Object.entries(placed.weapons)) weaponsAt.set(room, [...(weaponsAt.get(room) ?? []), weapon]);
  }
  for (const cell of cellsOf(board)) {
    const label = moveTargets.get(cell.node);
    const here = pawnsAt.get(cell.node) ?? [];
    const mine = viewer !== null && cell.node === viewer.position;
    const across = cell.kind === 'hallway' ? (cell.row % 2 === 1 ? 'across' : 'down') : '';
    const classes = ['cell', cell.kind, across, label !== undefined ? 'target' : '', mine ? 'here' : ''].filter(Boolean).join(' ');
    const attributes = {
      class: classes,
      'data-node': cell.node,
      style: { 'grid-row': String(cell.row + 1), 'grid-column': String(cell.column + 1), ...(cell.kind === 'home' ? { '--pawn': suspectColor(cell.suspect ?? ''), '--pawn-edge': suspectEdge(cell.suspect ?? '') } : {}) },
      title: label ?? cell.node,
      ...(label !== undefined ? { role: 'button', tabindex: 0, 'aria-label': label, onclick: () => onMove(cell.node), onkeydown: (event: Event) => (event as KeyboardEvent).key === 'Enter' && onMove(cell.node) } : {}),
    };
    const pawns = el('div', { class: 'pawns' }, ...here.map((suspect) => pawn(suspect, viewer !== null && suspect === viewer.suspect, moved.pawns.includes(suspect))));
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
