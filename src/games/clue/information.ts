import { seenEvent, type GameEvent } from '../../core/events.js';
import type { PublicSetup, PublishedFact } from '../../core/game.js';
import { Sfc32, streamsFrom, type RandomStreams, type Rng } from '../../core/rng.js';
import type { Seat } from '../../core/seat.js';
import { Knowledge } from '../../deduction/knowledge.js';
import { handFacts } from '../../deduction/observations.js';
import type { ClueAction } from './actions.js';
import { applyClue } from './apply.js';
import type { ClueConfig, ClueForced } from './config.js';
import { deckOf, layoutOf } from './deck.js';
import { EventReader } from './event-reader.js';
import type { ClueEvent } from './events.js';
import { forfeitClue } from './forfeit.js';
import { showable } from './legal.js';
import { setupClue } from './setup.js';
import type { CaseFile, ClueState } from './state.js';
import type { ClueView } from './view.js';

/**
 * What Clue's rules make known, step by step. Public: every roll, move and weapon placed, a
 * suggestion with who could not refute and who refutes, an accusation and whether it was right, who
 * is out, solved or left, each turn passed, and the case file at the end. Only the seats involved
 * know: a player's own cards, the card shown (suggester and refuter), the case file an accuser
 * looks at, and, played on for places, the cards of a correct accusation (the accuser; the table
 * hears only that the case is solved). Not published: which card a refuter showed to someone else,
 * nor whether it had a choice, nor so when it shows: the refuter is named with the suggestion, and
 * a seat that learns more from the moment of the showing learns it from a leak.
 */
export function published(events: readonly GameEvent[]): PublishedFact[] {
  const facts: PublishedFact[] = [];
  events.forEach((event, i) => {
    const e = event as unknown as ClueEvent;
    switch (e.type) {
      case 'dealt':
        facts.push({ type: 'dealt', seat: e.seat, cards: e.cards, to: [e.seat] });
        break;
      case 'refuted':
        // Who refutes is the suggestion's (`refuter`); the showing itself is the card, to the two of them.
        facts.push({ type: 'shown', seat: e.seat, suggester: e.suggester, card: e.card, to: [e.suggester, e.seat] });
        break;
      case 'caseFile':
        facts.push({ type: 'caseFile', seat: e.seat, suspect: e.suspect, weapon: e.weapon, room: e.room, to: [e.seat] });
        break;
      case 'accused': {
        const { suspect, weapon, room, correct, suspectFrom, weaponFrom } = e;
        const secret = correct && events.slice(i + 1).some((later) => later.type === 'solved' && later['seat'] === e.seat);
        facts.push({ type: 'accused', seat: e.seat, ...(secret ? { correct } : { suspect, weapon, room, correct, suspectFrom, weaponFrom }) });
        if (secret) facts.push({ type: 'accusation', suspect, weapon, room, to: [e.seat] });
        break;
      }
      default:
        if (event.to !== undefined) throw new Error(`clue: no published facts known for a private "${event.type}" event`);
        facts.push({ ...event });
    }
  });
  return facts;
}

/**
 * A game drawn from what `seat` knows. The hands and the case file are drawn uniformly over every
 * deal consistent with its observations (its hand, the hand sizes, every pass and refutation, the
 * cards shown to it, accusations, the case file where it looked), exactly, by the deduction
 * library's counter (`Knowledge.sample`): the notebook's model, which ignores how opponents chose,
 * plus the one choice the rules make for a player: a refuter who left shows the first named card
 * it holds, so a card it showed the seat says it holds none named before it.
 * The public game is the seat's notebook played again, every event it saw being one action (a roll
 * with its dice, a move along its path, a suggestion, a card shown, an accusation, a pass, a
 * departure), so that everything public is exactly as it is. What the seat did not see follows the
 * drawn deal: the other hands as dealt, a card shown between two others drawn uniformly from the
 * refuter's named cards (a refuter who left shows the first, as the engine does), the case file an
 * accuser looked at, and a correct accusation it only heard of naming the case file.
 *
 * The knowledge and the replayed game depend on the notebook alone, so they are kept per `seen`
 * array (for its seat and length, while the array lives): a search drawing many states from one
 * notebook pays for them once, and each draw then costs one sampled deal and a copy. A game begun from a fixture's
 * forced setup is out of reach.
 */
