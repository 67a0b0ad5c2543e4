import { describeIssues, RuleError } from '../../core/errors.js';
import type { GameEvent } from '../../core/events.js';
import type { RandomStreams } from '../../core/rng.js';
import type { Seat } from '../../core/seat.js';
import { accuse } from './accusation.js';
import { clueActionSchema, type ClueAction } from './actions.js';
import { isRoom } from './board.js';
import { cardsOf, matchCard, type CardCategory } from './cards.js';
import { canAccuse, currentMoves, legalActions, showable, turnOptions, type TurnOptions } from './legal.js';
import { MESSAGES, mustShow, notNow, notYourTurn, unknownName } from './messages.js';
import { checkDiceMove, checkStep, movePawn } from './moves.js';
import { boardOf, roomOf, variantOf, type ClueState } from './state.js';
import { reveal, suggest } from './suggestion.js';
import { beginTurn, emit, endTurn } from './turn.js';

const ACTION_TYPES = ['place', 'roll', 'passage', 'move', 'suggest', 'show', 'accuse', 'pass'];

function allowed(options: TurnOptions): string[] {
  const list: string[] = [];
  if (options.place) list.push('place a weapon');
  if (options.roll) list.push('roll the dice');
  if (options.passage) list.push('take the secret passage');
  if (options.move) list.push('move');
  if (options.suggest) list.push('make a suggestion');
  if (options.show) list.push('show a card');
  if (options.accuse) list.push('accuse');
  if (options.pass) list.push('pass');
  return list;
}

function refuseNow(what: string, options: TurnOptions, action: unknown): never {
  throw new RuleError(notNow(what, allowed(options)), { action, allowed: allowed(options).join(', ') });
}

function named(state: ClueState, input: string, category: CardCategory): string {
  const card = matchCard(state.variant, input, category);
  if (card === null) throw new RuleError(unknownName(category, input, cardsOf(state.variant, category)));
  return card;
}

/** Anything from outside (a person, a record, a process) is checked for its shape first. */
function wellFormed(state: ClueState, seat: Seat, action: unknown): ClueAction {
  if (legalActions(state, seat).includes(action as ClueAction)) return action as ClueAction;
  const type = (action as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !ACTION_TYPES.includes(type)) {
    throw new RuleError(`Unknown action ${JSON.stringify(type ?? action)}: expected one of ${ACTION_TYPES.join(', ')}.`, { action });
  }
  const parsed = clueActionSchema.safeParse(action);
  if (!parsed.success) throw new RuleError(`Malformed ${type} action: ${describeIssues(parsed.error.issues)}.`, { action });
  return parsed.data;
}

/** Validates `action` completely, then applies it; a RuleError leaves the state untouched. */
export function applyClue(state: ClueState, seat: Seat, input: unknown, rng: RandomStreams): GameEvent[] {
  if (state.phase === 'over') throw new RuleError(MESSAGES.gameOver);
  const action = wellFormed(state, seat, input);
  if (action.type === 'accuse' && state.players[seat]?.accusedWrongly === true) throw new RuleError(MESSAGES.accuseOnce, { action });
  if (seat !== state.toAct) throw new RuleError(notYourTurn(state.names[state.toAct!]!), { action });
  const options = turnOptions(state);
  const out: GameEvent[] = [];
  switch (action.type) {
    case 'place':
      place(state, out, options, action);
      break;
    case 'roll':
      roll(state, out, options, action, rng);
      break;
    case 'passage':
      passage(state, out, options, action);
      break;
    case 'move':
      move(state, out, action);
      break;
    case 'suggest':
      suggestion(state, out, options, action);
      break;
    case 'show':
      show(state, out, options, action);
      break;
    case 'accuse':
      accusation(state, out, options, action);
      break;
    case 'pass':
      pass(state, out, options, action);
      break;
  }
  state.version++;
  return out;
}

/** UC04: the placing seat puts one weapon in a room that holds none. */
function place(state: ClueState, out: GameEvent[], options: TurnOptions, action: Extract<ClueAction, { type: 'place' }>): void {
  if (!options.place) refuseNow('place a weapon', options, action);
  const weapon = named(state, action.weapon, 'weapon');
  const room = named(state, action.room, 'room');
  if (state.weapons[weapon] !== undefined) throw new RuleError(MESSAGES.weaponPlaced, { action });
  if (Object.values(state.weapons).includes(room)) throw new RuleError(MESSAGES.weaponRoom, { action });
  state.weapons[weapon] = room;
  emit(state, out, { type: 'placed', seat: state.turn!, weapon, room });
  if (Object.keys(state.weapons).length === variantOf(state).cards.weapons.length) beginTurn(state, state.order[0]!);
}

/** UC11: two dice, each 1 to 6, from the dice stream or typed in from a physical roll. */
function roll(state: ClueState, out: GameEvent[], options: TurnOptions, action: Extract<ClueAction, { type: 'roll' }>, rng: RandomStreams): void {
  if (!options.roll) refuseNow('roll the dice', options, action);
  let dice = action.dice;
  if (dice === undefined) {
    const stream = rng.stream('dice');
    dice = [stream.die(6), stream.die(6)];
  }
  if (dice.some((face) => !Number.isInteger(face) || face < 1 || face > 6)) throw new RuleError(MESSAGES.dieFace, { action });
  state.dice = [dice[0], dice[1]];
  state.phase = 'move';
  emit(state, out, { type: 'rolled', seat: state.turn!, dice: [dice[0], dice[1]], total: dice[0] + dice[1] });
}

