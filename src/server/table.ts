import type { Bot, BotFactory } from '../core/bot.js';
import { describeError, RuleError } from '../core/errors.js';
import { seenEvent, type GameEvent } from '../core/events.js';
import type { Outcome } from '../core/outcome.js';
import type { FaultKind, GameRecord, RecordedStep } from '../core/record.js';
import { botStream, GameStreams, type SeedKey } from '../core/rng.js';
import type { Seat } from '../core/seat.js';
import type { ClueAction } from '../games/clue/actions.js';
import type { GameOverEvent } from '../games/clue/events.js';
import { clueGame } from '../games/clue/game.js';
import type { ClueState } from '../games/clue/state.js';
import type { ClueView } from '../games/clue/view.js';
import { createSeatBot } from '../referee/hand-outs.js';
import { judgeDecision, Refusal } from '../referee/match.js';
import { boardInfo } from './board-info.js';
import type { BotTurns } from './bot-turns.js';
import type { Connection } from './connection.js';
import type { ErrorCode, NotebookMessage, SeatInfo, SeatView, SeenEvent } from './messages.js';
import { seatNotebook } from './notebook-grid.js';
import { yourTurn } from './turn-options.js';

const game = clueGame;
const VARIANT = 'clueless';
const CONFIG = game.configSchema.parse({});
/** Bots play in slices of this many ms, so one game's System Players never hold up the others. */
const SLICE_MS = 2;

/** A seat at the start: a person at a client (with the token issued on join), or a System Player. */
export type SeatSetup = { readonly name: string; readonly client: Connection; readonly token: string } | { readonly name: string; readonly bot: BotFactory };

export interface TableOptions {
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
  /** The record's file name, told to the players at the end. */
  readonly recordFile: string;
  /** Where the games' System Players take turns on the event loop. */
  readonly botTurns: BotTurns;
  /** The game ended (or stopped on an engine error): its record, to save. Its seats' tokens are void. */
  readonly onEnd: (table: Table, record: GameRecord) => void;
  /** A System Player took a person's seat: its token no longer acts. */
  readonly onTakeover: (token: string) => void;
}

interface Slot {
  readonly name: string;
  readonly suspect: string;
  kind: 'person' | 'system';
  /** The record's `bot` for this seat: `person`, `notebook`, `person then notebook`. */
  label: string;
  token: string | null;
  client: Connection | null;
  bot: Bot | null;
  grace: NodeJS.Timeout | null;
  graceEnds: number;
  /** How much of the seat's notebook its client has been sent. */
  sent: number;
  /** The state version the client last got an update, and a prompt, for. */
  updated: number;
  prompted: number;
  notebook: { readonly version: number; readonly message: NotebookMessage } | null;
}

function isPerson(setup: SeatSetup): setup is Extract<SeatSetup, { client: Connection }> {
  return 'client' in setup;
}

/** The view as the protocol sends it: everything but the notebook, which goes out event by event. */
function seatView(view: ClueView): SeatView {
  const { notebook: _notebook, ...rest } = view;
  return rest as unknown as SeatView;
}

/**
 * One Clue-Less game on the server: the state (S.6), its seats (people at clients, System Players),
 * and what each client is sent. Every change goes through the engine; each client gets only its
 * seat's view and the events as its seat may see them.
 */
