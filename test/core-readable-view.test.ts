import { describe, expect, it } from 'vitest';
import { jsonTree, readableView } from '../src/core/readable-view.js';

describe('a view as a readable tree', () => {
  it('writes a key a line, plain lists on one line, nested objects and lists of them indented under their key', () => {
    const view = {
      seat: 1,
      cup: [3, 5, 1],
      shotsLeft: 2,
      over: false,
      winner: null,
      left: [],
      rooms: { 'Main Street': 'wrapped' },
      players: [
        { name: 'Ann', role: { name: 'Crusty Prospector', on: 'card', rank: 4, chips: 2, rehearsed: true, day: 3, cards: ['a', 'b'] } },
        { name: 'Bob', role: null },
      ],
      grid: [
        [1, 0],
        [0, 1],
      ],
      board: 'ab\ncd',
      empty: {},
      omitted: undefined,
      blank: '',
    };
    expect(jsonTree(view)).toEqual([
      'seat: 1',
      'cup: 3, 5, 1',
      'shots left: 2',
      'over: no',
      'winner: none',
      'left: none',
      'rooms: { Main Street: wrapped }',
      'players:',
      '  0:',
      '    name: Ann',
      '    role:',
      '      name: Crusty Prospector',
      '      on: card',
      '      rank: 4',
      '      chips: 2',
      '      rehearsed: yes',
      '      day: 3',
      '      cards: a, b',
      '  1: { name: Bob, role: none }',
      'grid:',
      '  0: 1, 0',
      '  1: 0, 1',
      'board:',
      '  ab',
      '  cd',
      'empty: none',
      'blank: ""',
    ]);
  });

  it('folds a long list to its first ten and last five items, saying how many are left out', () => {
    const numbers = Array.from({ length: 21 }, (_, i) => i);
    expect(jsonTree({ deck: numbers })).toEqual(['deck: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … 6 more (21 in all) …, 16, 17, 18, 19, 20']);
    expect(jsonTree({ deck: numbers.slice(0, 20) })).toEqual([`deck: ${numbers.slice(0, 20).join(', ')}`]);
    const log = jsonTree({ log: numbers.map((i) => ({ i })) });
    expect(log).toHaveLength(1 + 10 + 1 + 5);
    expect(log.slice(9, 14)).toEqual(['  8: { i: 8 }', '  9: { i: 9 }', '  … 6 more (21 in all) …', '  16: { i: 16 }', '  17: { i: 17 }']);
  });

  it('reads typed arrays as lists and a plain value alone as one line', () => {
    expect(jsonTree({ sheet: new Int16Array([5, -1, 12]) })).toEqual(['sheet: 5, -1, 12']);
    expect(jsonTree(7)).toEqual(['7']);
    expect(jsonTree([[1], { a: true }])).toEqual(['0: 1', '1: { a: yes }']);
  });

  it('heads a view with who sits at which seat number, marking the seat it belongs to', () => {
    expect(readableView({ round: 2 }, ['Ann', 'Bob'], 1)).toEqual(['Seats: 0 Ann, 1 Bob (you)', 'round: 2']);
    expect(readableView({ round: 2 }, ['Ann', 'Bob'], null)).toEqual(['Seats: 0 Ann, 1 Bob', 'round: 2']);
  });
});
