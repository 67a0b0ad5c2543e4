import { describe, expect, it } from 'vitest';
import { InputError, RuleError } from '../../src/core/errors.js';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import boardFile from '../../src/games/deadwood/data/board.json' with { type: 'json' };
import scenesFile from '../../src/games/deadwood/data/scenes.json' with { type: 'json' };
import upgradesFile from '../../src/games/deadwood/data/upgrades.json' with { type: 'json' };
import { BOARD, DataError, loadBoard, loadScenes, loadUpgrades, SCENES, UPGRADES } from '../../src/games/deadwood/data.js';
import { deadwoodGame as deadwood } from '../../src/games/deadwood/game.js';

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('Deadwood data files, checked on load', () => {
  it('holds the 2011 board: 12 rooms, 10 sets, 22 shots, 29 extras, 20 symmetric edges', () => {
    expect(BOARD.rooms).toHaveLength(12);
    expect(BOARD.sets).toHaveLength(10);
    expect(BOARD.sets.reduce((n, r) => n + r.shots, 0)).toBe(22);
    expect(BOARD.sets.reduce((n, r) => n + r.extras.length, 0)).toBe(29);
    expect(BOARD.rooms.reduce((n, r) => n + r.neighbours.length, 0)).toBe(40);
  });

  it('holds the 40 scene cards: budgets sum to 170, 108 roles, rank counts as printed (Talking Mule and Dog rank 5)', () => {
    expect(SCENES).toHaveLength(40);
    expect(SCENES.reduce((n, c) => n + c.budget, 0)).toBe(170);
    const ranks = [0, 0, 0, 0, 0, 0, 0];
    for (const c of SCENES) for (const r of c.roles) ranks[r.rank]!++;
    expect(ranks.slice(1)).toEqual([10, 19, 17, 23, 23, 16]);
    expect(SCENES.find((c) => c.id === 2)!.roles[2]).toEqual({ name: 'Talking Mule', rank: 5 });
    expect(SCENES.find((c) => c.id === 24)!.roles[1]).toEqual({ name: 'Dog', rank: 5 });
  });

  it('holds the Casting Office prices', () => {
    expect(UPGRADES.map((p) => [p.rank, p.dollars, p.credits])).toEqual([
      [2, 4, 5],
      [3, 10, 10],
      [4, 18, 15],
      [5, 28, 20],
      [6, 40, 25],
    ]);
  });

  it('refuses a board whose adjacency is not symmetric', () => {
    const bad = copy(boardFile);
    bad.rooms.find((r) => r.id === 'bank')!.neighbours = ['saloon', 'church', 'ranch'];
    expect(() => loadBoard(bad)).toThrow(new DataError('board.json: adjacency is not symmetric: hotel lists bank but bank does not list hotel'));
  });

  it('refuses a board with an unknown neighbour or a set without extras', () => {
    const unknown = copy(boardFile);
    unknown.rooms[0]!.neighbours.push('moon');
    expect(() => loadBoard(unknown)).toThrow(/trailers lists an unknown neighbour "moon"/);
    const noExtras = copy(boardFile) as { rooms: { id: string; extras?: unknown }[] };
    delete noExtras.rooms.find((r) => r.id === 'jail')!.extras;
    expect(() => loadBoard(noExtras)).toThrow(/jail: a set needs both shots and extras/);
  });

  it('refuses a deck that is not 40 cards, a budget outside 2-6 and a role rank outside 1-6', () => {
    const short = copy(scenesFile);
    short.cards.pop();
    expect(() => loadScenes(short)).toThrow('scenes.json: the deck must hold 40 cards, found 39');
    const rich = copy(scenesFile);
    rich.cards[0]!.budget = 7;
    expect(() => loadScenes(rich)).toThrow(/cards\.0\.budget/);
    const lowly = copy(scenesFile);
    lowly.cards[0]!.roles[0]!.rank = 0;
    expect(() => loadScenes(lowly)).toThrow(/cards\.0\.roles\.0\.rank/);
    const twice = copy(scenesFile);
    twice.cards[1]!.id = 1;
    expect(() => loadScenes(twice)).toThrow('scenes.json: card id 1 appears twice');
  });

  it('refuses upgrade prices that miss a rank or fall', () => {
    const missing = copy(upgradesFile);
    missing.prices.pop();
    expect(() => loadUpgrades(missing)).toThrow('upgrades.json: expected one price for each rank 2 to 6, found ranks 2,3,4,5');
    const falling = copy(upgradesFile);
    falling.prices[4]!.dollars = 1;
    expect(() => loadUpgrades(falling)).toThrow('upgrades.json: prices must rise with the rank (rank 6)');
  });
});

describe('Deadwood setup and refusals outside the fixtures', () => {
  const rng = () => new GameStreams(seedKey('setup'), 0);
  const config = deadwood.configSchema.parse({});

  it('refuses one player (the rules define no solitaire game) and nine', () => {
    expect(() => deadwood.setup({ variant: '', config, seats: [{ name: 'Ann' }], rng: rng() })).toThrow(
      new InputError('Deadwood is for 2 to 8 players, not 1: the rules define no game for one player.'),
    );
    const nine = Array.from({ length: 9 }, (_, i) => ({ name: `P${i}` }));
    expect(() => deadwood.setup({ variant: '', config, seats: nine, rng: rng() })).toThrow(/not 9/);
  });

  it('refuses an unknown action type with a RuleError and no change', () => {
    const state = deadwood.setup({ variant: '', config, seats: [{ name: 'Ann' }, { name: 'Bob' }], rng: rng() });
    const before = JSON.stringify(state);
    const seat = deadwood.toAct(state)!;
    const dance = () => deadwood.apply(state, seat, { type: 'dance' } as never, rng());
    expect(dance).toThrow(RuleError);
    expect(dance).toThrow('Unknown action "dance": expected upgrade, move, take, act, rehearse or end.');
    expect(JSON.stringify(state)).toBe(before);
  });

  it('refuses a bad turn cap option', () => {
    expect(deadwood.configSchema.safeParse({ turnCap: 0 }).success).toBe(false);
    expect(deadwood.configSchema.safeParse({ turnCap: 30 }).success).toBe(true);
    expect(deadwood.configSchema.safeParse({ days: 2 }).success).toBe(false);
  });

  it('picks the first player from the deal stream and deals ten different face-down scenes', () => {
    const firsts = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const state = deadwood.setup({ variant: '', config, seats: [{ name: 'A' }, { name: 'B' }, { name: 'C' }], rng: new GameStreams(seedKey('first'), i) });
      firsts.add(state.current);
      expect(new Set(state.sets.map((s) => s.scene)).size).toBe(10);
      expect(state.deck).toHaveLength(30);
      expect(state.sets.every((s) => !s.revealed)).toBe(true);
    }
    expect([...firsts].sort()).toEqual([0, 1, 2]);
  });
});
