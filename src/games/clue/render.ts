import { isRoom, type Board } from './board.js';
import { boardOf, variantOf, type ClueState } from './state.js';

/** Two letters per suspect, from the surname: Sc, Mu, Wh, Gr, Pe, Pl. */
function code(suspect: string): string {
  const surname = suspect.split(' ').pop()!;
  return surname.slice(0, 2);
}

/** What a room shows inside its walls: its name, the pawns and the weapons in it. */
function roomLines(state: ClueState, room: string): string[] {
  const pawns = Object.keys(state.pawns).filter((s) => state.pawns[s] === room).map(code);
  const weapons = Object.keys(state.weapons).filter((w) => state.weapons[w] === room);
  return [room, ...(pawns.length > 0 ? [pawns.join(' ')] : []), ...weapons];
}

/** The classic board, two characters a square: pawns by their two letters, rooms with their contents. */
function renderClassic(state: ClueState, board: Board): string[] {
  const rows = board.grid.map((row) =>
    [...row].map((c): string => {
      if (c === '.' || (c >= '1' && c <= '6')) return '. ';
      if (c === 'X') return '::';
      if (c === '#') return '  ';
      return c === c.toLowerCase() ? '[]' : '  ';
    }),
  );
  for (const suspect in state.pawns) {
    const node = board.index.get(state.pawns[suspect]!)!;
    if (!isRoom(node)) rows[board.y[node]!]![board.x[node]!] = code(suspect);
  }
  board.rooms.forEach((room, r) => {
    let top = Infinity;
    let left = Infinity;
    let right = -1;
    board.cellNode.forEach((node, cell) => {
      if (node !== r) return;
      const x = cell % board.width;
      top = Math.min(top, Math.floor(cell / board.width));
      left = Math.min(left, x);
      right = Math.max(right, x);
    });
    // The text fills the room's bounding box from its second row (its first when the room is short), skipping doors.
    let bottom = top;
    board.cellNode.forEach((node, cell) => {
      if (node === r) bottom = Math.max(bottom, Math.floor(cell / board.width));
    });
    const lines = roomLines(state, room);
    const free = (y: number): number[] => {
      const cells: number[] = [];
      for (let x = left; x <= right; x++) if (board.cellNode[y * board.width + x] === r && rows[y]![x] === '  ') cells.push(x);
      return cells;
    };
    // A line too long for its row (a door takes a cell) goes on at a word break on the next row: "Billiard" / "Room".
    for (let y = bottom - top >= lines.length ? top + 1 : top; y <= bottom && lines.length > 0; y++) {
      const cells = free(y);
      let line = lines.shift()!;
      if (line.length > 2 * cells.length) {
        const cut = line.lastIndexOf(' ', 2 * cells.length);
        if (cut > 0) {
          lines.unshift(line.slice(cut + 1));
          line = line.slice(0, cut);
        }
      }
      cells.forEach((x, i) => {
        if (2 * i < line.length) rows[y]![x] = line.slice(2 * i, 2 * i + 2).padEnd(2, ' ');
      });
    }
  });
  return rows.map((row) => row.join('').trimEnd());
}

/** Clue-Less: the 3x3 rooms with their contents, the hallways between them with who stands there. */
function renderClueless(state: ClueState, board: Board): string[] {
  const at = (node: string): string => {
    const suspect = Object.keys(state.pawns).find((s) => state.pawns[s] === node);
    return suspect === undefined ? '--' : code(suspect);
  };
  const cell = 16;
  const lines: string[] = [];
  for (let r = 0; r < 3; r++) {
    const rooms = board.rooms.slice(r * 3, r * 3 + 3);
    const contents = rooms.map((room) => roomLines(state, room));
    const height = Math.max(4, ...contents.map((c) => c.length));
    lines.push(rooms.map(() => `+${'-'.repeat(cell)}+`).join('    '));
    for (let i = 0; i < height; i++) {
      let line = '';
      rooms.forEach((room, c) => {
        line += `|${(contents[c]![i] ?? '').slice(0, cell).padEnd(cell)}|`;
        if (c < 2) line += i === 1 ? ` ${at(`${room}-${rooms[c + 1]}`)} ` : '    ';
      });
      lines.push(line);
    }
    lines.push(rooms.map(() => `+${'-'.repeat(cell)}+`).join('    '));
    if (r < 2) {
      const below = board.rooms.slice(r * 3 + 3, r * 3 + 6);
      lines.push(rooms.map((room, c) => `${' '.repeat(cell / 2 - 1)}${at(`${room}-${below[c]}`)}${' '.repeat(cell / 2 + 1)}`).join('    ').trimEnd());
    }
  }
  const homes = board.starts.map((node) => board.names[node]!).filter((home) => at(home) !== '--');
  if (homes.length > 0) lines.push(`At home: ${homes.map((home) => `${at(home)} (${home})`).join(', ')}`);
  return lines;
}

/** The board as text for a terminal, with a legend of who plays which pawn. */
export function renderBoard(state: ClueState): string {
  const variant = variantOf(state);
  const board = boardOf(variant);
  const lines = variant.board === 'classic' ? renderClassic(state, board) : renderClueless(state, board);
  const legend = variant.cards.suspects.map((suspect) => {
    const player = state.players.find((p) => p.suspect === suspect);
    return `${code(suspect)} ${suspect}${player !== undefined ? ` (${player.name})` : ''}`;
  });
  return [...lines, '', legend.join(' · ')].join('\n');
}
