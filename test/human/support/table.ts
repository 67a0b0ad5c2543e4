import { builtinBots, findBuiltinBot } from '../../../bots/registry.js';
import { findGame, resolveVariant } from '../../../src/games/registry.js';
import { validateConfig } from '../../../src/core/options.js';
import { screenOf } from '../../../src/human/games/index.js';
import { Session } from '../../../src/human/session.js';
import { openRecord } from '../../../src/human/sitting.js';
import { TerminalGame, type Sitter } from '../../../src/human/terminal-game.js';
import type { Terminal } from '../../../src/human/terminal.js';

/** A seat for a person; `bot:<name>` seats that built-in System Player. */
export function sitters(gameId: string, seats: readonly string[]): Sitter[] {
  return seats.map((seat) => {
    if (!seat.startsWith('bot:')) return { name: seat, label: `human:${seat}`, bot: null };
    const [, botName, name] = seat.split(':');
    const bot = findBuiltinBot(gameId, botName!);
    return { name: name ?? botName!, label: botName!, bot };
  });
}

export function newTable(gameId: string, seats: readonly string[], options: { seed?: string; set?: Record<string, unknown>; variant?: string } = {}): TerminalGame {
  const game = findGame(gameId);
  const variant = resolveVariant(game, options.variant);
  const config = validateConfig(game.configSchema, options.set ?? {}, game.id);
  return new TerminalGame({ game, variant, config, seed: options.seed ?? '1', sitters: sitters(gameId, seats) });
}

export function newSession(terminal: Terminal, table: TerminalGame, recordFile: string): Session {
  const bot = builtinBots(table.game.id).at(-1)!;
  return new Session({
    terminal,
    screen: screenOf(table.game),
    table,
    takeover: { label: bot.name, bot },
    recordFile,
    open: async (file) => {
      const { setup, record } = await openRecord(file);
      return new TerminalGame(setup, record.steps);
    },
  });
}
