import { InputError } from '../../core/errors.js';
import type { SetupContext } from '../../core/game.js';
import { shuffleInPlace, type Rng } from '../../core/rng.js';
import type { Seat } from '../../core/seat.js';
import { isRoom } from './board.js';
import { cardsOf, matchCard, type CardCategory, type ClueVariantId } from './cards.js';
import type { ClueConfig, ClueForced } from './config.js';
import { unknownName } from './messages.js';
import { effectiveRules, VARIANTS, type ClueRules, type ClueVariant } from './rules.js';
import { boardOf, type CaseFile, type ClueState, type PlayerState } from './state.js';
import { beginTurn } from './turn.js';

function card(variant: ClueVariantId, input: string, category: CardCategory, where: string): string {
  const found = matchCard(variant, input, category);
  if (found === null) throw new InputError(`${where}: ${unknownName(category, input, cardsOf(variant, category))}`);
  return found;
}

/** UC03: seat i plays the i-th suspect of the options, or of the variant's order. */
function chooseSuspects(variant: ClueVariant, config: ClueConfig, players: number): string[] {
  if (config.suspects === undefined) return variant.defaultSuspects.slice(0, players);
  if (config.suspects.length !== players) throw new InputError(`suspects: ${config.suspects.length} named for ${players} players`);
  const suspects = config.suspects.map((name) => card(variant.id, name, 'suspect', 'suspects'));
  const twice = suspects.find((s, i) => suspects.indexOf(s) !== i);
  if (twice !== undefined) throw new InputError(`suspects: ${twice} is named twice; each player plays a different suspect`);
  return suspects;
}

/** UC10/G.3: Miss Scarlet first, or the first player clockwise from her; Cluedo: the order of creation. */
function turnOrder(variant: ClueVariant, rules: ClueRules, suspects: readonly string[]): Seat[] {
  const seats = suspects.map((_, seat) => seat);
  if (rules.turnOrder === 'creation') return seats;
  return seats.sort((a, b) => variant.seating.indexOf(suspects[a]!) - variant.seating.indexOf(suspects[b]!));
}

/** UC05, G.8-G.10: one random card of each category into the case file. */
function drawCaseFile(variant: ClueVariant, deal: Rng): CaseFile {
  const { suspects, weapons, rooms } = variant.cards;
  return { suspect: suspects[deal.int(suspects.length)]!, weapon: weapons[deal.int(weapons.length)]!, room: rooms[deal.int(rooms.length)]! };
}

/** UC06, G.12: the other 18 shuffled and dealt one by one clockwise from the first player. */
function dealHands(variant: ClueVariant, caseFile: CaseFile, order: readonly Seat[], deal: Rng): string[][] {
  const rest = variant.cards.all.filter((c) => c !== caseFile.suspect && c !== caseFile.weapon && c !== caseFile.room);
  shuffleInPlace(rest, deal);
  const hands: string[][] = order.map(() => []);
  rest.forEach((c, i) => hands[order[i % order.length]!]!.push(c));
  return hands;
}

/** The case file and hands: dealt from `deal` except where a fixture forces them. */
function dealCards(variant: ClueVariant, forced: ClueForced, order: readonly Seat[], deal: Rng): { caseFile: CaseFile; hands: string[][] } {
  const id = variant.id;
  const caseFile =
    forced.caseFile === undefined
      ? undefined
      : {
          suspect: card(id, forced.caseFile.suspect, 'suspect', 'forced.caseFile'),
          weapon: card(id, forced.caseFile.weapon, 'weapon', 'forced.caseFile'),
          room: card(id, forced.caseFile.room, 'room', 'forced.caseFile'),
        };
  if (forced.hands === undefined) {
    const file = caseFile ?? drawCaseFile(variant, deal);
    return { caseFile: file, hands: dealHands(variant, file, order, deal) };
  }
  if (forced.hands.length !== order.length) throw new InputError(`forced.hands: ${forced.hands.length} hands for ${order.length} players`);
  const hands = forced.hands.map((hand, seat) =>
    hand.map((name) => {
      const found = matchCard(id, name);
      if (found === null) throw new InputError(`forced.hands[${seat}]: "${name}" is not a card of ${id}`);
      return found;
    }),
  );
  const held = hands.flat();
  const left = variant.cards.all.filter((c) => !held.includes(c));
  const file = caseFile ?? {
    suspect: left.find((c) => variant.cards.suspects.includes(c)) ?? '',
    weapon: left.find((c) => variant.cards.weapons.includes(c)) ?? '',
    room: left.find((c) => variant.cards.rooms.includes(c)) ?? '',
  };
  const all = [...held, file.suspect, file.weapon, file.room].sort();
  const deck = [...variant.cards.all].sort();
  if (all.length !== deck.length || all.some((c, i) => c !== deck[i])) {
    throw new InputError('forced: the hands and the case file must hold each of the 21 cards exactly once');
  }
  return { caseFile: file, hands };
}

