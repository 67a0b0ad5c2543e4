import type {
  BoardInfo,
  HelloMessage,
  SeatInfo,
  SeatView,
  SeenEvent,
  ServerMessage,
  StartMessage,
  YourTurnMessage,
} from '../server/messages.js';
import { PROTOCOL_VERSION } from '../server/protocol-version.js';

/** Where this player stands with the server. */
export type Stage =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'lobby' }
  | { readonly kind: 'queued'; readonly position: number; readonly waiting: number; readonly needed: number }
  /**
   * `endsAt` is on this page's own monotonic clock (`performance.now()`), from the seconds the server
   * said were left: the browser's wall clock may be minutes off the server's.
   */
  | { readonly kind: 'countdown'; readonly endsAt: number; readonly names: readonly string[] }
  | { readonly kind: 'playing' }
  | { readonly kind: 'over' }
  /** The server speaks another version of the protocol (`server`: what its hello said): this page cannot play there. */
  | { readonly kind: 'incompatible'; readonly server: string };

export interface Accusation {
  readonly name: string;
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
  readonly correct: boolean;
}

export interface GameEnd {
  readonly winner: number | null;
  readonly winnerName: string | null;
  readonly reason: Extract<ServerMessage, { type: 'gameOver' }>['reason'];
  readonly caseFile: { readonly suspect: string; readonly weapon: string; readonly room: string };
  readonly record: string;
}

/** A line for the player: the server's status text, or one of its refusals. */
export interface Notice {
  readonly text: string;
  readonly error: boolean;
}

/**
 * Everything the client knows, built from server messages alone by `receive`; the screen is drawn
 * from it. Plain data, so it can be tested without a browser.
 */
export interface ClientModel {
  readonly stage: Stage;
  readonly hello: HelloMessage | null;
  readonly token: string | null;
  readonly name: string | null;
  readonly game: {
    readonly id: string;
    readonly seat: number;
    readonly suspect: string;
    readonly board: BoardInfo;
  } | null;
  readonly seats: readonly SeatInfo[];
  readonly view: SeatView | null;
  /** My notebook: every event my seat saw, in order (index = `n`). */
  readonly events: readonly SeenEvent[];
  /** The server's line on the state of play ("Your turn.", "Bob's turn."). */
  readonly status: string;
  /** What I may do now; null when I am not to act (or my action is on its way). */
  readonly turn: YourTurnMessage | null;
  /** I asked to disprove: the suggestion I answer. */
  readonly disprove: { readonly suggesterName: string; readonly suspect: string; readonly weapon: string; readonly room: string } | null;
  /** An action was sent and not yet answered: the controls wait. */
  readonly sent: boolean;
  readonly accusations: readonly Accusation[];
  /** The case file, once I accused (S.10) or the game ended. */
  readonly caseFile: GameEnd['caseFile'] | null;
  readonly end: GameEnd | null;
  /** Newest last; the screen shows the last few. */
  readonly notices: readonly Notice[];
  /** The pawns (by suspect) and weapons that the latest update's events moved, to highlight on the board. */
  readonly moved: { readonly pawns: readonly string[]; readonly weapons: readonly string[] };
}

export const NOTICES_KEPT = 30;

const NOTHING_MOVED: ClientModel['moved'] = { pawns: [], weapons: [] };

export function initialModel(): ClientModel {
  return {
    stage: { kind: 'connecting' },
    hello: null,
    token: null,
    name: null,
    game: null,
    seats: [],
    view: null,
    events: [],
    status: '',
    turn: null,
    disprove: null,
    sent: false,
    accusations: [],
    caseFile: null,
    end: null,
    notices: [],
    moved: NOTHING_MOVED,
  };
}

/** What `events` moved: pawns that walked or were summoned by a suggestion, weapons summoned; null when nothing. */
function movedBy(events: readonly SeenEvent[]): ClientModel['moved'] | null {
  const pawns = new Set<string>();
  const weapons = new Set<string>();
  for (const { event } of events) {
    if (event.type === 'moved') pawns.add(event.suspect);
    if ((event.type === 'suggested' || event.type === 'accused') && typeof event.suspectFrom === 'string') pawns.add(event.suspect);
    if ((event.type === 'suggested' || event.type === 'accused') && typeof event.weaponFrom === 'string') weapons.add(event.weapon);
  }
  return pawns.size + weapons.size === 0 ? null : { pawns: [...pawns], weapons: [...weapons] };
}

function notice(model: ClientModel, text: string, error: boolean): readonly Notice[] {
  return [...model.notices, { text, error }].slice(-NOTICES_KEPT);
}

function started(model: ClientModel, message: StartMessage): ClientModel {
  const rejoined = model.game?.id === message.gameId;
  return {
    ...model,
    stage: { kind: 'playing' },
    token: message.token,
    name: message.name,
    game: { id: message.gameId, seat: message.seat, suspect: message.suspect, board: message.board },
    seats: message.seats,
    // A rejoin is followed by the whole notebook again, from n = 0.
    events: [],
    view: rejoined ? model.view : null,
    turn: null,
    disprove: null,
    sent: false,
    accusations: rejoined ? model.accusations : [],
    caseFile: rejoined ? model.caseFile : null,
    end: null,
    moved: rejoined ? model.moved : NOTHING_MOVED,
  };
}

