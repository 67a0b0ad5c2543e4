import { z } from 'zod';
import { chosenLegal, declareReadOnly, type Bot, type BotContext, type BotFactory } from '../core/bot.js';
import type { GameEvent } from '../core/events.js';
import { gameLabel, type Action } from '../core/game.js';
import type { Outcome } from '../core/outcome.js';
import type { FaultKind } from '../core/record.js';
import { GAMES } from '../games/registry.js';
import { ProcessChannel, type Received } from './channel.js';
import { BYE_LINE, claimedGames, claims, helloLine, parseBotLine, type BotMessage } from './messages.js';
import { BotFault } from './bot-fault.js';
import type { ProcessLimits } from './process-limits.js';

/** A game the registry does not hold (a test's own) is checked only for an action's shape. */
const anyAction = z.object({ type: z.string() }).catchall(z.unknown()) as unknown as z.ZodType<Action>;

function actionSchemaOf(gameId: string): z.ZodType<Action> {
  return GAMES.find((g) => g.id === gameId)?.actionSchema ?? anyAction;
}

/** What ended a seat's part in a game, kept so that later decisions of the game do not count again. */
interface SeatFault {
  readonly kind: FaultKind;
  readonly detail: string;
}

/**
 * One external bot process and the games it plays, one at a time: started on the first `hello`,
 * kept alive across games, started again at the next `hello` when it died or was stopped after a fault.
 */
class ProcessSession {
  readonly channel: ProcessChannel;
  busy = false;

  constructor(
    command: string,
    readonly limits: ProcessLimits,
  ) {
    this.channel = new ProcessChannel(command, limits);
  }

  newGame(ctx: BotContext): Bot {
    this.busy = true;
    return new ProcessSeat(this, ctx);
  }
}

/** The bot of one seat of one game, speaking the protocol to its session's process. */
class ProcessSeat implements Bot {
  private readonly channel: ProcessChannel;
  private readonly limits: ProcessLimits;
  private readonly actionSchema: z.ZodType<Action>;
  /** Event lines not yet written: sent with the next act or the result, in one message to the I/O thread. */
  private pending = '';
  private bankMs: number;
  private nextId = 1;
  private fault: SeatFault | null = null;
  /** The fault not yet reported: a failed handshake is reported at the seat's first decision. */
  private unreported: SeatFault | null = null;

  constructor(
    private readonly session: ProcessSession,
    private readonly ctx: BotContext,
  ) {
    this.channel = session.channel;
    this.limits = session.limits;
    this.bankMs = this.limits.bankMs;
    this.actionSchema = actionSchemaOf(ctx.game);
    this.handshake();
  }

  private handshake(): void {
    const { ctx, limits } = this;
    if (!this.channel.running) this.channel.start();
    const seed = ctx.seed ?? String(Math.floor(ctx.rng.next() * 2 ** 32));
    this.channel.send(helloLine({ game: ctx.game, variant: ctx.variant, config: ctx.config, seat: ctx.seat, seats: ctx.seats, seed, index: ctx.index ?? 0 }, limits));
    const reply = this.expect(limits.handshakeMs, 'ready');
    if (typeof reply === 'string') return;
    if (reply.type !== 'ready') this.fail('malformed', `sent an action where ready was expected`);
    else if (!claims(reply, ctx.game, ctx.variant)) this.fail('malformed', `entered in ${gameLabel(ctx.game, ctx.variant)}, which its ready does not claim (it plays ${claimedGames(reply)})`);
  }

  /** The next message, or the fault's description once the seat has faulted. */
  private expect(timeoutMs: number, what: string): BotMessage | string {
    const received: Received = this.channel.receive(timeoutMs);
    switch (received.kind) {
      case 'timeout':
        return this.fail('timeout', `no ${what} within ${timeoutMs} ms`);
      case 'exit':
        return this.fail('crash', `the process ${received.detail}`);
      case 'long':
        return this.fail('malformed', `a line of ${received.bytes} bytes, over the ${this.limits.lineBytes}-byte limit`);
      case 'flood':
        return this.fail('malformed', `wrote ${received.bytes} bytes while not asked`);
      case 'line': {
        const message = parseBotLine(received.text, this.actionSchema);
        return typeof message === 'string' ? this.fail('malformed', message) : message;
      }
    }
  }

