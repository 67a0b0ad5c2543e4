import { CLASSIC_BOARD } from './boards/classic.js';
import { CLUELESS_BOARD } from './boards/clueless.js';

/**
 * A board as a graph the movement code walks with typed arrays. Nodes 0..8 are the rooms, the rest
 * are the places a single pawn stands on (squares, hallways, home squares). `adj` (CSR, from
 * `adjStart`) holds the walking steps: square to square, a door's hallway square to its room and
 * back, Clue-Less hallway to room and back, home square to its hallway (one way). Secret passages
 * are apart in `passage`, because each variant uses them differently.
 */
export interface Board {
  readonly id: 'classic' | 'clueless';
  /** Node names: a room's name, a square's "x,y", a hallway's "Room-Room", a home's "<suspect>'s home". */
  readonly names: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  readonly rooms: readonly string[];
  readonly adjStart: Int32Array;
  readonly adj: Int32Array;
  /** For a room node: the room its secret passage leads to, else -1. */
  readonly passage: Int32Array;
  /** The start square (classic) or home square (Clue-Less) of each seating position, clockwise from Miss Scarlet. */
  readonly starts: readonly number[];
  /** How many pawn slots a room has (spec 002: a fixed number; the classic board's squares serve). */
  readonly roomSlots: readonly number[];
  /** The classic grid, its width, and each node's square coordinates (-1 for rooms), for directions and drawing. */
  readonly grid: readonly string[];
  readonly width: number;
  readonly x: Int16Array;
  readonly y: Int16Array;
  /** Grid cell (y * width + x) -> the node there: a square, or the room a room cell belongs to; -1 elsewhere. */
  readonly cellNode: Int32Array;
}

export const ROOM_COUNT = 9;

export function isRoom(node: number): boolean {
  return node < ROOM_COUNT;
}

export function squareName(x: number, y: number): string {
  return `${x},${y}`;
}

function fail(board: string, message: string): never {
  throw new Error(`the ${board} board data is inconsistent: ${message}`);
}

function toCsr(edges: readonly (readonly number[])[]): { adjStart: Int32Array; adj: Int32Array } {
  const adjStart = new Int32Array(edges.length + 1);
  edges.forEach((list, node) => {
    adjStart[node + 1] = adjStart[node]! + list.length;
  });
  const adj = new Int32Array(adjStart[edges.length]!);
  edges.forEach((list, node) => adj.set(list, adjStart[node]!));
  return { adjStart, adj };
}

const STEP: Readonly<Record<string, readonly [number, number]>> = { N: [0, -1], S: [0, 1], W: [-1, 0], E: [1, 0] };

/** The shape of the classic board's data file (boards/classic.ts). */
export interface ClassicBoardData {
  readonly grid: readonly string[];
  readonly rooms: Readonly<Record<string, string>>;
  readonly doors: readonly (readonly [string, readonly [number, number], readonly [number, number], string])[];
  readonly starts: readonly (readonly [number, number])[];
  readonly passages: readonly (readonly [string, string])[];
  readonly counts: { readonly hallway: number; readonly outOfBounds: number; readonly staircase: number; readonly rooms: number };
}

