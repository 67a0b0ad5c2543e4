import { RuleError } from '../../core/errors.js';
import type { GameEvent } from '../../core/events.js';
import type { RandomStreams, Rng } from '../../core/rng.js';
import type { Seat } from '../../core/seat.js';
import { ROLL_ACTIONS, type RollAction, type ScoreAction } from './actions.js';
import { only, scoredEvent } from './events.js';
import {
  CATEGORY_SCORED,
  DICE_INVALID,
  FIRST_ROLL_ALL_DICE,
  FOURTH_ROLL,
  HOLD_INVALID,
  ROLL_BEFORE_SCORING,
  SCORE_INVALID,
  typedDiceCount,
  unknownCategory,
} from './messages.js';
import { perState } from './per-state.js';
import { CATEGORY_INDEX, rollNumber, rollScore, upperBonus } from './scoring.js';
import {
  DICE,
  firstToPlay,
  hasLeft,
  isDieFace,
  MAX_ROLLS,
  nextToPlay,
  OPEN,
  ROUNDS,
  seriesTotal,
  seriesWinners,
  sheetAt,
  sheetTotal,
  upperTotal,
  type YahtzeeState,
} from './state.js';

const rolled = [0, 0, 0, 0, 0];

/** CATEGORY_INDEX as a Map: 13 different keys make an object lookup megamorphic on the hot path. */
const CATEGORY_NUMBER = new Map<string, number>(Object.entries(CATEGORY_INDEX));

/** The game's `dice` stream, looked up once per game rather than by name at every roll. */
const streamsOf = perState(() => ({ streams: null as RandomStreams | null, dice: null as unknown as Rng }));

function diceStream(state: YahtzeeState, rng: RandomStreams): Rng {
  const known = streamsOf(state);
  if (known.streams !== rng) {
    known.streams = rng;
    known.dice = rng.stream('dice');
  }
  return known.dice;
}

function isHold(hold: unknown): hold is number {
  return (hold as number) === ((hold as number) & ((1 << DICE) - 1));
}

/**
 * UC-03 steps 1-2: roll the un-held dice. Every new value is checked before anything changes, so
 * an invalid roll (UC-03 variant 1) does not count towards the three.
 */
export function roll(state: YahtzeeState, seat: Seat, action: RollAction, rng: RandomStreams): GameEvent[] {
  if (state.rolls >= MAX_ROLLS) throw new RuleError(FOURTH_ROLL, { action, allowed: 'score the turn in an open category' });
  const hold = action.hold;
  if (!isHold(hold)) throw new RuleError(HOLD_INVALID, { action });
  if (state.rolls === 0 && hold !== 0) throw new RuleError(FIRST_ROLL_ALL_DICE, { action });
  // The bots' rolls are the cached actions, which never carry typed dice; reading the absent
  // field of a frozen object is slow on the hot path.
  const typed = action === ROLL_ACTIONS[hold] ? undefined : action.dice;
  // Every un-held die is rolled, then the roll as a whole is valid or not.
  let valid = true;
  if (typed === undefined) {
    const dice = diceStream(state, rng);
    for (let i = 0; i < DICE; i++) {
      if ((hold & (1 << i)) !== 0) continue;
      const face = dice.die(6);
      valid &&= isDieFace(face);
      rolled[i] = face;
    }
  } else {
    let unheld = 0;
    for (let i = 0; i < DICE; i++) if ((hold & (1 << i)) === 0) unheld++;
    if (!Array.isArray(typed) || typed.length !== unheld) throw new RuleError(typedDiceCount(unheld), { action });
    let next = 0;
    for (let i = 0; i < DICE; i++) {
      if ((hold & (1 << i)) !== 0) continue;
      const face: unknown = typed[next++];
      valid &&= isDieFace(face);
      rolled[i] = face as number;
    }
  }
  if (!valid) throw new RuleError(DICE_INVALID, { action, allowed: 'die values from 1 to 6' });
  const dice = state.dice;
  for (let i = 0; i < DICE; i++) if ((hold & (1 << i)) === 0) dice[i] = rolled[i]!;
  state.rolls++;
  return [{ type: 'roll', seat, roll: state.rolls, hold, dice: [dice[0]!, dice[1]!, dice[2]!, dice[3]!, dice[4]!] }];
}

/** UC-03 step 3: score the turn in one open category, the entered score checked against the dice. */
export function score(state: YahtzeeState, seat: Seat, action: ScoreAction): GameEvent[] {
  if (state.rolls === 0) throw new RuleError(ROLL_BEFORE_SCORING, { action });
  const category = CATEGORY_NUMBER.get(action.category);
  if (category === undefined) throw new RuleError(unknownCategory(action.category), { action });
  const at = sheetAt(seat) + category;
  if (state.sheets[at] !== OPEN) throw new RuleError(CATEGORY_SCORED, { action, allowed: 'a category not yet scored' });
  if (action.score !== rollScore(rollNumber(state.dice), category)) throw new RuleError(SCORE_INVALID, { action });
  state.sheets[at] = action.score;
  state.turnsPlayed++;
  const events: GameEvent[] = [scoredEvent(seat, action.category, action.score)];
  endTurn(state, events);
  return events;
}

/**
 * Passes the dice to the next player in turn order; after the last, the next round (UC-02: all
 * players complete a turn before anyone plays the next). After round 13 the game is totalled.
 */
export function endTurn(state: YahtzeeState, events: GameEvent[]): void {
  const dice = state.dice;
  for (let i = 0; i < DICE; i++) dice[i] = 0;
  state.rolls = 0;
  state.turn = nextToPlay(state, state.turn + 1);
  if (state.turn < state.order.length) return;
  state.turn = firstToPlay(state);
  if (state.turn === state.order.length) {
    state.phase = 'over';
    return;
  }
  if (++state.round > ROUNDS) endGame(state, events);
}

/** UC-02 steps 4-5 and UC-01 step 4: total every sheet, report each privately, start the next game. */
function endGame(state: YahtzeeState, events: GameEvent[]): void {
  const n = state.names.length;
  for (let seat = 0; seat < n; seat++) {
    if (hasLeft(state, seat)) continue;
    const upper = upperTotal(state, seat);
    const total = sheetTotal(state, seat);
    state.totals[seat]!.push(total);
    events.push({ type: 'gameTotal', seat, game: state.game, upper, bonus: upperBonus(upper), total, to: only(seat) });
  }
  if (state.game < state.series) {
    state.game++;
    state.round = 1;
    state.sheets.fill(OPEN);
    events.push({ type: 'gameStart', game: state.game, games: state.series });
    return;
  }
  state.phase = 'over';
  for (let seat = 0; seat < n; seat++) {
    if (hasLeft(state, seat)) continue;
    events.push({ type: 'seriesTotal', seat, games: state.totals[seat]!.slice(), total: seriesTotal(state, seat), to: only(seat) });
  }
  const best = seriesWinners(state);
  if (n > 1 && best !== null) events.push({ type: 'winner', winners: best.seats, score: best.score });
}