/** UC03, G.5: every pawn on its start (home) square; a fixture may put them elsewhere. */
function placePawns(variant: ClueVariant, forced: ClueForced | undefined): Record<string, string> {
  const board = boardOf(variant);
  const pawns: Record<string, string> = {};
  for (const suspect of variant.cards.suspects) pawns[suspect] = board.names[board.starts[variant.seating.indexOf(suspect)]!]!;
  const taken = new Set<string>();
  for (const [name, at] of Object.entries(forced?.pawns ?? {})) {
    const suspect = card(variant.id, name, 'suspect', 'forced.pawns');
    const node = board.index.get(at) ?? board.index.get(matchCard(variant.id, at, 'room') ?? '');
    if (node === undefined) throw new InputError(`forced.pawns: "${at}" is not a place on the ${variant.board} board`);
    if (!isRoom(node) && taken.has(board.names[node]!)) throw new InputError(`forced.pawns: two pawns on ${at}`);
    taken.add(board.names[node]!);
    pawns[suspect] = board.names[node]!;
  }
  const squares = Object.values(pawns).filter((at) => !isRoom(board.index.get(at)!));
  if (new Set(squares).size !== squares.length) throw new InputError('forced.pawns: a pawn stands on another pawn');
  return pawns;
}

/** UC04: the six weapons in six different rooms, at random (or forced by a fixture). */
function placeWeapons(variant: ClueVariant, forced: ClueForced | undefined, placing: boolean, deal: Rng): Record<string, string> {
  const weapons: Record<string, string> = {};
  if (forced?.weapons !== undefined) {
    for (const [name, room] of Object.entries(forced.weapons)) {
      weapons[card(variant.id, name, 'weapon', 'forced.weapons')] = card(variant.id, room, 'room', 'forced.weapons');
    }
    const missing = variant.cards.weapons.filter((w) => weapons[w] === undefined);
    if (missing.length > 0) throw new InputError(`forced.weapons: no room for ${missing.join(', ')}`);
    return weapons;
  }
  if (placing) return weapons;
  const rooms = shuffleInPlace([...variant.cards.rooms], deal);
  variant.cards.weapons.forEach((weapon, i) => {
    weapons[weapon] = rooms[i]!;
  });
  return weapons;
}

/** UC01-UC08 / G.3-G.12 / spec 002 "Start": a new game, ready for the first turn (or UC04's placement). */
export function setupClue(ctx: SetupContext<ClueConfig>): ClueState {
  const variant = VARIANTS[ctx.variant as ClueVariantId];
  if (variant === undefined) throw new InputError(`unknown variant "${ctx.variant}" of clue`);
  const config = ctx.config;
  const rules = effectiveRules(variant, config);
  const players = ctx.seats.length;
  if (players < 3 || players > 6) throw new InputError(`clue takes 3-6 players, got ${players}`);
  const forced = ctx.forced as ClueForced | undefined;
  if (config.placeWeapons !== undefined && config.placeWeapons >= players) throw new InputError(`placeWeapons: there is no seat ${config.placeWeapons}`);
  if (forced?.first !== undefined && forced.first >= players) throw new InputError(`forced.first: there is no seat ${forced.first}`);
  const deal = ctx.rng.stream('deal');

  const suspects = chooseSuspects(variant, config, players);
  const order = turnOrder(variant, rules, suspects);
  const pawns = placePawns(variant, forced);
  const placing = config.placeWeapons !== undefined && forced?.weapons === undefined;
  const weapons = placeWeapons(variant, forced, placing, deal);
  const { caseFile, hands } = dealCards(variant, forced ?? {}, order, deal);

  const playerStates: PlayerState[] = suspects.map((suspect, seat) => ({
    seat,
    name: ctx.seats[seat]!.name,
    suspect,
    handSize: hands[seat]!.length,
    accusedWrongly: false,
    departed: false,
    inTurnOrder: true,
    refutes: true,
  }));
  const state: ClueState = {
    variant: variant.id,
    rules,
    names: ctx.seats.map((s) => s.name),
    order,
    hands,
    caseFile,
    pawns,
    weapons,
    players: playerStates,
    phase: 'start',
    turn: null,
    toAct: null,
    turnNumber: 0,
    maxTurns: config.maxTurns,
    placings: config.placings === true,
    solvers: [],
    dice: null,
    leftRoom: null,
    startRoom: null,
    entered: false,
    suggested: false,
    movedBySuggestion: suspects.map(() => false),
    knowsCaseFile: suspects.map(() => false),
    suggestion: null,
    winner: null,
    endReason: null,
    // UC07/UC08: each notebook starts with its own cards checked off.
    log: hands.map((cards, seat) => ({ type: 'dealt', seat, cards, to: [seat] })),
    version: 0,
  };
  if (placing) {
    state.phase = 'placeWeapons';
    state.turn = config.placeWeapons!;
    state.toAct = config.placeWeapons!;
  } else {
    beginTurn(state, forced?.first ?? order[0]!);
  }
  return state;
}
