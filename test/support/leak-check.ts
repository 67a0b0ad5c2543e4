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
  /** Other legal actions of the step's kind tried in each world, drawn at random. */
  readonly alternatives: number;
  /** Fresh chance draws tried in each world, besides the one every world shares. */
  readonly draws: number;
  readonly seed: string;
}

/**
 * The counts every leak test runs: modest by default, many more with PARLOR_LONG=1. Every outcome of
 * a step is held against all the others, over the real state and every sample, so one alternative
 * and one fresh draw per world already make dozens of pairs; test/leak-checker.test.ts finds each
 * planted leak with these counts. The long run keeps one alternative: each costs a step and a view
 * in every world, and its biggest Clue cases take minutes already; fresh draws cost only at steps
 * that draw chance.
 */
export const COUNTS: Omit<LeakCheck, 'seed'> =
  process.env['PARLOR_LONG'] !== undefined
    ? { games: 12, points: 8, samples: 24, alternatives: 1, draws: 2 }
    : { games: 2, points: 2, samples: 6, alternatives: 1, draws: 1 };

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
 * `sampleState` from S's view and seen events give S exactly its view and its legal actions; (2) in
 * the real state and in each sampled one, the step is played several ways (`choicesIn`): the real
 * action or another of its kind, with the chance draw every world shares or a fresh one. Any two of
 * these outcomes that publish the same facts to S (`published`) must give S the same next view and
 * the same events; anything else is a way for S to learn what the rules do not tell it. Returns a
 * description of each failure (at most `limit`), [] when there is none. `options` are the game's
 * (`--set`), its defaults when absent.
 */
