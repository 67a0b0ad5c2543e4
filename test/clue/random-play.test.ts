import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/core/errors.js';
import { seenEvent, type GameEvent } from '../../src/core/events.js';
import { withForfeits } from '../../src/core/outcome.js';
import { GameStreams, seedKey, type Rng } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import type { ClueAction } from '../../src/games/clue/actions.js';
import { adjacent, isRoom } from '../../src/games/clue/board.js';
import { VARIANT_IDS, type ClueVariantId } from '../../src/games/clue/cards.js';
import type { ClueEvent } from '../../src/games/clue/events.js';
import { clueGame } from '../../src/games/clue/game.js';
import { VARIANTS, type ClueRules } from '../../src/games/clue/rules.js';
import { boardOf, type ClueState } from '../../src/games/clue/state.js';
import type { ClueView } from '../../src/games/clue/view.js';
import { CLUE_RULE_CASES } from '../support/clue-rule-cases.js';

/**
 * Seeded games with random play, accusations included (some correct), some players leaving, some
 * moves given square by square and some refused actions, checking after every action: the 21
 * cards conserved, the case file unchanged, pawns only on places of the board, one pawn per square
 * or hallway, every move's path legal (adjacent steps, no square twice, the dice respected), the
 * turn and refutation orders the rules prescribe, what each rule allows and does (rulesHold), and
 * no card in any seat's view or notebook that the seat may not know. The variants are played by
 * their own rules, and then by each rule they do not play by themselves (`--set`,
 * test/support/clue-rule-cases.ts). A failure names the seed and prints the game's actions.
 */
/** Games per variant and player count: 15, 5 000 in the long tier, or PARLOR_CLUE_GAMES. */
const GAMES = Number(process.env['PARLOR_CLUE_GAMES'] ?? (process.env['PARLOR_LONG'] ? 5000 : 15));
/** Games per rule case: a few, the variants' own games playing everything else. */
const RULE_GAMES = process.env['PARLOR_LONG'] ? 500 : 8;
const game = clueGame;

interface Step {
  seat: number;
  action?: unknown;
  forfeit?: true;
}

class Failure extends Error {}

/**
 * How often a player who may accuse does, and how often then rightly, per game: rarely but always
 * rightly (games are solved or hit the cap), sometimes, often but blindly (everyone accuses wrongly).
 */
interface Accuser {
  readonly rate: number;
  readonly right: number;
  /**
   * Accuses only when the right accusation is legal, and makes for it: enters the case file's room
   * when it can, suggests only when it must (Cluedo's accusations are made in the accused room).
   */
  readonly waits?: true;
}

const ACCUSERS: readonly Accuser[] = [
  { rate: 0.001, right: 1 },
  { rate: 0.05, right: 0.5 },
  { rate: 0.3, right: 0 },
];

/** Played on for places, also games where everyone solves in turn (Cluedo's players must stand in the right room). */
const PLACINGS_ACCUSERS: readonly Accuser[] = [...ACCUSERS, { rate: 1, right: 1, waits: true }];

/** The cards `seat` may know: its hand, the cards shown to it, the case file once it looked, solved it or the game ended. */
function knownCards(state: ClueState, seat: number, shown: ReadonlySet<string>): Set<string> {
  const known = new Set([...state.hands[seat]!, ...shown]);
  if (state.phase === 'over' || state.knowsCaseFile[seat] || state.players[seat]!.place !== undefined) for (const card of Object.values(state.caseFile)) known.add(card);
  return known;
}

const VIEW_KEYS = [
  'variant', 'rules', 'seat', 'suspect', 'hand', 'players', 'order', 'turn', 'toAct', 'turnNumber', 'maxTurns', 'phase', 'dice', 'position', 'room',
  'leftRoom', 'movedBySuggestion', 'pawns', 'weapons', 'suggestion', 'mayShow', 'accused', 'caseFile', 'winner', 'notebook',
].sort();

/**
 * Every place a view or an event could attribute a card to an owner holds only cards the seat may
 * know. The notebook only grows, so only its entries from `from` on are new.
 */
