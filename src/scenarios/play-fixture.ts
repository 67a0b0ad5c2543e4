import { seenEvent, type GameEvent } from '../core/events.js';
import { describeIssues, RuleError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import { jsonDifference } from '../core/json-difference.js';
import { validateConfig } from '../core/options.js';
import type { Seat } from '../core/seat.js';
import { findGame, playerRange, resolveVariant } from '../games/registry.js';
import { openReferee } from '../referee/referee.js';
import type { Expectation, Fixture } from './fixture.js';
import { ScriptedStreams } from './scripted-random.js';

/** A fixture that does not play out as written: the message says which step and what differed. */
export class FixtureFailure extends Error {}

function fail(message: string): never {
  throw new FixtureFailure(message);
}

function seatOf(ref: number | string, names: readonly string[]): Seat {
  if (typeof ref === 'number') {
    if (ref >= names.length) fail(`seat ${ref} does not exist (${names.length} players)`);
    return ref;
  }
  const seat = names.indexOf(ref);
  if (seat < 0) fail(`no player named "${ref}" (players: ${names.join(', ')})`);
  return seat;
}

function check<S>(game: GameDefinition<S>, state: S, names: readonly string[], expect: Omit<Expectation, 'error' | 'events' | 'notebook'>, where: string): void {
  const mismatch = (label: string, expected: unknown, actual: unknown): void => {
    const m = jsonDifference(expected, actual);
    if (m !== null) fail(`${where}: ${label} ${m}`);
  };
  if (expect.state !== undefined) mismatch('state', expect.state, state);
  if (expect.view !== undefined) mismatch('view', expect.view.match, game.view(state, seatOf(expect.view.seat, names)));
  if (expect.toAct !== undefined) {
    const wanted = expect.toAct === null ? null : seatOf(expect.toAct, names);
    const actual = game.toAct(state);
    if (actual !== wanted) fail(`${where}: expected ${wanted === null ? 'the game over' : names[wanted]} to act, but ${actual === null ? 'the game is over' : `${names[actual]} is`}`);
  }
  if (expect.outcome !== undefined) mismatch('outcome', expect.outcome, game.outcome(state));
}

function checkEvents(game: GameDefinition, variant: string, events: readonly GameEvent[], names: readonly string[], expect: Expectation, where: string): void {
  if (expect.events !== undefined) {
    const m = jsonDifference(expect.events, events);
    if (m !== null) fail(`${where}: events ${m}`);
  }
  for (const [who, lines] of Object.entries(expect.notebook ?? {})) {
    const seat = seatOf(/^\d+$/.test(who) ? Number(who) : who, names);
    const read = events.flatMap((event) => {
      const seen = seenEvent(event, seat);
      return seen === null ? [] : [game.describe(seen, seat, names, variant)];
    });
    const m = jsonDifference(lines, read);
    if (m !== null) fail(`${where}: ${names[seat]}'s notebook ${m}`);
  }
}

/** Plays a validated fixture; throws FixtureFailure (or the game's own error) when it does not play out. */
export function playFixture(fixture: Fixture): void {
  const game = findGame(fixture.game);
  const variant = resolveVariant(game, fixture.variant);
  const config = validateConfig(game.configSchema, fixture.options ?? {}, game.id);
  const names = fixture.players;

  if (fixture.setupError !== undefined || game.checkName !== undefined) {
    let refused: string | null = null;
    names.forEach((name, i) => {
      refused ??= game.checkName?.(name, names.slice(0, i)) ?? null;
    });
    if (fixture.setupError !== undefined) {
      if (refused !== fixture.setupError) fail(`setup: expected the names to be refused with "${fixture.setupError}", got ${refused === null ? 'no refusal' : `"${refused}"`}`);
      if (fixture.steps.length === 0) return;
      fail('a fixture whose setup is refused cannot have steps');
    }
    if (refused !== null) fail(`setup: the names were refused: ${refused}`);
  }
  const [min, max] = playerRange(game, variant);
  if (names.length < min || names.length > max) fail(`${game.id} takes ${min}-${max} players, the fixture has ${names.length}`);

  let forced: unknown;
  if (fixture.forced !== undefined) {
    if (game.forcedSchema === undefined) fail(`${game.id} takes no forced setup`);
    const parsed = game.forcedSchema.safeParse(fixture.forced);
    if (!parsed.success) fail(`forced: ${describeIssues(parsed.error.issues)}`);
    forced = parsed.data;
  }
  const seed = fixture.seed ?? `fixture:${fixture.id}`;
  const rng = new ScriptedStreams(fixture.random ?? {}, seed);
  const seats = names.map((name) => ({ name, label: `human:${name}`, bot: null }));
  const referee = openReferee({ game, variant, config, seed, index: 0, seats, streams: rng, ...(forced !== undefined ? { forced } : {}) });
  const state = referee.state;

  fixture.steps.forEach((step, i) => {
    const where = `step ${i + 1}${step.note !== undefined ? ` (${step.note})` : ''}`;
    const seat = seatOf(step.as, names);
    const before = JSON.stringify(state);
    let events: readonly GameEvent[];
    try {
      if (step.forfeit === true) {
        events = referee.depart(seat, 'left', undefined);
      } else {
        if (step.do === undefined) fail(`${where}: a step needs "do" (an action) or "forfeit": true`);
        const parsed = game.actionSchema.safeParse(step.do);
        if (!parsed.success) fail(`${where}: malformed action ${JSON.stringify(step.do)}: ${describeIssues(parsed.error.issues)}`);
        events = referee.act(seat, parsed.data);
      }
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      if (step.expect?.error === undefined) fail(`${where}: refused with "${error.message}"`);
      if (error.message !== step.expect.error) fail(`${where}: expected the error "${step.expect.error}", got "${error.message}"`);
      if (JSON.stringify(state) !== before) fail(`${where}: the refused action changed the state`);
      check(game, state, names, step.expect, where);
      return;
    }
    if (step.expect?.error !== undefined) fail(`${where}: expected the error "${step.expect.error}", but the action was accepted`);
    if (step.expect !== undefined) {
      checkEvents(game, variant, events, names, step.expect, where);
      check(game, state, names, step.expect, where);
    }
  });
  if (fixture.expect !== undefined) check(game, state, names, fixture.expect, 'at the end');
  const unused = rng.unused();
  if (unused.length > 0) fail(`scripted values were never drawn: ${unused.join(', ')}`);
}
