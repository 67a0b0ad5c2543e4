import { InputError } from '../../core/errors.js';
import type { GameEvent } from '../../core/events.js';
import type { RollAction, ScoreAction, YahtzeeAction } from '../../games/yahtzee/actions.js';
import { CATEGORY_LABELS } from '../../games/yahtzee/describe.js';
import { CATEGORIES, type Category } from '../../games/yahtzee/scoring.js';
import type { YahtzeeState } from '../../games/yahtzee/state.js';
import type { YahtzeeView } from '../../games/yahtzee/view.js';
import { yahtzeeGame } from '../../games/yahtzee/game.js';
import { publicLines, type GameScreen, type SeatContext, type TableEnd } from '../game-screen.js';
import type { MenuEntry } from '../menu.js';

type Ctx = SeatContext<YahtzeeState, YahtzeeView>;

const DICE = 5;
const HOLD_EXAMPLE = 'e.g. hold 1 3 5 keeps the first, third and fifth dice';

function squash(text: string): string {
  return text.toLowerCase().replace(/[\s_-]+/g, '');
}

/** A category from what a person types: its id or its name in any case and spacing, or a unique beginning of one. */
export function matchCategory(text: string): Category | null {
  const typed = squash(text);
  if (typed === '') return null;
  const exact = CATEGORIES.find((c) => squash(c) === typed || squash(CATEGORY_LABELS[c]) === typed);
  if (exact !== undefined) return exact;
  const begun = CATEGORIES.filter((c) => squash(c).startsWith(typed) || squash(CATEGORY_LABELS[c]).startsWith(typed));
  return begun.length === 1 ? begun[0]! : null;
}

/** "1 3 5", "135" or "1,3,5": single digits, as typed. */
function digits(words: readonly string[]): number[] {
  return words.join('').replace(/,/g, '').split('').map(Number);
}

/** The hold mask for die positions 1-5 ("none" or "0": hold nothing). */
export function holdMask(words: readonly string[]): number {
  const text = words.join('').toLowerCase();
  if (text === '' || text === 'none' || text === '0') return 0;
  if (!/^[1-5,]+$/.test(text)) throw new InputError(`Hold dice by their positions, 1 to 5 (${HOLD_EXAMPLE}).`);
  let mask = 0;
  for (const position of digits(words)) mask |= 1 << (position - 1);
  return mask;
}

/** Dice values typed in from physical dice: the engine checks each is 1-6 (UC-03 variant 1). */
function typedDice(words: readonly string[]): number[] {
  const text = words.join(' ');
  if (!/^[\d\s,-]+$/.test(text)) throw new InputError('Type the dice values as numbers, e.g. roll 3 5 5 2 6.');
  return text.split(/[\s,]+/).filter((w) => w !== '').map(Number);
}

function scoreNumber(text: string, category: Category): number {
  if (!/^\d+$/.test(text.trim())) throw new InputError(`Enter your score for ${CATEGORY_LABELS[category]} as a number from 0 to 50.`);
  return Number(text.trim());
}

/** `keep 5 5 6`: hold the dice showing these values. */
function keepMask(words: readonly string[], dice: readonly number[] | null): number {
  if (dice === null) throw new InputError('Roll the dice first: there is nothing to keep yet.');
  let mask = 0;
  for (const value of digits(words)) {
    const at = dice.findIndex((face, i) => face === value && (mask & (1 << i)) === 0);
    if (at < 0) throw new InputError(`There is no ${value} to keep: the dice show ${dice.join(' ')}.`);
    mask |= 1 << at;
  }
  return mask;
}

function roll(hold: number, dice?: readonly number[]): RollAction {
  return dice === undefined ? { type: 'roll', hold } : { type: 'roll', hold, dice };
}

function sheetLines(view: YahtzeeView): string[] {
  const entry = (i: number): string => (view.sheet[i] === null ? '-' : String(view.sheet[i]));
  const upper = CATEGORIES.slice(0, 6);
  const lower = CATEGORIES.slice(6);
  const lines = [`  Your score sheet, game ${view.game} of ${view.games}`];
  for (let i = 0; i < 7; i++) {
    const left = i < 6 ? `${CATEGORY_LABELS[upper[i]!].padEnd(16)}${entry(i).padStart(4)}` : `${'Upper total'.padEnd(16)}${String(view.upper).padStart(4)}`;
    const right = `${CATEGORY_LABELS[lower[i]!].padEnd(16)}${entry(6 + i).padStart(4)}`;
    lines.push(`  ${left}   | ${right}`);
  }
  lines.push(`  ${'Upper bonus'.padEnd(16)}${String(view.bonus).padStart(4)}   | (35 at an upper total of 63 or more)`);
  lines.push(`  ${'Game total'.padEnd(16)}${String(view.total).padStart(4)}`);
  if (view.games > 1) {
    const played = view.gameTotals.length === 0 ? 'none finished yet' : view.gameTotals.join(', ');
    lines.push(`  Series total ${view.seriesTotal} (games: ${played})`);
  }
  return lines;
}

function diceLines(view: YahtzeeView): string[] {
  if (view.dice === null) return view.phase === 'play' ? ['  The dice are not rolled yet this turn.'] : [];
  return [`  position   ${[1, 2, 3, 4, 5].map((p) => String(p).padStart(3)).join('')}`, `  dice       ${view.dice.map((d) => String(d).padStart(3)).join('')}    (roll ${view.rolls} of 3)`];
}

