import { z } from 'zod';
import { InputError } from '../../core/errors.js';
import type { SetupContext } from '../../core/game.js';
import { shuffleInPlace } from '../../core/rng.js';
import { setIn } from './board-state.js';
import { BOARD, MAX_RANK, MIN_RANK, SCENES, sceneCard } from './data.js';
import { dealScenes } from './days.js';
import { MAX_PLAYERS, MIN_PLAYERS, startingTerms } from './starting-terms.js';
import type { DeadwoodState, RoleRef } from './state.js';

export const configSchema = z
  .object({
    /** A day that lasts this many turns per player ends the game as a draw: bots that stall still finish. */
    turnCap: z.number().int().min(1).default(100),
  })
  .strict();

export type DeadwoodConfig = z.infer<typeof configSchema>;

const roomId = z.string().refine((id) => BOARD.byId.has(id), { message: `expected a room id: ${BOARD.rooms.map((r) => r.id).join(', ')}` });
const setId = z.string().refine((id) => BOARD.sets.some((r) => r.id === id), { message: `expected a set: ${BOARD.sets.map((r) => r.id).join(', ')}` });
const cardId = z.number().int().refine((id) => SCENES.some((c) => c.id === id), { message: 'expected a scene card id from 1 to 40' });

/**
 * A fixture's forced start: any day, any scenes on the sets (the rest dealt from the shuffled deck),
 * the next cards of the deck, sets already wrapped or with shots taken, and players anywhere, with
 * any rank, money, role (worked from their first turn) and chips.
 */
