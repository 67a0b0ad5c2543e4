import { describe, expect, it } from 'vitest';
import { randomBot } from '../bots/generic/random.js';
import type { BotFactory } from '../src/core/bot.js';
import { RuleError } from '../src/core/errors.js';
import type { GameDefinition } from '../src/core/game.js';
import { GameStreams, seedKey } from '../src/core/rng.js';
import { generatedSeatNames } from '../src/core/seat.js';
import { playGame } from '../src/referee/match.js';
import { replayRecord } from '../src/referee/replay.js';
import { loadBotFactory, parseEntrants } from '../src/harness/entrants.js';
import { resolveOptions } from '../src/core/options.js';
import { CLUE_RULE_CASES } from './support/clue-rule-cases.js';
import { GAME_CASES, ONE_CASE_PER_VARIANT, type GameCase } from './support/game-cases.js';

/**
 * The generic test every registered game and variant passes through the contract alone (as
 * OpenSpiel's random-simulation test does): legal actions are accepted and schema-valid, illegal
 * ones and out-of-turn ones are refused without change, states and views are plain JSON, the
 * outcome appears exactly when no one is to act, and records replay to the same outcome. A bot
 * that writes into everything it is handed changes nothing: its games are byte for byte those of
 * an honest twin, and so are the games played after it in the same process.
 */
const GAMES_PER_COUNT = process.env['PARLOR_LONG'] ? 40 : 6;

/**
 * Every game and variant at its player counts, with its default options; then Clue under each rule
 * its variant does not play by itself (test/support/clue-rule-cases.ts), with the options resolved
 * as the command line resolves them, a few games each: the variants' own cases play the rest.
 */
const cases: readonly (GameCase & { readonly options?: Readonly<Record<string, unknown>>; readonly games?: number })[] = [
  ...GAME_CASES,
  ...CLUE_RULE_CASES.map((c) => ({ ...c, games: process.env['PARLOR_LONG'] ? 10 : 2 })),
];

function playChecked(game: GameDefinition, variant: string, players: number, seed: string, config: unknown): void {
  const names = generatedSeatNames(players);
  const rng = new GameStreams(seedKey(seed), 0);
  const state = game.setup({ variant, config, seats: names.map((name) => ({ name })), rng });
  const botRng = new GameStreams(seedKey(`${seed}/bots`), 0);
  const fail = (message: string): never => {
    throw new Error(`${game.id}${variant ? `/${variant}` : ''} seed ${seed}: ${message}`);
  };
  let steps = 0;
  for (let seat = game.toAct(state); seat !== null; seat = game.toAct(state)) {
    if (++steps > 200_000) fail('no end after 200 000 steps');
    if (game.outcome(state) !== null) fail('an outcome while someone is to act');
    const legal = game.legalActions(state, seat);
    if (legal.length === 0) fail(`seat ${seat} is to act with no legal action`);
    for (let other = 0; other < players; other++) {
      if (other !== seat && game.legalActions(state, other).length > 0) fail(`seat ${other} has legal actions while seat ${seat} is to act`);
    }
    const sampled = steps % 5 === 0;
    if (sampled) {
      const view = game.view(state, seat);
      expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    }
    const action = legal[botRng.stream('pick').int(legal.length)]!;
    if (!game.actionSchema.safeParse(action).success) fail(`legal action ${JSON.stringify(action)} fails the action schema`);

    if (steps % 7 === 0) {
      const before = JSON.stringify(state);
      const other = (seat + 1) % players;
      if (other !== seat) {
        expect(() => game.apply(state, other, action, rng), `out of turn, seat ${other}`).toThrow(RuleError);
        expect(JSON.stringify(state)).toBe(before);
      }
      expect(() => game.apply(state, seat, { type: 'no-such-action' }, rng)).toThrow(RuleError);
      expect(JSON.stringify(state)).toBe(before);
    }
    game.apply(state, seat, action, rng);
    if (sampled) expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  }
  expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  const outcome = game.outcome(state);
  if (outcome === null) fail('no one is to act but there is no outcome');
  expect(outcome!.rank).toHaveLength(players);
  for (const winner of outcome!.winners) expect(outcome!.rank[winner]).toBe(1);
}

