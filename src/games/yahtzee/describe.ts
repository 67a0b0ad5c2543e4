import type { GameEvent } from '../../core/events.js';
import type { Seat } from '../../core/seat.js';
import type { YahtzeeAction } from './actions.js';
import type { YahtzeeEvent } from './events.js';
import { GAME_TOTAL, ROLL_FOR_ORDER, SERIES_TOTAL, WINNER } from './messages.js';
import type { Category } from './scoring.js';
import { DICE, type YahtzeeState } from './state.js';

/** Category names as the score sheet prints them. */
export const CATEGORY_LABELS: Readonly<Record<Category, string>> = {
  ones: 'Ones',
  twos: 'Twos',
  threes: 'Threes',
  fours: 'Fours',
  fives: 'Fives',
  sixes: 'Sixes',
  threeOfAKind: 'Three of a Kind',
  fourOfAKind: 'Four of a Kind',
  fullHouse: 'Full House',
  smallStraight: 'Small Straight',
  largeStraight: 'Large Straight',
  yahtzee: 'Yahtzee',
  chance: 'Chance',
};

/** "Ann and Bob", "Ann, Bob and Cid". */
function listNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function points(n: number): string {
  return n === 1 ? '1 point' : `${n} points`;
}

/** The positions (1-5) of the dice a hold mask keeps. */
export function heldPositions(hold: number): number[] {
  const held: number[] = [];
  for (let i = 0; i < DICE; i++) if ((hold & (1 << i)) !== 0) held.push(i + 1);
  return held;
}

/**
 * One notebook line. Messages the spec addresses to a player ("Your total score...") are used as
 * they are for that player; `viewer` null is the narrator, who names the player instead.
 */
export function describe(event: GameEvent, viewer: Seat | null, names: readonly string[]): string {
  const e = event as YahtzeeEvent;
  const who = (seat: Seat): string => (seat === viewer ? 'You' : (names[seat] ?? `Player ${seat + 1}`));
  switch (e.type) {
    case 'orderPrompt':
      return ROLL_FOR_ORDER;
    case 'orderRoll':
      return `${who(e.seat)} rolled a ${e.die} to determine the order of ${e.seat === viewer ? 'your' : 'their'} turn.`;
    case 'order': {
      const line = `The order of turns is: ${e.order.map((seat) => names[seat]).join(', ')}.`;
      return e.tie ? `${line} Players who rolled the same value were ordered at random.` : line;
    }
    case 'roll': {
      const held = heldPositions(e.hold);
      const holding = held.length === 0 ? '' : `, holding dice ${listNames(held.map(String))}`;
      return `${who(e.seat)} rolled ${e.dice.join(' ')} (roll ${e.roll} of 3${holding}).`;
    }
    case 'scored':
      if (!('category' in e)) return `${who(e.seat)} scored ${e.seat === viewer ? 'your' : 'their'} turn.`;
      return `${who(e.seat)} scored ${points(e.score)} in ${CATEGORY_LABELS[e.category]}.`;
    case 'gameTotal': {
      const detail = `Game ${e.game}: ${points(e.total)} (upper section ${e.upper}${e.bonus > 0 ? `, upper bonus ${e.bonus}` : ', no upper bonus'}).`;
      return e.seat === viewer ? `${GAME_TOTAL} ${detail}` : `${names[e.seat]}'s total score for the game: ${detail}`;
    }
    case 'gameStart':
      return `Game ${e.game} of ${e.games} begins.`;
    case 'seriesTotal': {
      const detail = `${points(e.total)} over ${e.games.length} ${e.games.length === 1 ? 'game' : 'games'} (${e.games.join(', ')}).`;
      return e.seat === viewer ? `${SERIES_TOTAL} ${detail}` : `${names[e.seat]}'s total score for the Yahtzee Game: ${detail}`;
    }
    case 'winner': {
      const winners = listNames(e.winners.map((seat) => names[seat] ?? `Player ${seat + 1}`));
      return e.winners.length === 1
        ? `${WINNER} ${winners}, with ${points(e.score)}.`
        : `The winners for the game are the following players. ${winners}, with ${points(e.score)} each.`;
    }
    case 'left':
      return `${who(e.seat)} left the game; ${e.seat === viewer ? 'your' : 'their'} remaining turns are skipped.`;
    default:
      return JSON.stringify(event);
  }
}

/** A label for menus and logs: "roll holding dice 1 and 3", "score 25 in Full House". */
export function describeAction(action: YahtzeeAction, _state: YahtzeeState, _seat: Seat): string {
  switch (action.type) {
    case 'rollOrder':
      return 'roll the die to determine the order of your turn';
    case 'roll': {
      const held = heldPositions(action.hold);
      return held.length === 0 ? 'roll all five dice' : held.length === DICE ? 'roll again holding all five dice' : `roll holding dice ${listNames(held.map(String))}`;
    }
    case 'score':
      return `score ${points(action.score)} in ${CATEGORY_LABELS[action.category] ?? action.category}`;
  }
}
