import { isDeepStrictEqual } from 'node:util';
import { RuleError } from '../../src/core/errors.js';
import { seenEvent, type GameEvent } from '../../src/core/events.js';
import { cloneState, type Action, type GameDefinition, type PublicSetup } from '../../src/core/game.js';
import { GameStreams, seedKey, Sfc32, shuffleInPlace, streamsFrom, type RandomStreams, type Rng } from '../../src/core/rng.js';
import type { Seat } from '../../src/core/seat.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import { varied } from './seeded-play.js';

export interface LeakCheck {
  /** Seeded games played per call. */
  readonly games: number;
  /** Points of each game at which every seat is checked, per kind of action played there. */
  readonly points: number;
  /** States sampled per seat and point. */
  readonly samples: number;
  readonly seed: string;
}

/** What one seat learns from one step, as JSON text: the facts the rules let it know, its next view, the events it sees. */
interface Learned {
  readonly facts: string;
  readonly view: string;
  readonly seen: string;
}

/** A plain JSON copy: views are refreshed in place by some games, so they are compared as copies. */
function snapshot<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The path to the first place where two JSON values differ, for a failure anyone can follow. */
function firstDifference(a: unknown, b: unknown, path = '$'): string {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    if (!isDeepStrictEqual(x, y)) return firstDifference(x, y, `${path}.${key}`);
  }
  return `${path}: equal`;
}

/**
 * The leak checker. Plays seeded games of legal actions chosen at random, with the odd departure;
 * at `points` random steps of each kind of action, for every seat S: (1) `samples` states drawn by
 * `sampleState` from S's view and seen events give S exactly its view and its legal actions; (2) the step's action, applied in the real
 * game and in each sampled world where it is legal, with the same chance draws everywhere: among
 * the worlds whose facts published to S (`published`) equal the real step's, S's next view and the
 * events S sees are the real ones. Anything else is a way for S to learn what the rules do not tell
 * it. Returns a description of each failure (at most `limit`), [] when there is none.
 */
export function leaksIn(game: GameDefinition, variant: string, players: number, check: LeakCheck, limit = 5): string[] {
  if (game.sampleState === undefined || game.published === undefined) return [`${game.id} has no sampleState or published`];
  const config = game.configSchema.parse({});
  const info: PublicSetup<unknown> = { variant, config, seats: generatedSeatNames(players).map((name) => ({ name })) };
  const failures: string[] = [];
  for (let g = 0; g < check.games && failures.length < limit; g++) {
    const seed = `${check.seed}-${g}`;
    const actions = playedActions(game, info, seed);
    const at = pointsOf(actions, check.points, new GameStreams(seedKey(`${seed}/points`), 0).stream('points'));
    const streams = new GameStreams(seedKey(seed), 0);
    const state = game.setup({ ...info, rng: streams });
    const seen: GameEvent[][] = info.seats.map(() => []);
    actions.forEach(({ seat, action }, step) => {
      if (at.has(step) && failures.length < limit) {
        for (let viewer = 0; viewer < players; viewer++) {
          const found = leakAt(game, info, state, viewer, seat, action, seen[viewer]!, check, `${seed}/${step}/${viewer}`);
          if (found !== null) failures.push(`${seed}, step ${step} (seat ${seat} plays ${JSON.stringify(action)}), seat ${viewer}: ${found}`);
        }
      }
      const events = play(game, state, seat, action, streams);
      info.seats.forEach((_, viewer) => {
        for (const event of events) {
          const visible = seenEvent(event, viewer);
          if (visible !== null) seen[viewer]!.push(visible);
        }
      });
    });
  }
  return failures;
}

/** The action standing for a seat leaving the game (`forfeit`) among the played actions. */
const LEAVES = '(leaves)';

function play(game: GameDefinition, state: unknown, seat: Seat, action: Action, rng: RandomStreams): readonly GameEvent[] {
  return action.type === LEAVES ? game.forfeit(state, seat) : game.apply(state, seat, action, rng);
}

/**
 * The actions of one seeded game of legal actions chosen at random (`varied`), as JSON copies. Now
 * and then a seat leaves (any seat still in, at most all but two), since a departure is a step of
 * play like any other.
 */