/** Parses and checks the classic board's data; throws, naming the first inconsistency. */
export function buildClassic(data: ClassicBoardData): Board {
  const id = 'classic';
  const height = data.grid.length;
  const width = data.grid[0]!.length;
  if (height !== 25 || data.grid.some((row) => row.length !== 24)) fail(id, 'the grid is not 24 columns x 25 rows');
  const letters = Object.keys(data.rooms);
  const rooms = letters.map((letter) => data.rooms[letter]!);
  if (rooms.length !== ROOM_COUNT) fail(id, `${rooms.length} rooms, expected ${ROOM_COUNT}`);
  const cell = (x: number, y: number): string => (x >= 0 && y >= 0 && x < width && y < height ? data.grid[y]![x]! : '#');

  const names: string[] = [...rooms];
  const cellNode = new Int32Array(width * height).fill(-1);
  const roomSlots = new Array<number>(ROOM_COUNT).fill(0);
  const xs: number[] = new Array<number>(ROOM_COUNT).fill(-1);
  const ys: number[] = new Array<number>(ROOM_COUNT).fill(-1);
  const counts = { hallway: 0, outOfBounds: 0, staircase: 0, rooms: 0 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = cell(x, y);
      const room = letters.indexOf(c.toUpperCase());
      if (c === '.' || (c >= '1' && c <= '6')) {
        cellNode[y * width + x] = names.length;
        names.push(squareName(x, y));
        xs.push(x);
        ys.push(y);
        counts.hallway++;
      } else if (room >= 0) {
        cellNode[y * width + x] = room;
        roomSlots[room]!++;
        counts.rooms++;
      } else if (c === '#') counts.outOfBounds++;
      else if (c === 'X') counts.staircase++;
      else fail(id, `unknown character "${c}" at (${x},${y})`);
    }
  }
  for (const key of Object.keys(counts) as (keyof typeof counts)[]) {
    if (counts[key] !== data.counts[key]) fail(id, `${counts[key]} ${key} squares, the reference says ${data.counts[key]}`);
  }

  const edges: number[][] = names.map(() => []);
  for (let node = ROOM_COUNT; node < names.length; node++) {
    for (const [dx, dy] of Object.values(STEP)) {
      const c = cell(xs[node]! + dx, ys[node]! + dy);
      if (c === '.' || (c >= '1' && c <= '6')) edges[node]!.push(cellNode[(ys[node]! + dy) * width + xs[node]! + dx]!);
    }
  }
  const doorCells = new Set<string>();
  for (const [room, [dx, dy], [hx, hy], enter] of data.doors) {
    const r = rooms.indexOf(room);
    const doorLetter = cell(dx, dy);
    if (r < 0) fail(id, `a door of an unknown room ${room}`);
    if (doorLetter !== letters[r]!.toLowerCase()) fail(id, `the door cell (${dx},${dy}) of ${room} is "${doorLetter}" in the grid`);
    const [sx, sy] = STEP[enter]!;
    if (hx + sx !== dx || hy + sy !== dy) fail(id, `the hallway square (${hx},${hy}) does not open ${enter} onto (${dx},${dy})`);
    const square = cellNode[hy * width + hx]!;
    if (square < ROOM_COUNT) fail(id, `(${hx},${hy}) in front of the ${room} door is not a hallway square`);
    doorCells.add(`${dx},${dy}`);
    edges[square]!.push(r);
    edges[r]!.push(square);
  }
  let lowerCells = 0;
  data.grid.forEach((row) => {
    for (const c of row) if (c !== c.toUpperCase()) lowerCells++;
  });
  if (lowerCells !== data.doors.length || doorCells.size !== data.doors.length) fail(id, 'the door table and the door cells of the grid differ');

  const starts = data.starts.map(([x, y], i) => {
    if (cell(x, y) !== String(i + 1)) fail(id, `start square ${i + 1} is not at (${x},${y})`);
    if (x !== 0 && y !== 0 && x !== width - 1 && y !== height - 1) fail(id, `start square (${x},${y}) is not on the edge`);
    return cellNode[y * width + x]!;
  });
  const geometry = { grid: data.grid, width, x: Int16Array.from(xs), y: Int16Array.from(ys), cellNode };
  return assemble(id, rooms, names, edges, passages(id, rooms, data.passages), starts, roomSlots, geometry);
}

/** The board from its parts, with its walking steps packed and its connectedness checked. */
function assemble(
  id: Board['id'],
  rooms: readonly string[],
  names: readonly string[],
  edges: readonly (readonly number[])[],
  passage: Int32Array,
  starts: readonly number[],
  roomSlots: readonly number[],
  geometry: Pick<Board, 'grid' | 'width' | 'x' | 'y' | 'cellNode'>,
): Board {
  const board: Board = { id, names, index: new Map(names.map((name, node) => [name, node])), rooms, ...toCsr(edges), passage, starts, roomSlots, ...geometry };
  // Classic pawns never pass through a room within a move; Clue-Less pawns go room to room turn after turn.
  checkConnected(board, id === 'clueless');
  return board;
}

function passages(id: string, rooms: readonly string[], pairs: readonly (readonly [string, string])[]): Int32Array {
  const passage = new Int32Array(ROOM_COUNT).fill(-1);
  for (const [a, b] of pairs) {
    const ra = rooms.indexOf(a);
    const rb = rooms.indexOf(b);
    if (ra < 0 || rb < 0 || passage[ra] !== -1 || passage[rb] !== -1) fail(id, `the secret passage ${a}-${b}`);
    passage[ra] = rb;
    passage[rb] = ra;
  }
  return passage;
}

/**
 * Every room and every square can be reached from every start (classic: along the hallway alone, as
 * the reference checks; Clue-Less: turn after turn, through rooms): a board with an island is a typo.
 */
