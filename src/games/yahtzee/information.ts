import type { GameEvent } from '../../core/events.js';
import type { PublicSetup, PublishedFact } from '../../core/game.js';
import { streamsFrom, type Rng } from '../../core/rng.js';
import type { Seat } from '../../core/seat.js';
import type { YahtzeeConfig } from './config.js';
import { only } from './events.js';
import { forfeit } from './rules.js';
import { CATEGORIES, CATEGORY_INDEX, rollNumber, rollScore, type Category } from './scoring.js';
import { setup } from './setup.js';
import { firstToPlay, OPEN, sheetAt, type YahtzeeState } from './state.js';
import { endTurn } from './turn.js';
import type { YahtzeeView } from './view.js';

/**
 * What Yahtzee's rules make known: every die thrown (for the order and in turns), the order, that a
 * player scored their turn, a new game, the winner of the series and who left; the category and
 * score of a turn and a player's totals to that player alone.
 */
export function published(events: readonly GameEvent[]): PublishedFact[] {
  const facts: PublishedFact[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'orderPrompt':
        facts.push({ type: 'orderPrompt' });
        break;
      case 'orderRoll':
        facts.push({ type: 'orderRoll', seat: event['seat'], die: event['die'] });
        break;
      case 'order':
        facts.push({ type: 'order', order: event['order'], dice: event['dice'], tie: event['tie'] });
        break;
      case 'roll':
        facts.push({ type: 'roll', seat: event['seat'], roll: event['roll'], hold: event['hold'], dice: event['dice'] });
        break;
      case 'scored': {
        const seat = event['seat'] as Seat;
        facts.push({ type: 'scored', seat });
        facts.push({ type: 'score', seat, category: event['category'], score: event['score'], to: only(seat) });
        break;
      }
      case 'gameTotal':
      case 'seriesTotal': {
        const { to: _to, ...total } = event;
        facts.push({ ...total, to: only(event['seat'] as Seat) });
        break;
      }
      case 'gameStart':
        facts.push({ type: 'gameStart', game: event['game'], games: event['games'] });
        break;
      case 'winner':
        facts.push({ type: 'winner', winners: event['winners'], score: event['score'] });
        break;
      case 'left':
        facts.push({ type: 'left', seat: event['seat'] });
        break;
      default:
        throw new Error(`yahtzee: no published facts known for a "${event.type}" event`);
    }
  }
  return facts;
}

/**
 * A series consistent with what `seat` saw. Dice are public, so the series is replayed from the
 * seen events: the order, every roll, each departure. Each turn another player scored without
 * saying where is entered in a category drawn uniformly from those still open on their sheet,
 * with the score the last dice they rolled make there; totals of finished games follow from those
 * sheets. This is a prior over the unseen choices (any player may score any roll in any open
 * category), not a model of how players choose. The seat's own sheet is its own scoring, as seen.
 */
export function sampleState(
  info: PublicSetup<YahtzeeConfig>,
  _seat: Seat,
  _view: YahtzeeView,
  seen: readonly GameEvent[],
  rng: Rng,
): YahtzeeState {
  const state = setup({ ...info, rng: streamsFrom(rng) });
  for (const event of seen) {
    switch (event.type) {
      case 'orderRoll':
        state.orderDice[event['seat'] as Seat] = event['die'] as number;
        break;
      case 'order':
        state.order = (event['order'] as Seat[]).slice();
        state.phase = 'play';
        state.turn = firstToPlay(state);
        break;
      case 'roll':
        state.dice = (event['dice'] as number[]).slice();
        state.rolls = event['roll'] as number;
        break;
      case 'scored':
        enterScore(state, event, rng);
        break;
      case 'left':
        forfeit(state, event['seat'] as Seat);
        break;
    }
  }
  return state;
}

function enterScore(state: YahtzeeState, event: GameEvent, rng: Rng): void {
  const seat = event['seat'] as Seat;
  const at = sheetAt(seat);
  let category: number;
  if (event['category'] !== undefined) {
    category = CATEGORY_INDEX[event['category'] as Category];
  } else {
    const open: number[] = [];
    for (let c = 0; c < CATEGORIES.length; c++) if (state.sheets[at + c] === OPEN) open.push(c);
    category = open[rng.int(open.length)]!;
  }
  state.sheets[at + category] = rollScore(rollNumber(state.dice), category);
  state.turnsPlayed++;
  endTurn(state, []);
}

/** A copy of flat arrays, some thirty times faster than `structuredClone`, for the search's hot path. */
export function clone(state: YahtzeeState): YahtzeeState {
  return {
    ...state,
    order: state.order.slice(),
    orderDice: state.orderDice.slice(),
    dice: state.dice.slice(),
    sheets: state.sheets.slice(),
    totals: state.totals.map((games) => games.slice()),
    departed: state.departed.slice(),
  };
}
