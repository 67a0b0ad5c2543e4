import type { BotFactory } from '../core/bot.js';
import { InputError, RuleError } from '../core/errors.js';
import { resolveOptions } from '../core/options.js';
import type { GameRecord } from '../core/record.js';
import type { SeedKey } from '../core/rng.js';
import type { Seat } from '../core/seat.js';
import type { ClueAction } from '../games/clue/actions.js';
import type { ClueConfig } from '../games/clue/config.js';
import { clueGame } from '../games/clue/game.js';
import { RULE_VALUES } from '../games/clue/rules.js';
import type { ClueState } from '../games/clue/state.js';
import type { ClueView } from '../games/clue/view.js';
import { openReferee, type Referee } from '../referee/referee.js';
import { boardInfo } from './board-info.js';
import type { BotTurns } from './bot-turns.js';
import type { Connection } from './connection.js';
import type { ErrorCode, NotebookMessage } from './messages.js';
import { seatNotebook } from './notebook-grid.js';
import { accusationMessages, asGameEvent, gameOverMessage, promptMessages, seatView, seenEvents, statusLine } from './projection.js';
import { SeatPresence } from './seat-presence.js';

const game = clueGame;
const VARIANT = 'clueless';

/**
 * The options the server's games are played by (`parlor serve --set`): Clue-Less's own rules, or
 * other rules and a turn cap. Nothing else: the client shows no places (`placings`), has no screen
 * to place the weapons on (`placeWeapons`), and seats people as they join (`suspects`).
 */
export function servedConfig(options: Readonly<Record<string, unknown>> = {}): ClueConfig {
  const config = resolveOptions(game, VARIANT, options) as ClueConfig;
  const unserved = Object.keys(options).find((key) => key !== 'maxTurns' && !(key in RULE_VALUES));
  if (unserved !== undefined) throw new InputError(`--set ${unserved}: the server's games take the rules and maxTurns only (expected one of maxTurns, ${Object.keys(RULE_VALUES).join(', ')})`);
  return config;
}
/** Bots play in slices of this many ms, so one game's System Players never hold up the others. */
const SLICE_MS = 2;

/** A seat at the start: a person at a client (with the token issued on join), or a System Player. */
export type SeatSetup = { readonly name: string; readonly client: Connection; readonly token: string } | { readonly name: string; readonly bot: BotFactory };

export interface ServedGameOptions {
  readonly id: string;
  readonly seed: string;
  readonly key: SeedKey;
  readonly index: number;
  readonly seats: readonly SeatSetup[];
  /** Takes the seat of a person who left or did not come back within the grace period. */
  readonly takeover: BotFactory;
  readonly graceMs: number;
  /** A person prompted to act who does not within this many ms is replaced by the System Player; 0: no limit. */
  readonly turnMs: number;
  /** A System Player's decision slower than this is a timeout fault; 0 or absent: no limit. */
  readonly moveTimeMs?: number;
  /** Past this many steps the game stops on an engine error (the tournament's safety net). */
  readonly maxSteps?: number;
  /** The options every game is played by (`servedConfig`). */
  readonly config: ClueConfig;
  /** The record's file name, told to the players at the end. */
  readonly recordFile: string;
  /** Where the games' System Players take turns on the event loop. */
  readonly botTurns: BotTurns;
  /** The game ended (or stopped on an engine error): its record, to save. Its seats' tokens are void. */
  readonly onEnd: (game: ServedGame, record: GameRecord) => void;
  /** A System Player took a person's seat: its token no longer acts. */
  readonly onTakeover: (token: string) => void;
}

/** What a seat's client has been sent, so that each message carries only what changed. */
interface Sent {
  /** How much of the seat's notebook. */
  events: number;
  /** The table's version at the last update, and at the last prompt. */
  updated: number;
  prompted: number;
  notebook: { readonly version: number; readonly message: NotebookMessage } | null;
}

function isPerson(setup: SeatSetup): setup is Extract<SeatSetup, { client: Connection }> {
  return 'client' in setup;
}

function nothingSent(): Sent {
  return { events: 0, updated: -1, prompted: -1, notebook: null };
}

/**
 * One Clue-Less game on the server (S.6), a thin table over the referee: the referee plays the game
 * and its System Players, SeatPresence says who is at each seat, and the projection builds each
 * person's messages from its seat's view. This class ties them together: a person's action, a
 * dropped or returning connection, a takeover, and sending each client what changed.
 */
export class ServedGame {
  readonly id: string;
  /** Plays the game: every change goes through it. */
  private readonly referee: Referee<ClueState, ClueAction, ClueView>;
  private readonly presence: SeatPresence;
  private readonly sent: Sent[];
  private readonly names: string[];
  private ended = false;
  /** Bumped when the table (not the game) changes: a connection dropped or came back, a takeover. */
  private tableVersion = 0;
  /** Waiting in BotTurns for its next slice. */
  private scheduled = false;

