import { describe, expect, test } from 'vitest';
import type { GameDefinition } from '../../src/core/game.js';
import { GameStreams, seedKey, Sfc32 } from '../../src/core/rng.js';
import { clueGame } from '../../src/games/clue/game.js';
import { dealScenes, endTurn } from '../../src/games/deadwood/days.js';
import type { DeadwoodEvent } from '../../src/games/deadwood/events.js';
import { deadwoodGame } from '../../src/games/deadwood/game.js';
import { yahtzeeGame } from '../../src/games/yahtzee/game.js';

const NAMES = ['Ann', 'Bob', 'Cid', 'Dan'];

/** A game set up at `players` seats, and a way to play it at random, never accusing, until `until` holds. */
function table<S>(game: GameDefinition<S>, players: number, config: object, seed: string) {
  const rng = new GameStreams(seedKey(seed), 0);
  const state = game.setup({ variant: game.variants[0]?.id ?? '', config: game.configSchema.parse(config), seats: NAMES.slice(0, players).map((name) => ({ name })), rng });
  const pick = new Sfc32(1, 2, 3, 4);
  const playUntil = (until: (state: S) => boolean): void => {
    for (let step = 0; step < 20_000 && !until(state); step++) {
      const seat = game.toAct(state);
      if (seat === null) throw new Error('the game ended first');
      const legal = game.legalActions(state, seat).filter((a) => a.type !== 'accuse');
      game.apply(state, seat, legal[Math.floor(pick.next() * legal.length)]!, rng);
    }
    if (!until(state)) throw new Error('not reached');
  };
  return { state, playUntil };
}

/** Clue at 3, played on for places: the first player who may accuse solves the case. */
function solvedByOne() {
  const { state, playUntil } = table(clueGame, 3, { placings: true }, 'clue-settle');
  playUntil((s) => s.toAct !== null && clueGame.legalActions(s, s.toAct).some((a) => a.type === 'accuse'));
  const solver = state.toAct!;
  const { suspect, weapon, room } = state.caseFile;
  clueGame.apply(state, solver, { type: 'accuse', suspect, weapon, room }, new GameStreams(seedKey('clue-settle'), 1));
  return { state, solver };
}

