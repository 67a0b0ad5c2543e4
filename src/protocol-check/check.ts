import { builtinBots } from '../../bots/registry.js';
import type { Bot, BotFactory } from '../core/bot.js';
import { gameLabel, type Action, type GameDefinition } from '../core/game.js';
import { seedKey } from '../core/rng.js';
import { generatedSeatNames } from '../core/seat.js';
import { findGame, GAMES } from '../games/registry.js';
import { playGame, type MatchSeat } from '../referee/match.js';
import { processBotFactory } from '../protocol/process-bot.js';
import type { ProcessLimits } from '../protocol/process-limits.js';
import { ProcessChannel } from '../protocol/channel.js';
import { BYE_LINE, claims, helloLine, parseBotLine, PROTOCOL_VERSION, type Ready } from '../protocol/messages.js';
import type { HardChoice, Script } from './game-scripts.js';
import { scriptsFor } from './scripts.js';

export const CHECK_SEED = 'protocol-check';

export interface CheckedGame {
  readonly game: string;
  readonly variant: string;
  readonly players: number;
  readonly seat: number;
  readonly index: number;
  readonly decisions: number;
  /**
   * Decisions of the kind the game's check waits for (its `choice`: Clue's which card to show),
   * 0 in a game without one. The name is Clue's, kept for the scripts that read the report.
   */
  readonly refutationChoices: number;
  readonly fault: { readonly kind: string; readonly detail: string } | null;
  readonly engineError?: string;
}

export interface CheckReport {
  readonly command: string;
  readonly protocol: number;
  readonly claims: readonly string[];
  readonly games: readonly CheckedGame[];
  /** Everything the bot got wrong, one line each: empty when it passed. */
  readonly failures: readonly string[];
  /** What the check could not exercise (not the bot's fault). */
  readonly notes: readonly string[];
}

/** What the bot says it plays: its `ready` to a hello of `game`, or why there was none. */
function probeClaim(command: string, limits: ProcessLimits, game: string, variant: string): { ready: Ready } | { failure: string } {
  const definition = findGame(game);
  const channel = new ProcessChannel(command, limits);
  channel.start();
  channel.send(helloLine({ game, variant, config: definition.configSchema.parse({}), seat: 0, seats: 2, seed: CHECK_SEED, index: 0 }, limits));
  const received = channel.receive(limits.handshakeMs);
  channel.close(BYE_LINE);
  void channel.dispose();
  if (received.kind === 'timeout') return { failure: `${game}: no ready within ${limits.handshakeMs} ms of hello` };
  if (received.kind === 'exit') return { failure: `${game}: the process ${received.detail} before answering hello` };
  if (received.kind === 'long') return { failure: `${game}: answered hello with a line of ${received.bytes} bytes` };
  if (received.kind === 'flood') return { failure: `${game}: wrote ${received.bytes} bytes while not asked` };
  const ready = parseBotLine(received.text, definition.actionSchema);
  if (typeof ready === 'string') return { failure: `${game}: answered hello with ${ready}` };
  if (ready.type !== 'ready') return { failure: `${game}: answered hello with an action, not ready` };
  return { ready };
}

/** The bot, counting its decisions and the hard choices among them. */
function counting(factory: BotFactory, choice: HardChoice | undefined, counts: { decisions: number; choices: number }): BotFactory {
  return {
    ...factory,
    create(ctx) {
      const bot = factory.create(ctx);
      const counted: Bot = {
        act(view: unknown, legal: readonly Action[]) {
          counts.decisions++;
          if (choice?.is(legal) === true) counts.choices++;
          return bot.act(view, legal);
        },
        observe: (event) => bot.observe?.(event),
        end: (outcome) => bot.end?.(outcome),
      };
      return counted;
    },
  };
}

function playScript(game: GameDefinition, script: Script, choice: HardChoice | undefined, index: number, factory: BotFactory): CheckedGame {
  const opponent = builtinBots(game.id)[0]!;
  const counts = { decisions: 0, choices: 0 };
  const bot = counting(factory, choice, counts);
  const seats: MatchSeat[] = generatedSeatNames(script.players).map((name, seat) =>
    seat === script.seat ? { name, label: 'checked', bot } : { name, label: opponent.name, bot: opponent },
  );
  const result = playGame({ game, variant: script.variant, config: game.configSchema.parse(script.config), seed: CHECK_SEED, key: seedKey(CHECK_SEED), index, seats });
  const fault = result.faults.find((f) => f.seat === script.seat) ?? null;
  return {
    game: game.id,
    variant: script.variant,
    players: script.players,
    seat: script.seat,
    index,
    decisions: counts.decisions,
    refutationChoices: counts.choices,
    fault: fault === null ? null : { kind: fault.kind, detail: fault.detail },
    ...(result.engineError !== undefined ? { engineError: result.engineError } : {}),
  };
}

export function describeGame(g: CheckedGame): string {
  return `${gameLabel(g.game, g.variant)}, seat ${g.seat} of ${g.players}, game ${g.index}`;
}

/**
 * Runs the bot behind `command` through scripted games of every game it claims (its `ready`
 * lists them; without a list, every game) and says what it got wrong: a missing or late ready or
 * action, a malformed line, an illegal action, a crash. Synchronous, like the game loop.
 */
export function checkBot(command: string, limits: ProcessLimits, only?: string): CheckReport {
  const failures: string[] = [];
  const notes: string[] = [];
  const checked = only === undefined ? GAMES : [findGame(only)];
  // Each game's ready says which of its variants the bot plays; only those are played.
  const claimed: { game: GameDefinition; script: Script; choice: HardChoice | undefined }[] = [];
  for (const game of checked) {
    const { scripts, choice } = scriptsFor(game);
    const probe = probeClaim(command, limits, game.id, scripts[0]!.variant);
    if ('failure' in probe) failures.push(probe.failure);
    else claimed.push(...scripts.filter((s) => claims(probe.ready, game.id, s.variant)).map((script) => ({ game, script, choice })));
  }
  const claimedIds = [...new Set(claimed.map((c) => c.game.id))];
  if (claimedIds.length === 0 && failures.length === 0) failures.push(`the bot claims none of ${checked.map((g) => g.id).join(', ')} (its ready lists the games it plays)`);

  const factory = processBotFactory(command, { ...limits, onFault: 'forfeit' });
  const games: CheckedGame[] = [];
  for (const { game, script, choice } of claimed) {
    // A game that went without a fault and without the choice its check waits for has not tested the bot's choice yet.
    const choiceUntested = (g: CheckedGame): boolean => choice !== undefined && g.fault === null && g.refutationChoices === 0;
    const tries = choice?.tries ?? 1;
    let index = 0;
    let played: CheckedGame;
    do {
      played = playScript(game, script, choice, index++, factory);
      games.push(played);
    } while (choiceUntested(played) && index < tries);
    if (choiceUntested(played)) notes.push(`${describeGame(played)}: ${index} games never asked the bot to ${choice?.asked}`);
  }
  factory.close();
  for (const g of games) {
    if (g.fault !== null) failures.push(`${describeGame(g)}: ${g.fault.kind}: ${g.fault.detail}`);
    if (g.engineError !== undefined) failures.push(`${describeGame(g)}: the engine failed (a parlor bug): ${g.engineError}`);
  }
  return { command, protocol: PROTOCOL_VERSION, claims: claimedIds, games, failures, notes };
}
