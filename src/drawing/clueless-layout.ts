/**
 * The Clue-Less board as drawn: the 3x3 rooms (rows top to bottom), each hallway's node name and
 * the two rooms it joins, each home square and the hallway it opens onto, the secret passages.
 * The server sends it in `start.board`; the replay viewer embeds it.
 */
export interface CluelessPlan {
  readonly rooms: readonly (readonly string[])[];
  readonly hallways: readonly { readonly name: string; readonly rooms: readonly [string, string] }[];
  readonly homes: readonly { readonly name: string; readonly suspect: string; readonly hallway: string }[];
  readonly passages: readonly (readonly [string, string])[];
}

export type CellKind = 'room' | 'hallway' | 'home';

/** One place on the drawn board: a node of the engine's board at a cell of a 7x7 grid. */
export interface BoardCell {
  /** The node's name as the engine and the protocol spell it ("Study", "Study-Hall", "Miss Scarlet's home"). */
  readonly node: string;
  readonly kind: CellKind;
  /** 0-based; rows and columns 1-5 hold the rooms (odd) and hallways, 0 and 6 the home squares. */
  readonly row: number;
  readonly column: number;
  /** For a home square: whose. */
  readonly suspect?: string;
  /** For a room with a secret passage: the room it leads to. */
  readonly passageTo?: string;
}

/** The side of the grid; the rooms' 3x3 sits in its middle 5x5 with a ring of home squares around. */
export const GRID_SIZE = 7;

/**
 * Where every node of the board is drawn: rooms at the odd cells of the inner 5x5 (their 3x3 as
 * the board lists them), each hallway between its two rooms, each home square just outside the
 * hallway it opens onto. Read from `start.board` alone, so the drawing follows the server's board.
 */
export function layOut(board: CluelessPlan): BoardCell[] {
  const cells: BoardCell[] = [];
  const at = new Map<string, { row: number; column: number }>();
  const passage = new Map<string, string>();
  for (const [a, b] of board.passages) {
    passage.set(a, b);
    passage.set(b, a);
  }
  board.rooms.forEach((row, r) =>
    row.forEach((room, c) => {
      const place = { row: 1 + 2 * r, column: 1 + 2 * c };
      at.set(room, place);
      const to = passage.get(room);
      cells.push({ node: room, kind: 'room', ...place, ...(to !== undefined ? { passageTo: to } : {}) });
    }),
  );
  for (const hallway of board.hallways) {
    const [a, b] = hallway.rooms.map((room) => at.get(room));
    if (a === undefined || b === undefined) throw new Error(`the hallway ${hallway.name} joins a room not on the board`);
    const place = { row: (a.row + b.row) / 2, column: (a.column + b.column) / 2 };
    at.set(hallway.name, place);
    cells.push({ node: hallway.name, kind: 'hallway', ...place });
  }
  const last = GRID_SIZE - 2;
  for (const home of board.homes) {
    const h = at.get(home.hallway);
    if (h === undefined) throw new Error(`${home.name} opens onto ${home.hallway}, which is not on the board`);
    const row = h.row === 1 ? 0 : h.row === last ? GRID_SIZE - 1 : h.row;
    const column = h.row === 1 || h.row === last ? h.column : h.column === 1 ? 0 : GRID_SIZE - 1;
    cells.push({ node: home.name, kind: 'home', row, column, suspect: home.suspect });
  }
  return cells;
}