describe('Clue: a player who leaves', () => {
  test('the placer: the weapons it had not placed go to the first free rooms, then the first still in the turn order begins', () => {
    const { state } = table(clueGame, 3, { placeWeapons: 0 }, 'clue-placer');
    expect(state.phase).toBe('placeWeapons');
    clueGame.apply(state, 0, clueGame.legalActions(state, 0)[0]!, new GameStreams(seedKey('clue-placer'), 0));
    const version = state.version;
    const events = clueGame.forfeit(state, 0);
    expect(events[0]).toMatchObject({ type: 'left', seat: 0 });
    const placed = events.filter((e) => e.type === 'placed');
    // Six weapons, one placed before leaving.
    expect(placed).toHaveLength(5);
    expect(new Set(Object.values(state.weapons)).size).toBe(6);
    expect(placed.every((e) => e['seat'] === 0)).toBe(true);
    expect(state.phase).not.toBe('placeWeapons');
    expect(clueGame.toAct(state)).not.toBe(0);
    expect(clueGame.toAct(state)).not.toBeNull();
    expect(state.endReason).toBeNull();
    expect(state.version).toBe(version + 1);
  });

  test('others leaving while the weapons are placed place none; the placer leaving last ends the game once', () => {
    const { state } = table(clueGame, 3, { placeWeapons: 0 }, 'clue-placer-last');
    for (const seat of [1, 2]) expect(clueGame.forfeit(state, seat).map((e) => e.type)).toEqual(['left']);
    expect(state.phase).toBe('placeWeapons');
    expect(Object.keys(state.weapons)).toHaveLength(0);
    const events = clueGame.forfeit(state, 0);
    expect(events.filter((e) => e.type === 'placed')).toHaveLength(6);
    expect(events.filter((e) => e.type === 'gameOver')).toEqual([expect.objectContaining({ winner: null, reason: 'allAccused' })]);
    expect(state.phase).toBe('over');
    expect(clueGame.outcome(state)).toEqual({ winners: [], rank: [1, 3, 2] });
  });

  test('the refuter while choosing shows the first card it may; someone else leaving then changes nothing of the refutation', () => {
    const { state, playUntil } = table(clueGame, 4, {}, 'clue-refute');
    playUntil((s) => s.phase === 'refute');
    const refuter = state.toAct!;
    const suggester = state.turn!;
    const bystander = [0, 1, 2, 3].find((s) => s !== refuter && s !== suggester)!;
    expect(clueGame.forfeit(state, bystander).map((e) => e.type)).toEqual(['left']);
    expect(state.phase).toBe('refute');
    expect(state.toAct).toBe(refuter);
    const events = clueGame.forfeit(state, refuter);
    expect(events.map((e) => e.type)).toEqual(['left', 'refuted']);
    expect(state.phase).not.toBe('refute');
    expect(state.turn).toBe(suggester);
  });

  test('at its turn: the turn passes; a player who left or a seat past the table leaves nothing', () => {
    const { state, playUntil } = table(clueGame, 3, {}, 'clue-turn');
    playUntil((s) => s.phase === 'move' || s.phase === 'suggest');
    const seat = state.turn!;
    clueGame.forfeit(state, seat);
    expect(state.turn).not.toBe(seat);
    expect(clueGame.forfeit(state, seat)).toEqual([]);
    expect(clueGame.forfeit(state, 7)).toEqual([]);
  });

  test('at its turn, one past the first in the turn order: the turn passes to the next along it, not back to the first', () => {
    const { state, playUntil } = table(clueGame, 3, {}, 'clue-turn-order');
    playUntil((s) => (s.phase === 'move' || s.phase === 'suggest') && s.turn === s.order[1]);
    const turnNumber = state.turnNumber;
    clueGame.forfeit(state, state.order[1]!);
    expect(state.turn).toBe(state.order[2]);
    expect(state.turnNumber).toBe(turnNumber + 1);
  });

  test("someone leaving in the middle of another player's turn changes nothing of that turn", () => {
    const { state, playUntil } = table(clueGame, 3, {}, 'clue-bystander');
    playUntil((s) => s.phase === 'suggest' && s.turn !== s.order[0]);
    const turn = state.turn!;
    const bystander = [0, 1, 2].find((s) => s !== turn)!;
    const before = { phase: state.phase, turn, turnNumber: state.turnNumber, dice: state.dice, weapons: { ...state.weapons } };
    expect(clueGame.forfeit(state, bystander).map((e) => e.type)).toEqual(['left']);
    expect({ phase: state.phase, turn: state.turn, turnNumber: state.turnNumber, dice: state.dice, weapons: state.weapons }).toEqual(before);
  });

  test('played on for places: a departure that leaves one player beside the solver ends the game, the solver first', () => {
    const { state, solver } = solvedByOne();
    expect(state.solvers).toEqual([solver]);
    expect(state.phase).not.toBe('over');
    const [stays, leaves] = [0, 1, 2].filter((s) => s !== solver) as [number, number];
    const events = clueGame.forfeit(state, leaves);
    expect(events.filter((e) => e.type === 'gameOver')).toHaveLength(1);
    expect(state.phase).toBe('over');
    expect(state.endReason).toBe('solved');
    const rank = [0, 0, 0];
    rank[solver] = 1;
    rank[stays] = 2;
    rank[leaves] = 3;
    expect(clueGame.outcome(state)).toEqual({ winners: [solver], rank });
  });

  test('played on for places: the player on turn leaving beside the solver ends the game once', () => {
    const { state, solver } = solvedByOne();
    const leaves = state.turn!;
    expect(leaves).not.toBe(solver);
    const events = clueGame.forfeit(state, leaves);
    expect(events.filter((e) => e.type === 'gameOver')).toEqual([expect.objectContaining({ winner: solver, reason: 'solved' })]);
    expect(state.endReason).toBe('solved');
  });

  test('all three leave: the game ends with no winner, ranked by when they left, not capped', () => {
    const { state } = table(clueGame, 3, {}, 'clue-all');
    expect(clueGame.outcome(state)).toBeNull();
    for (const seat of [1, 2]) clueGame.forfeit(state, seat);
    expect(state.phase).not.toBe('over');
    clueGame.forfeit(state, 0);
    expect(state.phase).toBe('over');
    expect(state.endReason).toBe('allAccused');
    expect(clueGame.outcome(state)).toEqual({ winners: [], rank: [1, 3, 2] });
    expect(clueGame.forfeit(state, 0)).toEqual([]);
  });

  test('a game over at the turn cap: a draw, capped; leaving it then changes nothing', () => {
    const { state, playUntil } = table(clueGame, 3, { maxTurns: 2 }, 'clue-capped');
    playUntil((s) => s.phase === 'over');
    expect(state.endReason).toBe('capped');
    expect(clueGame.outcome(state)).toEqual({ winners: [], rank: [1, 1, 1], capped: true });
    expect(clueGame.forfeit(state, 1)).toEqual([]);
    expect(state.players[1]!.departed).toBe(false);
  });
});

