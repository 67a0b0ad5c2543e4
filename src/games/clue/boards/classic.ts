/**
 * The classic 24x25 board as data, transcribed from ../shared/reference/clue-classic-board.md
 * (Kitchen top left; x = column 0..23, y = row 0..24, origin top left). board.ts parses and checks
 * it on load: shape, door table against the grid, start squares on the edge, square counts.
 *
 * Grid legend: `#` out of bounds, `X` the central staircase (out of play), `.` hallway, `1`..`6`
 * start squares (in the clockwise seating order of `starts`), an upper-case room letter a room
 * square, a lower-case one a room square that is a door cell.
 */
export const CLASSIC_BOARD = {
  grid: [
    '#########3####4#########',
    'KKKKKK#...BBBB...#CCCCCC',
    'KKKKKK..BBBBBBBB..CCCCCC',
    'KKKKKK..BBBBBBBB..CCCCCC',
    'KKKKKK..BBBBBBBB..cCCCCC',
    'KKKKKK..bBBBBBBb...CCCC#',
    '#KKKkK..BBBBBBBB.......5',
    '........BbBBBBbB.......#',
    '#.................IIIIII',
    'DDDDD.............iIIIII',
    'DDDDDDDD..XXXXX...IIIIII',
    'DDDDDDDD..XXXXX...IIIIII',
    'DDDDDDDd..XXXXX...IIIIiI',
    'DDDDDDDD..XXXXX........#',
    'DDDDDDDD..XXXXX...LLlLL#',
    'DDDDDDdD..XXXXX..LLLLLLL',
    '#.........XXXXX..lLLLLLL',
    '2................LLLLLLL',
    '#........HHhhHH...LLLLL#',
    'OOOOOOo..HHHHHH........6',
    'OOOOOOO..HHHHHh........#',
    'OOOOOOO..HHHHHH..sSSSSSS',
    'OOOOOOO..HHHHHH..SSSSSSS',
    'OOOOOOO..HHHHHH..SSSSSSS',
    'OOOOOO#1#HHHHHH#.#SSSSSS',
  ],
  rooms: {
    K: 'Kitchen',
    B: 'Ballroom',
    C: 'Conservatory',
    D: 'Dining Room',
    I: 'Billiard Room',
    L: 'Library',
    S: 'Study',
    H: 'Hall',
    O: 'Lounge',
  },
  /** [room, door cell, the one hallway square that opens onto it, the direction of entering]. */
  doors: [
    ['Kitchen', [4, 6], [4, 7], 'N'],
    ['Ballroom', [8, 5], [7, 5], 'E'],
    ['Ballroom', [15, 5], [16, 5], 'W'],
    ['Ballroom', [9, 7], [9, 8], 'N'],
    ['Ballroom', [14, 7], [14, 8], 'N'],
    ['Conservatory', [18, 4], [18, 5], 'N'],
    ['Billiard Room', [18, 9], [17, 9], 'E'],
    ['Billiard Room', [22, 12], [22, 13], 'N'],
    ['Library', [20, 14], [20, 13], 'S'],
    ['Library', [17, 16], [16, 16], 'E'],
    ['Study', [17, 21], [17, 20], 'S'],
    ['Hall', [11, 18], [11, 17], 'S'],
    ['Hall', [12, 18], [12, 17], 'S'],
    ['Hall', [14, 20], [15, 20], 'W'],
    ['Lounge', [6, 19], [6, 18], 'S'],
    ['Dining Room', [7, 12], [8, 12], 'W'],
    ['Dining Room', [6, 15], [6, 16], 'N'],
  ],
  /** Start squares in clockwise seating order: Scarlet, Mustard, White, Green, Peacock, Plum. */
  starts: [
    [7, 24],
    [0, 17],
    [9, 0],
    [14, 0],
    [23, 6],
    [23, 19],
  ],
  passages: [
    ['Kitchen', 'Study'],
    ['Conservatory', 'Lounge'],
  ],
  /** Square counts the reference states, checked against the grid. */
  counts: { hallway: 188, outOfBounds: 38, staircase: 35, rooms: 339 },
} as const;
