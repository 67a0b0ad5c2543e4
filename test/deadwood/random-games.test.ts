import { describe, it } from 'vitest';
import { greedyBot } from '../../bots/deadwood/greedy.js';
import { plannerBot } from '../../bots/deadwood/planner.js';
import { randomBot } from '../../bots/generic/random.js';
import type { Bot, BotFactory } from '../../src/core/bot.js';
import { seenEvent } from '../../src/core/events.js';
import { RuleError } from '../../src/core/errors.js';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import { BOARD, MAX_RANK, MIN_RANK, sceneCard } from '../../src/games/deadwood/data.js';
import { deadwoodGame as deadwood } from '../../src/games/deadwood/game.js';
import type { DeadwoodAction } from '../../src/games/deadwood/actions.js';
import type { DeadwoodState } from '../../src/games/deadwood/state.js';

/**
 * Seeded games at every player count, with the rules' invariants checked after every action:
 * money never negative, ranks 1-6, one player per role, shots within the set's count, players
 * only in rooms, views hiding exactly the face-down scenes and the deck, every day and every game
 * ending, and refused actions changing nothing. A failure names the seed and prints the record.
 */
const LONG = process.env['PARLOR_LONG'] !== undefined;
const GAMES_PER_COUNT = LONG ? 3000 : 100;
/** Strong bots cost more per game: every few games one of them sits in. */
const MIXED_EVERY = 10;

/** Plain checks: vitest's expect is too slow for a check per field after every action of thousands of games. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`invariant broken: ${what}`);
}

function checkInvariants(state: DeadwoodState): void {
  const holders = new Map<string, number>();
  state.players.forEach((p, seat) => {
    check(BOARD.byId.has(p.room), `${p.name} is in a room`);
    check(p.dollars >= 0 && p.credits >= 0, `${p.name}'s money is not negative`);
    check(p.rank >= MIN_RANK && p.rank <= MAX_RANK, `${p.name}'s rank is 1-6`);
    if (p.role === null) {
      check(p.chips === 0, `${p.name} has no chips off a role`);
      return;
    }
    const set = state.sets.find((s) => s.room === p.room);
    check(set !== undefined && set.scene !== null, `${p.name} works a role on a set that is shooting`);
    const card = sceneCard(set!.scene!);
    check(p.role.rank <= p.rank, `${p.name}'s role is within the rank`);
    check(p.chips <= card.budget - 1, `${p.name}'s chips are capped`);
    check((p.role.on === 'card' ? set!.starring : set!.extras)[p.role.index] === seat, `${p.name} is listed on the role`);
    const key = `${set!.room}/${p.role.on}/${p.role.index}`;
    check(!holders.has(key), `one player per role (${key})`);
    holders.set(key, seat);
  });
  let shooting = 0;
  state.sets.forEach((set, i) => {
    const room = BOARD.sets[i]!;
    check(set.shotsLeft >= 0 && set.shotsLeft <= room.shots, `${set.room}'s shots are within 0-${room.shots}`);
    if (set.scene === null) {
      check(set.shotsLeft === 0, `${set.room} wrapped with no shots left`);
      return;
    }
    shooting++;
    check(set.shotsLeft > 0, `${set.room} shooting has shots left`);
    [...set.starring, ...set.extras].forEach((seat, j) => {
      if (seat === null) return;
      const on = j < set.starring.length ? 'card' : 'set';
      const role = state.players[seat]!.role;
      check(role?.on === on && state.players[seat]!.room === set.room, `seat ${seat} listed on ${set.room} works there`);
    });
    if (state.players.some((p) => p.room === set.room)) check(set.revealed, `${set.room} is face up once entered`);
  });
  if (!state.over) {
    check(shooting >= 2, 'a day goes on only while two scenes are left');
    check(state.turnsToday < state.turnCap, 'the day is within the turn cap');
  }
  check(state.day <= state.days, 'no day past the last');
  check(state.deck.length === 40 - 10 * state.day, 'ten cards dealt a day');
}

function checkViews(state: DeadwoodState): void {
  state.players.forEach((_, seat) => {
    const view = deadwood.view(state, seat);
    const text = JSON.stringify(view);
    check(!text.includes('"deck"'), 'the view has no deck');
    view.sets.forEach((set, i) => {
      const hidden = !state.sets[i]!.revealed;
      if (hidden) {
        check(set.scene === null && set.starring.length === 0, `${set.room} face down is hidden`);
      } else {
        check((set.scene?.id ?? null) === state.sets[i]!.scene, `${set.room} face up is shown`);
      }
    });
  });
}

/** Refused actions (a room too far, a role above the rank, acting off a role) leave the state as it was. */
function checkRefusals(state: DeadwoodState, seat: number, streams: GameStreams): void {
  const before = JSON.stringify(state);
  const player = state.players[seat]!;
  const far = BOARD.rooms.find((r) => r.id !== player.room && !BOARD.byId.get(player.room)!.neighbours.includes(r.id))!;
  const tries: DeadwoodAction[] = [{ type: 'move', to: far.id }, { type: 'upgrade', rank: 7, pay: 'dollars' }];
  if (player.role === null) tries.push({ type: 'act' });
  else tries.push({ type: 'end' });
  for (const action of tries) {
    let refused = false;
    try {
      deadwood.apply(state, seat, action, streams);
    } catch (error) {
      refused = error instanceof RuleError;
    }
    check(refused, `${JSON.stringify(action)} is refused with a RuleError`);
    check(JSON.stringify(state) === before, `refusing ${JSON.stringify(action)} changes nothing`);
  }
}