export const forcedSchema = z
  .object({
    first: z.number().int().nonnegative().optional(),
    day: z.number().int().min(1).optional(),
    scenes: z.record(setId, cardId).optional(),
    deck: z.array(cardId).optional(),
    revealed: z.array(setId).optional(),
    wrapped: z.array(setId).optional(),
    shotsLeft: z.record(setId, z.number().int().min(1)).optional(),
    players: z
      .array(
        z
          .object({
            room: roomId.optional(),
            rank: z.number().int().min(MIN_RANK).max(MAX_RANK).optional(),
            dollars: z.number().int().nonnegative().optional(),
            credits: z.number().int().nonnegative().optional(),
            role: z.object({ name: z.string(), on: z.enum(['card', 'set']) }).strict().optional(),
            chips: z.number().int().nonnegative().optional(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();

export type DeadwoodForced = z.infer<typeof forcedSchema>;

function refuse(message: string): never {
  throw new InputError(`forced setup: ${message}`);
}

/**
 * The deck after a forced start: today's forced scenes (in board order, the gaps dealt from the
 * shuffled deck), then the forced next cards, then the rest; the cards of the days before a forced
 * later day are set aside first.
 */
function stackDeck(deck: number[], forced: DeadwoodForced, played: number): number[] {
  const today = BOARD.sets.map((r) => forced.scenes?.[r.id]);
  const next = forced.deck ?? [];
  const pinned = [...today.filter((id): id is number => id !== undefined), ...next];
  if (new Set(pinned).size !== pinned.length) refuse('a scene card is forced twice');
  const rest = deck.filter((id) => !pinned.includes(id)).slice(played);
  const stacked: number[] = [];
  for (const id of today) stacked.push(id ?? rest.shift()!);
  return [...stacked, ...next, ...rest];
}

function applyForcedPlayers(state: DeadwoodState, forced: DeadwoodForced): void {
  forced.players?.forEach((f, seat) => {
    const player = state.players[seat];
    if (player === undefined) refuse(`players[${seat}]: there are only ${state.players.length} players`);
    if (f.room !== undefined) player.room = f.room;
    if (f.rank !== undefined) player.rank = f.rank;
    if (f.dollars !== undefined) player.dollars = f.dollars;
    if (f.credits !== undefined) player.credits = f.credits;
    const set = setIn(state, player.room);
    if (set !== undefined && set.scene !== null) set.revealed = true;
    if (f.role === undefined) {
      if (f.chips !== undefined) refuse(`players[${seat}]: chips need a role`);
      return;
    }
    if (set === undefined || set.scene === null) refuse(`players[${seat}]: a role needs a set that is shooting a scene`);
    const card = sceneCard(set.scene);
    const roles = f.role.on === 'card' ? card.roles : BOARD.byId.get(set.room)!.extras;
    const index = roles.findIndex((r) => r.name === f.role!.name);
    if (index < 0) refuse(`players[${seat}]: no role "${f.role.name}" on the ${f.role.on} at ${set.room}`);
    const holders = f.role.on === 'card' ? set.starring : set.extras;
    if (holders[index] !== null) refuse(`players[${seat}]: "${f.role.name}" is forced twice`);
    if (roles[index]!.rank > player.rank) refuse(`players[${seat}]: "${f.role.name}" needs rank ${roles[index]!.rank}`);
    const chips = f.chips ?? 0;
    if (chips > card.budget - 1) refuse(`players[${seat}]: at most ${card.budget - 1} chips on a budget-${card.budget} scene`);
    holders[index] = seat;
    const ref: RoleRef = { on: f.role.on, index, name: roles[index]!.name, rank: roles[index]!.rank };
    player.role = ref;
    player.chips = chips;
  });
}

function applyForcedSets(state: DeadwoodState, forced: DeadwoodForced): void {
  for (const id of forced.revealed ?? []) setIn(state, id)!.revealed = true;
  for (const [id, left] of Object.entries(forced.shotsLeft ?? {})) {
    const set = setIn(state, id)!;
    if (left > BOARD.byId.get(id)!.shots) refuse(`shotsLeft.${id}: the set has only ${BOARD.byId.get(id)!.shots} shots`);
    set.shotsLeft = left;
  }
  for (const id of forced.wrapped ?? []) {
    const set = setIn(state, id)!;
    set.scene = null;
    set.shotsLeft = 0;
  }
  if (state.sets.filter((s) => s.scene !== null).length < 2) refuse('at least two scenes must be left on the board');
}

/** Number of players (3.7): days, rank and credits by player count; everyone in the Trailers; ten scenes face down. */
export function setup(ctx: SetupContext<DeadwoodConfig>): DeadwoodState {
  const count = ctx.seats.length;
  const terms = startingTerms(count);
  if (terms === undefined) {
    throw new InputError(`Deadwood is for ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${count}: the rules define no game for ${count === 1 ? 'one player' : `${count} players`}.`);
  }
  const forced = ctx.forced as DeadwoodForced | undefined;
  const deal = ctx.rng.stream('deal');
  const first = forced?.first ?? deal.int(count);
  if (first >= count) refuse(`first: there are only ${count} players`);
  const days = terms.days;
  const day = forced?.day ?? 1;
  if (day > days) refuse(`day: a ${count}-player game has ${days} days`);
  let deck = shuffleInPlace(SCENES.map((c) => c.id), deal);
  if (forced !== undefined) deck = stackDeck(deck, forced, BOARD.sets.length * (day - 1));
  const state: DeadwoodState = {
    days,
    day,
    players: ctx.seats.map((s) => ({
      name: s.name,
      room: BOARD.start.id,
      rank: terms.rank,
      dollars: terms.dollars,
      credits: terms.credits,
      role: null,
      chips: 0,
      departed: false,
    })),
    sets: BOARD.sets.map((r) => ({ room: r.id, scene: null, revealed: false, shotsLeft: 0, starring: [], extras: r.extras.map(() => null) })),
    deck,
    current: first,
    turn: { moved: false, upgraded: false, tookRole: false },
    turnsToday: 0,
    turnCap: ctx.config.turnCap * count,
    over: false,
    capped: false,
    departed: [],
  };
  dealScenes(state);
  if (forced !== undefined) {
    applyForcedSets(state, forced);
    applyForcedPlayers(state, forced);
  }
  return state;
}
