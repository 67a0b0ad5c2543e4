import { describe, it } from 'vitest';
import { findBuiltinBot } from '../../bots/registry.js';
import type { Bot } from '../../src/core/bot.js';
import type { GameEvent } from '../../src/core/events.js';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import type { YahtzeeAction } from '../../src/games/yahtzee/actions.js';
import { yahtzeeGame as yahtzee } from '../../src/games/yahtzee/game.js';
import { CATEGORIES, CATEGORY_INDEX, scoreDice, upperBonus } from '../../src/games/yahtzee/scoring.js';
import { OPEN, ROUNDS, type YahtzeeState } from '../../src/games/yahtzee/state.js';

/**
 * Seeded games of 1-5 players between random and greedy bots, with the rules' invariants checked
 * after every action: each category scored once per game and with the dice's score, totals equal
 * to the entries plus the bonus, never more than three rolls, every round played in turn order.
 */
// 2000 games by default (about 12 s of the suite's CPU): each player count 400 times, each kind of departure about 280;
// the long tier plays 100 000.
const LONG = process.env['PARLOR_LONG'] !== undefined;
const GAMES = LONG ? 100_000 : 2000;
const [random, greedy] = [findBuiltinBot('yahtzee', 'random'), findBuiltinBot('yahtzee', 'greedy')];

interface Played {
  seat: number;
  action?: YahtzeeAction;
  forfeit?: true;
}

function sheetOf(state: YahtzeeState, seat: number): number[] {
  return state.sheets.slice(seat * ROUNDS, seat * ROUNDS + ROUNDS);
}