/** UC13 (classic, instead of rolling) and G.15.2c (Clue-Less, as a move). */
function passage(state: ClueState, out: GameEvent[], options: TurnOptions, action: ClueAction): void {
  const { rules } = state;
  const board = boardOf(variantOf(state));
  if (rules.passage === 'step') {
    const at = board.index.get(state.pawns[state.players[state.turn!]!.suspect]!)!;
    if (state.phase !== 'start' || !isRoom(at) || board.passage[at]! < 0) throw new RuleError(MESSAGES.passageCorner, { action });
    move(state, out, { type: 'move', to: board.names[board.passage[at]!]! });
    return;
  }
  if (rules.passage === 'slot') throw new RuleError(MESSAGES.passageSlot, { action });
  if (!options.passage) {
    if (state.phase === 'start') throw new RuleError(MESSAGES.passageCorner, { action });
    refuseNow('take the secret passage', options, action);
  }
  const to = board.passage[board.index.get(state.startRoom!)!]!;
  movePawn(state, out, [to], 'passage');
  afterMove(state, out);
}

/** A dice move (classic, Cluedo) or a Clue-Less step, checked square by square where given. */
function move(state: ClueState, out: GameEvent[], action: Extract<ClueAction, { type: 'move' }>): void {
  const { rules } = state;
  const step = rules.movement === 'step';
  if (state.phase !== (step ? 'start' : 'move')) refuseNow('move', turnOptions(state), action);
  const moves = currentMoves(state);
  const known = moves.actions.indexOf(action);
  let path: readonly number[];
  if (known >= 0) path = moves.destinations[known]!.path;
  else if (step) path = [checkStep(state, action.to, action.path)];
  else path = checkDiceMove(state, action.to, action.path, moves.destinations);
  movePawn(state, out, path, step ? 'step' : 'dice');
  afterMove(state, out);
}

/** A move into a room opens a suggestion; elsewhere the player may still accuse, or the turn ends. */
function afterMove(state: ClueState, out: GameEvent[]): void {
  if (roomOf(state, state.turn!) !== null) {
    state.entered = true;
    state.phase = 'suggest';
  } else if (canAccuse(state, state.turn!)) {
    state.phase = 'end';
  } else {
    endTurn(state, out);
  }
}

function suggestion(state: ClueState, out: GameEvent[], options: TurnOptions, action: Extract<ClueAction, { type: 'suggest' }>): void {
  const { rules } = state;
  const room = roomOf(state, state.turn!);
  if (!options.suggest) {
    if (state.suggested) throw new RuleError(MESSAGES.suggestOnce, { action });
    if (state.phase === 'refute') refuseNow('make a suggestion', options, action);
    throw new RuleError(room === null && rules.suggestWhere === 'inRoom' ? MESSAGES.suggestInRoom : MESSAGES.suggestOnEntering, { action });
  }
  const suspect = named(state, action.suspect, 'suspect');
  const weapon = named(state, action.weapon, 'weapon');
  if (action.room !== undefined && named(state, action.room, 'room') !== room) throw new RuleError(MESSAGES.suggestRoom, { action });
  suggest(state, out, suspect, weapon, room!);
}

function show(state: ClueState, out: GameEvent[], options: TurnOptions, action: Extract<ClueAction, { type: 'show' }>): void {
  if (!options.show) refuseNow('show a card', options, action);
  const cards = showable(state, state.toAct!);
  const card = matchCard(state.variant, action.card);
  if (card === null || !cards.includes(card)) throw new RuleError(mustShow(cards), { action, allowed: cards.join(', ') });
  reveal(state, out, state.toAct!, card);
}

function accusation(state: ClueState, out: GameEvent[], options: TurnOptions, action: Extract<ClueAction, { type: 'accuse' }>): void {
  if (state.phase === 'refute' || state.phase === 'placeWeapons') throw new RuleError(MESSAGES.accuseInTurn, { action });
  const room = roomOf(state, state.turn!);
  const { rules } = state;
  if (!options.accuse) {
    if (rules.accuseFrom === 'accusedRoom' && room === null) throw new RuleError(MESSAGES.accuseRoom, { action });
    refuseNow('accuse', options, action);
  }
  const suspect = named(state, action.suspect, 'suspect');
  const weapon = named(state, action.weapon, 'weapon');
  const accused = named(state, action.room, 'room');
  if (rules.accuseFrom === 'accusedRoom' && accused !== room) throw new RuleError(MESSAGES.accuseRoom, { action });
  accuse(state, out, state.turn!, suspect, weapon, accused);
}

/** Pass: end the turn; Clue-Less only when no move is possible (G.15.3) and never instead of the suggestion (G.15.4). */
function pass(state: ClueState, out: GameEvent[], options: TurnOptions, action: ClueAction): void {
  if (!options.pass) {
    if (state.phase === 'start' && options.move) throw new RuleError(MESSAGES.mustMove, { action });
    if (state.phase === 'suggest') throw new RuleError(MESSAGES.mustSuggest, { action });
    refuseNow('pass', options, action);
  }
  const stuck = (state.phase === 'move' || (state.phase === 'start' && !options.roll)) && !options.move;
  emit(state, out, { type: 'passed', seat: state.turn!, reason: stuck ? 'cannotMove' : 'pass' });
  endTurn(state, out);
}