export function sampleState(info: PublicSetup<ClueConfig>, seat: Seat, view: ClueView, seen: readonly GameEvent[], rng: Rng): ClueState {
  const { knowledge, game } = replayedFor(info, seat, view, seen);
  const deal = dealOf(knowledge.sample(rng), view, seat);
  const state = { ...clone(game), hands: deal.hands, caseFile: deal.caseFile };
  hideAgain(state, seat, rng);
  return state;
}

interface Replayed {
  readonly seat: Seat;
  readonly length: number;
  readonly knowledge: Knowledge;
  /** The public game replayed on one deal; its hidden parts are replaced at every draw. */
  readonly game: ClueState;
}

const replays = new WeakMap<readonly GameEvent[], Replayed>();

function replayedFor(info: PublicSetup<ClueConfig>, seat: Seat, view: ClueView, seen: readonly GameEvent[]): Replayed {
  const known = replays.get(seen);
  if (known !== undefined && known.seat === seat && known.length === seen.length) return known;
  const deck = deckOf(view.variant);
  const knowledge = new Knowledge(layoutOf(deck, view.players.map((p) => p.handSize)));
  // A bot is told its hand by its view; the `dealt` event belongs to setup, before any event it is sent.
  for (const fact of handFacts(seat, view.hand.map((card) => deck.index.get(card)!))) knowledge.add(fact);
  const reader = new EventReader(deck, seat);
  const left = new Set<Seat>();
  let named: string[] = [];
  for (const event of seen) {
    const e = event as unknown as ClueEvent;
    for (const fact of reader.read(e)?.facts ?? []) knowledge.add(fact);
    if (e.type === 'left') left.add(e.seat);
    if (e.type === 'suggested') named = [e.suspect, e.weapon, e.room];
    // A refuter who left cannot choose: the engine shows the first named card it holds, so it holds
    // none named before the one shown. A rule, not an opponent's choice, so the deal must keep it.
    if (e.type === 'refuted' && e.card !== undefined && left.has(e.seat) && named.indexOf(e.card) > 0) {
      knowledge.add({ kind: 'holdsNone', player: e.seat, cards: named.slice(0, named.indexOf(e.card)).map((card) => deck.index.get(card)!) });
    }
  }
  for (const fact of reader.pendingFacts()) knowledge.add(fact);
  // Any deal that fits will do for the public game; a fixed source keeps the replay apart from `rng`.
  const fixed = new Sfc32(0x2545f491, 0x9e3779b9, 0x6a09e667, 0xbb67ae85);
  const deal = dealOf(knowledge.sample(fixed), view, seat);
  const streams = streamsFrom(fixed);
  const forced = { ...deal, ...(info.config.placeWeapons === undefined ? { weapons: weaponsAtStart(view, seen) } : {}) } as ClueForced;
  // The rules the seat plays by are in its view: the sample is played by those, whatever the setup's config left unsaid.
  const game = setupClue({ ...info, config: { ...info.config, ...view.rules }, rng: streams, forced });
  replay(game, seat, seen, deal.caseFile, streams, fixed);
  const replayed = { seat, length: seen.length, knowledge, game };
  replays.set(seen, replayed);
  return replayed;
}

/** The hands and case file of a sampled world (owner per card); the seat's own hand in its view's order. */
function dealOf(owner: Int32Array, view: ClueView, seat: Seat): { hands: string[][]; caseFile: CaseFile } {
  const deck = deckOf(view.variant);
  const hands: string[][] = view.players.map(() => []);
  const file: string[] = [];
  owner.forEach((o, card) => (o === hands.length ? file : hands[o]!).push(deck.names[card]!));
  hands[seat] = view.hand.slice();
  return { hands, caseFile: { suspect: file[0]!, weapon: file[1]!, room: file[2]! } };
}

/**
 * Rewrites what `seat` did not see of the log to fit the state's deal: the other hands dealt, the
 * cards shown between others, the case file others looked at, the cards of others' secret correct
 * accusations.
 */
