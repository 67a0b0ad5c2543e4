import type { Seat } from '../../core/seat.js';
import type { ClueAction } from './actions.js';
import type { Destination } from './movement.js';
import { diceDestinations } from './movement.js';
import { diceMove, stepDestinations } from './moves.js';
import { VARIANTS } from './rules.js';
import { boardOf, roomOf, variantOf, type ClueState } from './state.js';
import type { ClueVariantId } from './cards.js';

/** What the seat to act may do now; `legalActions` and `apply` both read it, so they always agree. */
export interface TurnOptions {
  readonly place: boolean;
  readonly roll: boolean;
  readonly passage: boolean;
  /** Moves exist: the dice destinations after a roll, or Clue-Less steps at the start of the turn. */
  readonly move: boolean;
  readonly suggest: boolean;
  readonly accuse: boolean;
  readonly pass: boolean;
  readonly show: boolean;
}

const NOTHING: TurnOptions = { place: false, roll: false, passage: false, move: false, suggest: false, accuse: false, pass: false, show: false };

interface MoveCache {
  readonly version: number;
  readonly destinations: readonly Destination[];
  readonly actions: readonly ClueAction[];
  list?: readonly ClueAction[];
}

const moveCache = new WeakMap<ClueState, MoveCache>();

/** The moves open to the player now, with one path each, computed once per state version. */
export function currentMoves(state: ClueState): MoveCache {
  const cached = moveCache.get(state);
  if (cached !== undefined && cached.version === state.version) return cached;
  let destinations: Destination[] = [];
  if (state.phase === 'move') destinations = diceDestinations(diceMove(state));
  else if (state.phase === 'start' && state.rules.movement === 'step') destinations = stepDestinations(state);
  const names = boardOf(variantOf(state)).names;
  const actions = destinations.map((d): ClueAction => ({ type: 'move', to: names[d.node]!, path: d.path.map((node) => names[node]!) }));
  const made: MoveCache = { version: state.version, destinations, actions };
  moveCache.set(state, made);
  return made;
}

/** A secret passage leads out of `room`. */
function startsAtPassage(state: ClueState, room: string): boolean {
  const board = boardOf(variantOf(state));
  return board.passage[board.index.get(room)!]! >= 0;
}

export function canAccuse(state: ClueState, seat: Seat): boolean {
  const player = state.players[seat]!;
  return !player.accusedWrongly && !player.departed && (state.rules.accuseFrom === 'anywhere' || roomOf(state, seat) !== null);
}

export function turnOptions(state: ClueState): TurnOptions {
  const seat = state.toAct;
  if (seat === null) return NOTHING;
  const { rules } = state;
  const accuse = canAccuse(state, seat);
  switch (state.phase) {
    case 'over':
      return NOTHING;
    case 'placeWeapons':
      return { ...NOTHING, place: true };
    case 'refute':
      return { ...NOTHING, show: true };
    case 'start': {
      const room = roomOf(state, seat);
      const roll = rules.movement !== 'step';
      const move = !roll && currentMoves(state).destinations.length > 0;
      return {
        ...NOTHING,
        roll,
        move,
        passage: rules.passage === 'insteadOfRoll' && state.startRoom !== null && startsAtPassage(state, state.startRoom),
        suggest: room !== null && (rules.suggestWhere === 'inRoom' || (rules.suggestWhereMoved && state.movedBySuggestion[seat] === true)),
        pass: rules.mayStay || (!roll && !move),
        accuse,
      };
    }
    case 'move': {
      const move = currentMoves(state).destinations.length > 0;
      // Moving is optional where a hypothesis may be made from any room (spec 002): one who rolled may stay and make it.
      const suggest = rules.suggestWhere === 'inRoom' && roomOf(state, seat) !== null;
      // Up to the roll may be none of it, where staying is allowed; a roll of exactly so many squares must be walked.
      return { ...NOTHING, move, suggest, pass: !move || (rules.movement === 'upTo' && rules.mayStay), accuse };
    }
    case 'suggest':
      return { ...NOTHING, suggest: true, pass: !rules.mustSuggest, accuse };
    case 'end':
      return { ...NOTHING, pass: true, accuse };
  }
}

