import { CLASSIC_BOARD } from '../games/clue/boards/classic.js';
import type { Moved, PawnsAndWeapons } from './clueless-board.js';
import { el } from './dom.js';
import { initials, suspectColor, suspectEdge, suspectInk } from './suspects.js';

const WIDTH = 24;
const HEIGHT = 25;

/** Which side of a door cell faces the hallway square it opens onto. */
function doorSide(door: readonly [number, number], square: readonly [number, number]): string {
  if (square[0] < door[0]) return 'w';
  if (square[0] > door[0]) return 'e';
  return square[1] < door[1] ? 'n' : 's';
}

/** Each room's bounding box on the grid, where its name, weapons and pawns are drawn. */
const ROOM_BOXES = Object.entries(CLASSIC_BOARD.rooms).map(([letter, room]) => {
  let top = HEIGHT;
  let left = WIDTH;
  let bottom = -1;
  let right = -1;
  CLASSIC_BOARD.grid.forEach((row, y) =>
    [...row].forEach((c, x) => {
      if (c.toUpperCase() !== letter) return;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      left = Math.min(left, x);
      right = Math.max(right, x);
    }),
  );
  const passage = CLASSIC_BOARD.passages.find((pair) => (pair as readonly string[]).includes(room));
  return { room, top, left, bottom, right, passageTo: passage === undefined ? null : passage[0] === room ? passage[1] : passage[0] };
});

function pawn(suspect: string, moved: Moved): HTMLElement {
  const classes = ['pawn', moved.pawns.includes(suspect) ? 'moved' : ''].filter(Boolean).join(' ');
  return el('span', { class: classes, title: suspect, 'data-suspect': suspect, style: { '--pawn': suspectColor(suspect), '--pawn-ink': suspectInk(suspect) } }, initials(suspect));
}

/**
 * The classic 24x25 board (the classic and Cluedo rules): hallway squares numbered by their
 * coordinates (the "x,y" of moves and records, rulers along two edges), rooms with their doors,
 * secret passages, weapons and pawns, the staircase, and each suspect's start square in its
 * colour. `seating[n - 1]` owns start square n of the board data.
 */
export function classicBoard(seating: readonly string[], placed: PawnsAndWeapons, moved: Moved): HTMLElement {
  const grid = el('div', { class: 'classic-board', role: 'group', 'aria-label': 'The board' });
  const onSquare = new Map<string, string[]>();
  const inRoom = new Map<string, string[]>();
  for (const [suspect, node] of Object.entries(placed.pawns)) {
    const at = /^\d+,\d+$/.test(node) ? onSquare : inRoom;
    at.set(node, [...(at.get(node) ?? []), suspect]);
  }
  const doors = new Map(CLASSIC_BOARD.doors.map(([, door, square]) => [`${door[0]},${door[1]}`, doorSide(door, square)]));
  for (let x = 0; x < WIDTH; x++) grid.append(el('div', { class: 'ruler', style: { 'grid-row': '1', 'grid-column': String(x + 2) } }, String(x)));
  CLASSIC_BOARD.grid.forEach((row, y) => {
    grid.append(el('div', { class: 'ruler', style: { 'grid-row': String(y + 2), 'grid-column': '1' } }, String(y)));
    [...row].forEach((c, x) => {
      const name = `${x},${y}`;
      const place = { 'grid-row': String(y + 2), 'grid-column': String(x + 2) };
      if (c === '#') return;
      if (c === 'X') return grid.append(el('div', { class: 'sq stairs', style: place }));
      if (c !== '.' && !/\d/.test(c)) {
        const side = doors.get(name);
        return grid.append(el('div', { class: side === undefined ? 'sq room' : `sq room door door-${side}`, style: place, title: side === undefined ? '' : `a door of the ${CLASSIC_BOARD.rooms[c.toUpperCase() as keyof typeof CLASSIC_BOARD.rooms]}` }));
      }
      const owner = /\d/.test(c) ? seating[Number(c) - 1] : undefined;
      const style = owner === undefined ? place : { ...place, '--pawn': suspectColor(owner), '--pawn-edge': suspectEdge(owner) };
      grid.append(el('div', { class: owner === undefined ? 'sq hall' : 'sq hall start', style, title: owner === undefined ? name : `${name}: ${owner}'s start` , 'data-node': name }, ...(onSquare.get(name) ?? []).map((suspect) => pawn(suspect, moved))));
    });
  });
  const weaponsIn = new Map<string, string[]>();
  for (const [weapon, room] of Object.entries(placed.weapons)) weaponsIn.set(room, [...(weaponsIn.get(room) ?? []), weapon]);
  for (const box of ROOM_BOXES) {
    grid.append(
      el(
        'div',
        { class: 'room-box', 'data-node': box.room, style: { 'grid-row': `${box.top + 2} / ${box.bottom + 3}`, 'grid-column': `${box.left + 2} / ${box.right + 3}` } },
        el('div', { class: 'room-name' }, box.room),
        el('div', { class: 'weapons' }, ...(weaponsIn.get(box.room) ?? []).map((weapon) => el('span', { class: moved.weapons.includes(weapon) ? 'weapon moved' : 'weapon', 'data-weapon': weapon }, weapon))),
        el('div', { class: 'pawns' }, ...(inRoom.get(box.room) ?? []).map((suspect) => pawn(suspect, moved))),
        box.passageTo === null ? null : el('div', { class: 'passage', title: `Secret passage to the ${box.passageTo}` }, `⇢ ${box.passageTo}`),
      ),
    );
  }
  return grid;
}