function hideAgain(state: ClueState, seat: Seat, rng: Rng): void {
  const log = state.log;
  let named: string[] = [];
  const left = new Set<Seat>();
  for (let i = 0; i < log.length; i++) {
    const event = log[i]!;
    const e = event as unknown as ClueEvent;
    if (e.type === 'suggested') named = [e.suspect, e.weapon, e.room];
    if (e.type === 'left') left.add(e.seat);
    if (event.to === undefined || event.to.includes(seat)) continue;
    switch (e.type) {
      case 'dealt':
        log[i] = { ...event, cards: state.hands[e.seat]! };
        break;
      case 'refuted': {
        const held = named.filter((card) => state.hands[e.seat]!.includes(card));
        log[i] = { ...event, card: left.has(e.seat) ? held[0]! : held[rng.int(held.length)]! };
        break;
      }
      case 'caseFile':
      case 'accused':
        log[i] = { ...event, ...state.caseFile };
        break;
    }
  }
}

/** Where each weapon stood at the start: where the first suggestion or accusation that moved it took it from, else where it is. */
function weaponsAtStart(view: ClueView, seen: readonly GameEvent[]): Record<string, string> {
  const weapons = { ...view.weapons };
  const moved = new Set<string>();
  for (const event of seen) {
    if (event.type !== 'suggested' && event.type !== 'accused') continue;
    const weapon = event['weapon'] as string;
    const from = event['weaponFrom'];
    // null: the weapon stayed where it was (or an accusation moved nothing).
    if (typeof from !== 'string' || moved.has(weapon)) continue;
    moved.add(weapon);
    weapons[weapon] = from;
  }
  return weapons;
}

/**
 * Plays the seat's notebook again in `state`: each event not yet accounted for is the action (or
 * departure) that made it, and the events that action makes, as the seat sees them, account for the
 * notebook's next ones.
 */
function replay(state: ClueState, seat: Seat, seen: readonly GameEvent[], caseFile: CaseFile, streams: RandomStreams, rng: Rng): void {
  let at = 0;
  // The seat's own cards are dealt at setup, before any action.
  while (at < seen.length && seen[at]!.type === 'dealt') at++;
  while (at < seen.length) {
    const event = seen[at]! as unknown as ClueEvent;
    const actor = state.toAct;
    let made: readonly GameEvent[];
    if (event.type === 'left') made = forfeitClue(state, event.seat);
    else if (actor === null) throw new Error(`clue sampleState: the game is over, but the notebook goes on with ${event.type}`);
    else made = applyClue(state, actor, actionOf(event, state, actor, caseFile, rng), streams);
    let visible = 0;
    for (const e of made) if (seenEvent(e, seat) !== null) visible++;
    if (visible === 0 || seen[at]!.type !== made.find((e) => seenEvent(e, seat) !== null)!.type) {
      throw new Error(`clue sampleState: replaying "${event.type}" gave ${made.map((e) => e.type).join(', ') || 'nothing'} for seat ${seat}`);
    }
    at += visible;
  }
}

/** The action that made `event`, the next event of the notebook not yet accounted for. */
function actionOf(event: ClueEvent, state: ClueState, actor: Seat, caseFile: CaseFile, rng: Rng): ClueAction {
  switch (event.type) {
    case 'placed':
      return { type: 'place', weapon: event.weapon, room: event.room };
    case 'rolled':
      return { type: 'roll', dice: event.dice };
    case 'moved':
      if (event.by === 'passage') return { type: 'passage' };
      return event.by === 'dice' ? { type: 'move', to: event.destination, path: event.path } : { type: 'move', to: event.destination };
    case 'suggested':
      return { type: 'suggest', suspect: event.suspect, weapon: event.weapon };
    case 'refuted': {
      if (event.card !== undefined) return { type: 'show', card: event.card };
      const cards = showable(state, actor);
      return { type: 'show', card: cards[rng.int(cards.length)]! };
    }
    case 'accused':
      return { type: 'accuse', suspect: event.suspect, weapon: event.weapon, room: event.room };
    case 'solved':
      // A correct accusation played on for places that the seat only heard of: it named the case file.
      return { type: 'accuse', ...caseFile };
    case 'passed':
      return { type: 'pass' };
    default:
      throw new Error(`clue sampleState: no action makes a "${event.type}" event by itself`);
  }
}

/** A copy that plays on apart: events, hands and the case file are never changed once made, so they are shared. */
export function clone(state: ClueState): ClueState {
  return {
    ...state,
    pawns: { ...state.pawns },
    weapons: { ...state.weapons },
    players: state.players.map((p) => ({ ...p })),
    solvers: state.solvers.slice(),
    movedBySuggestion: state.movedBySuggestion.slice(),
    knowsCaseFile: state.knowsCaseFile.slice(),
    log: state.log.slice(),
  };
}