  /**
   * The seat is out of this game: a process that timed out or garbled its output is stopped (its
   * state is unknown, and a late line must not answer the next game), and started afresh at the next hello.
   */
  private fail(kind: FaultKind, detail: string): string {
    this.fault = { kind, detail };
    this.unreported = this.fault;
    if (kind !== 'illegal') this.channel.kill();
    return detail;
  }

  act(view: unknown, legal: readonly Action[]): Action {
    if (this.fault === null) {
      const chosen = this.ask(view, legal);
      if (chosen !== null) return chosen;
    }
    // Only the `random` policy asks again after a fault: the seat plays at random, counted once.
    const substitute = this.limits.onFault === 'random' ? legal[this.ctx.rng.int(legal.length)]! : undefined;
    const fault = this.unreported;
    this.unreported = null;
    if (fault === null && substitute !== undefined) return substitute;
    throw new BotFault(fault!.kind, fault!.detail, substitute);
  }

  /** The process's choice among `legal`, or null after a fault. */
  private ask(view: unknown, legal: readonly Action[]): Action | null {
    const id = this.nextId++;
    const deadlineMs = Math.floor(this.limits.moveMs + this.bankMs);
    this.channel.send(`${this.pending}${JSON.stringify({ type: 'act', id, view, legal, deadlineMs })}\n`);
    this.pending = '';
    const started = performance.now();
    const reply = this.expect(deadlineMs, `action for act ${id}`);
    this.bankMs = Math.max(0, this.bankMs - Math.max(0, performance.now() - started - this.limits.moveMs));
    if (typeof reply === 'string') return null;
    if (reply.type !== 'action') return (this.fail('malformed', `sent ready where the action for act ${id} was expected`), null);
    if (reply.id !== id) return (this.fail('malformed', `answered act ${reply.id} where act ${id} was asked`), null);
    const action = chosenLegal(reply.action, legal);
    if (action !== null) return action;
    this.fail('illegal', `chose ${JSON.stringify(reply.action)}, which is not one of the ${legal.length} legal actions`);
    return null;
  }

  observe(event: GameEvent): void {
    if (this.fault === null) this.pending += `${JSON.stringify({ type: 'event', event })}\n`;
  }

  end(outcome: Outcome | null): void {
    if (this.channel.running) this.channel.send(`${this.fault === null ? this.pending : ''}${JSON.stringify({ type: 'result', outcome })}\n`);
    this.pending = '';
    this.session.busy = false;
  }
}

export interface ProcessBotFactory extends BotFactory {
  /**
   * Says bye to every process, closes its stdin and ends its process group (what is left of it once
   * the bot exits, or all of it after a grace); each is started again if the factory is used again.
   */
  close(): void;
}

/**
 * The factory of a `cmd:` entrant: in each thread, one process per seat it holds at a time (one,
 * in a tournament), kept across games, told `bye` when the run or game is over.
 */
export function processBotFactory(command: string, limits: ProcessLimits): ProcessBotFactory {
  const sessions: ProcessSession[] = [];
  return declareReadOnly({
    close() {
      // Each channel ends its process in its own thread: together, the graces are waited out once.
      for (const session of sessions) session.channel.beginClose(BYE_LINE);
      for (const session of sessions) session.channel.awaitClosed();
    },
    name: `cmd:${command}`,
    description: `an external process speaking the parlor bot protocol: ${command}`,
    create(ctx) {
      let session = sessions.find((s) => !s.busy);
      if (session === undefined) {
        session = new ProcessSession(command, limits);
        sessions.push(session);
      }
      return session.newGame(ctx);
    },
  });
}