function checkNoLeak(state: ClueState, seat: number, view: ClueView, known: ReadonlySet<string>, from: number, fail: (m: string) => never): void {
  if (JSON.stringify(Object.keys(view).sort()) !== JSON.stringify(VIEW_KEYS)) fail(`view keys changed: ${Object.keys(view).sort().join(',')}`);
  if (JSON.stringify(view.hand) !== JSON.stringify(state.hands[seat])) fail(`seat ${seat}'s view shows another hand`);
  for (const card of view.mayShow) if (!state.hands[seat]!.includes(card)) fail(`seat ${seat} may show ${card}, which it does not hold`);
  if (view.caseFile !== null && !(state.phase === 'over' || state.knowsCaseFile[seat])) fail(`seat ${seat} sees the case file`);
  for (let i = from; i < view.notebook.length; i++) checkEventNoLeak(view.notebook[i]!, seat, known, fail);
}

function checkEventNoLeak(event: ClueEvent, seat: number, known: ReadonlySet<string>, fail: (m: string) => never): void {
  const e = event as unknown as Record<string, unknown>;
  if ('to' in e || 'redacted' in e) fail(`seat ${seat}'s notebook holds an event with its visibility: ${JSON.stringify(e)}`);
  if ((event.type === 'dealt' || event.type === 'caseFile') && event.seat !== seat) fail(`seat ${seat} sees ${event.type} of seat ${event.seat}`);
  if (event.type === 'refuted' && event.card !== undefined && event.seat !== seat && event.suggester !== seat) fail(`seat ${seat} sees the card of a refutation between others`);
  const cards =
    event.type === 'dealt' ? event.cards
    : event.type === 'refuted' && event.card !== undefined ? [event.card]
    : event.type === 'caseFile' || (event.type === 'accused' && event.correct) ? [event.suspect, event.weapon, event.room]
    : [];
  for (const card of cards) if (!known.has(card)) fail(`seat ${seat}'s notebook names ${card}, which it may not know (${event.type})`);
}

/** The turn order the game's rules prescribe, computed from the rules and the variant's seating, not from the engine. */
function expectedOrder(variant: ClueVariantId, rules: ClueRules, suspects: readonly string[]): number[] {
  const seats = suspects.map((_, seat) => seat);
  const { seating } = VARIANTS[variant];
  return rules.turnOrder === 'creation' ? seats : seats.sort((a, b) => seating.indexOf(suspects[a]!) - seating.indexOf(suspects[b]!));
}

function checkState(state: ClueState, initialCaseFile: string, fail: (m: string) => never): void {
  const rules = VARIANTS[state.variant];
  const cards = [...state.hands.flat(), state.caseFile.suspect, state.caseFile.weapon, state.caseFile.room].sort();
  if (JSON.stringify(cards) !== JSON.stringify([...rules.cards.all].sort())) fail('the 21 cards are not conserved');
  if (JSON.stringify(state.caseFile) !== initialCaseFile) fail('the case file changed');
  const board = boardOf(rules);
  const standing = new Set<string>();
  for (const suspect of rules.cards.suspects) {
    const at = state.pawns[suspect];
    const node = at === undefined ? undefined : board.index.get(at);
    if (node === undefined) fail(`${suspect} stands on ${at}, which is no place of the board`);
    if (isRoom(node!)) continue;
    if (standing.has(at!)) fail(`two pawns on ${at}`);
    standing.add(at!);
    if (board.starts.includes(node!) && rules.board === 'clueless' && at !== `${suspect}'s home`) fail(`${suspect} on another's home square`);
  }
  for (const weapon of rules.cards.weapons) {
    const placing = state.phase === 'placeWeapons' && state.weapons[weapon] === undefined;
    if (!placing && !rules.cards.rooms.includes(state.weapons[weapon]!)) fail(`${weapon} is not in a room`);
  }
  if (JSON.stringify(state.order) !== JSON.stringify(expectedOrder(state.variant, state.rules, state.players.map((p) => p.suspect)))) fail('the turn order is not the rules\'');
}

