import type { GameEvent } from '../../core/events.js';
import type { PublicSetup, PublishedFact } from '../../core/game.js';
import { shuffleInPlace, type Rng } from '../../core/rng.js';
import type { Seat } from '../../core/seat.js';
import { SCENES, sceneCard } from './data.js';
import type { DeadwoodConfig } from './setup.js';
import type { DeadwoodState } from './state.js';
import type { DeadwoodView } from './view.js';

/**
 * Everything that happens in Deadwood happens on the table: moves, roles, dice, payouts, and a
 * scene card turned face up (`revealed`). Only the face-down cards and the deck's order stay hidden,
 * and no event speaks of them.
 */
export function published(events: readonly GameEvent[]): PublishedFact[] {
  return events.map((event) => {
    if (event.to !== undefined) throw new Error(`deadwood: a "${event.type}" event is addressed to some seats, but the rules make every event public`);
    return { ...event };
  });
}

/**
 * The public state as the view shows it, with the face-down scene cards and the deck's order drawn
 * uniformly from the cards the seat has not seen: every card but those it saw turned face up (the
 * `revealed` events). The unseen cards left over are the ones set aside face down on earlier days.
 */
export function sampleState(
  info: PublicSetup<DeadwoodConfig>,
  _seat: Seat,
  view: DeadwoodView,
  seen: readonly GameEvent[],
  rng: Rng,
): DeadwoodState {
  const faceUp = new Set<number>();
  for (const event of seen) if (event.type === 'revealed') faceUp.add(event['scene'] as number);
  for (const set of view.sets) if (set.scene !== null) faceUp.add(set.scene.id);
  const unseen = shuffleInPlace(
    SCENES.filter((card) => !faceUp.has(card.id)).map((card) => card.id),
    rng,
  );
  const sets = view.sets.map((set) => {
    const scene = set.wrapped ? null : set.revealed ? set.scene!.id : unseen.pop()!;
    const starring = set.revealed || scene === null ? set.starring.slice() : sceneCard(scene).roles.map(() => null);
    return { room: set.room, scene, revealed: set.revealed, shotsLeft: set.shotsLeft, starring, extras: set.extras.slice() };
  });
  return {
    days: view.days,
    day: view.day,
    players: view.players.map((p) => ({ ...p, role: p.role === null ? null : { ...p.role } })),
    sets,
    deck: unseen.slice(0, view.deckSize),
    current: view.current,
    turn: { moved: view.moved, upgraded: view.upgraded, tookRole: view.tookRole },
    turnsToday: view.turnsToday,
    turnCap: info.config.turnCap * info.seats.length,
    over: view.over,
    capped: seen.some((event) => event.type === 'capped'),
    departed: seen.flatMap((event) => (event.type === 'forfeited' ? [event['seat'] as Seat] : [])),
  };
}