export class Table {
  readonly id: string;
  private readonly streams: GameStreams;
  private readonly state: ClueState;
  private readonly slots: Slot[];
  private readonly names: string[];
  private readonly steps: RecordedStep[] = [];
  private outcome: Outcome | null = null;
  private engineError: string | null = null;
  private ended = false;
  /** Bumped when the table (not the game) changes: a connection dropped or came back, a takeover. */
  private tableVersion = 0;
  /** Waiting in BotTurns for its next slice. */
  private scheduled = false;
  /** Runs while a person is prompted, when there is a time limit. */
  private turnTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: TableOptions) {
    this.id = options.id;
    this.streams = new GameStreams(options.key, options.index);
    this.names = options.seats.map((s) => s.name);
    this.state = game.setup({ variant: VARIANT, config: CONFIG, seats: this.names.map((name) => ({ name })), rng: this.streams });
    this.slots = options.seats.map((setup, seat) => {
      const person = isPerson(setup);
      return {
        name: setup.name,
        suspect: this.state.players[seat]!.suspect,
        kind: person ? 'person' : 'system',
        label: person ? 'person' : setup.bot.name,
        token: person ? setup.token : null,
        client: person ? setup.client : null,
        bot: person ? null : this.createBot(setup.bot, seat),
        grace: null,
        graceEnds: 0,
        sent: 0,
        updated: -1,
        prompted: -1,
        notebook: null,
      };
    });
  }

  /** Tells every person the game started, then plays until a person is to act. */
  start(): void {
    this.slots.forEach((slot, seat) => {
      if (slot.client !== null) this.sendStart(slot, seat);
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
    return this.slots.filter((slot) => slot.kind === 'person').length;
  }

  /** A person's action; null when applied, else why it was refused (nothing changed). */
  act(seat: Seat, action: ClueAction): { code: ErrorCode; message: string } | null {
    if (this.ended) return { code: 'not-your-turn', message: 'the game is over: join the queue for another one' };
    if (this.slots[seat]!.kind !== 'person') return { code: 'seat-taken-over', message: 'a System Player plays this seat now (you left, or did not act in time): join the queue for a new game' };
    const toAct = game.toAct(this.state);
    if (toAct !== seat) {
      const who = toAct === null ? 'nobody' : this.names[toAct]!;
      return { code: 'not-your-turn', message: `it is not your turn: ${who} is to act; wait for a yourTurn message` };
    }
    try {
      this.apply(seat, action);
      this.stopTurnTimer();
    } catch (error) {
      if (error instanceof RuleError) return { code: 'rule', message: error.message };
      this.stopOnEngineError(error);
      return null;
    }
    this.play();
    return null;
  }

  /** The seat's connection dropped: the seat is held for the grace period, then taken over. */
  dropped(seat: Seat): void {
    const slot = this.slots[seat]!;
    slot.client = null;
    if (this.ended || slot.kind !== 'person') return;
    slot.graceEnds = Date.now() + this.options.graceMs;
    slot.grace = setTimeout(() => this.takeOver(seat, `${slot.name} did not come back in time`), this.options.graceMs);
    this.broadcast(`${slot.name}'s connection dropped: the seat is held for ${Math.round(this.options.graceMs / 1000)} s.`);
  }

  /** A person came back with the seat's token within the grace period. */
  rejoin(seat: Seat, client: Connection): void {
    const slot = this.slots[seat]!;
    if (slot.grace !== null) clearTimeout(slot.grace);
    slot.grace = null;
    slot.client = client;
    slot.sent = 0;
    slot.updated = -1;
    slot.prompted = -1;
    this.sendStart(slot, seat);
    this.broadcast(`${slot.name} is back.`);
  }

  /** The client holding `seat` now, if any. */
  clientOf(seat: Seat): Connection | null {
    return this.slots[seat]!.client;
  }

  /**
   * The seat's exact notebook grid, from its own observations only. Solving takes up to tens of
   * ms, so it is kept until the state changes: asking again costs nothing.
   */
  notebook(seat: Seat): NotebookMessage {
    const slot = this.slots[seat]!;
    if (slot.notebook?.version !== this.state.version) {
      const result = seatNotebook(game.view(this.state, seat), this.names);
      slot.notebook = { version: this.state.version, message: { type: 'notebook', gameId: this.id, ...result, owners: [...result.owners] } as NotebookMessage };
    }
    return slot.notebook.message;
  }

  /** The person left the game: a System Player takes the seat at once. */
  leave(seat: Seat): void {
    const slot = this.slots[seat]!;
    slot.client = null;
    if (this.ended || slot.kind !== 'person') return;
    this.takeOver(seat, `${slot.name} left`);
  }

  /** Ends the game where it stands (the server is closing): its record, with no outcome. */
  stop(): GameRecord {
    this.clearTimers();
    this.ended = true;
    return this.record();
  }

  private sendStart(slot: Slot, seat: Seat): void {
    slot.client!.send({
      type: 'start',
      gameId: this.id,
      seat,
      token: slot.token!,
      name: slot.name,
      suspect: slot.suspect,
      seats: this.seatInfo(),
      board: boardInfo(),
    });
  }

  private createBot(factory: BotFactory, seat: Seat): Bot {
    const { seed, index } = this.options;
    return createSeatBot(factory, { game: game.id, variant: VARIANT, config: CONFIG, seat, seats: this.names.length, rng: this.streams.stream(botStream(seat)), seed, index });
  }

  private takeOver(seat: Seat, why: string): void {
    const slot = this.slots[seat]!;
    if (this.ended || slot.kind !== 'person') return;
    if (slot.grace !== null) clearTimeout(slot.grace);
    slot.grace = null;
    const factory = this.options.takeover;
    const bot = this.createBot(factory, seat);
    // The System Player reads everything the seat has seen, as a person taking the seat would.
    if (bot.observe !== undefined) for (const event of game.view(this.state, seat).notebook) bot.observe(event as unknown as GameEvent);
    slot.bot = bot;
    slot.kind = 'system';
    slot.label = `person then ${factory.name}`;
    this.options.onTakeover(slot.token!);
    this.broadcast(`${why}: a System Player (${factory.name}) takes ${slot.name}'s seat.`);
    this.play();
  }

  private apply(seat: Seat, action: ClueAction): void {
    const events = game.apply(this.state, seat, action, this.streams);
    this.steps.push({ seat, action });
    this.deliver(events);
    if (game.toAct(this.state) === null) this.finish();
  }

  private forfeit(seat: Seat, kind: FaultKind, detail: string): void {
    this.steps.push({ seat, forfeit: kind, detail });
    this.deliver(game.forfeit(this.state, seat));
    if (game.toAct(this.state) === null) this.finish();
  }

  /** Each event to the System Players, as their seats see it. */
  private deliver(events: readonly GameEvent[]): void {
    for (const event of events) {
      this.slots.forEach((slot, seat) => {
        if (slot.bot?.observe === undefined) return;
        const seen = seenEvent(event, seat);
        if (seen !== null) slot.bot.observe(seen);
      });
    }
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
      while (!this.ended && (seat = game.toAct(this.state)) !== null) {
        const bot = this.slots[seat]!.bot;
        if (bot === null) break;
        this.botStep(seat, bot);
        if (performance.now() > until) {
          const next = this.ended ? null : game.toAct(this.state);
          more = next !== null && this.slots[next]!.bot !== null;
          break;
        }
      }
    } catch (error) {
      this.stopOnEngineError(error);
    }
    this.flush();
    return more;
  }

  /** One System Player decision, judged as in a tournament: a fault forfeits, or has its substitute played. */
  private botStep(seat: Seat, bot: Bot): void {
    const judged = judgeDecision(bot, game.view(this.state, seat), game.legalActions(this.state, seat), 0);
    if (!(judged instanceof Refusal)) this.apply(seat, judged);
    else if (judged.substitute !== undefined) this.apply(seat, judged.substitute as ClueAction);
    else this.forfeit(seat, judged.kind, judged.detail);
  }

  private finish(): void {
    this.outcome = game.outcome(this.state);
    this.end();
  }

  private stopOnEngineError(error: unknown): void {
    if (this.ended) return;
    this.engineError = describeError(error);
    this.end();
    this.broadcast('The game stopped on an engine error; its record is saved for a bug report.');
  }

  private end(): void {
    this.ended = true;
    this.clearTimers();
    this.options.onEnd(this, this.record());
  }

  private clearTimers(): void {
    this.stopTurnTimer();
    for (const slot of this.slots) {
      if (slot.grace !== null) clearTimeout(slot.grace);
      slot.grace = null;
    }
  }

  private record(): GameRecord {
    return {
      schema: 1,
      game: game.id,
      variant: VARIANT,
      config: CONFIG,
      seed: this.options.seed,
      index: this.options.index,
      seats: this.slots.map((slot) => ({ name: slot.name, bot: slot.label })),
      steps: this.steps,
      outcome: this.outcome,
      ...(this.engineError !== null ? { engineError: this.engineError } : {}),
    };
  }

  private seatInfo(): SeatInfo[] {
    return this.slots.map((slot, seat) => ({ seat, name: slot.name, suspect: slot.suspect, kind: slot.kind, connected: slot.client !== null }));
  }

  /** A table change every person hears about: a status line and an update of the seats. */
  private broadcast(text: string): void {
    this.tableVersion++;
    for (const slot of this.slots) slot.client?.send({ type: 'status', text });
    this.flush();
  }

  /** What `seat` reads as the state of play. */
  private status(seat: Seat): string {
    const state = this.state;
    if (this.engineError !== null) return 'The game stopped on an engine error.';
    if (state.phase === 'over') {
      if (state.winner === null) return 'Game over: nobody solved the case.';
      return state.winner === seat ? 'Game over: you solved the case!' : `Game over: ${this.names[state.winner]} solved the case.`;
    }
    const toAct = state.toAct!;
    const slot = this.slots[toAct]!;
    // Only a person replaced for not acting in time still reads a seat the System Player plays.
    if (this.slots[seat]!.kind === 'system') return `A System Player plays your seat now; ${toAct === seat ? 'it' : slot.name} is to act.`;
    const suggester = state.suggestion === null ? '' : this.names[state.suggestion.seat]!;
    if (toAct === seat) return state.phase === 'refute' ? `Disprove ${suggester}'s suggestion: choose a card to show.` : 'Your turn.';
    const held = slot.kind === 'person' && slot.client === null ? ` (connection dropped: the seat is held ${Math.max(0, Math.ceil((slot.graceEnds - Date.now()) / 1000))} s)` : '';
    if (state.phase === 'refute') return `${slot.name} is disproving${held}.`;
    return `${slot.name}'s turn${held}.`;
  }

  /**
   * Sends each connected person what changed since its last message: its view and new events
   * (S.8), accusation results (S.11, S.12; the case file to the accuser only, S.10), its prompt
   * when it is to act (S.7, S.9), and the end.
   */
  private flush(): void {
    const version = this.state.version * 65536 + this.tableVersion;
    const seats = this.seatInfo();
    const toAct = game.toAct(this.state);
    this.slots.forEach((slot, seat) => {
      const client = slot.client;
      if (client === null || slot.updated === version) return;
      slot.updated = version;
      const view = game.view(this.state, seat);
      const events: SeenEvent[] = [];
      for (let n = slot.sent; n < view.notebook.length; n++) {
        const event = view.notebook[n] as unknown as GameEvent;
        events.push({ n, event, line: game.describe(event, seat, this.names, VARIANT) });
      }
      slot.sent = view.notebook.length;
      client.send({ type: 'update', gameId: this.id, view: seatView(view), events, seats, status: this.status(seat) });
      this.sendAccusations(client, seat, events);
      if (this.ended) this.sendEnd(client, slot);
      else if (toAct === seat && slot.kind === 'person' && slot.prompted !== this.state.version) {
        slot.prompted = this.state.version;
        this.prompt(client, seat, view);
        this.startTurnTimer(seat);
      }
    });
  }

  private startTurnTimer(seat: Seat): void {
    this.stopTurnTimer();
    const ms = this.options.turnMs;
    if (ms > 0) this.turnTimer = setTimeout(() => this.takeOver(seat, `${this.names[seat]} did not act within ${ms / 1000} s`), ms);
  }

  private stopTurnTimer(): void {
    if (this.turnTimer !== null) clearTimeout(this.turnTimer);
    this.turnTimer = null;
  }

  private sendAccusations(client: Connection, seat: Seat, events: readonly SeenEvent[]): void {
    events.forEach(({ event }, i) => {
      if (event.type !== 'accused') return;
      const accuser = event.seat as Seat;
      const looked = events.slice(i + 1).find((later) => later.event.type === 'caseFile' && later.event.seat === accuser);
      const caseFile = looked === undefined ? undefined : (looked.event as unknown as { suspect: string; weapon: string; room: string });
      client.send({
        type: 'accusation',
        gameId: this.id,
        seat: accuser,
        name: this.names[accuser]!,
        suspect: event.suspect as string,
        weapon: event.weapon as string,
        room: event.room as string,
        correct: event.correct as boolean,
        ...(caseFile !== undefined && accuser === seat ? { caseFile: { suspect: caseFile.suspect, weapon: caseFile.weapon, room: caseFile.room } } : {}),
      });
    });
  }

  private prompt(client: Connection, seat: Seat, view: ClueView): void {
    const legal = game.legalActions(this.state, seat);
    client.send(yourTurn(this.id, view.phase, legal, (action) => game.describeAction(action, this.state, seat)));
    const suggestion = view.suggestion;
    if (view.phase === 'refute' && suggestion !== null) {
      client.send({
        type: 'disprove',
        gameId: this.id,
        suggester: suggestion.seat,
        suggesterName: this.names[suggestion.seat]!,
        suspect: suggestion.suspect,
        weapon: suggestion.weapon,
        room: suggestion.room,
        mayShow: [...view.mayShow],
      });
    }
  }

  private sendEnd(client: Connection, slot: Slot): void {
    const over = this.state.log.find((event): event is GameEvent & GameOverEvent => event.type === 'gameOver');
    if (over !== undefined && this.outcome !== null) {
      client.send({
        type: 'gameOver',
        gameId: this.id,
        winner: over.winner,
        winnerName: over.winner === null ? null : this.names[over.winner]!,
        reason: over.reason,
        caseFile: { ...over.caseFile },
        outcome: { winners: [...this.outcome.winners], rank: [...this.outcome.rank], ...(this.outcome.capped === true ? { capped: true } : {}) },
        record: this.options.recordFile,
      });
    }
    slot.client = null;
    client.release();
  }
}
