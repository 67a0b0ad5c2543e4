import { InputError } from '../../core/errors.js';
import type { ClueAction } from '../../games/clue/actions.js';
import { CARDS, matchCard, type CardCategory, type ClueVariantId } from '../../games/clue/cards.js';
import type { ClueState } from '../../games/clue/state.js';
import type { ClueView } from '../../games/clue/view.js';
import { clueGame } from '../../games/clue/game.js';
import { publicLines, type GameScreen, type SeatContext, type TableEnd } from '../game-screen.js';
import type { MenuEntry } from '../menu.js';

type Ctx = SeatContext<ClueState, ClueView, ClueAction>;
type Move = Extract<ClueAction, { type: 'move' }>;

const SQUARE = /^\d+,\d+$/;
const STEPS = /^(\d*)([nesw]+)$/i;
/** Squares are listed one by one in the menu while their numbers fit a square of the board (two characters). */
const SQUARES_IN_MENU = 99;

/**
 * `move` as typed: a room or hallway by name, a square "x,y", or a path of squares and directions
 * ("7,23 N N E", "3N 2E", "nnee"). The engine checks every step with the spec's messages.
 */
export function parseMove(words: readonly string[]): Move {
  if (words.length === 0) throw new InputError('Say where to move: move Kitchen, move 7,18, or a path such as move N N E E.');
  const steps: string[] = [];
  for (const word of words) {
    const square = SQUARE.test(word);
    const run = STEPS.exec(word);
    if (!square && run === null) return { type: 'move', to: words.join(' ') };
    if (square) steps.push(word);
    else for (let i = 0; i < Math.max(1, Number(run![1] || 1)); i++) steps.push(...run![2]!.toUpperCase().split(''));
  }
  return steps.length === 1 ? { type: 'move', to: steps[0]! } : { type: 'move', to: steps.at(-1)!, path: steps };
}

/**
 * Names typed in one line, one per category in order: split at commas when there are any, else
 * the one way of splitting the words where each part names a card of its category
 * ("plum rope kitchen", "colonel mustard lead pipe billiard room").
 */
export function splitNames(variant: ClueVariantId, words: readonly string[], categories: readonly CardCategory[]): string[] {
  const text = words.join(' ');
  if (text.includes(',')) {
    const parts = text.split(',').map((part) => part.trim());
    if (parts.length === categories.length) return parts;
  }
  const found: string[] = [];
  const search = (from: number, k: number): boolean => {
    if (k === categories.length) return from === words.length;
    for (let to = from + 1; to <= words.length; to++) {
      const card = matchCard(variant, words.slice(from, to).join(' '), categories[k]);
      if (card === null) continue;
      found.push(card);
      if (search(to, k + 1)) return true;
      found.pop();
    }
    return false;
  };
  if (search(0, 0)) return found;
  throw new InputError(`Name ${categories.map((c) => `a ${c}`).join(', ')} in that order, separated by commas if in doubt: e.g. ${example(variant, categories)}.`);
}

function example(variant: ClueVariantId, categories: readonly CardCategory[]): string {
  const cards = CARDS[variant];
  const first = { suspect: cards.suspects[2]!, weapon: cards.weapons[0]!, room: cards.rooms[0]! };
  return categories.map((c) => first[c]).join(', ');
}

function cardQuestion(variant: ClueVariantId, category: CardCategory): { text: string; options: readonly string[] } {
  const cards = CARDS[variant];
  const options = category === 'suspect' ? cards.suspects : category === 'weapon' ? cards.weapons : cards.rooms;
  return { text: `Which ${category}? (number or name)`, options };
}