describe.each(cases)('the game contract: $label players', ({ game, variant, players, options, games = GAMES_PER_COUNT }) => {
  const config = options === undefined ? game.configSchema.parse({}) : resolveOptions(game, variant, options);

  it('plays seeded games through the contract with every check after every action', () => {
    for (let i = 0; i < games; i++) playChecked(game, variant, players, `contract-${i}`, config);
  });

  it('ranks the seats that forfeit last, in the order they left, in its own outcome', () => {
    let forfeits = 0;
    for (let i = 0; i < games; i++) {
      const rng = new GameStreams(seedKey(`forfeits-${i}`), 0);
      const state = game.setup({ variant, config, seats: generatedSeatNames(players).map((name) => ({ name })), rng });
      const pick = new GameStreams(seedKey(`forfeits-${i}/bots`), 0).stream('pick');
      const left: number[] = [];
      for (let seat = game.toAct(state), step = 0; seat !== null; seat = game.toAct(state), step++) {
        if (step % 3 === 1 && left.length < players - 1) {
          left.push(seat);
          game.forfeit(state, seat);
          continue;
        }
        const legal = game.legalActions(state, seat);
        game.apply(state, seat, legal[pick.int(legal.length)]!, rng);
      }
      const outcome = game.outcome(state)!;
      left.forEach((seat, order) => expect(outcome.rank[seat], `seat ${seat}, the ${order + 1}. to leave`).toBe(players - order));
      for (const seat of left) expect(outcome.winners).not.toContain(seat);
      forfeits += left.length;
    }
    if (players > 1) expect(forfeits).toBeGreaterThan(0);
  });

  it('replays the records of harness games to the same outcome, and the same seed plays the same game', () => {
    const seats = generatedSeatNames(players).map((name, i) => ({ name, label: `random#${i + 1}`, bot: randomBot }));
    for (let index = 0; index < games; index++) {
      const setup = { game, variant, config, seed: 'replay', key: seedKey('replay'), index, seats };
      const first = playGame(setup);
      expect(first.engineError).toBeUndefined();
      const record = first.record();
      const replay = replayRecord(JSON.parse(JSON.stringify(record)));
      expect(replay.mismatch).toBeNull();
      expect(JSON.stringify(playGame(setup).record())).toBe(JSON.stringify(record));
    }
  });
});

/**
 * Writes into `value` (arrays reversed and pushed to, fields overwritten), nested parts first down
 * to `depth` levels.
 */
function vandalise(value: unknown, depth: number): void {
  if (typeof value !== 'object' || value === null || depth < 0) return;
  const parts = value as Record<string, unknown>;
  for (const key of Object.keys(parts)) vandalise(parts[key], depth - 1);
  const attempt = (write: () => void): void => {
    try {
      write();
    } catch (error) {
      // The clear error of a write into a frozen object; anything else is a failure.
      expect(error).toBeInstanceOf(TypeError);
    }
  };
  if (Array.isArray(value)) {
    attempt(() => value.reverse());
    attempt(() => value.push({ type: 'vandal' }));
    attempt(() => (value[0] = { type: 'vandal' }));
  }
  for (const key of Object.keys(parts)) attempt(() => (parts[key] = 'vandal'));
  attempt(() => (parts['vandal'] = true));
}

/**
 * A bot choosing uniformly with its own stream, noting what it is handed as JSON before anything
 * else touches it; the vandal also writes into all of it after choosing. Views are noted and
 * written into all the way down at one decision in eight, one level down at the others: a long
 * Cluedo game's notebook, written into at every step, took half a minute.
 */
function twinBot(vandal: boolean, seen: string[]): BotFactory {
  return {
    name: 'twin',
    description: vandal ? 'writes into everything it is handed' : 'the vandal\'s honest twin',
    create: ({ rng, config }) => {
      if (vandal) vandalise(config, 4);
      let decisions = 0;
      return {
        act: (view, legal) => {
          const whole = decisions++ % 8 === 0;
          if (whole) seen.push(JSON.stringify(view));
          seen.push(JSON.stringify(legal));
          const action = legal[rng.int(legal.length)]!;
          if (vandal) {
            vandalise(view, whole ? 4 : 1);
            vandalise(legal, 4);
          }
          return action;
        },
        observe: (event) => {
          seen.push(JSON.stringify(event));
          if (vandal) vandalise(event, 4);
        },
        end: (outcome) => {
          seen.push(JSON.stringify(outcome));
          if (vandal) vandalise(outcome, 4);
        },
      };
    },
  };
}