function playChecked(players: number, index: number): void {
  const seed = `deadwood-random-${players}`;
  const key = seedKey(seed);
  const streams = new GameStreams(key, index);
  const config = deadwood.configSchema.parse({});
  const names = generatedSeatNames(players);
  const state = deadwood.setup({ variant: '', config, seats: names.map((name) => ({ name })), rng: streams });
  const lineup: BotFactory[] = names.map((_, seat) => {
    if (index % MIXED_EVERY !== 0) return randomBot;
    return [plannerBot, greedyBot, randomBot][seat % 3]!;
  });
  const bots: Bot[] = lineup.map((f, seat) => f.create({ game: 'deadwood', variant: '', config, seat, seats: players, rng: streams.stream(`bot:${seat}`) }));
  const actions: { seat: number; action: DeadwoodAction }[] = [];
  let days = 1;
  try {
    checkInvariants(state);
    for (let seat = deadwood.toAct(state); seat !== null; seat = deadwood.toAct(state)) {
      check(actions.length < 100_000, 'the game ends');
      const legal = deadwood.legalActions(state, seat);
      check(legal.length > 0, 'the seat to act has a legal action');
      if (actions.length % 23 === 0) {
        checkViews(state);
        checkRefusals(state, seat, streams);
      }
      const action = bots[seat]!.act(deadwood.view(state, seat), legal);
      actions.push({ seat, action });
      const events = deadwood.apply(state, seat, action, streams);
      for (const event of events) {
        if (event.type === 'dayStarted') days++;
        bots.forEach((bot, s) => {
          const seen = seenEvent(event, s);
          if (seen !== null) bot.observe?.(seen);
        });
      }
      checkInvariants(state);
    }
    const outcome = deadwood.outcome(state);
    check(outcome !== null, 'a finished game has an outcome');
    if (!outcome!.capped) {
      check(days === state.days, 'every day was played');
      const best = Math.max(...outcome!.score!);
      check(JSON.stringify(outcome!.winners) === JSON.stringify(outcome!.score!.flatMap((s, seat) => (s === best ? [seat] : []))), 'the best scores win');
    }
  } catch (error) {
    const record = { game: 'deadwood', seed, index, players, bots: lineup.map((b) => b.name), actions };
    throw new Error(`${(error as Error).message}\nseed ${seed}, game ${index}; record: ${JSON.stringify(record)}`);
  }
}

describe('Deadwood randomized games', () => {
  // The long tier's 3000 games at 8 players take over a minute on an idle machine, several on a busy one.
  it.each([2, 3, 4, 5, 6, 7, 8])(`plays ${GAMES_PER_COUNT} seeded games with %i players, invariants after every action`, (players) => {
    for (let i = 0; i < GAMES_PER_COUNT; i++) playChecked(players, i);
  }, LONG ? 1_800_000 : undefined);
});