  constructor(private readonly options: ServedGameOptions) {
    this.id = options.id;
    const { seed, key, index, moveTimeMs, maxSteps } = options;
    this.names = options.seats.map((s) => s.name);
    // The record's `bot` for a seat: `person`, `notebook`, `person then notebook`.
    const seats = options.seats.map((setup) => (isPerson(setup) ? { name: setup.name, label: 'person', bot: null } : { name: setup.name, label: setup.bot.name, bot: setup.bot }));
    this.referee = openReferee({
      game,
      variant: VARIANT,
      config: options.config,
      seed,
      key,
      index,
      seats,
      ...(moveTimeMs !== undefined ? { moveTimeMs } : {}),
      ...(maxSteps !== undefined ? { maxSteps } : {}),
    });
    this.presence = new SeatPresence(
      options.seats.map((setup, seat) => ({
        name: setup.name,
        suspect: this.referee.view(seat).suspect,
        token: isPerson(setup) ? setup.token : null,
        client: isPerson(setup) ? setup.client : null,
      })),
    );
    this.sent = options.seats.map(nothingSent);
  }

  /** Tells every person the game started, then plays until a person is to act. */
  start(): void {
    this.names.forEach((_, seat) => {
      if (this.presence.client(seat) !== null) this.sendStart(seat);
    });
    this.play();
  }

  /** The tokens issued to the people seated at the start. */
  get tokens(): string[] {
    return this.options.seats.flatMap((setup) => (isPerson(setup) ? [setup.token] : []));
  }

  get recordFile(): string {
    return this.options.recordFile;
  }

  get over(): boolean {
    return this.ended;
  }

  /** How many seats are people still playing (connected or held). */
  get people(): number {
    return this.presence.people;
  }

  /** A person's action; null when applied, else why it was refused (nothing changed). */
  act(seat: Seat, action: ClueAction): { code: ErrorCode; message: string } | null {
    if (this.ended) return { code: 'not-your-turn', message: 'the game is over: join the queue for another one' };
    if (this.presence.kind(seat) !== 'person') return { code: 'seat-taken-over', message: 'a System Player plays this seat now (you left, or did not act in time): join the queue for a new game' };
    const toAct = this.referee.toAct();
    if (toAct !== seat) {
      const who = toAct === null ? 'nobody' : this.names[toAct]!;
      return { code: 'not-your-turn', message: `it is not your turn: ${who} is to act; wait for a yourTurn message` };
    }
    try {
      this.referee.act(seat, action);
      this.presence.stopTurn();
    } catch (error) {
      if (error instanceof RuleError) return { code: 'rule', message: error.message };
      this.stopOnEngineError(error);
      return null;
    }
    this.endIfOver();
    this.play();
    return null;
  }

  /** The seat's connection dropped: the seat is held for the grace period, then taken over. */
  dropped(seat: Seat): void {
    this.presence.disconnect(seat);
    if (this.ended || this.presence.kind(seat) !== 'person') return;
    const name = this.names[seat]!;
    this.presence.hold(seat, this.options.graceMs, () => this.takeOver(seat, `${name} did not come back in time`));
    this.broadcast(`${name}'s connection dropped: the seat is held for ${Math.round(this.options.graceMs / 1000)} s.`);
  }

  /** A person came back with the seat's token within the grace period. */
  rejoin(seat: Seat, client: Connection): void {
    this.presence.rejoin(seat, client);
    this.sent[seat] = { ...nothingSent(), notebook: this.sent[seat]!.notebook };
    this.sendStart(seat);
    this.broadcast(`${this.names[seat]} is back.`);
  }

  /** The client holding `seat` now, if any. */
  clientOf(seat: Seat): Connection | null {
    return this.presence.client(seat);
  }

  /**
   * The seat's exact notebook grid, from its own observations only. Solving takes up to tens of
   * ms, so it is kept until the game changes: asking again costs nothing.
   */
  notebook(seat: Seat): NotebookMessage {
    const sent = this.sent[seat]!;
    const version = this.referee.played;
    if (sent.notebook?.version !== version) {
      const result = seatNotebook(this.referee.view(seat), this.names);
      sent.notebook = { version, message: { type: 'notebook', gameId: this.id, ...result, owners: [...result.owners] } };
    }
    return sent.notebook.message;
  }

  /** The person left the game: a System Player takes the seat at once. */
  leave(seat: Seat): void {
    this.presence.disconnect(seat);
    if (this.ended || this.presence.kind(seat) !== 'person') return;
    this.takeOver(seat, `${this.names[seat]} left`);
  }

  /** Ends the game where it stands (the server is closing): its record, with no outcome. */
  stop(): GameRecord {
    this.presence.clearTimers();
    this.ended = true;
    return this.referee.record();
  }