/** A move's path, checked with the board's steps alone: adjacent, never a square twice, rooms only at the end, the dice respected. */
function checkMove(event: Extract<ClueEvent, { type: 'moved' }>, before: ClueState, fail: (m: string) => never): void {
  const board = boardOf(VARIANTS[before.variant]);
  const occupied = new Set(Object.entries(before.pawns).filter(([s, at]) => s !== event.suspect && !isRoom(board.index.get(at)!)).map(([, at]) => at));
  const nodes = [event.from, ...event.path].map((name) => board.index.get(name)!);
  if (new Set(nodes).size !== nodes.length) fail(`a square twice in one move: ${event.path.join(' ')}`);
  for (let i = 1; i < nodes.length; i++) {
    const passage = board.passage[nodes[i - 1]!] === nodes[i] && i === 1;
    if (!adjacent(board, nodes[i - 1]!, nodes[i]!) && !passage) fail(`not a step: ${board.names[nodes[i - 1]!]} -> ${board.names[nodes[i]!]}`);
    if (i < nodes.length - 1 && isRoom(nodes[i]!)) fail(`a move passed through ${board.names[nodes[i]!]}`);
    if (occupied.has(board.names[nodes[i]!]!)) fail(`a move entered the occupied ${board.names[nodes[i]!]}`);
  }
  if (event.by === 'dice') {
    const total = before.dice![0] + before.dice![1];
    if (event.path.length > total) fail(`moved ${event.path.length} for a roll of ${total}`);
    const last = nodes[nodes.length - 1]!;
    if (before.rules.movement === 'exact' && !isRoom(last) && event.path.length !== total) fail(`stopped after ${event.path.length} of ${total} on a square`);
    if (isRoom(last) && before.leftRoom !== null && board.names[last] === before.leftRoom) fail('re-entered the room left');
  } else if (event.path.length !== 1) fail(`a ${event.by} move of ${event.path.length} steps`);
}

/** Who is asked in turn and who refutes, recomputed from the hands and the variant's direction. */
function checkRefutation(event: Extract<ClueEvent, { type: 'suggested' }>, before: ClueState, fail: (m: string) => never): void {
  const step = before.rules.refutation === 'clockwise' ? 1 : -1;
  const { order } = before;
  const at = order.indexOf(event.seat);
  const passed: number[] = [];
  let refuter: number | null = null;
  for (let i = 1; i < order.length; i++) {
    const seat = order[(at + step * i + order.length * 2) % order.length]!;
    if (!before.players[seat]!.refutes) continue;
    if (before.hands[seat]!.some((c) => c === event.suspect || c === event.weapon || c === event.room)) {
      refuter = seat;
      break;
    }
    passed.push(seat);
  }
  if (JSON.stringify(passed) !== JSON.stringify(event.passed) || refuter !== event.refuter) {
    fail(`refutation: expected passed ${JSON.stringify(passed)} refuter ${refuter}, got ${JSON.stringify(event.passed)} ${event.refuter}`);
  }
}

/** The next turn goes to the next seat along the order still in it (the same seat when it is the only one). */
function checkNextTurn(before: ClueState, after: ClueState, fail: (m: string) => never): void {
  if (after.phase === 'over' || after.turnNumber === before.turnNumber || before.turn === null || before.phase === 'placeWeapons') return;
  const { order } = after;
  const at = order.indexOf(before.turn);
  let expected = -1;
  for (let i = 1; i <= order.length; i++) {
    const seat = order[(at + i) % order.length]!;
    if (after.players[seat]!.inTurnOrder) {
      expected = seat;
      break;
    }
  }
  if (after.turn !== expected) fail(`turn went from ${before.turn} to ${after.turn}, expected ${expected}`);
}

/** What the checks read of the state before an action (a full copy would cost more than the game). */
function snapshot(state: ClueState): ClueState {
  return { ...state, pawns: { ...state.pawns }, weapons: { ...state.weapons }, players: state.players.map((p) => ({ ...p })), movedBySuggestion: state.movedBySuggestion.slice() };
}

/**
 * What each rule allows the player to act (its legal actions `before` the action; null when the
 * step was a departure) and what it does (the step's `events` and the state `after`), read from the
 * rules in the state, which are checked against the variant's own and the options first. Each check
 * is the rule's sentence in the README, not the engine's code.
 */
function rulesHold(before: ClueState, legal: readonly ClueAction[] | null, events: readonly GameEvent[], after: ClueState, fail: (m: string) => never): void {
  if (legal !== null) allowed(before, legal, fail);
  doneAsSaid(before, events, after, legal === null, fail);
}