/** Immutable action objects of one variant, made once, shared by every game. */
interface ActionBook {
  readonly roll: ClueAction;
  readonly passage: ClueAction;
  readonly pass: ClueAction;
  readonly accuseAll: readonly ClueAction[];
  readonly accuseIn: ReadonlyMap<string, readonly ClueAction[]>;
  readonly suggestIn: ReadonlyMap<string, readonly ClueAction[]>;
  readonly show: ReadonlyMap<string, ClueAction>;
  readonly lists: Map<number, readonly ClueAction[]>;
}

const books = new Map<ClueVariantId, ActionBook>();

function book(variant: ClueVariantId): ActionBook {
  let made = books.get(variant);
  if (made !== undefined) return made;
  const { suspects, weapons, rooms, all } = VARIANTS[variant].cards;
  const accuseIn = new Map<string, ClueAction[]>();
  const suggestIn = new Map<string, ClueAction[]>();
  for (const room of rooms) {
    accuseIn.set(room, suspects.flatMap((suspect) => weapons.map((weapon): ClueAction => ({ type: 'accuse', suspect, weapon, room }))));
    suggestIn.set(room, suspects.flatMap((suspect) => weapons.map((weapon): ClueAction => ({ type: 'suggest', suspect, weapon, room }))));
  }
  made = {
    roll: { type: 'roll' },
    passage: { type: 'passage' },
    pass: { type: 'pass' },
    accuseAll: rooms.flatMap((room) => accuseIn.get(room)!),
    accuseIn,
    suggestIn,
    show: new Map(all.map((card) => [card, { type: 'show', card }])),
    lists: new Map(),
  };
  books.set(variant, made);
  return made;
}

/** The cards of the pending suggestion that the refuter holds, in card order (suspect, weapon, room). */
export function showable(state: ClueState, seat: Seat): string[] {
  const s = state.suggestion;
  if (s === null) return [];
  const hand = state.hands[seat]!;
  return [s.suspect, s.weapon, s.room].filter((card) => hand.includes(card));
}

/** Every action the seat to act may choose, from shared immutable objects. */
export function legalActions(state: ClueState, seat: Seat): readonly ClueAction[] {
  if (seat !== state.toAct) return [];
  const options = turnOptions(state);
  const actions = book(state.variant);
  if (options.show) return showable(state, seat).map((card) => actions.show.get(card)!);
  if (options.place) return placements(state);
  const room = roomOf(state, seat);
  const anywhere = state.rules.accuseFrom === 'anywhere';
  const accusations = !options.accuse ? 'none' : anywhere ? 'all' : room!;
  // A number, not a string, keys the shared lists: this runs at every decision of every game. The
  // lists are shared by every game of the variant, whatever its rules, so the key holds every rule
  // a list depends on (where accusations may be made).
  const roomIndex = room === null ? 9 : boardOf(variantOf(state)).index.get(room)!;
  const key = +options.roll | (+options.passage << 1) | (+options.pass << 2) | (+options.suggest << 3) | (+options.accuse << 4) | (+anywhere << 5) | (roomIndex << 6);
  let fixed = actions.lists.get(key);
  if (fixed === undefined) {
    const list: ClueAction[] = [];
    if (options.roll) list.push(actions.roll);
    if (options.passage) list.push(actions.passage);
    if (options.pass) list.push(actions.pass);
    if (options.suggest) list.push(...actions.suggestIn.get(room!)!);
    if (accusations === 'all') list.push(...actions.accuseAll);
    else if (accusations !== 'none') list.push(...actions.accuseIn.get(accusations)!);
    fixed = list;
    actions.lists.set(key, fixed);
  }
  if (!options.move) return fixed;
  const moves = currentMoves(state);
  moves.list ??= moves.actions.concat(fixed);
  return moves.list;
}

/** UC04: each unplaced weapon into each room that holds none yet. */
function placements(state: ClueState): ClueAction[] {
  const { weapons, rooms } = variantOf(state).cards;
  const used = new Set(Object.values(state.weapons));
  const free = rooms.filter((room) => !used.has(room));
  return weapons.filter((w) => state.weapons[w] === undefined).flatMap((weapon) => free.map((room): ClueAction => ({ type: 'place', weapon, room })));
}