describe('Yahtzee and Deadwood: departures at the edges', () => {
  test('Yahtzee: no outcome before the end; a seat past the table, a fraction or one that left already changes nothing', () => {
    const { state } = table(yahtzeeGame, 2, { series: 1 }, 'yahtzee-edges');
    expect(yahtzeeGame.outcome(state)).toBeNull();
    for (const seat of [-1, 2, 0.5]) expect(yahtzeeGame.forfeit(state, seat)).toEqual([]);
    expect(yahtzeeGame.forfeit(state, 1)).toEqual([{ type: 'left', seat: 1 }]);
    expect(yahtzeeGame.forfeit(state, 1)).toEqual([]);
    expect(state.departed).toEqual([1]);
    // Both gone, both without a total: the one who left last ranks above, and no one wins.
    yahtzeeGame.forfeit(state, 0);
    expect(yahtzeeGame.outcome(state)).toEqual({ winners: [], rank: [1, 2], score: [0, 0] });
    // A game played to its end: no one may leave it any more.
    const over = table(yahtzeeGame, 2, { series: 1 }, 'yahtzee-over');
    over.playUntil((s) => s.phase === 'over');
    expect(yahtzeeGame.forfeit(over.state, 0)).toEqual([]);
    expect(over.state.departed).toEqual([]);
  });

  test('Deadwood: the player to act leaves: the next plays a fresh turn; another leaving changes neither', () => {
    const { state } = table(deadwoodGame, 4, {}, 'deadwood-depart');
    const current = state.current;
    const next = (current + 1) % 4;
    state.turn.moved = state.turn.upgraded = state.turn.tookRole = true;
    deadwoodGame.forfeit(state, (current + 2) % 4);
    expect(state.current).toBe(current);
    expect(state.turn).toEqual({ moved: true, upgraded: true, tookRole: true });
    deadwoodGame.forfeit(state, current);
    expect(state.current).toBe(next);
    expect(state.turn).toEqual({ moved: false, upgraded: false, tookRole: false });
  });

  test('Deadwood: a turn ends fresh for the next player; a day ending with no scene left names none; an empty deck is an error', () => {
    const { state } = table(deadwoodGame, 3, {}, 'deadwood-days');
    state.turn.moved = state.turn.upgraded = state.turn.tookRole = true;
    const events: DeadwoodEvent[] = [];
    endTurn(state, events);
    expect(state.turn).toEqual({ moved: false, upgraded: false, tookRole: false });
    for (const set of state.sets) set.scene = null;
    endTurn(state, events);
    expect(events.filter((e) => e.type === 'dayEnded').at(-1)).toMatchObject({ set: null });
    state.deck.length = 0;
    expect(() => dealScenes(state)).toThrow('the scene deck ran out');
  });
});