/** Appends the new events in order; one already held (a resend) replaces its place. */
function appendEvents(held: readonly SeenEvent[], fresh: readonly SeenEvent[]): SeenEvent[] {
  const events = held.slice();
  for (const event of fresh) events[event.n] = event;
  return events;
}

/**
 * The model after one server message. Pure: the model passed in is not changed. `now` is this
 * page's monotonic clock when the message arrived, for the countdown.
 */
export function receive(model: ClientModel, message: ServerMessage, now: number = performance.now()): ClientModel {
  if (model.stage.kind === 'incompatible') return model;
  switch (message.type) {
    case 'hello': {
      // Read as sent, not as typed: a server of another version may send anything here.
      const spoken: unknown = (message as { protocol?: unknown }).protocol;
      if (spoken !== PROTOCOL_VERSION) return { ...model, stage: { kind: 'incompatible', server: spoken === undefined ? 'none' : JSON.stringify(spoken) } };
      return { ...model, hello: message, stage: model.stage.kind === 'connecting' ? { kind: 'lobby' } : model.stage };
    }
    case 'queued':
      return { ...model, token: message.token, name: message.name, stage: { kind: 'queued', position: message.position, waiting: message.waiting, needed: message.needed } };
    case 'countdown':
      return { ...model, stage: { kind: 'countdown', endsAt: now + message.seconds * 1000, names: message.names } };
    case 'start':
      return started(model, message);
    case 'update': {
      const seat = model.game?.seat;
      const view = message.view;
      // A prompt stands while I am still to act in the phase it was made for, and my seat is still mine.
      const replaced = seat !== undefined && message.seats[seat]?.kind === 'system';
      const turn = model.turn !== null && !replaced && view.toAct === seat && view.phase === model.turn.phase ? model.turn : null;
      return {
        ...model,
        view,
        seats: message.seats,
        events: appendEvents(model.events, message.events),
        status: message.status,
        turn,
        disprove: turn === null ? null : model.disprove,
        sent: model.sent && turn !== null,
        caseFile: view.caseFile ?? model.caseFile,
        moved: movedBy(message.events) ?? model.moved,
      };
    }
    case 'yourTurn':
      return { ...model, turn: message, sent: false, disprove: message.phase === 'refute' ? model.disprove : null };
    case 'disprove':
      return { ...model, disprove: { suggesterName: message.suggesterName, suspect: message.suspect, weapon: message.weapon, room: message.room } };
    case 'accusation': {
      const accusation = { name: message.name, suspect: message.suspect, weapon: message.weapon, room: message.room, correct: message.correct };
      const verdict = message.correct ? 'solved the case' : 'accused wrongly';
      return {
        ...model,
        accusations: [...model.accusations, accusation],
        caseFile: message.caseFile ?? model.caseFile,
        notices: notice(model, `${message.name} accused ${message.suspect} with the ${message.weapon} in the ${message.room}: ${verdict}.`, false),
      };
    }
    case 'gameOver':
      return {
        ...model,
        stage: { kind: 'over' },
        turn: null,
        disprove: null,
        sent: false,
        caseFile: message.caseFile,
        end: { winner: message.winner, winnerName: message.winnerName, reason: message.reason, caseFile: message.caseFile, record: message.record },
        token: null,
      };
    case 'status':
      return { ...model, notices: notice(model, message.text, false) };
    case 'error':
      return { ...model, sent: false, notices: notice(model, message.message, true) };
    case 'notebook':
    case 'pong':
      return model;
  }
}

/**
 * A System Player plays my seat while I still watch the game: I did not act within the server's
 * turn time. (Leaving sends me to the lobby, and a late reconnect is refused.)
 */
export function seatTakenOver(model: ClientModel): boolean {
  return model.stage.kind === 'playing' && playedBySystem(model);
}

function playedBySystem(model: ClientModel): boolean {
  return model.game !== null && model.seats[model.game.seat]?.kind === 'system';
}

/** The model once I sent an action: the controls wait for the server's answer. */
export function sending(model: ClientModel): ClientModel {
  return { ...model, sent: true };
}

/** The model after I left the queue or the game: back to the lobby. */
export function left(model: ClientModel): ClientModel {
  return { ...initialModel(), hello: model.hello, stage: { kind: 'lobby' }, notices: model.notices, name: model.name };
}

/** The connection dropped: everything stays on screen while it comes back. */
export function disconnected(model: ClientModel): ClientModel {
  return { ...model, notices: notice(model, 'The connection to the server dropped: reconnecting…', false), turn: null, sent: false };
}

/**
 * Who solved the case, as this player reads it: "You" only when they played their seat to the end;
 * a seat a System Player took over won by that System Player's play.
 */
export function gameOverVerdict(model: ClientModel): string {
  const end = model.end;
  if (end === null || end.winner === null) return 'Nobody solved the case.';
  if (end.winner !== model.game?.seat) return `${end.winnerName} solved the case.`;
  return playedBySystem(model) ? 'The System Player that took your seat solved the case.' : 'You solved the case!';
}