/** What the rules let the player to act do, in its legal actions. */
function allowed(before: ClueState, legal: readonly ClueAction[], fail: (m: string) => never): void {
  const { rules } = before;
  const seat = before.toAct!;
  const at = before.pawns[before.players[before.turn ?? seat]!.suspect]!;
  const room = VARIANTS[before.variant].cards.rooms.includes(at) ? at : null;
  // One pass over the list (hundreds of accusations long): which kinds it holds, and where it accuses.
  const kinds = new Set<ClueAction['type']>();
  const accusedRooms = new Set<string>();
  for (const action of legal) {
    kinds.add(action.type);
    if (action.type === 'accuse') accusedRooms.add(action.room);
  }
  const has = (type: ClueAction['type']): boolean => kinds.has(type);
  const moves = has('move');
  if (before.phase === 'start' && has('pass') !== (rules.mayStay || (!has('roll') && !moves))) fail(`mayStay=${rules.mayStay}: pass ${has('pass') ? 'offered' : 'refused'} at the start of a turn`);
  if (before.phase === 'move' && moves && has('pass') !== (rules.movement === 'upTo' && rules.mayStay)) fail(`mayStay=${rules.mayStay}, movement=${rules.movement}: pass ${has('pass') ? 'offered' : 'refused'} after the roll`);
  if (before.phase === 'suggest' && has('pass') === rules.mustSuggest) fail(`mustSuggest=${rules.mustSuggest}: pass ${has('pass') ? 'offered' : 'refused'} on entering a room`);
  if (before.phase === 'start' && before.toAct === before.turn) {
    const mayHere = room !== null && (rules.suggestWhere === 'inRoom' || (rules.suggestWhereMoved && before.movedBySuggestion[seat] === true));
    if (has('suggest') !== mayHere) fail(`suggestWhere=${rules.suggestWhere}, suggestWhereMoved=${rules.suggestWhereMoved}: a suggestion ${mayHere ? 'refused' : 'offered'} at the start of a turn in ${at}`);
  }
  if (has('passage') && rules.passage !== 'insteadOfRoll') fail(`passage=${rules.passage}: the passage offered as an action of its own`);
  if (rules.accuseFrom === 'accusedRoom' && [...accusedRooms].some((r) => r !== room)) fail(`accuseFrom=accusedRoom: an accusation offered outside its room, from ${at}`);
  if (rules.accuseFrom === 'anywhere' && accusedRooms.size > 0 && accusedRooms.size !== 9) fail(`accuseFrom=anywhere: accusations offered in ${accusedRooms.size} rooms`);
}

/**
 * What the rules make of a step: the moves, the end of a suggestion, an accusation, a departure.
 * A departure in the middle of a suggestion (the player asked to refute leaves) may end the game,
 * too few players being left, whatever the rule on suggestions: the long tier found such games.
 */
function doneAsSaid(before: ClueState, events: readonly GameEvent[], after: ClueState, departure: boolean, fail: (m: string) => never): void {
  const { rules } = after;
  for (const event of events) {
    const e = event as unknown as ClueEvent;
    if (e.type === 'moved' && e.seat === before.turn && e.by !== (rules.movement === 'step' ? 'step' : 'dice') && !(e.by === 'passage' && rules.passage === 'insteadOfRoll')) fail(`movement=${rules.movement}, passage=${rules.passage}: a ${e.by} move`);
    if ((e.type === 'refuted' || e.type === 'unrefuted') && !(departure && after.phase === 'over')) {
      const ended = after.phase === 'over' || after.turnNumber !== before.turnNumber;
      if (ended !== rules.suggestionEndsTurn) fail(`suggestionEndsTurn=${rules.suggestionEndsTurn}: the turn ${ended ? 'ended' : 'went on'} after the suggestion`);
    }
    if (e.type === 'accused' && event.to === undefined) {
      const moved = after.pawns[e.suspect] === e.room && after.weapons[e.weapon] === e.room;
      const still = after.pawns[e.suspect] === before.pawns[e.suspect] && after.weapons[e.weapon] === before.weapons[e.weapon];
      if (rules.accusationMovesPawns ? !moved : !still) fail(`accusationMovesPawns=${rules.accusationMovesPawns}: ${e.suspect} and the ${e.weapon} are in ${after.pawns[e.suspect]} and ${after.weapons[e.weapon]} after accusing in ${e.room}`);
    }
    if (e.type === 'accused') {
      const looked = events.some((later) => later.type === 'caseFile' && later['seat'] === e.seat);
      if (looked !== rules.accuserSeesCaseFile) fail(`accuserSeesCaseFile=${rules.accuserSeesCaseFile}: the accuser ${looked ? 'looked' : 'did not look'} at the case file`);
    }
    if (e.type === 'eliminated' && e.stillShowsCards !== (rules.wrongAccuser === 'showsCards')) fail(`wrongAccuser=${rules.wrongAccuser}: a wrong accuser ${e.stillShowsCards ? 'still shows' : 'keeps'} its cards`);
    if (e.type === 'left' && after.players[e.seat]!.refutes !== (rules.wrongAccuser === 'showsCards' && before.players[e.seat]!.refutes)) fail(`wrongAccuser=${rules.wrongAccuser}: a player who left ${after.players[e.seat]!.refutes ? 'still shows' : 'keeps'} its cards`);
  }
}