export function leaksIn(game: GameDefinition, variant: string, players: number, check: LeakCheck, limit = 5, options: Readonly<Record<string, unknown>> = {}): string[] {
  if (game.sampleState === undefined || game.published === undefined) return [`${game.id} has no sampleState or published`];
  const config = game.configSchema.parse(options);
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

/** One way to play the step in one world: an action of the actor and the chance `apply` draws from. */
interface Trial {
  readonly action: Action;
  /** The seed of the streams handed to `apply`. */
  readonly chance: number;
  /** Drawn for this world alone, rather than the draw every world shares. */
  readonly fresh: boolean;
}

/** A trial played: the world it was played in, the state after it and the events it made. */
interface Outcome extends Trial {
  readonly world: string;
  readonly state: unknown;
  readonly events: readonly GameEvent[];
}

/** What the viewer learns from one outcome, as JSON text. */
interface Learned {
  readonly seen: string;
  readonly view: string;
}

/**
 * The first outcome that publishes some facts to the viewer, and what it learns from it, read only
 * once a second outcome publishes the same: most publish facts of their own (a roll's dice), and a
 * Clue view, notebook and all, is the dearest thing the checker reads.
 */
interface Witness {
  readonly outcome: Outcome;
  learned?: Learned;
}

/**
 * The checks at one step for one viewer, over the real state and `check.samples` states drawn from
 * the viewer's knowledge. Why the outcomes it holds against each other may be compared:
 * - every world is one the viewer cannot tell from the real one: the real state, and the sampled
 *   states, whose views and legal actions are checked to be the viewer's (and whose seen events
 *   `sampleState` promises);
 * - the step's chance is unknown to every seat before it happens, so any draw may come in any
 *   world: the shared draw lets worlds be compared under the same dice (a public roll then
 *   publishes the same facts everywhere), the fresh ones vary what the rules show only some seats;
 * - another seat's choice is unknown to the viewer, so each action that seat may take in a world is
 *   as possible as the real one: what a seat may learn is the rules' to say, whatever strategy
 *   the other seats play. An action is tried only in a world where the actor's own legal
 *   list holds it: what is legal for another seat may depend on what the viewer cannot see (a Clue
 *   refuter's cards), and in a world where it is not legal it cannot happen at all;
 * - the viewer's own choice is known to it: its outcomes are compared only with outcomes of the
 *   same action (its legal list is the same in every world, checked first).
 * Outcomes that publish the same facts to the viewer (and, when it acts, come from the same action)
 * must then give it the same next view and the same events.
 */
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
  const shared = sampler.int(2 ** 32);
  const witnesses = new Map<string, Witness>();
  // One copy for every draw, as a search player would pass them: a game may keep work per notebook.
  const handed = { view: JSON.parse(view) as unknown, seen: snapshot(seen) };
  /** Plays `trial` in a copy of `world` and holds the outcome against those before it: the failure, or null, and whether it drew any chance. */
  const attempt = (trial: Trial, world: unknown, name: string): { found: string | null; drew: boolean } => {
    const after = cloneState(game, world);
    const chance = watched(trial.chance);
    let events: readonly GameEvent[];
    try {
      events = play(game, after, actor, trial.action, chance.streams);
    } catch (error) {
      if (error instanceof RuleError) return { found: `${describe(name, trial)}: refused, though listed as legal: ${error.message}`, drew: chance.drew };
      throw error;
    }
    const outcome: Outcome = { ...trial, world: name, state: after, events };
    const facts = JSON.stringify(game.published!(events).filter((fact) => fact.to === undefined || fact.to.includes(viewer)));
    const key = actor === viewer ? `${facts}\n${JSON.stringify(trial.action)}` : facts;
    const witness = witnesses.get(key);
    if (witness === undefined) witnesses.set(key, { outcome });
    return { found: witness === undefined ? null : compared(game, viewer, witness, outcome), drew: chance.drew };
  };
  for (let k = -1; k < check.samples; k++) {
    const world = k < 0 ? state : game.sampleState!(info, viewer, handed.view, handed.seen, sampler);
    const name = k < 0 ? 'the real state' : `sample ${k}`;
    if (k >= 0) {
      const otherView = difference(view, JSON.stringify(game.view(world, viewer)));
      if (otherView !== null) return `${name} gives another view (the real one vs the sample's): ${otherView}`;
      const otherLegal = difference(legal, JSON.stringify(game.legalActions(world, viewer)));
      if (otherLegal !== null) return `${name} gives other legal actions (the real ones vs the sample's): ${otherLegal}`;
    }
    // The viewer's own alternatives are held only against themselves, so every world tries the same
    // ones (its legal list is the same everywhere). Another seat's are drawn afresh in each world:
    // an action then meets others that publish the same (a card shown, a category scored), and an
    // alternative that publishes facts of its own costs no view to read.
    const picks = actor === viewer ? new Sfc32(shared, 0x243f6a88, 0x85a308d3, 0x13198a2e) : sampler;
    const [main, ...others] = choicesIn(game, world, actor, action, check.alternatives, picks);
    if (main === undefined) continue;
    const first = attempt({ action: main, chance: shared, fresh: false }, world, name);
    if (first.found !== null) return first.found;
    // A step that drew no chance plays out the same under any draw: fresh ones would only repeat it.
    for (let d = 0; first.drew && d < check.draws; d++) {
      const found = attempt({ action: main, chance: sampler.int(2 ** 32), fresh: true }, world, name).found;
      if (found !== null) return found;
    }
    for (const other of others) {
      const found = attempt({ action: other, chance: shared, fresh: false }, world, name).found;
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * The actions to try in `world`: first the real one where the actor may take it there, else another
 * of its kind, then up to `alternatives` others of its kind drawn at random; a departure alone,
 * since leaving has no choice. Only the real action's kind is tried: the kind of action is public
 * in the built-in games and in the games the checker's own tests write, so another kind would
 * publish other facts and be held against nothing. Alternatives are drawn rather than all tried,
 * since a Clue turn may offer hundreds of accusations or paths.
 */
function choicesIn(game: GameDefinition, world: unknown, actor: Seat, action: Action, alternatives: number, rng: Rng): Action[] {
  if (action.type === LEAVES) return [action];
  const kind = game.legalActions(world, actor).filter((legal) => legal.type === action.type);
  const real = indexOf(kind, action);
  const count = Math.min(kind.length, alternatives + 1);
  // A partial shuffle of a copy, with the real action put first where it is legal.
  const order = kind.slice();
  if (real >= 0) [order[0], order[real]] = [order[real]!, order[0]!];
  for (let i = real >= 0 ? 1 : 0; i < count; i++) {
    const j = i + rng.int(order.length - i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  // Copies: the game may reuse its legal lists, and every trial is played on a copy of `world`.
  return order.slice(0, count).map((chosen) => snapshot(chosen));
}

/**
 * Where `action`, a JSON copy, is in a legal list, or -1. Plain fields are compared first, so that
 * most of a long list (Clue's paths, each a list of squares) is passed over without being written out.
 */
function indexOf(legal: readonly Action[], action: Action): number {
  const text = JSON.stringify(action);
  const plain = Object.entries(action).filter(([, value]) => typeof value !== 'object' || value === null);
  return legal.findIndex((other) => plain.every(([field, value]) => (other as unknown as Record<string, unknown>)[field] === value) && JSON.stringify(other) === text);
}

/** Streams seeded by `chance` that note whether anything is drawn from them. */
function watched(chance: number): { readonly streams: RandomStreams; drew: boolean } {
  const seeded = streamsFrom(new Sfc32(chance, 0x9e3779b9, chance ^ 0x5bd1e995, 1));
  const watch = {
    drew: false,
    streams: {
      stream(name: string): Rng {
        const rng = seeded.stream(name);
        const drawn = (): Rng => {
          watch.drew = true;
          return rng;
        };
        return { next: () => drawn().next(), int: (n) => drawn().int(n), die: (sides) => drawn().die(sides) };
      },
    },
  };
  return watch;
}

/** A trial as a failure names it: world, action and chance, so that it can be played again. */
function describe(world: string, trial: Trial): string {
  return `${world} playing ${JSON.stringify(trial.action)} with ${trial.fresh ? 'a fresh' : 'the shared'} chance ${trial.chance}`;
}

/** What the viewer learns from an outcome, as JSON text: the events it sees and its next view. */
function learned(game: GameDefinition, viewer: Seat, outcome: Outcome): Learned {
  return {
    seen: JSON.stringify(outcome.events.map((event) => seenEvent(event, viewer)).filter((event) => event !== null)),
    view: JSON.stringify(game.view(outcome.state, viewer)),
  };
}

/** Where `outcome` tells the viewer something `witness` does not, though both publish the same facts to it; null when nothing. */
function compared(game: GameDefinition, viewer: Seat, witness: Witness, outcome: Outcome): string | null {
  witness.learned ??= learned(game, viewer, witness.outcome);
  const mine = learned(game, viewer, outcome);
  const pair = `${describe(witness.outcome.world, witness.outcome)} and ${describe(outcome.world, outcome)}, same published facts`;
  const otherSeen = difference(witness.learned.seen, mine.seen);
  if (otherSeen !== null) return `${pair}, other events seen: ${otherSeen}`;
  const otherView = difference(witness.learned.view, mine.view);
  if (otherView !== null) return `${pair}, another next view: ${otherView}`;
  return null;
}