function scoreEntry(action: ScoreAction): MenuEntry<YahtzeeAction> {
  const label = CATEGORY_LABELS[action.category];
  return {
    label: `Score in ${label}`,
    // The player enters the score (UC-03 step 3); Enter takes the dice's score, a wrong one gets the spec's message.
    questions: [{ text: `Your score for ${label} (0-50)`, default: String(action.score) }],
    build: ([score]) => ({ type: 'score', category: action.category, score: scoreNumber(score!, action.category) }),
  };
}

/** Spec 003 at the terminal: the dice, the seat's own score sheet, holds and score entries. */
export const yahtzeeScreen: GameScreen<YahtzeeState, YahtzeeAction, YahtzeeView> = {
  gameId: yahtzeeGame.id,
  rules: [
    'A Yahtzee Game is a series of games (5 by default) whose totals are summed; the best total wins.',
    'Each game has 13 turns. In a turn roll five dice up to three times, holding any dice between rolls,',
    'then score the turn in one category not yet scored, entering its score (it is checked against the dice).',
    'Ones..Sixes: the sum of that face. Three/Four of a Kind: the sum of all dice. Full House 25,',
    'Small Straight (4 in a row) 30, Large Straight (5 in a row) 40, Yahtzee (five of a kind) 50, Chance: the sum.',
    'A dice roll that fits no category scores 0 there. Upper total of 63 or more: bonus 35.',
    'No player sees another player\'s score sheet; at the end only the winner\'s total is announced.',
  ],
  commands: [
    'roll                  roll (all the dice that are not held); at the start, the die for the turn order',
    `hold <positions>      roll again holding the dice at these positions (${HOLD_EXAMPLE})`,
    'keep <values>         roll again holding dice showing these values (keep 5 5 holds two fives)',
    'score <category> <n>  score the turn, entering n (score full house 25, score chance 22)',
    'roll <values>         physical dice: type the values of the dice you rolled (hold 1 2 dice 3 4 5 after holding)',
  ],

  screen({ view, names, seat }: Ctx): string[] {
    const lines = [`Yahtzee: ${names[seat]}, game ${view.game} of ${view.games}${view.phase === 'play' ? `, turn ${view.round} of 13` : ''}`];
    if (view.prompt !== null) lines.push(view.prompt);
    if (view.order.length > 0 && names.length > 1) lines.push(`  Turn order: ${view.order.map((s) => names[s]).join(', ')}`);
    lines.push(...diceLines(view), ...sheetLines(view));
    return lines;
  },

  menu(legal, { game, state, seat }: Ctx): MenuEntry<YahtzeeAction>[] {
    const entries: MenuEntry<YahtzeeAction>[] = [];
    const rolls = legal.filter((a): a is RollAction => a.type === 'roll');
    if (rolls.length === 1 || legal[0]?.type === 'rollOrder') {
      entries.push({ label: game.describeAction(legal[0]!, state, seat), action: legal[0]! });
    } else if (rolls.length > 1) {
      entries.push({
        label: 'Roll again, choosing the dice to hold',
        questions: [{ text: 'Dice to hold, by position 1-5 (e.g. 1 3 5; none holds nothing)', default: 'none' }],
        build: ([answer]) => roll(holdMask(answer!.split(/\s+/))),
      });
    }
    for (const action of legal) if (action.type === 'score') entries.push(scoreEntry(action));
    return entries;
  },

  parse(words, { view }: Ctx): YahtzeeAction | null {
    const [command, ...rest] = words;
    switch (command!.toLowerCase()) {
      case 'roll':
        if (view.phase === 'order') return rest.length === 0 ? { type: 'rollOrder' } : { type: 'rollOrder', die: typedDice(rest)[0]! };
        return roll(0, rest.length === 0 ? undefined : typedDice(rest));
      case 'hold': {
        const split = rest.findIndex((w) => w.toLowerCase() === 'dice');
        if (split < 0) return roll(holdMask(rest));
        return roll(holdMask(rest.slice(0, split)), typedDice(rest.slice(split + 1)));
      }
      case 'keep':
        return roll(keepMask(rest, view.dice));
      case 'score': {
        const typed = rest.at(-1);
        if (rest.length < 2 || !/^\d+$/.test(typed!)) throw new InputError('Enter the category and your score, e.g. score full house 25.');
        const name = rest.slice(0, -1).join(' ');
        const category = matchCategory(name);
        // An unknown category goes to the engine, which names it in its own message.
        return { type: 'score', category: (category ?? name) as Category, score: Number(typed) };
      }
      default:
        return null;
    }
  },

  interlude(events: readonly GameEvent[]): string | null {
    const next = events.find((e) => e.type === 'gameStart') as { game: number; games: number } | undefined;
    return next === undefined ? null : `Game ${next.game - 1} is over. Play a game? (game ${next.game} of ${next.games}; no leaves the series)`;
  },

  finale(end: TableEnd<YahtzeeState>): string[] {
    const { game, state, names } = end;
    // A player's own totals are private (UC-01 NFR); alone at the table they are the whole story.
    if (names.length === 1) {
      const view = game.view(state, 0) as YahtzeeView;
      return [`${names[0]}: ${view.seriesTotal} points over ${view.games} ${view.games === 1 ? 'game' : 'games'} (${view.gameTotals.join(', ')}).`];
    }
    const winner = publicLines(end, ['winner']);
    return winner.length > 0 ? winner : ['No player stayed to the end: there is no winner.'];
  },
};