function playChecked(index: number): void {
  const players = 1 + (index % 5);
  // Seats leave in one game of 7, anywhere in a game or the series (`leaveAt`, a step), and in
  // another one of 7 the last in turn order leaves at its last turn, which ends a game or the series
  // without a turn being scored.
  const departure = players > 1 && index % 7 === 1 ? 'anywhere' : players > 1 && index % 7 === 3 ? 'lastTurn' : null;
  const series = index % 50 === 0 || (departure !== null && index % 2 === 1) ? 2 : 1;
  const seed = 'yahtzee-random-games';
  const config = yahtzee.configSchema.parse({ series });
  const names = generatedSeatNames(players);
  const rng = new GameStreams(seedKey(seed), index);
  const botRng = new GameStreams(seedKey(`${seed}/bots`), index);
  const kinds = names.map((_, seat) => ((index + seat) % 10 === 0 ? greedy : random));
  const state = yahtzee.setup({ variant: '', config, seats: names.map((name) => ({ name })), rng });
  const bots: Bot[] = kinds.map((kind, seat) => kind.create({ game: 'yahtzee', variant: '', config, seat, seats: players, rng: botRng.stream(`bot:${seat}`) }));
  const played: Played[] = [];
  const leaver = departure === null ? -1 : index % players;
  const leaveAt = (index * 7919) % (players * 13 * 3 * series);
  const fail = (message: string): never => {
    const record = { game: 'yahtzee', config, seed, index, seats: names.map((name, seat) => ({ name, bot: kinds[seat]!.name })), steps: played };
    throw new Error(`seed ${seed}, game ${index}: ${message}\nrecord: ${JSON.stringify(record)}`);
  };

  let rollsSeen = 0;
  let turnsInRound: number[] = [];
  let lastGame = state.game;
  /** A round ended: the players who played it did so once each, in turn order, and only those who left are missing. */
  const checkRound = (round: number): void => {
    const at = turnsInRound.map((s) => state.order.indexOf(s));
    const inOrder = at.every((position, i) => i === 0 || position > at[i - 1]!);
    const missing = state.order.filter((s) => !turnsInRound.includes(s) && !state.departed.includes(s));
    if (!inOrder || missing.length > 0) fail(`round ${round} played by ${turnsInRound.join(',')}, turn order ${state.order.join(',')}`);
    turnsInRound = [];
  };
  let previous = state.sheets.slice();
  /**
   * Every seat's view equals the view a fresh copy of the state gives. Views are cached for the
   * last state met, so the copy's views are taken after the state's, and the state's are taken again
   * at the end: the cache then lives on into the next step, as it does in a harness.
   */
  const views = (of: YahtzeeState): string[] => Array.from({ length: players }, (_, s) => JSON.stringify(yahtzee.view(of, s)));
  const checkViews = (): void => {
    const cached = views(state);
    const fresh = views(structuredClone(state));
    cached.forEach((view, s) => {
      if (view !== fresh[s]) fail(`seat ${s}'s view is stale: ${view}, a fresh one is ${fresh[s]}`);
    });
    views(state);
  };
  for (let seat = yahtzee.toAct(state); seat !== null; seat = yahtzee.toAct(state)) {
    if (played.length > 20_000) fail('no end after 20 000 actions');
    const round = state.round;
    const game = state.game;
    const leaves =
      departure === 'anywhere' ? played.length >= leaveAt && !state.departed.includes(leaver) && (seat === leaver || index % 3 === 0)
      : departure === 'lastTurn' && seat === state.order[state.order.length - 1] && state.phase === 'play' && state.round === ROUNDS && state.rolls === 0;
    if (leaves && departure === 'anywhere' && seat !== leaver) {
      // A seat may leave while another is to act.
      played.push({ seat: leaver, forfeit: true });
      yahtzee.forfeit(state, leaver);
      checkViews();
      continue;
    }
    if (leaves) {
      played.push({ seat, forfeit: true });
      yahtzee.forfeit(state, seat);
      rollsSeen = 0;
      if (state.round !== round || state.game !== game || state.phase === 'over') checkRound(round);
      checkViews();
      lastGame = state.game;
      previous = state.sheets.slice();
      continue;
    }
    const legal = yahtzee.legalActions(state, seat);
    const action = bots[seat]!.act(yahtzee.view(state, seat), legal) as YahtzeeAction;
    if (!legal.includes(action)) fail(`seat ${seat} chose ${JSON.stringify(action)}, not a legal action`);
    const dice = state.dice.slice();
    played.push({ seat, action });
    const events = yahtzee.apply(state, seat, action, rng) as GameEvent[];

    if (state.rolls < 0 || state.rolls > 3) fail(`${state.rolls} rolls`);
    if (action.type === 'roll') {
      rollsSeen++;
      if (rollsSeen > 3) fail('a fourth roll in a turn');
      if (events[0]!['roll'] !== rollsSeen) fail(`roll event says roll ${String(events[0]!['roll'])}, it is roll ${rollsSeen}`);
      for (let i = 0; i < 5; i++) if ((action.hold & (1 << i)) !== 0 && state.dice[i] !== dice[i]) fail(`held die ${i + 1} changed`);
    }
    if (action.type === 'score') {
      rollsSeen = 0;
      if (action.score !== scoreDice(action.category, dice)) fail(`scored ${action.score} in ${action.category} with ${dice.join(' ')}`);
      turnsInRound.push(seat);
      if (state.round !== round || state.game !== game || state.phase === 'over') checkRound(round);
    }
    if (state.game !== lastGame || state.phase === 'over') {
      // The game ended: each total is its sheet (as it was, plus this last score) and the bonus.
      for (const event of events.filter((e) => e.type === 'gameTotal')) {
        const s = event['seat'] as number;
        const entries = previous.slice(s * ROUNDS, s * ROUNDS + ROUNDS);
        if (s === seat && action.type === 'score') entries[CATEGORY_INDEX[action.category]] = action.score;
        if (entries.some((e) => e === OPEN)) fail(`seat ${s} ended the game with an open category`);
        const upper = entries.slice(0, 6).reduce((a, b) => a + b, 0);
        const sum = entries.reduce((a, b) => a + b, 0) + upperBonus(upper);
        if (event['total'] !== sum || event['upper'] !== upper) fail(`seat ${s}: total ${String(event['total'])}, entries and bonus make ${sum}`);
      }
    } else {
      // Within a game, only the acting seat's category may change, from open to the score entered.
      for (let i = 0; i < state.sheets.length; i++) {
        if (previous[i] === state.sheets[i]) continue;
        const s = Math.floor(i / ROUNDS);
        const c = i % ROUNDS;
        if (action.type !== 'score' || s !== seat || previous[i] !== OPEN || CATEGORIES[c] !== action.category || state.sheets[i] !== action.score) {
          fail(`seat ${s}'s ${CATEGORIES[c]} changed from ${previous[i]} to ${state.sheets[i]}`);
        }
      }
    }
    // Only the acting seat's sheet and totals can have changed.
    const v = yahtzee.view(state, seat);
    const entries = sheetOf(state, seat).map((e) => (e === OPEN ? 0 : e));
    const upper = entries.slice(0, 6).reduce((a, b) => a + b, 0);
    if (v.total !== entries.reduce((a, b) => a + b, 0) + upperBonus(upper)) fail(`seat ${seat}: view total ${v.total}`);
    if (v.seriesTotal !== state.totals[seat]!.reduce((a, b) => a + b, 0)) fail(`seat ${seat}: series total ${v.seriesTotal}`);
    if (departure !== null) checkViews();
    lastGame = state.game;
    previous = state.sheets.slice();
  }
  const outcome = yahtzee.outcome(state);
  if (outcome === null) fail('over without an outcome');
  for (let s = 0; s < players; s++) {
    const finished = state.departed.includes(s) ? state.totals[s]!.length <= series : state.totals[s]!.length === series;
    if (!finished) fail(`seat ${s} has ${state.totals[s]!.length} game totals of ${series}`);
    if (outcome!.score![s] !== state.totals[s]!.reduce((a, b) => a + b, 0)) fail(`seat ${s}: outcome score ${outcome!.score![s]}`);
  }
}

describe('seeded random games with invariants after every action', () => {
  const BATCHES = 10;
  // The long tier's batches of 10 000 games take a minute or two on an idle machine, several on a busy one.
  it.each(Array.from({ length: BATCHES }, (_, b) => b))(`games of batch %i (${GAMES} in all)`, (batch) => {
    for (let index = batch; index < GAMES; index += BATCHES) playChecked(index);
  }, LONG ? 1_800_000 : undefined);
});