  private sendStart(seat: Seat): void {
    const { name, suspect } = this.presence.info()[seat]!;
    this.presence.client(seat)!.send({ type: 'start', gameId: this.id, seat, token: this.presence.token(seat)!, name, suspect, seats: this.presence.info(), board: boardInfo() });
  }

  private takeOver(seat: Seat, why: string): void {
    if (this.ended || this.presence.kind(seat) !== 'person') return;
    const factory = this.options.takeover;
    // The System Player reads everything the seat has seen (its notebook, from its dealt cards on), as a person taking the seat would.
    this.referee.seatBot(seat, factory, `person then ${factory.name}`, this.referee.view(seat).notebook.map(asGameEvent));
    this.presence.replaced(seat);
    this.options.onTakeover(this.presence.token(seat)!);
    this.broadcast(`${why}: a System Player (${factory.name}) takes ${this.names[seat]}'s seat.`);
    this.play();
  }

  /**
   * Plays the System Players' decisions until a person is to act or the game ends: a first slice
   * at once, the rest in slices shared fairly with the other games (BotTurns).
   */
  private play(): void {
    if (!this.slice() || this.scheduled) return;
    this.scheduled = true;
    this.options.botTurns.add(() => {
      const more = !this.ended && this.slice();
      this.scheduled = more;
      return more;
    });
  }

  /**
   * Bot decisions for up to SLICE_MS, then each person is sent what changed. True when bots still
   * have turns to play.
   */
  private slice(): boolean {
    const until = performance.now() + SLICE_MS;
    let more = false;
    try {
      let seat: Seat | null;
      while (!this.ended && (seat = this.referee.toAct()) !== null) {
        if (this.referee.botOf(seat) === null) break;
        this.referee.decide(seat);
        this.endIfOver();
        if (performance.now() > until) {
          const next = this.ended ? null : this.referee.toAct();
          more = next !== null && this.referee.botOf(next) !== null;
          break;
        }
      }
    } catch (error) {
      this.stopOnEngineError(error);
    }
    this.flush();
    return more;
  }

  private stopOnEngineError(error: unknown): void {
    if (this.ended) return;
    this.referee.fail(error);
    this.endIfOver();
  }

  /** Ends the game once the referee says it is over: played out, or stopped on an engine error (a throw, the step limit). */
  private endIfOver(): void {
    if (!this.referee.over) return;
    this.end();
    if (this.referee.engineError !== undefined) this.broadcast('The game stopped on an engine error; its record is saved for a bug report.');
  }

  private end(): void {
    this.ended = true;
    this.presence.clearTimers();
    this.options.onEnd(this, this.referee.record());
  }

  /** A table change every person hears about: a status line and an update of the seats. */
  private broadcast(text: string): void {
    this.tableVersion++;
    this.names.forEach((_, seat) => this.presence.client(seat)?.send({ type: 'status', text }));
    this.flush();
  }

  /**
   * Sends each connected person what changed since its last message: its view and new events
   * (S.8), accusation results (S.11, S.12; the case file to the accuser only, S.10), its prompt
   * when it is to act (S.7, S.9), and the end.
   */
  private flush(): void {
    const played = this.referee.played;
    const version = played * 65536 + this.tableVersion;
    const seats = this.presence.info();
    const toAct = this.referee.toAct();
    const stopped = this.referee.engineError !== undefined;
    this.names.forEach((_, seat) => {
      const client = this.presence.client(seat);
      const sent = this.sent[seat]!;
      if (client === null || sent.updated === version) return;
      sent.updated = version;
      const view = this.referee.view(seat);
      const events = seenEvents(view, sent.events, (event) => game.describe(event, seat, this.names, VARIANT));
      const from = sent.events;
      sent.events = view.notebook.length;
      client.send({ type: 'update', gameId: this.id, view: seatView(view), events, seats, status: statusLine(view, this.names, this.presence, stopped) });
      for (const message of accusationMessages(this.id, this.names, view, from)) client.send(message);
      if (this.ended) this.sendEnd(client, seat, view);
      else if (toAct === seat && this.presence.kind(seat) === 'person' && sent.prompted !== played) {
        sent.prompted = played;
        const legal = this.referee.legal(seat);
        for (const message of promptMessages(this.id, this.names, view, legal, (action) => game.describeAction(action, this.referee.state, seat))) client.send(message);
        this.presence.startTurn(this.options.turnMs, () => this.takeOver(seat, `${this.names[seat]} did not act within ${this.options.turnMs / 1000} s`));
      }
    });
  }

  private sendEnd(client: Connection, seat: Seat, view: ClueView): void {
    const over = gameOverMessage(this.id, this.names, view, this.referee.outcome, this.options.recordFile);
    if (over !== null) client.send(over);
    this.presence.disconnect(seat);
    client.release();
  }
}

/** @deprecated use ServedGame */
export const Table = ServedGame;
/** @deprecated use ServedGame */
export type Table = ServedGame;
/** @deprecated use ServedGameOptions */
export type TableOptions = ServedGameOptions;
