import { InputError } from '../core/errors.js';
import { gameLabel, type GameDefinition } from '../core/game.js';
import { clueGame } from './clue/game.js';
import { deadwoodGame } from './deadwood/game.js';
import { yahtzeeGame } from './yahtzee/game.js';

/**
 * Every game parlor plays, in the order `parlor games` lists them. Typed by the contract alone
 * (unknown states and views, plain actions): a driver that needs a game's own types imports the game.
 */
export const GAMES: readonly GameDefinition[] = [clueGame, deadwoodGame, yahtzeeGame];

export function findGame(id: string): GameDefinition {
  const game = GAMES.find((g) => g.id === id);
  if (game === undefined) {
    throw new InputError(`unknown game "${id}": expected one of ${GAMES.map((g) => g.id).join(', ')}`);
  }
  return game;
}

/** The variant id to use: the given one, checked, or the game's default ('' for games without variants). */
export function resolveVariant(game: GameDefinition, variant: string | undefined): string {
  if (game.variants.length === 0) {
    if (variant !== undefined && variant !== '') throw new InputError(`${game.id} has no variants (got --variant ${variant})`);
    return '';
  }
  if (variant === undefined || variant === '') return game.variants[0]!.id;
  if (!game.variants.some((v) => v.id === variant)) {
    throw new InputError(`unknown variant "${variant}" of ${game.id}: expected one of ${game.variants.map((v) => v.id).join(', ')}`);
  }
  return variant;
}

/** The player counts a game allows in a variant. */
export function playerRange(game: GameDefinition, variant: string): readonly [number, number] {
  return game.variants.find((v) => v.id === variant)?.players ?? game.players;
}

/** "clue (cluedo) takes 3-6 players" when `count` seats are not allowed, else null: callers say what named them. */
export function playerCountProblem(game: GameDefinition, variant: string, count: number): string | null {
  const [min, max] = playerRange(game, variant);
  return Number.isInteger(count) && count >= min && count <= max ? null : `${gameLabel(game.id, variant)} takes ${min}-${max} players`;
}
