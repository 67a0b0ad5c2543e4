import { describe, expect, it } from 'vitest';
import { buildClassic, classicBoard, cluelessBoard, isRoom, type ClassicBoardData } from '../../src/games/clue/board.js';
import { CLASSIC_BOARD } from '../../src/games/clue/boards/classic.js';
import { CARDS, matchCard } from '../../src/games/clue/cards.js';
import { VARIANTS } from '../../src/games/clue/rules.js';

describe('the classic board data', () => {
  const board = classicBoard();

  it('has the reference counts: 188 hallway squares, 9 rooms, 17 doors, 6 start squares', () => {
    expect(board.names.length - 9).toBe(188);
    const doors = board.rooms.map((_, room) => board.adjStart[room + 1]! - board.adjStart[room]!);
    expect(Object.fromEntries(board.rooms.map((room, r) => [room, doors[r]]))).toEqual({
      Kitchen: 1, Ballroom: 4, Conservatory: 1, 'Dining Room': 2, 'Billiard Room': 2, Library: 2, Study: 1, Hall: 3, Lounge: 1,
    });
    expect(board.starts.map((node) => board.names[node])).toEqual(['7,24', '0,17', '9,0', '14,0', '23,6', '23,19']);
    expect(board.roomSlots).toEqual([35, 52, 28, 53, 30, 31, 27, 42, 41]);
  });

  it('joins Kitchen and Study, Conservatory and Lounge by secret passages', () => {
    const passage = (room: string): string => board.names[board.passage[board.index.get(room)!]!]!;
    expect([passage('Kitchen'), passage('Study'), passage('Conservatory'), passage('Lounge')]).toEqual(['Study', 'Kitchen', 'Lounge', 'Conservatory']);
    expect(board.passage[board.index.get('Hall')!]).toBe(-1);
  });

  const corrupt = (change: (data: { -readonly [K in keyof ClassicBoardData]: ClassicBoardData[K] }) => void): (() => unknown) => () => {
    const data = JSON.parse(JSON.stringify(CLASSIC_BOARD)) as { -readonly [K in keyof ClassicBoardData]: ClassicBoardData[K] };
    change(data);
    return buildClassic(data);
  };

  it('is checked on load: a door, a start square, a row or a count out of place is refused with its reason', () => {
    expect(corrupt(() => {})).not.toThrow();
    expect(corrupt((d) => (d.doors = d.doors.map((door, i) => (i === 0 ? [door[0], door[1], [5, 7], door[3]] : door))))).toThrow(/does not open N onto \(4,6\)/);
    expect(corrupt((d) => (d.grid = d.grid.map((row, y) => (y === 6 ? row.replace('k', 'K') : row))))).toThrow(/door cell \(4,6\) of Kitchen is "K"/);
    expect(corrupt((d) => (d.starts = [[7, 23], ...d.starts.slice(1)]))).toThrow(/start square 1 is not at \(7,23\)/);
    expect(corrupt((d) => (d.grid = d.grid.slice(1)))).toThrow(/not 24 columns x 25 rows/);
    expect(corrupt((d) => (d.counts = { ...d.counts, hallway: 187 }))).toThrow(/188 hallway squares, the reference says 187/);
    const walledIn = (d: { grid: readonly string[]; counts: ClassicBoardData['counts'] }): void => {
      d.grid = d.grid.map((row, y) => (y === 1 ? `${row.slice(0, 9)}B${row.slice(10)}` : row));
      d.counts = { ...d.counts, hallway: 187, rooms: 340 };
    };
    expect(corrupt(walledIn)).toThrow(/cannot be reached from 9,0/);
  });
});

describe('the Clue-Less board', () => {
  const board = cluelessBoard(VARIANTS.clueless.seating);

  it('has nine rooms in a 3x3 grid, 12 one-person hallways and a home square by a hallway for each suspect', () => {
    const hallways = board.names.filter((_, node) => !isRoom(node) && !board.starts.includes(node));
    expect(hallways).toHaveLength(12);
    expect(hallways).toContain('Billiard Room-Ballroom');
    const next = (home: number): string => board.names[board.adj[board.adjStart[home]!]!]!;
    expect(board.starts.map((home) => `${board.names[home]} -> ${next(home)}`)).toEqual([
      "Miss Scarlet's home -> Hall-Lounge", "Colonel Mustard's home -> Lounge-Dining Room", "Mrs. White's home -> Ballroom-Kitchen",
      "Mr. Green's home -> Conservatory-Ballroom", "Mrs. Peacock's home -> Library-Conservatory", "Professor Plum's home -> Study-Library",
    ]);
    const center = board.index.get('Billiard Room')!;
    expect(board.adjStart[center + 1]! - board.adjStart[center]!).toBe(4);
  });
});

describe('card names', () => {
  it('are canonical per variant, as the issue lists them', () => {
    expect(CARDS.classic.suspects).toEqual(['Colonel Mustard', 'Miss Scarlet', 'Professor Plum', 'Mr. Green', 'Mrs. White', 'Mrs. Peacock']);
    expect(CARDS.cluedo.weapons).toEqual(['Candlestick', 'Knife', 'Lead Pipe', 'Revolver', 'Rope', 'Poison']);
    for (const variant of ['classic', 'clueless', 'cluedo'] as const) expect(new Set(CARDS[variant].all).size).toBe(21);
  });

  it("match case-insensitively with the specs' short forms", () => {
    expect(matchCard('classic', 'Col. Mustard')).toBe('Colonel Mustard');
    expect(matchCard('classic', 'lead pipe')).toBe('Lead Pipe');
    expect(matchCard('classic', 'MR GREEN')).toBe('Mr. Green');
    expect(matchCard('cluedo', 'Mr. Green')).toBe('Reverend Mr Green');
    expect(matchCard('cluedo', 'gun')).toBe('Revolver');
    expect(matchCard('cluedo', 'Mrs. White')).toBe('Mrs White');
    expect(matchCard('classic', 'Miss Scarlett')).toBe('Miss Scarlet');
    expect(matchCard('classic', 'billiard room', 'room')).toBe('Billiard Room');
    expect(matchCard('classic', 'Rope', 'suspect')).toBeNull();
    expect(matchCard('classic', 'Poison')).toBeNull();
  });
});
