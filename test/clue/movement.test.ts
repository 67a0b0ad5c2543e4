import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/core/errors.js';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import { classicBoard, isRoom, ROOM_COUNT, type Board } from '../../src/games/clue/board.js';
import { checkDicePath, diceDestinations, type DiceMove } from '../../src/games/clue/movement.js';

/**
 * The destinations the engine lists after a roll, against a brute force that walks every path the
 * rules allow: the same rooms, the same squares, and every listed path accepted square by square.
 */
const board = classicBoard();

/** Every place a path the rules allow can end: rooms within the roll, squares at exactly (classic) or up to (Cluedo) the roll. */
function bruteForce(move: DiceMove): Set<number> {
  const ends = new Set<number>();
  const onPath = new Uint8Array(board.names.length);
  const walk = (node: number, used: number): void => {
    if (used > 0 && isRoom(node)) {
      if (node !== move.leftRoom && node !== move.from) ends.add(node);
      return;
    }
    if (used > 0 && (!move.exact || used === move.steps)) ends.add(node);
    if (used === move.steps) return;
    onPath[node] = 1;
    for (let i = board.adjStart[node]!; i < board.adjStart[node + 1]!; i++) {
      const next = board.adj[i]!;
      if (onPath[next] === 1 || (!isRoom(next) && move.occupied[next] === 1)) continue;
      walk(next, used + 1);
    }
    if (used === 0 && move.passageStep && isRoom(node) && board.passage[node]! >= 0) walk(board.passage[node]!, 1);
    onPath[node] = 0;
  };
  walk(move.from, 0);
  return ends;
}

function randomMoves(count: number, exact: boolean): DiceMove[] {
  const rng = new GameStreams(seedKey(`movement-${exact}`), 0).stream('test');
  const moves: DiceMove[] = [];
  for (let i = 0; i < count; i++) {
    const occupied = new Uint8Array(board.names.length);
    const pawns = rng.int(6);
    for (let p = 0; p < pawns; p++) occupied[ROOM_COUNT + rng.int(board.names.length - ROOM_COUNT)] = 1;
    let from = rng.next() < 0.3 ? rng.int(ROOM_COUNT) : ROOM_COUNT + rng.int(board.names.length - ROOM_COUNT);
    while (occupied[from] === 1) from = ROOM_COUNT + rng.int(board.names.length - ROOM_COUNT);
    const steps = 2 + rng.int(6) + rng.int(6);
    const leftRoom = isRoom(from) ? from : rng.next() < 0.5 ? rng.int(ROOM_COUNT) : -1;
    moves.push({ board, from, steps, exact, passageStep: !exact, leftRoom, occupied });
  }
  return moves;
}

function names(board: Board, nodes: Iterable<number>): string[] {
  return [...nodes].map((n) => board.names[n]!).sort();
}

describe.each([
  { label: 'classic (exactly the roll, or fewer into a room)', exact: true },
  { label: 'Cluedo (up to the roll, passages as a step)', exact: false },
])('dice destinations, $label', ({ exact }) => {
  const moves = randomMoves(300, exact);

  it('lists exactly the places a legal path reaches', () => {
    for (const move of moves) {
      const listed = diceDestinations(move).map((d) => d.node);
      expect(new Set(listed).size, 'each destination once').toBe(listed.length);
      expect(names(board, listed), `from ${board.names[move.from]} with ${move.steps}`).toEqual(names(board, bruteForce(move)));
    }
  });

  it('gives each destination a path the square-by-square check accepts', () => {
    for (const move of moves) {
      for (const destination of diceDestinations(move)) {
        const path = destination.path.map((node) => board.names[node]!);
        expect(checkDicePath(move, path)).toEqual(destination.path);
        expect(destination.path[destination.path.length - 1]).toBe(destination.node);
      }
    }
  });
});

describe('the square-by-square check', () => {
  const empty = new Uint8Array(board.names.length);
  const at = (name: string): number => board.index.get(name)!;
  const move = (from: string, steps: number, occupied = empty): DiceMove => ({ board, from: at(from), steps, exact: true, passageStep: false, leftRoom: isRoom(at(from)) ? at(from) : -1, occupied });
  const refusal = (m: DiceMove, path: string[]): string => {
    try {
      checkDicePath(m, path);
    } catch (error) {
      if (error instanceof RuleError) return error.message;
      throw error;
    }
    return 'accepted';
  };

  it('reads squares, directions and room names in any case', () => {
    expect(checkDicePath(move('7,24', 3), ['N', '(7, 22)', 'n']).map((n) => board.names[n])).toEqual(['7,23', '7,22', '7,21']);
    expect(checkDicePath(move('6,18', 2), ['lounge']).map((n) => board.names[n])).toEqual(['Lounge']);
  });

  it('refuses each broken rule with its message, the first broken step deciding', () => {
    expect(refusal(move('7,24', 2), ['N', 'N', 'N'])).toBe('You have exceeded the number of dice rolled.');
    expect(refusal(move('7,24', 2), ['N', 'E'])).toBe('accepted');
    expect(refusal(move('7,24', 3), ['N'])).toBe('You may only move the number of squares determined by throwing the dice.');
    expect(refusal(move('Lounge', 3), ['6,17'])).toBe('You may only enter or leave a room through its door.');
    expect(refusal(move('7,24', 3), ['Mars'])).toBe('"Mars" is not a place on the board: give a room, a square as x,y, or a direction N, E, S, W.');
    expect(refusal(move('7,24', 2), [])).toBe('A move needs at least one step.');
  });
});
