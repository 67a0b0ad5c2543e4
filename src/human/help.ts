import type { GameDefinition } from '../core/game.js';
import type { GameScreen } from './game-screen.js';

/** `help` inside a game: the rules in brief, the game's commands, and what works at every prompt. */
export function helpLines(game: GameDefinition, screen: GameScreen, options: { readonly recordFile: string; readonly takeover: { readonly label: string } }): string[] {
  return [
    `${game.title}: the rules in brief`,
    ...screen.rules.map((line) => `  ${line}`),
    'Commands you can type instead of a menu number:',
    ...screen.commands.map((line) => `  ${line}`),
    'At every prompt:',
    '  <number>       choose from the menu',
    '  help           this help',
    '  look           draw your screen again',
    '  notebook       everything your seat has seen in this game',
    `  save [file]    save the game (default ${options.recordFile})`,
    '  load <file>    resume a saved game',
    '  undo           take back your last move (only when every seat is a person)',
    `  leave          leave the game: ${options.takeover.label} takes your seat, or the game ends if no person is left`,
    '  Ctrl+C         save the game and stop',
  ];
}