/** The menu of the moment, which the board drawing numbers too: squares are marked with their menu numbers. */
function clueMenu(legal: readonly ClueAction[], { game, state, seat, variant }: Ctx): MenuEntry<ClueAction>[] {
  const v = variant as ClueVariantId;
  const entries: MenuEntry<ClueAction>[] = [];
  const of = <T extends ClueAction['type']>(type: T) => legal.filter((a): a is Extract<ClueAction, { type: T }> => a.type === type);
  for (const type of ['roll', 'passage'] as const) for (const action of of(type)) entries.push({ label: game.describeAction(action, state, seat), action });
  const moves = of('move');
  const rooms = moves.filter((m) => !SQUARE.test(m.to));
  const squares = moves.filter((m) => SQUARE.test(m.to)).sort((a, b) => squareOrder(a.to) - squareOrder(b.to));
  for (const action of rooms) entries.push({ label: game.describeAction(action, state, seat), action });
  if (entries.length + squares.length <= SQUARES_IN_MENU) {
    for (const action of squares) entries.push({ label: game.describeAction(action, state, seat), action });
  } else {
    entries.push({ label: 'Move to a square', questions: [{ text: 'Which square? (x,y, or a path such as N N E)' }], build: ([to]) => parseMove(to!.split(/\s+/)) });
  }
  const places = new Map<string, Extract<ClueAction, { type: 'place' }>[]>();
  for (const action of of('place')) places.set(action.weapon, [...(places.get(action.weapon) ?? []), action]);
  for (const [weapon, options] of places) {
    entries.push({
      label: `Place the ${weapon}`,
      questions: [{ text: `In which room? (number or name)`, options: options.map((o) => o.room) }],
      build: ([room]) => ({ type: 'place', weapon, room: room! }),
    });
  }
  const suggestions = of('suggest');
  if (suggestions.length > 0) {
    const room = suggestions[0]!.room!;
    entries.push({
      label: `Make a suggestion in the ${room}`,
      questions: [cardQuestion(v, 'suspect'), cardQuestion(v, 'weapon')],
      build: ([suspect, weapon]) => ({ type: 'suggest', suspect: suspect!, weapon: weapon!, room }),
    });
  }
  for (const action of of('show')) entries.push({ label: game.describeAction(action, state, seat), action });
  const accusations = of('accuse');
  if (accusations.length > 0) {
    const rooms = [...new Set(accusations.map((a) => a.room))];
    entries.push({
      label: rooms.length === 1 ? `Make an accusation (in the ${rooms[0]})` : 'Make an accusation',
      questions: [cardQuestion(v, 'suspect'), cardQuestion(v, 'weapon'), ...(rooms.length > 1 ? [{ text: 'Which room? (number or name)', options: rooms }] : [])],
      build: ([suspect, weapon, room]) => ({ type: 'accuse', suspect: suspect!, weapon: weapon!, room: room ?? rooms[0]! }),
    });
  }
  for (const action of of('pass')) entries.push({ label: state.phase === 'end' ? 'End your turn' : game.describeAction(action, state, seat), action });
  return entries;
}

function squareOrder(square: string): number {
  const [x, y] = square.split(',').map(Number);
  return y! * 100 + x!;
}

/**
 * The classic board with column and row numbers, so that squares can be typed as x,y, and the
 * squares the menu offers marked with their menu numbers.
 */
function classicBoard(drawn: string, entries: readonly MenuEntry<ClueAction>[]): string[] {
  const lines = drawn.split('\n');
  const rows = lines.slice(0, 25).map((line) => line.padEnd(48).split(''));
  entries.forEach((entry, i) => {
    if (!('action' in entry) || entry.action.type !== 'move' || !SQUARE.test(entry.action.to)) return;
    const [x, y] = entry.action.to.split(',').map(Number);
    const mark = String(i + 1).padEnd(2);
    rows[y!]![2 * x!] = mark[0]!;
    rows[y!]![2 * x! + 1] = mark[1]!;
  });
  // Two ruler lines, tens over units, so that two-digit columns stay apart ("1 1" over "0 1", not "1011").
  const ruler = (digit: (x: number) => string): string => `   ${Array.from({ length: 24 }, (_, x) => digit(x).padEnd(2)).join('')}`.trimEnd();
  return [ruler((x) => (x < 10 ? ' ' : String(Math.floor(x / 10)))), ruler((x) => String(x % 10)), ...rows.map((row, y) => `${String(y).padStart(2)} ${row.join('').trimEnd()}`), ...lines.slice(25)];
}

/** The detective notebook's check boxes: my cards, and each card someone showed me, with who. */
function checklist(view: ClueView, names: readonly string[]): string[] {
  const known = new Map<string, string>();
  for (const card of view.hand) known.set(card, 'mine');
  for (const event of view.notebook) {
    if (event.type === 'refuted' && event.card !== undefined && event.suggester === view.seat) known.set(event.card, names[event.seat]!);
  }
  const cards = CARDS[view.variant];
  const columns = [cards.suspects, cards.weapons, cards.rooms].map((list) => list.map((card) => `[${known.has(card) ? 'x' : ' '}] ${card}${known.has(card) ? ` (${known.get(card)})` : ''}`));
  const height = Math.max(...columns.map((c) => c.length));
  const width = 32;
  const lines = ['  Detective notebook (x: seen; who holds it in brackets)'];
  for (let i = 0; i < height; i++) lines.push(`  ${columns.map((c) => (c[i] ?? '').padEnd(width)).join('').trimEnd()}`);
  return lines;
}

function whereIs(view: ClueView): string {
  if (view.room !== null) return `You are in the ${view.room}.`;
  if (SQUARE.test(view.position)) return `You stand on square ${view.position}.`;
  if (view.position.endsWith("'s home")) return `You stand on ${view.position} square.`;
  return `You stand in the ${view.position} hallway.`;
}

function players(view: ClueView, names: readonly string[]): string {
  return view.order
    .map((seat) => {
      const p = view.players[seat]!;
      const notes = [p.suspect, ...(p.departed ? ['left'] : p.accusedWrongly ? ['accused wrongly'] : []), ...(seat === view.toAct ? ['to act'] : [])];
      return `${names[seat]} (${notes.join(', ')})`;
    })
    .join(' · ');
}

