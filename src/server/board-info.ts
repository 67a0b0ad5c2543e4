import { cluelessBoard, ROOM_COUNT } from '../games/clue/board.js';
import { CLUELESS_BOARD } from '../games/clue/boards/clueless.js';
import { VARIANTS } from '../games/clue/rules.js';
import type { BoardInfo } from './messages.js';

let made: BoardInfo | undefined;

/** The Clue-Less board as a client draws it (C.7), read from the engine's own board, built once. */
export function boardInfo(): BoardInfo {
  if (made !== undefined) return made;
  const variant = VARIANTS.clueless;
  const board = cluelessBoard(variant.seating);
  const hallways: BoardInfo['hallways'] = [];
  const homes: BoardInfo['homes'] = [];
  for (let node = ROOM_COUNT; node < board.names.length; node++) {
    const name = board.names[node]!;
    const next: string[] = [];
    for (let i = board.adjStart[node]!; i < board.adjStart[node + 1]!; i++) next.push(board.names[board.adj[i]!]!);
    const home = board.starts.indexOf(node);
    if (home >= 0) homes.push({ name, suspect: variant.seating[home]!, hallway: next[0]! });
    else hallways.push({ name, rooms: [next[0]!, next[1]!] });
  }
  made = {
    rooms: CLUELESS_BOARD.grid.map((row) => [...row]),
    hallways,
    homes,
    passages: CLUELESS_BOARD.passages.map(([a, b]) => [a, b]),
    cards: { suspects: [...variant.cards.suspects], weapons: [...variant.cards.weapons], rooms: [...variant.cards.rooms] },
  };
  return made;
}