/** 0..199, spread over the game indices. */
function pick0(index: number): number {
  return (index * 7919) % 200;
}

/** Mostly uniform over the non-accusations; now and then an accusation, sometimes the right one. */
function choose(state: ClueState, legal: readonly ClueAction[], rng: Rng, accuser: Accuser): ClueAction {
  const accusations = legal.filter((a) => a.type === 'accuse');
  let others = legal.filter((a) => a.type !== 'accuse');
  if (accuser.waits === true) {
    const there = others.find((a) => a.type === 'move' && a.to === state.caseFile.room);
    if (there !== undefined) return there;
    const elsewhere = others.filter((a) => a.type !== 'suggest');
    if (elsewhere.length > 0) others = elsewhere;
  }
  const right = accusations.find((a) => a.type === 'accuse' && a.suspect === state.caseFile.suspect && a.weapon === state.caseFile.weapon && a.room === state.caseFile.room);
  if (accusations.length > 0 && (others.length === 0 || rng.next() < accuser.rate) && (right !== undefined || accuser.waits !== true)) {
    return right !== undefined && rng.next() < accuser.right ? right : accusations[rng.int(accusations.length)]!;
  }
  return others[rng.int(others.length)]!;
}

/** How a checked game ended, and how many players solved the case. */
interface Ending {
  readonly reason: string;
  readonly solvers: number;
}