function playedActions(game: GameDefinition, info: PublicSetup<unknown>, seed: string): { seat: Seat; action: Action }[] {
  const streams = new GameStreams(seedKey(seed), 0);
  const state = game.setup({ ...info, rng: streams });
  const pick = new GameStreams(seedKey(`${seed}/pick`), 0).stream('pick');
  const played: { seat: Seat; action: Action }[] = [];
  const stayed = info.seats.map((_, seat) => seat);
  for (let seat = game.toAct(state); seat !== null; seat = game.toAct(state)) {
    if (stayed.length > 2 && pick.next() < 0.005) {
      const leaving = stayed.splice(pick.int(stayed.length), 1)[0]!;
      played.push({ seat: leaving, action: { type: LEAVES } });
      game.forfeit(state, leaving);
      continue;
    }
    const action = snapshot(varied(game.legalActions(state, seat), pick));
    played.push({ seat, action });
    game.apply(state, seat, action, streams);
  }
  return played;
}

/**
 * The steps to check: `points` drawn for each kind of action, so that a rare step that tells
 * something (a Clue suggestion among hundreds of moves) is checked as surely as a common one.
 */
function pointsOf(actions: readonly { action: Action }[], points: number, pick: Rng): Set<number> {
  const byType = new Map<string, number[]>();
  actions.forEach(({ action }, step) => byType.set(action.type, [...(byType.get(action.type) ?? []), step]));
  const at = new Set<number>();
  for (const steps of byType.values()) for (const step of shuffleInPlace(steps, pick).slice(0, points)) at.add(step);
  return at;
}

/**
 * Where two JSON texts first differ, or null when they hold the same value. Views are compared as
 * text (a long Clue notebook compared field by field was most of the checker's time); only texts
 * that differ are compared value by value, since the same value may list its keys in another order.
 */
function difference(x: string, y: string): string | null {
  if (x === y) return null;
  const [u, v] = [JSON.parse(x) as unknown, JSON.parse(y) as unknown];
  return isDeepStrictEqual(u, v) ? null : firstDifference(u, v);
}

function leakAt(
  game: GameDefinition,
  info: PublicSetup<unknown>,
  state: unknown,
  viewer: Seat,
  actor: Seat,
  action: Action,
  seen: readonly GameEvent[],
  check: LeakCheck,
  label: string,
): string | null {
  const view = JSON.stringify(game.view(state, viewer));
  const legal = JSON.stringify(game.legalActions(state, viewer));
  const sampler = new GameStreams(seedKey(`${check.seed}/sample/${label}`), 0).stream('sample');
  const chance = sampler.nextUint32();
  const real = learnedBy(game, cloneState(game, state), viewer, actor, action, chance)!;
  // One copy for every draw, as a search player would pass them: a game may keep work per notebook.
  const handed = { view: JSON.parse(view) as unknown, seen: snapshot(seen) };
  for (let k = 0; k < check.samples; k++) {
    const world = game.sampleState!(info, viewer, handed.view, handed.seen, sampler);
    const otherView = difference(JSON.stringify(game.view(world, viewer)), view);
    if (otherView !== null) return `sample ${k} gives another view: ${otherView}`;
    const otherLegal = difference(JSON.stringify(game.legalActions(world, viewer)), legal);
    if (otherLegal !== null) return `sample ${k} gives other legal actions: ${otherLegal}`;
    const learned = learnedBy(game, world, viewer, actor, action, chance);
    if (learned === null || difference(learned.facts, real.facts) !== null) continue;
    const nextView = difference(learned.view, real.view);
    if (nextView !== null) return `sample ${k}, same published facts, another next view: ${nextView}`;
    const nextSeen = difference(learned.seen, real.seen);
    if (nextSeen !== null) return `sample ${k}, same published facts, other events seen: ${nextSeen}`;
  }
  return null;
}

/** What `viewer` learns when `actor` plays `action` in `state` with chance drawn from `chance`; null when the action is not legal there. */
function learnedBy(game: GameDefinition, state: unknown, viewer: Seat, actor: Seat, action: Action, chance: number): Learned | null {
  let events: readonly GameEvent[];
  try {
    events = play(game, state, actor, snapshot(action), streamsFrom(new Sfc32(chance, 0x9e3779b9, chance ^ 0x5bd1e995, 1)));
  } catch (error) {
    if (error instanceof RuleError) return null;
    throw error;
  }
  return {
    facts: JSON.stringify(game.published!(events).filter((fact) => fact.to === undefined || fact.to.includes(viewer))),
    view: JSON.stringify(game.view(state, viewer)),
    seen: JSON.stringify(events.map((event) => seenEvent(event, viewer)).filter((event) => event !== null)),
  };
}
