import { isDeepStrictEqual } from 'node:util';
import { RuleError } from '../../src/core/errors.js';
import { seenEvent, type GameEvent } from '../../src/core/events.js';
import { cloneState, type Action, type GameDefinition, type PublicSetup } from '../../src/core/game.js';
import { GameStreams, seedKey, Sfc32, streamsFrom } from '../../src/core/rng.js';
import type { Seat } from '../../src/core/seat.js';
import { generatedSeatNames } from '../../src/core/seat.js';

export interface LeakCheck {
  /** Seeded games played per call. */
  readonly games: number;
  /** Points of each game at which every seat is checked. */
  readonly points: number;
  /** States sampled per seat and point. */
  readonly samples: number;
  readonly seed: string;
}

/** What one seat learns from one step: the facts the rules let it know, its next view, the events it sees. */
interface Learned {
  readonly facts: unknown;
  readonly view: unknown;
  readonly seen: unknown;
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
 * The leak checker. Plays seeded games with uniformly chosen legal actions; at `points` random steps
 * of each, for every seat S: (1) `samples` states drawn by `sampleState` from S's view and seen
 * events give S exactly its view and its legal actions; (2) the step's action, applied in the real
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
    const picks = new GameStreams(seedKey(`${seed}/points`), 0).stream('points');
    const at = new Set(Array.from({ length: check.points }, () => picks.int(actions.length)));
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
      const events = game.apply(state, seat, action, streams);
      info.seats.forEach((_, viewer) => {
        for (const event of events) {
          const visible = seenEvent(event, viewer);
          if (visible !== null) seen[viewer]!.push(snapshot(visible));
        }
      });
    });
  }
  return failures;
}

/** The actions of one seeded game of uniformly chosen legal actions, as JSON copies. */
function playedActions(game: GameDefinition, info: PublicSetup<unknown>, seed: string): { seat: Seat; action: Action }[] {
  const streams = new GameStreams(seedKey(seed), 0);
  const state = game.setup({ ...info, rng: streams });
  const pick = new GameStreams(seedKey(`${seed}/pick`), 0).stream('pick');
  const played: { seat: Seat; action: Action }[] = [];
  for (let seat = game.toAct(state); seat !== null; seat = game.toAct(state)) {
    const legal = game.legalActions(state, seat);
    const action = snapshot(legal[pick.int(legal.length)]!);
    played.push({ seat, action });
    game.apply(state, seat, action, streams);
  }
  return played;
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
  const view = snapshot(game.view(state, viewer));
  const legal = snapshot(game.legalActions(state, viewer));
  const sampler = new GameStreams(seedKey(`${check.seed}/sample/${label}`), 0).stream('sample');
  const chance = sampler.nextUint32();
  const real = learnedBy(game, cloneState(game, state), viewer, actor, action, chance)!;
  for (let k = 0; k < check.samples; k++) {
    const world = game.sampleState!(info, viewer, snapshot(view), snapshot(seen), sampler);
    const worldView = snapshot(game.view(world, viewer));
    if (!isDeepStrictEqual(worldView, view)) return `sample ${k} gives another view: ${firstDifference(worldView, view)}`;
    const worldLegal = snapshot(game.legalActions(world, viewer));
    if (!isDeepStrictEqual(worldLegal, legal)) return `sample ${k} gives other legal actions: ${firstDifference(worldLegal, legal)}`;
    const learned = learnedBy(game, world, viewer, actor, action, chance);
    if (learned === null || !isDeepStrictEqual(learned.facts, real.facts)) continue;
    if (!isDeepStrictEqual(learned.view, real.view)) return `sample ${k}, same published facts, another next view: ${firstDifference(learned.view, real.view)}`;
    if (!isDeepStrictEqual(learned.seen, real.seen)) return `sample ${k}, same published facts, other events seen: ${firstDifference(learned.seen, real.seen)}`;
  }
  return null;
}

/** What `viewer` learns when `actor` plays `action` in `state` with chance drawn from `chance`; null when the action is not legal there. */
function learnedBy(game: GameDefinition, state: unknown, viewer: Seat, actor: Seat, action: Action, chance: number): Learned | null {
  let events: readonly GameEvent[];
  try {
    events = game.apply(state, actor, snapshot(action), streamsFrom(new Sfc32(chance, 0x9e3779b9, chance ^ 0x5bd1e995, 1)));
  } catch (error) {
    if (error instanceof RuleError) return null;
    throw error;
  }
  const facts = game.published!(events).filter((fact) => fact.to === undefined || fact.to.includes(viewer));
  return {
    facts: snapshot(facts),
    view: snapshot(game.view(state, viewer)),
    seen: snapshot(events.map((event) => seenEvent(event, viewer)).filter((event) => event !== null)),
  };
}