/** Specs 000-002 at the terminal: the board as text, the hand and notebook, moves, suggestions and accusations. */
export const clueScreen: GameScreen<ClueState, ClueAction, ClueView> = {
  gameId: clueGame.id,
  rules: [
    'Three cards, a suspect, a weapon and a room, are in the confidential case file; the rest are dealt.',
    'On your turn roll the dice and move (or take a secret passage from a corner room), or pass.',
    'Entering a room you may suggest a suspect and a weapon in that room: the suspect and weapon are',
    'moved there, and the players are asked in turn; the first who holds a named card shows you one',
    'card, secretly. Your notebook records what you see. When sure, accuse: right, you win; wrong, you',
    'make no further moves (Cluedo: you leave the game, your cards kept secret). One accusation a game.',
    'Clue-Less: one step a turn on a 3x3 board, one person per hallway; Cluedo: move up to the dice,',
    'suggest from any room you are in, accuse only from inside the room you name.',
  ],
  commands: [
    'roll [a b]                       roll the dice (or type a physical roll)',
    'passage                          take the secret passage',
    'move <where>                     move Kitchen, move 7,18, or a path: move 7,23 N N E, move 3N 2E',
    'suggest <suspect>, <weapon>      make a suggestion in the room you are in',
    'accuse <suspect>, <weapon>, <room>   "I accuse ... of committing the crime in the ... with the ..."',
    'show <card>                      the card you show when refuting',
    'place <weapon>, <room>           place a weapon at the start (when the game asks you to)',
    'pass                             end your turn',
  ],

  screen(ctx: Ctx): string[] {
    const { game, state, view, names, seat, variant } = ctx;
    const drawn = game.render!(state);
    const entries = clueMenu(game.legalActions(state, seat), ctx);
    const lines = [`Clue (${variant}): ${names[seat]} plays ${view.suspect}${view.turnNumber > 0 ? `, turn ${view.turnNumber}` : ', placing the weapons'}`];
    lines.push(...(variant === 'clueless' ? drawn.split('\n') : classicBoard(drawn, entries)));
    lines.push(whereIs(view));
    if (view.dice !== null && view.turn === seat) lines.push(`Dice: ${view.dice[0]} and ${view.dice[1]} (${view.dice[0] + view.dice[1]}).`);
    lines.push(`Your cards: ${view.hand.join(', ')}.`);
    lines.push(...checklist(view, names));
    if (view.caseFile !== null) lines.push(`The case file: ${view.caseFile.suspect}, the ${view.caseFile.weapon}, the ${view.caseFile.room}.`);
    lines.push(`Players: ${players(view, names)}`);
    const s = view.suggestion;
    if (s !== null && view.mayShow.length > 0) {
      lines.push(`${names[s.seat]} suggests ${s.suspect} in the ${s.room} with the ${s.weapon}. You hold ${view.mayShow.join(' and ')}: choose the card to show ${names[s.seat]}, secretly.`);
    }
    return lines;
  },

  menu: clueMenu,

  parse(words, { variant }: Ctx): ClueAction | null {
    const v = variant as ClueVariantId;
    const [command, ...rest] = words;
    switch (command!.toLowerCase()) {
      case 'roll': {
        if (rest.length === 0) return { type: 'roll' };
        const dice = rest.join(' ').split(/[\s,]+/).map(Number);
        if (dice.length !== 2 || dice.some((d) => !Number.isInteger(d))) throw new InputError('Type the two dice as numbers, e.g. roll 3 5.');
        return { type: 'roll', dice: [dice[0]!, dice[1]!] };
      }
      case 'passage':
        return { type: 'passage' };
      case 'pass':
        return { type: 'pass' };
      case 'move':
        return parseMove(rest);
      case 'show':
        if (rest.length === 0) throw new InputError('Name the card to show, e.g. show Rope.');
        return { type: 'show', card: rest.join(' ') };
      case 'suggest': {
        const [suspect, weapon] = splitNames(v, rest, ['suspect', 'weapon']);
        return { type: 'suggest', suspect: suspect ?? '', weapon: weapon ?? '' };
      }
      case 'accuse': {
        const [suspect, weapon, room] = splitNames(v, rest, ['suspect', 'weapon', 'room']);
        return { type: 'accuse', suspect: suspect ?? '', weapon: weapon ?? '', room: room ?? '' };
      }
      case 'place': {
        const [weapon, room] = splitNames(v, rest, ['weapon', 'room']);
        return { type: 'place', weapon: weapon ?? '', room: room ?? '' };
      }
      default:
        return null;
    }
  },

  finale(end: TableEnd<ClueState>): string[] {
    return publicLines(end, ['gameOver']);
  },
};
