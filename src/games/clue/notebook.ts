import { seenEvent, type GameEvent } from '../../core/events.js';
import type { Seat } from '../../core/seat.js';
import { CARDS } from './cards.js';
import type { ClueEvent } from './events.js';
import type { ClueState } from './state.js';

/**
 * One notebook line per event, in spec 002's voice for every variant: "I ..." for the viewer's own
 * doings, the player's name otherwise. The hypothesis and refutation lines are spec 002's exactly,
 * for the three perspectives (X suggested, Y refuted, anyone else), except that the classic rules
 * word a suggestion as their player says it (spec 000 UC32, UC33: "I suggest the crime was committed
 * in the Billiard Room by Mrs. Peacock with the Pistol."); accusations use the glossary's "I accuse
 * ...". Lines the specs do not word (a move, nobody refuting, a wrong accusation) follow the same
 * voice. `viewer` null is the narrator, who sees everything.
 */
export function describeEvent(event: GameEvent, viewer: Seat | null, names: readonly string[], variant: string): string {
  const e = event as unknown as ClueEvent;
  const who = (seat: Seat): string => names[seat] ?? `seat ${seat}`;
  const mine = (seat: Seat): boolean => seat === viewer;
  switch (e.type) {
    case 'dealt':
      return mine(e.seat) ? `My cards: ${e.cards.join(', ')}.` : `${who(e.seat)} was dealt ${e.cards.join(', ')}.`;
    case 'placed':
      return `${mine(e.seat) ? 'I' : who(e.seat)} placed the ${e.weapon} in the ${e.room}.`;
    case 'rolled':
      return `${mine(e.seat) ? 'I' : who(e.seat)} rolled ${e.dice[0]} and ${e.dice[1]}: ${e.total}.`;
    case 'moved': {
      const actor = mine(e.seat) ? 'I' : who(e.seat);
      if (e.by === 'passage') return `${actor} took the secret passage from the ${e.from} to the ${e.destination}.`;
      return `${actor} moved ${e.suspect} from ${place(e.from)} to ${place(e.destination)}.`;
    }
    case 'suggested': {
      if (variant === 'classic') {
        const crime = `the crime was committed in the ${e.room} by ${e.suspect} with the ${e.weapon}.`;
        return mine(e.seat) ? `I suggest ${crime}` : `${who(e.seat)} suggests ${crime}`;
      }
      const hypothesis = `the hypothesis that ${e.suspect} made the murder in the ${e.room} with the ${e.weapon}.`;
      if (mine(e.seat)) return `I formulated ${hypothesis}`;
      if (viewer === null || viewer === e.refuter) return `${who(e.seat)} formulated ${hypothesis}`;
      return `${who(e.seat)} made ${hypothesis}`;
    }
    case 'refuted':
      if (e.card === undefined) return `${who(e.seat)} refuted the hypothesis showing a card.`;
      if (mine(e.seat)) return `I refuted the hypothesis showing card “${e.card}”.`;
      return `${who(e.seat)} refuted the hypothesis showing the card “${e.card}”.`;
    case 'unrefuted':
      return 'No one could refute the hypothesis.';
    case 'accused':
      if (mine(e.seat)) return `I accuse ${e.suspect} of committing the crime in the ${e.room} with the ${e.weapon}.`;
      return `${who(e.seat)} accuses ${e.suspect} of committing the crime in the ${e.room} with the ${e.weapon}.`;
    case 'eliminated':
      return `${mine(e.seat) ? 'My' : `${who(e.seat)}'s`} accusation is wrong: ${afterwards(who(e.seat), mine(e.seat), e.stillShowsCards)}.`;
    case 'solved':
      return `${mine(e.seat) ? 'I solved the case and take' : `${who(e.seat)} solved the case and takes`} place ${e.place}: ${afterwards(who(e.seat), mine(e.seat), true)}.`;
    case 'caseFile':
      return `${mine(e.seat) ? 'I' : who(e.seat)} looked at the case file: ${e.suspect}, the ${e.weapon}, the ${e.room}.`;
    case 'passed':
      if (e.reason === 'cannotMove') return mine(e.seat) ? 'I cannot move and forfeit my turn.' : `${who(e.seat)} cannot move and forfeits the turn.`;
      return mine(e.seat) ? 'I passed my turn.' : `${who(e.seat)} passed the turn.`;
    case 'left':
      return mine(e.seat) ? 'I left the game.' : `${who(e.seat)} left the game.`;
    case 'gameOver': {
      const file = `${e.caseFile.suspect} made the murder in the ${e.caseFile.room} with the ${e.caseFile.weapon}`;
      if (e.solvers !== undefined && e.solvers.length > 0) {
        const names = e.solvers.map((seat) => (mine(seat) ? 'I' : who(seat)));
        const order = names.length === 1 ? `${names[0]} solved the case` : `${names[0]} solved the case first, then ${names.slice(1).join(', then ')}`;
        return `${e.reason === 'capped' ? 'The game reached its turn limit' : 'The game is over'}: ${order}. The case file: ${file}.`;
      }
      if (e.winner !== null) return `${mine(e.winner) ? 'I' : who(e.winner)} solved the case: ${file}.`;
      const why = e.reason === 'capped' ? 'The game reached its turn limit' : 'Every player accused wrongly or left';
      return `${why}: nobody wins. The case file: ${file}.`;
    }
    default:
      return JSON.stringify(event);
  }
}

