import { InputError, RuleError } from '../core/errors.js';
import { seenEvent, type GameEvent } from '../core/events.js';
import type { Action } from '../core/game.js';
import type { Outcome } from '../core/outcome.js';
import type { Seat } from '../core/seat.js';
import type { BotFactory } from '../core/bot.js';
import type { GameScreen, SeatContext } from './game-screen.js';
import { helpLines } from './help.js';
import { menuLines, menuNumber, optionLines, resolveOption, type MenuEntry } from './menu.js';
import { saveRecord } from './records.js';
import type { TerminalGame } from './terminal-game.js';
import { InputClosed, type Terminal } from './terminal.js';

export interface SessionOptions {
  readonly terminal: Terminal;
  readonly screen: GameScreen;
  readonly table: TerminalGame;
  /** Who takes the seat of a person who leaves. */
  readonly takeover: { readonly label: string; readonly bot: BotFactory };
  /** Where `save`, leaving and the end of the game write the record. */
  readonly recordFile: string;
  /** Opens a saved game for `load`; refuses (InputError) a record this session cannot continue. */
  readonly open: (file: string) => Promise<TerminalGame>;
}

/** How a game at the terminal ended: played out, left by every person, or the input closed. */
export type SessionEnd =
  | { readonly kind: 'over'; readonly outcome: Outcome; readonly table: TerminalGame }
  | { readonly kind: 'abandoned'; readonly table: TerminalGame }
  /** Stopped without an outcome on an engine error (the step limit), its record saved as a tournament's. */
  | { readonly kind: 'stopped'; readonly error: string; readonly table: TerminalGame }
  | { readonly kind: 'closed'; readonly interrupted: boolean; readonly table: TerminalGame };

/** What became of one line a person typed. */
type Handled = 'acted' | 'menu' | 'screen' | 'done';

const LEAVE = new Set(['leave', 'quit', 'exit']);
const HELP = new Set(['help', '?', '--help', '-h']);

/**
 * One game at the terminal. Each person's decision shows the seat's screen and a numbered menu of
 * its legal actions; the System Players' moves are played in between. With two or more people at
 * the terminal (hotseat) the screen belongs to one of them at a time: it is cleared and handed on
 * with "Pass to <name>, press Enter", and each sees only what their seat may see.
 */
export class Session {
  private table: TerminalGame;
  private readonly terminal: Terminal;
  private readonly screen: GameScreen;
  /** The seat whose person had the screen last (they may have left since); null while nobody has had it. */
  private owner: Seat | null = null;
  /** Per seat: how many of the table's events its person has been shown. */
  private seen: number[];
  /** Per seat: a person who is still at the table. */
  private present: boolean[];

  constructor(private readonly options: SessionOptions) {
    this.table = options.table;
    this.terminal = options.terminal;
    this.screen = options.screen;
    this.seen = this.table.names.map(() => 0);
    this.present = this.table.names.map((_, seat) => this.table.isPerson(seat));
  }

  async run(): Promise<SessionEnd> {
    try {
      for (;;) {
        if (!this.present.includes(true)) return this.abandon();
        const seat = this.table.toAct();
        if (seat === null) return this.table.engineError !== undefined ? this.stopped(this.table.engineError) : await this.finish();
        if (this.table.isPerson(seat)) await this.decide(seat);
        else this.playBot(seat);
        await this.deliver();
      }
    } catch (error) {
      if (error instanceof InputClosed) {
        this.save(this.options.recordFile);
        const why = error.interrupted ? 'Interrupted' : 'The input was closed';
        this.terminal.print(`\n${why}. The game is saved: parlor play --load ${this.options.recordFile} resumes it.`);
        return { kind: 'closed', interrupted: error.interrupted, table: this.table };
      }
      // An engine or bot bug must not cost people their game: keep it, then fail loudly.
      this.save(this.options.recordFile);
      throw error;
    }
  }

  private get hotseat(): boolean {
    return this.present.filter(Boolean).length >= 2;
  }

  private name(seat: Seat): string {
    return this.table.names[seat]!;
  }

  private context(seat: Seat): SeatContext {
    const { game, variant, state } = this.table;
    return { game, variant, state, view: this.table.view(seat), seat, names: this.table.names };
  }

  private playBot(seat: Seat): void {
    const { fault, substituted } = this.table.playBot(seat);
    if (fault === undefined) return;
    const label = `${this.name(seat)} [${this.table.sitter(seat).label}]`;
    this.terminal.print(substituted === true ? `${label} faulted (${fault}): a random legal move was played for it` : `${label} forfeited: ${fault}`);
  }

  /** The new events, as the person who has the screen sees them. */
  private async deliver(): Promise<void> {
    if (this.owner !== null && this.present[this.owner]) await this.showUnseen(this.owner);
  }