function checkConnected(board: Board, throughRooms: boolean): void {
  for (const start of board.starts) {
    const seen = new Uint8Array(board.names.length);
    const queue = [start];
    seen[start] = 1;
    while (queue.length > 0) {
      const node = queue.pop()!;
      if (isRoom(node) && !throughRooms) continue;
      for (let i = board.adjStart[node]!; i < board.adjStart[node + 1]!; i++) {
        const next = board.adj[i]!;
        if (seen[next] === 0) {
          seen[next] = 1;
          queue.push(next);
        }
      }
    }
    const missing = board.names.filter((_, node) => seen[node] === 0 && !board.starts.includes(node));
    if (missing.length > 0) fail(board.id, `${missing.join(', ')} cannot be reached from ${board.names[start]}`);
  }
}

/** The Clue-Less board; home squares are named after the suspects of `seating` (clockwise from Miss Scarlet). */
function buildClueless(seating: readonly string[]): Board {
  const data = CLUELESS_BOARD;
  const id = 'clueless';
  const rooms: readonly string[] = data.grid.flat();
  if (rooms.length !== ROOM_COUNT || data.grid.some((row) => row.length !== 3)) fail(id, 'the rooms are not a 3x3 grid');
  const names: string[] = [...rooms];
  const edges: number[][] = rooms.map(() => []);
  const link = (a: string, b: string): void => {
    const hallway = names.length;
    names.push(`${a}-${b}`);
    edges.push([rooms.indexOf(a), rooms.indexOf(b)]);
    edges[rooms.indexOf(a)]!.push(hallway);
    edges[rooms.indexOf(b)]!.push(hallway);
  };
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      if (c < 2) link(data.grid[r]![c]!, data.grid[r]![c + 1]!);
      if (r < 2) link(data.grid[r]![c]!, data.grid[r + 1]![c]!);
    }
  }
  if (names.length - ROOM_COUNT !== 12) fail(id, `${names.length - ROOM_COUNT} hallways, expected 12`);
  if (seating.length !== data.homes.length) fail(id, `${data.homes.length} home squares for ${seating.length} suspects`);
  const starts = data.homes.map((hallway, i) => {
    const target = names.indexOf(hallway);
    if (target < ROOM_COUNT) fail(id, `home square ${i + 1} is next to "${hallway}", which is not a hallway`);
    const home = names.length;
    names.push(`${seating[i]}'s home`);
    edges.push([target]);
    return home;
  });
  const passage = passages(id, rooms, data.passages);
  const corners = [data.grid[0]![0]!, data.grid[0]![2]!, data.grid[2]![0]!, data.grid[2]![2]!];
  for (const [a, b] of data.passages) {
    if (!corners.includes(a) || !corners.includes(b)) fail(id, `the passage ${a}-${b} does not join corner rooms`);
  }
  const none = new Int16Array(names.length).fill(-1);
  const geometry = { grid: [], width: 0, x: none, y: none, cellNode: new Int32Array(0) };
  return assemble(id, rooms, names, edges, passage, starts, rooms.map(() => Number.POSITIVE_INFINITY), geometry);
}

const built = new Map<string, Board>();

function once(key: string, build: () => Board): Board {
  let board = built.get(key);
  if (board === undefined) {
    board = build();
    built.set(key, board);
  }
  return board;
}

/** The classic board (classic and Cluedo share it), built and checked once. */
export function classicBoard(): Board {
  return once('classic', () => buildClassic(CLASSIC_BOARD));
}

/** The Clue-Less board for a seating order, built and checked once. */
export function cluelessBoard(seating: readonly string[]): Board {
  return once(`clueless:${seating.join('|')}`, () => buildClueless(seating));
}

/** The node one square from a classic-board square in direction N/E/S/W, or -1 off the squares. */
export function squareToward(board: Board, node: number, direction: string): number {
  const step = STEP[direction];
  if (step === undefined || board.width === 0 || isRoom(node)) return -1;
  const x = board.x[node]! + step[0];
  const y = board.y[node]! + step[1];
  if (x < 0 || y < 0 || x >= board.width || y >= board.grid.length) return -1;
  return board.cellNode[y * board.width + x]!;
}

/** Whether `a` and `b` are joined by a walking step. */
export function adjacent(board: Board, a: number, b: number): boolean {
  for (let i = board.adjStart[a]!; i < board.adjStart[a + 1]!; i++) if (board.adj[i] === b) return true;
  return false;
}