/** What a player out of the turn order still does: "Ann makes no further moves but still shows cards", or leaves. */
function afterwards(name: string, mine: boolean, stillShowsCards: boolean): string {
  if (stillShowsCards) return mine ? 'I make no further moves but still show cards' : `${name} makes no further moves but still shows cards`;
  return mine ? 'I leave the game and my cards stay secret' : `${name} leaves the game and the cards stay secret`;
}

/**
 * What a suggestion (or a Cluedo accusation) did beyond its notebook line, which the specs word
 * exactly and which therefore stays as it is: the pawn and weapon it carried into the room, and who
 * could not disprove it. A reader deduces from both ("Bob holds none of the three").
 */
export function suggestionDetails(event: GameEvent, viewer: Seat | null, names: readonly string[], suspects: readonly string[]): string[] {
  const e = event as unknown as ClueEvent;
  if (e.type !== 'suggested' && e.type !== 'accused') return [];
  const details: string[] = [];
  if (e.suspectFrom !== null) {
    const mine = viewer !== null && suspects[viewer] === e.suspect;
    details.push(`${mine ? `My pawn (${e.suspect})` : e.suspect} was moved from ${place(e.suspectFrom)} to the ${e.room}.`);
  }
  if (e.weaponFrom !== null) details.push(`The ${e.weapon} was moved from the ${e.weaponFrom} to the ${e.room}.`);
  if (e.type === 'suggested' && e.passed.length > 0) {
    const who = e.passed.map((seat) => (seat === viewer ? 'I' : (names[seat] ?? `seat ${seat}`)));
    details.push(`${who.length === 1 ? who[0] : `${who.slice(0, -1).join(', ')} and ${who.at(-1)}`} could not disprove it.`);
  }
  return details;
}

const ROOMS = new Set(CARDS.classic.rooms);

/** A position as words: "the Lounge", "square 7,18", "the Hall-Lounge hallway", "Miss Scarlet's home". */
function place(node: string): string {
  if (ROOMS.has(node)) return `the ${node}`;
  if (/^\d+,\d+$/.test(node)) return `square ${node}`;
  if (node.endsWith("'s home")) return node;
  return `the ${node} hallway`;
}

interface Notebooks {
  /** How much of the log each notebook holds. */
  read: number;
  readonly seats: ClueEvent[][];
}

const notebooks = new WeakMap<ClueState, Notebooks>();

/**
 * `seat`'s notebook: the log as that seat sees it, in order, starting with its own cards (UC08).
 * Kept per state and extended as the log grows, so a view costs no copy of the game's history.
 */
export function notebookOf(state: ClueState, seat: Seat): readonly ClueEvent[] {
  let books = notebooks.get(state);
  if (books === undefined || books.read > state.log.length) {
    books = { read: 0, seats: state.players.map(() => []) };
    notebooks.set(state, books);
  }
  for (; books.read < state.log.length; books.read++) {
    const event = state.log[books.read]!;
    books.seats.forEach((book, s) => {
      const seen = seenEvent(event, s);
      if (seen !== null) book.push(seen as unknown as ClueEvent);
    });
  }
  return books.seats[seat]!;
}