function playChecked(variant: ClueVariantId, players: number, placings: boolean, index: number, options: Readonly<Record<string, unknown>> = {}): Ending {
  const set = Object.entries(options).map(([key, value]) => `-${key}=${String(value)}`).join('');
  const seed = `clue-${placings ? 'placings' : 'random'}-${variant}-${players}${set}`;
  const steps: Step[] = [];
  const fail = (message: string): never => {
    throw new Failure(`${variant} ${players} players, seed "${seed}" game ${index}: ${message}\nactions: ${JSON.stringify(steps)}`);
  };
  const rng = new GameStreams(seedKey(seed), index);
  // Short caps keep the default tier quick and make capped games common enough to check.
  const config = game.configSchema.parse({ maxTurns: 60 + pick0(index) * 3, ...(index % 7 === 3 ? { placeWeapons: 0 } : {}), ...(placings ? { placings } : {}), ...options });
  const state = game.setup({ variant, config, seats: generatedSeatNames(players).map((name) => ({ name })), rng });
  if (JSON.stringify(state.rules) !== JSON.stringify({ ...VARIANTS[variant].rules, ...options })) fail(`the game is played by ${JSON.stringify(state.rules)}`);
  const pick = rng.stream('test:pick');
  const initialCaseFile = JSON.stringify(state.caseFile);
  const shown: Set<string>[] = state.players.map(() => new Set());
  const leaver = index % 5 === 1 ? pick.int(players) : -1;
  const checked = state.players.map(() => 0);
  // Kept by the test from the actions alone: who solved (in order), who accused wrongly or left, each seat's own turns.
  const solvers: number[] = [];
  const out = new Set<number>();
  const turns = state.players.map(() => 0);
  const solvedOnTurn: (number | null)[] = state.players.map(() => null);
  if (state.turn !== null && state.phase !== 'placeWeapons') turns[state.turn]!++;
  checkState(state, initialCaseFile, fail);
  if (state.toAct !== (config.placeWeapons ?? state.order[0])) fail('the first player is not the variant\'s');

  for (let seat = game.toAct(state); seat !== null; seat = game.toAct(state)) {
    if (steps.length > 200_000) fail('no end');
    const before = snapshot(state);
    const legal = game.legalActions(state, seat);
    if (legal.length === 0) fail(`seat ${seat} is to act with no legal action`);
    for (let other = 0; other < players; other++) if (other !== seat && game.legalActions(state, other).length > 0) fail(`seat ${other} has legal actions out of turn`);
    let events: readonly GameEvent[];
    let correct = false;
    if (seat === leaver && pick.next() < 0.05) {
      steps.push({ seat, forfeit: true });
      events = game.forfeit(state, seat);
      out.add(seat);
    } else {
      const accusers = placings ? PLACINGS_ACCUSERS : ACCUSERS;
      let action: ClueAction = choose(state, legal, pick, accusers[index % accusers.length]!);
      if (action.type === 'move' && pick.next() < 0.3) action = { type: 'move', to: action.to, ...(action.path !== undefined && pick.next() < 0.7 ? { path: [...action.path] } : {}) };
      if (pick.next() < 0.05) {
        const snapshot = JSON.stringify(state);
        const wrong: ClueAction = pick.next() < 0.5 ? { type: 'move', to: '0,0', path: ['0,0'] } : { type: 'show', card: 'Nothing' };
        if (!legal.includes(wrong)) {
          expect(() => game.apply(state, seat, wrong, rng)).toThrow(RuleError);
          if (JSON.stringify(state) !== snapshot) fail(`a refused ${wrong.type} changed the state`);
        }
      }
      steps.push({ seat, action });
      events = game.apply(state, seat, action, rng);
      if (action.type === 'accuse') {
        correct = action.suspect === state.caseFile.suspect && action.weapon === state.caseFile.weapon && action.room === state.caseFile.room;
        if (correct) {
          solvers.push(seat);
          solvedOnTurn[seat] = turns[seat]!;
        } else out.add(seat);
      }
    }
    if (correct) checkSolved(state, before, events, seat, solvers.length, fail);
    for (const event of events) {
      const e = event as unknown as ClueEvent;
      if (e.type === 'moved') checkMove(e, before, fail);
      if (e.type === 'suggested') checkRefutation(e, before, fail);
      if (e.type === 'refuted' && e.card !== undefined) shown[e.suggester]!.add(e.card);
      for (let s = 0; s < players; s++) {
        const seen = seenEvent(event, s);
        if (seen !== null) checkEventNoLeak(seen as unknown as ClueEvent, s, knownCards(state, s, shown[s]!), fail);
      }
    }
    checkState(state, initialCaseFile, fail);
    checkNextTurn(before, state, fail);
    rulesHold(before, steps.at(-1)!.forfeit === true ? null : legal, events, state, fail);
    if (state.phase !== 'over' && state.turnNumber !== before.turnNumber) turns[state.turn!]!++;
    const stillIn = state.players.filter((p) => !out.has(p.seat) && !solvers.includes(p.seat)).length;
    if (placings && solvers.length > 0 && stillIn <= 1 && state.phase !== 'over') fail('the places are settled but the game goes on');
    for (let s = 0; s < players; s++) {
      const view = game.view(state, s);
      checkNoLeak(state, s, view, knownCards(state, s, shown[s]!), checked[s]!, fail);
      checked[s] = view.notebook.length;
    }
  }
  // A solver who leaves afterwards keeps its place: only the seats that left without one rank by leaving.
  const left = steps.filter((step) => step.forfeit === true && !solvers.includes(step.seat)).map((step) => step.seat);
  checkOutcome(state, placings, solvers, out, left, fail);
  // A turn left at its very start leaves no trace in the log and may be counted as the last player's (README "Turns").
  const leftAtAll = steps.some((step) => step.forfeit === true);
  for (let s = 0; s < players && !leftAtAll; s++) {
    const metric = game.metrics!.read(state, s)['turnsToCorrectAccusation'];
    if (metric !== solvedOnTurn[s]) fail(`seat ${s} solved on its own turn ${solvedOnTurn[s]}, the metric says ${metric}`);
  }
  return { reason: state.endReason!, solvers: solvers.length };
}

/**
 * A correct accusation: without places the game is over at once; played on for places the
 * accusation is the accuser's alone, moves no pawn, and the table hears that it solved and
 * takes the next place, out of the turn order but still refuting, in every variant.
 */