  /** Prints the events `seat` has not been shown, in its notebook's words, then any question they raise. */
  private async showUnseen(seat: Seat, heading?: string): Promise<void> {
    const events = this.table.events.slice(this.seen[seat]);
    this.seen[seat] = this.table.events.length;
    const seen = events.map((event) => seenEvent(event, seat)).filter((event): event is GameEvent => event !== null);
    if (seen.length > 0 && heading !== undefined) this.terminal.print(heading);
    for (const event of seen) this.terminal.print(this.table.game.describe(event, seat, this.table.names, this.table.variant));
    const question = this.screen.interlude?.(seen);
    if (question !== null && question !== undefined && !(await this.terminal.confirm(question, true))) this.leave(seat);
  }

  /**
   * Gives the screen to `seat`. Alone at the terminal a person keeps it. When it goes from one
   * person to another (hotseat, or after the one who had it left, their seat's secrets still on it)
   * the one who has it ends their turn, the screen is cleared, and the next person is called to it.
   */
  private async handTo(seat: Seat): Promise<void> {
    if (this.owner === seat) return;
    if (this.owner !== null || this.hotseat) {
      if (this.owner !== null && this.present[this.owner]) await this.terminal.ask(`${this.name(this.owner)}, press Enter and pass the screen on`);
      this.terminal.clear();
      await this.terminal.ask(`Pass to ${this.name(seat)}, press Enter`);
    }
    this.owner = seat;
    await this.showUnseen(seat, this.hotseat ? 'Since your last turn:' : undefined);
  }

  /** A person's decision: the screen and menu, then lines until one is a legal action (or they leave). */
  private async decide(seat: Seat): Promise<void> {
    await this.handTo(seat);
    let redraw = true;
    while (this.present[seat] && this.table.toAct() === seat) {
      const ctx = this.context(seat);
      const legal = this.table.legal(seat);
      const entries = this.screen.menu(legal, ctx);
      if (redraw) for (const line of this.screen.screen(ctx)) this.terminal.print(line);
      this.terminal.print('');
      for (const line of menuLines(entries)) this.terminal.print(line);
      const line = await this.terminal.ask(`${this.name(seat)}, choose 1-${entries.length} or type a command (help)`);
      const handled = await this.handle(line, seat, ctx, legal, entries);
      if (handled === 'acted' || handled === 'done') return;
      redraw = handled === 'screen';
    }
  }

  private async handle(line: string, seat: Seat, ctx: SeatContext, legal: readonly Action[], entries: readonly MenuEntry[]): Promise<Handled> {
    const number = menuNumber(line);
    if (number !== null) {
      const entry = entries[number - 1];
      if (entry === undefined) {
        this.terminal.print(`There is no ${number} in the menu: choose a number from 1 to ${entries.length}, or type help.`);
        return 'menu';
      }
      return this.choose(seat, entry);
    }
    const words = line.trim().split(/\s+/).filter((w) => w !== '');
    const command = words[0]?.toLowerCase() ?? '';
    if (command === '') return 'menu';
    if (HELP.has(command)) {
      for (const text of helpLines(this.table.game, this.screen, this.options)) this.terminal.print(text);
      return 'menu';
    }
    if (command === 'look') return 'screen';
    if (command === 'notebook') return this.notebook(seat);
    if (command === 'save') return this.saveAs(words[1]);
    if (command === 'load') return this.load(words[1]);
    if (command === 'undo') return this.undo(seat);
    if (LEAVE.has(command)) return this.askToLeave(seat);
    let action: Action | null;
    try {
      action = this.screen.parse(words, ctx, legal);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      this.terminal.print(error.message);
      return 'menu';
    }
    if (action === null) {
      this.terminal.print(`"${words[0]}" is not a command here: choose a number from the menu, or type help.`);
      return 'menu';
    }
    return this.attempt(seat, action);
  }

  /** A menu choice: its action, or its questions first (blank or "cancel" goes back to the menu). */
  private async choose(seat: Seat, entry: MenuEntry): Promise<Handled> {
    if ('action' in entry) return this.attempt(seat, entry.action);
    const answers: string[] = [];
    for (const question of entry.questions) {
      if (question.options !== undefined) for (const line of optionLines(question.options)) this.terminal.print(line);
      const answer = await this.terminal.ask(question.text, question.default);
      if (answer.trim().toLowerCase() === 'cancel' || (answer.trim() === '' && question.default === undefined)) return 'menu';
      answers.push(resolveOption(question, answer));
    }
    let action: Action;
    try {
      action = entry.build(answers);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      this.terminal.print(error.message);
      return 'menu';
    }
    return this.attempt(seat, action);
  }

  /** Plays the action; a refusal prints the rule's message and the menu is shown again, nothing changed. */
  private attempt(seat: Seat, action: Action): Handled {
    try {
      this.table.play(seat, action);
      return 'acted';
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      this.terminal.print(error.message);
      return 'menu';
    }
  }

  private notebook(seat: Seat): Handled {
    const lines = this.table.events
      .map((event) => seenEvent(event, seat))
      .filter((event): event is GameEvent => event !== null)
      .map((event) => `  ${this.table.game.describe(event, seat, this.table.names, this.table.variant)}`);
    this.terminal.print(lines.length === 0 ? 'Your notebook is empty.' : ['Your notebook:', ...lines].join('\n'));
    return 'menu';
  }

  private save(file: string): void {
    saveRecord(file, this.table.record());
  }

