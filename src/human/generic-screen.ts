import { describeIssues, InputError } from '../core/errors.js';
import type { Action, GameDefinition } from '../core/game.js';
import { outcomeLines } from '../core/game-log.js';
import { readableView } from '../core/readable-view.js';
import type { GameScreen, SeatContext, TableEnd } from './game-screen.js';
import type { MenuEntry } from './menu.js';

/** A label as a person may type it: any case, any spacing, a full stop or not. */
function squash(text: string): string {
  return text.toLowerCase().replace(/[\s.]+/g, ' ').trim();
}

/** An action typed as JSON, in the game's own format (a record's): what the menu does not list, the rules may still take. */
function jsonAction(game: GameDefinition, text: string): Action {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new InputError(`Type an action as JSON, e.g. {"type": "..."}: ${text} is not JSON.`);
  }
  const parsed = game.actionSchema.safeParse(raw);
  if (!parsed.success) throw new InputError(`${text} is not an action of ${game.title}: ${describeIssues(parsed.error.issues)}.`);
  return parsed.data;
}

/**
 * The screen of any game that has none of its own, from the contract alone: the seat's view as a
 * readable tree (and the game's public `render`, when it has one), a menu of the legal actions in
 * `describeAction`'s words, and the outcome at the end. Everything it prints for a seat comes from
 * that seat's view.
 */
export function genericScreen(game: GameDefinition): GameScreen {
  const players = game.players[0] === game.players[1] ? `${game.players[0]} players` : `${game.players[0]}-${game.players[1]} players`;
  return {
    gameId: game.id,
    rules: [`${game.summary} (${players}).`, 'Your screen shows everything your seat may know, as the game keeps it.'],
    commands: [
      '<action>        an action as the menu words it (any case)',
      '{"type": ...}   an action as JSON, in the format of the game\'s records',
    ],

    screen({ state, view, seat, names }: SeatContext): string[] {
      const table = game.render === undefined ? [] : game.render(state).split('\n');
      return [`${game.title}: ${names[seat]}`, ...table, ...readableView(view, names, seat).map((line) => `  ${line}`)];
    },

    menu(legal, { state, seat }: SeatContext): MenuEntry[] {
      return legal.map((action) => ({ label: game.describeAction(action, state, seat), action }));
    },

    parse(words, { state, seat }: SeatContext, legal): Action | null {
      const typed = words.join(' ');
      if (typed.startsWith('{')) return jsonAction(game, typed);
      return legal.find((action) => squash(game.describeAction(action, state, seat)) === squash(typed)) ?? null;
    },

    finale({ outcome, names, labels }: TableEnd): string[] {
      return outcomeLines(game, outcome, names, labels, 'everyone');
    },
  };
}