function checkSolved(state: ClueState, before: ClueState, events: readonly GameEvent[], seat: number, place: number, fail: (m: string) => never): void {
  const accused = events.find((e) => e.type === 'accused')!;
  if (!state.placings) {
    if (state.phase !== 'over' || state.winner !== seat || accused.to !== undefined) fail('a correct accusation did not end the game in public');
    return;
  }
  if (JSON.stringify(accused.to) !== JSON.stringify([seat]) || accused.redacted !== undefined) fail(`a correct accusation was seen by others: ${JSON.stringify(accused)}`);
  if (JSON.stringify(state.pawns) !== JSON.stringify(before.pawns)) fail('a correct accusation moved pawns');
  const solved = events.find((e) => e.type === 'solved') as unknown as Extract<ClueEvent, { type: 'solved' }> | undefined;
  if (solved === undefined || solved.seat !== seat || solved.place !== place || 'to' in solved) fail(`no public solved event for place ${place}`);
  const player = state.players[seat]!;
  if (player.place !== place || player.inTurnOrder || player.accusedWrongly || !player.refutes) fail(`the solver's player record is wrong: ${JSON.stringify(player)}`);
}

/**
 * The ranks from what the test saw: without places, the solver 1 and everyone else 2; played on
 * for places, the solvers in order, then everyone still in, then the wrong accusers and those who
 * left; nobody solving, a draw. Then, as in every game, the seats that left without a place (`left`,
 * in order) rank last.
 */
function checkOutcome(state: ClueState, placings: boolean, solvers: readonly number[], out: ReadonlySet<number>, left: readonly number[], fail: (m: string) => never): void {
  const outcome = game.outcome(state)!;
  const seats = state.players.map((p) => p.seat);
  if (solvers.length === 0) {
    expect(outcome.winners).toEqual([]);
    expect(outcome.rank).toEqual(withForfeits({ winners: [], rank: seats.map(() => 1) }, left).rank);
  } else {
    if (state.winner !== solvers[0] || JSON.stringify(outcome.winners) !== JSON.stringify([solvers[0]])) fail(`the winner is not the first solver ${solvers[0]}`);
    const stillIn = seats.filter((s) => !out.has(s) && !solvers.includes(s)).length;
    const rankOf = (s: number): number => (!placings ? (s === solvers[0] ? 1 : 2) : solvers.includes(s) ? solvers.indexOf(s) + 1 : out.has(s) ? solvers.length + stillIn + 1 : solvers.length + 1);
    expect(outcome.rank).toEqual(withForfeits({ winners: [solvers[0]!], rank: seats.map(rankOf) }, left).rank);
    const over = state.log.find((e) => e.type === 'gameOver') as unknown as Extract<ClueEvent, { type: 'gameOver' }>;
    if (placings && JSON.stringify(over.solvers) !== JSON.stringify(solvers)) fail(`gameOver names the solvers ${JSON.stringify(over.solvers)}`);
  }
  expect(outcome.capped === true).toBe(state.endReason === 'capped');
}

describe.each(VARIANT_IDS.flatMap((variant) => [3, 4, 5, 6].flatMap((players) => [false, true].map((placings) => ({ variant, players, placings })))))(
  'clue $variant with $players players, placings $placings',
  ({ variant, players, placings }) => {
    it(`keeps every invariant after every action, and no seat's view or notebook ever holds a card it may not know, in ${GAMES} random games`, () => {
      const endings = new Set<string>();
      let severalSolvers = false;
      for (let index = 0; index < GAMES; index++) {
        const ending = playChecked(variant, players, placings, index);
        endings.add(ending.reason);
        severalSolvers ||= ending.solvers > 1;
      }
      // The seeded games reach every kind of end, so every end is checked; played on for places, some games have several solvers.
      expect([...endings].sort()).toEqual(['allAccused', 'capped', 'solved']);
      expect(severalSolvers).toBe(placings);
      // 5000 games a case in the long tier: about a minute each on an idle machine, several on a busy one.
    }, GAMES > 1000 ? 1_800_000 : undefined);
  },
);

describe.each(CLUE_RULE_CASES)('$label players', ({ variant, players, options }) => {
  it(`keeps every invariant after every action, each rule allowing and doing what it says, in ${RULE_GAMES} random games`, () => {
    for (let index = 0; index < RULE_GAMES; index++) playChecked(variant, players, index % 2 === 1, index, options);
  }, RULE_GAMES > 100 ? 1_800_000 : undefined);
});
