import { describe, expect, it } from 'vitest';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import { clueGame } from '../../src/games/clue/game.js';

function newGame(variant: string) {
  const config = clueGame.configSchema.parse({});
  return clueGame.setup({ variant, config, seats: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cid' }], rng: new GameStreams(seedKey('render'), 0) });
}

describe('the board as text', () => {
  it('draws the classic board: pawns on their squares, rooms with their weapons and pawns, a legend', () => {
    const state = newGame('classic');
    state.pawns['Mrs. Peacock'] = 'Lounge';
    const lines = clueGame.render!(state).split('\n');
    expect(lines[24]!.slice(14, 16)).toBe('Sc');
    expect(lines[17]!.slice(0, 2)).toBe('Mu');
    expect(lines.slice(19, 24).join('\n')).toMatch(/Lounge[\s\S]*Pe/);
    for (const [weapon, room] of Object.entries(state.weapons)) {
      expect(lines.join('\n'), `${weapon} in the ${room}`).toContain(weapon.slice(0, 8));
    }
    expect(lines[lines.length - 1]).toContain('Sc Miss Scarlet (Ann)');
  });

  it('draws the Clue-Less grid with who stands in each hallway and at home', () => {
    const state = newGame('clueless');
    state.pawns['Miss Scarlet'] = 'Hall-Lounge';
    const text = clueGame.render!(state);
    const [border, names, hallways] = text.split('\n');
    expect(border).toMatch(/^\+-{16}\+/);
    expect(names).toMatch(/^\|Study +\| {4}\|Hall +\| {4}\|Lounge +\|$/);
    expect(hallways).toMatch(/^\|.{16}\| -- \|.{16}\| Sc \|/);
    expect(text).toContain("At home: Mu (Colonel Mustard's home)");
  });
});

it('a room name too long for its row goes on at a word break, not cut', () => {
  const drawn = clueGame.render!(newGame('classic'));
  expect(drawn).toMatch(/Billiard\n.* Room/);
  expect(drawn).not.toMatch(/Billiard R\b/);
});