describe.each(GAME_CASES)('hand-outs in $label players', ({ game, variant, players }) => {
  it('a bot writing into its views, legal lists, events and context changes nothing', () => {
    const config = game.configSchema.parse({});
    const play = (vandalSeat: number, seen: string[]): string[] => {
      const seats = generatedSeatNames(players).map((name, seat) => ({ name, label: 'twin', bot: twinBot(seat === vandalSeat, seen) }));
      const records: string[] = [];
      for (let index = 0; index < 2; index++) {
        const result = playGame({ game, variant, config, seed: 'hand-outs', key: seedKey('hand-outs'), index, seats });
        expect(result.faults).toEqual([]);
        records.push(JSON.stringify(result.record()));
      }
      return records;
    };
    const honestSeen: string[] = [];
    const honest = play(-1, honestSeen);
    const vandalSeen: string[] = [];
    expect(play(0, vandalSeen)).toEqual(honest);
    expect(vandalSeen).toEqual(honestSeen);
    expect(play(-1, [])).toEqual(honest);
  });
});

/** The search player seated through the registry as `--bots 'ismcts(iterations=16)'` would seat it. */
const searchFactory = (game: GameDefinition): Promise<BotFactory> => loadBotFactory(game.id, parseEntrants('ismcts(iterations=16)', game.id)[0]!.source);

/** Decisions the search player makes in a case game: the seat's first ones. */
const SEARCH_DECISIONS = 12;

/**
 * `search` deciding the seat's first `SEARCH_DECISIONS` decisions, `random` the rest; it observes
 * every event throughout, as it would deciding all. Whole games of search cost minutes a case
 * (Cluedo at 3 players took 133 s of a loaded machine); what the case checks (the search's
 * decisions legal, deterministic and recorded, the game played on to its end) needs a dozen. A
 * random opening would be no cheaper way to mid-game: random players accuse early and leave.
 */
function searchStretch(search: BotFactory, searched: { decisions: number }): BotFactory {
  return {
    name: search.name,
    description: `${search.name} for the first ${SEARCH_DECISIONS} decisions`,
    create: (ctx) => {
      const searching = search.create(ctx);
      const rest = randomBot.create(ctx);
      let decisions = 0;
      return {
        act: (view, legal) => {
          const n = decisions++;
          if (n >= SEARCH_DECISIONS) return rest.act(view, legal);
          searched.decisions++;
          return searching.act(view, legal);
        },
        observe: (event) => {
          searching.observe?.(event);
          rest.observe?.(event);
        },
        end: (outcome) => {
          searching.end?.(outcome);
          rest.end?.(outcome);
        },
      };
    },
  };
}

describe.each(ONE_CASE_PER_VARIANT)('the search player in $label players', ({ game, variant, players }) => {
  it(`ismcts(iterations=16) decides up to ${SEARCH_DECISIONS} times in a whole game through the contract: no fault, a record that replays, the same game again from the same seed`, async () => {
    const config = game.configSchema.parse({});
    const searched = { decisions: 0 };
    const search = searchStretch(await searchFactory(game), searched);
    const seats = generatedSeatNames(players).map((name, seat) => (seat === 0 ? { name, label: 'ismcts', bot: search } : { name, label: 'random', bot: randomBot }));
    const setup = { game, variant, config, seed: 'search', key: seedKey('search'), index: 0, seats };
    const first = playGame(setup);
    expect(first.faults).toEqual([]);
    expect(first.outcome).not.toBeNull();
    const record = first.record();
    // The search made the seat's first twelve recorded decisions, or all of them in a game that
    // ends sooner (Clue-Less at 3: the search solves on its eleventh; hidden cups gives a seat three).
    const own = record.steps.filter((step) => step.seat === 0 && 'action' in step).length;
    expect(own).toBeGreaterThan(0);
    expect(searched.decisions).toBe(Math.min(SEARCH_DECISIONS, own));
    expect(replayRecord(JSON.parse(JSON.stringify(record))).mismatch).toBeNull();
    expect(JSON.stringify(playGame(setup).record())).toBe(JSON.stringify(record));
  });
});
