/**
 * The Clue-Less board as data (spec 001 G.6, G.7, G.13, G.14; the figure the spec refers to is the
 * one the Clue-Less project published): nine rooms in a 3x3 grid, a one-person hallway between
 * each pair of side-by-side rooms (12), a home square next to a hallway on the edge for each
 * suspect, and secret passages between opposite corners. board.ts derives the hallways and checks
 * the data on load.
 */
export const CLUELESS_BOARD = {
  grid: [
    ['Study', 'Hall', 'Lounge'],
    ['Library', 'Billiard Room', 'Dining Room'],
    ['Conservatory', 'Ballroom', 'Kitchen'],
  ],
  /** The hallway next to each home square, in clockwise seating order: Scarlet, Mustard, White, Green, Peacock, Plum. */
  homes: ['Hall-Lounge', 'Lounge-Dining Room', 'Ballroom-Kitchen', 'Conservatory-Ballroom', 'Library-Conservatory', 'Study-Library'],
  passages: [
    ['Study', 'Kitchen'],
    ['Lounge', 'Conservatory'],
  ],
} as const;