  private saveAs(file: string | undefined): Handled {
    const target = file ?? this.options.recordFile;
    try {
      this.save(target);
    } catch (error) {
      this.terminal.print(`Cannot save to ${target}: ${(error as Error).message}`);
      return 'menu';
    }
    this.terminal.print(`Saved to ${target}: parlor play --load ${target} resumes it.`);
    return 'menu';
  }

  private async load(file: string | undefined): Promise<Handled> {
    if (file === undefined) {
      this.terminal.print('Name the record to load, e.g. load results/play/yahtzee-7.json');
      return 'menu';
    }
    let table: TerminalGame;
    try {
      table = await this.options.open(file);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      this.terminal.print(error.message);
      return 'menu';
    }
    this.table = table;
    this.seen = table.names.map(() => table.events.length);
    this.present = table.names.map((_, seat) => table.isPerson(seat));
    this.owner = null;
    this.terminal.print(`Loaded ${file}: ${table.steps.length} moves replayed. Type notebook to read what your seat has seen.`);
    return 'done';
  }

  /** Takes back the person's own last move, only at a table of people: a bot's view of the game cannot be taken back. */
  private undo(seat: Seat): Handled {
    if (this.table.names.some((_, s) => !this.table.isPerson(s))) {
      this.terminal.print('Undo is possible only when every seat is a person.');
      return 'menu';
    }
    const last = this.table.steps.at(-1);
    if (last === undefined || 'forfeit' in last || last.seat !== seat) {
      const whose = last === undefined ? 'nothing has been played yet' : last.seat === seat ? 'you left it' : `the last move was ${this.name(last.seat)}'s`;
      this.terminal.print(`There is no move of yours to take back: ${whose}.`);
      return 'menu';
    }
    this.table.undo();
    this.seen = this.seen.map((n) => Math.min(n, this.table.events.length));
    // A step in the record is plain JSON: read back as the game's action, as when it was loaded.
    const action = this.table.game.actionSchema.parse(last.action);
    this.terminal.print(`Taken back: ${this.table.game.describeAction(action, this.table.state, seat)}. (The dice and cards stay as they fell.)`);
    return 'screen';
  }

  private async askToLeave(seat: Seat): Promise<Handled> {
    const others = this.present.some((here, s) => here && s !== seat);
    const consequence = others ? `A System Player (${this.options.takeover.label}) will play your seat` : 'The game ends, saved so that it can be resumed';
    if (!(await this.terminal.confirm(`Leave the game? ${consequence}.`, false))) return 'menu';
    this.leave(seat);
    return 'done';
  }

  /** UC01 "at any time the Player may leave": a System Player takes the seat, or with no person left the game ends. */
  private leave(seat: Seat): void {
    this.present[seat] = false;
    if (!this.present.includes(true)) return;
    const { label, bot } = this.options.takeover;
    this.table.takeOver(seat, bot, `${this.table.sitter(seat).label} then ${label}`);
    this.terminal.print(`${this.name(seat)} left the game; ${label} plays the seat from now on.`);
  }

  private abandon(): SessionEnd {
    this.save(this.options.recordFile);
    this.terminal.print(`No person is left at the table: the game ends here. It is saved: parlor play --load ${this.options.recordFile} resumes it.`);
    return { kind: 'abandoned', table: this.table };
  }

  /**
   * The end: in hotseat each person first sees privately what only they may see of it (Yahtzee's
   * own totals), then everyone sees the final screen.
   */
  private async finish(): Promise<SessionEnd> {
    const outcome = this.table.outcome()!;
    if (this.hotseat) {
      if (this.owner !== null && this.present[this.owner]) await this.terminal.ask(`${this.name(this.owner)}, press Enter to continue`);
      this.terminal.clear();
      for (let seat = 0; seat < this.present.length; seat++) {
        if (!this.present[seat] || seat === this.owner || !this.hasPrivateUnseen(seat)) continue;
        await this.terminal.ask(`Pass to ${this.name(seat)}, press Enter`);
        await this.showUnseen(seat, 'The end of the game, as only you see it:');
        await this.terminal.ask(`${this.name(seat)}, press Enter when you have read it`);
        this.terminal.clear();
      }
      this.owner = null;
    }
    this.save(this.options.recordFile);
    const { game, variant, state, names, labels, events } = this.table;
    this.terminal.print('');
    this.terminal.print(`=== ${game.title}: the game is over ===`);
    for (const line of this.screen.finale({ game, variant, state, outcome, events, names, labels })) this.terminal.print(line);
    this.terminal.print(`The record is saved to ${this.options.recordFile} (parlor replay ${this.options.recordFile}).`);
    return { kind: 'over', outcome, table: this.table };
  }

  private stopped(error: string): SessionEnd {
    this.save(this.options.recordFile);
    this.terminal.print(`\nThe game stopped on an engine error (${error}). Its record is saved to ${this.options.recordFile} for a bug report.`);
    return { kind: 'stopped', error, table: this.table };
  }

  private hasPrivateUnseen(seat: Seat): boolean {
    return this.table.events.slice(this.seen[seat]).some((event) => event.to !== undefined && event.to.includes(seat));
  }
}
