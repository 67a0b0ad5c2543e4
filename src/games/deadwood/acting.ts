import { RuleError } from '../../core/errors.js';
import type { RandomStreams } from '../../core/rng.js';
import type { Seat } from '../../core/seat.js';
import { leaveRole, sceneAt, scenesLeft, setIn } from './board-state.js';
import { BOARD, type SceneCard } from './data.js';
import type { DeadwoodEvent } from './events.js';
import type { DeadwoodState, SetState } from './state.js';
import { counted } from '../../core/counted.js';

const FACES = 6;

/** The scene a working player acts in; refuses a player who cannot act or rehearse this turn. */
function workedScene(state: DeadwoodState, seat: Seat, verb: 'act' | 'rehearse'): { set: SetState; card: SceneCard } {
  const player = state.players[seat]!;
  if (player.role === null) throw new RuleError(`You have no role: take a role before you ${verb}.`, { action: { type: verb } });
  if (state.turn.tookRole) {
    throw new RuleError(`You took ${player.role.name} this turn: you can act or rehearse from your next turn.`, { action: { type: verb } });
  }
  const set = setIn(state, player.room)!;
  return { set, card: sceneAt(set)! };
}

/** Rehearsing is allowed only while success is not yet certain: chips < budget - 1 (R21). */
export function canRehearse(state: DeadwoodState, seat: Seat): boolean {
  const player = state.players[seat]!;
  if (player.role === null || state.turn.tookRole) return false;
  return player.chips < sceneAt(setIn(state, player.room)!)!.budget - 1;
}

export function rehearse(state: DeadwoodState, seat: Seat, events: DeadwoodEvent[]): void {
  const { set, card } = workedScene(state, seat, 'rehearse');
  const player = state.players[seat]!;
  if (player.chips >= card.budget - 1) {
    throw new RuleError(`You have ${counted(player.chips, 'rehearsal chip')} on a budget-${card.budget} scene: success is certain, so you must act.`, {
      action: { type: 'rehearse' },
    });
  }
  player.chips++;
  events.push({ type: 'rehearsed', seat, set: set.room, chips: player.chips });
}

function rollDie(rng: RandomStreams): number {
  const face = rng.stream('dice').die(FACES);
  if (!Number.isInteger(face) || face < 1 || face > FACES) throw new Error(`the dice stream gave ${face}, not a face from 1 to ${FACES}`);
  return face;
}

/**
 * Act (3.4): one die plus chips against the budget (R17); a starring success pays 2 credits, an
 * extra $1 and 1 credit, an extra's failure $1 (R18, R19). The last shot wraps the scene (R23).
 * Every die is rolled and checked before anything changes, so a bad scripted die changes nothing.
 */
export function act(state: DeadwoodState, seat: Seat, rng: RandomStreams, events: DeadwoodEvent[]): void {
  const { set, card } = workedScene(state, seat, 'act');
  const player = state.players[seat]!;
  const role = player.role!;
  const die = rollDie(rng);
  const success = die + player.chips >= card.budget;
  const wraps = success && set.shotsLeft === 1;
  let bonusDice: number[] | null = null;
  if (wraps && set.starring.some((s) => s !== null)) {
    bonusDice = [];
    for (let i = 0; i < card.budget; i++) bonusDice.push(rollDie(rng));
    bonusDice.sort((a, b) => b - a);
  }

  const dollars = role.on === 'set' ? 1 : 0;
  const credits = success ? (role.on === 'card' ? 2 : 1) : 0;
  player.dollars += dollars;
  player.credits += credits;
  if (success) set.shotsLeft--;
  events.push({
    type: 'acted',
    seat,
    set: set.room,
    role: role.name,
    on: role.on,
    die,
    chips: player.chips,
    budget: card.budget,
    success,
    dollars,
    credits,
    shotsLeft: set.shotsLeft,
  });
  if (wraps) wrap(state, set, card, bonusDice, events);
}

/**
 * Bonus (3.6) then End Room (3.5). With someone on the card, the budget's dice, highest first, are
 * dealt round robin to the card's roles from the highest rank down, dice on an empty role being
 * lost (R25), and every extra earns its role's rank in dollars (R26); with no one on the card,
 * nobody earns a bonus (R24). Then everyone leaves their roles and the card is removed (R27).
 */
function wrap(state: DeadwoodState, set: SetState, card: SceneCard, dice: readonly number[] | null, events: DeadwoodEvent[]): void {
  const payouts: { seat: Seat; role: string; on: 'card' | 'set'; dollars: number }[] = [];
  if (dice !== null) {
    const k = card.roles.length;
    for (let r = k - 1; r >= 0; r--) {
      const seat = set.starring[r]!;
      if (seat === null) continue;
      let dollars = 0;
      for (let i = k - 1 - r; i < dice.length; i += k) dollars += dice[i]!;
      state.players[seat]!.dollars += dollars;
      payouts.push({ seat, role: card.roles[r]!.name, on: 'card', dollars });
    }
    const extras = BOARD.byId.get(set.room)!.extras;
    for (let e = extras.length - 1; e >= 0; e--) {
      const seat = set.extras[e]!;
      if (seat === null) continue;
      state.players[seat]!.dollars += extras[e]!.rank;
      payouts.push({ seat, role: extras[e]!.name, on: 'set', dollars: extras[e]!.rank });
    }
  }
  for (const seat of set.starring) if (seat !== null) leaveRole(state, seat);
  for (const seat of set.extras) if (seat !== null) leaveRole(state, seat);
  set.scene = null;
  set.shotsLeft = 0;
  events.push({ type: 'wrapped', set: set.room, scene: card.id, dice: dice ?? [], payouts, scenesLeft: scenesLeft(state) });
}
