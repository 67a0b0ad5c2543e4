import type { GameDefinition } from '../../core/game.js';
import { cluePictures } from './clue.js';
import { deadwoodPictures } from './deadwood.js';
import type { GamePictures } from './game-pictures.js';
import { genericPictures } from './generic.js';
import { yahtzeePictures } from './yahtzee.js';

/** The games with pictures of their own; each names its game. */
const PICTURES: readonly GamePictures<never>[] = [cluePictures, deadwoodPictures, yahtzeePictures];

/** How the viewer draws a game: its own pictures, or the generic ones every game has. */
export function picturesOf(game: GameDefinition): GamePictures<unknown> {
  return (PICTURES.find((pictures) => pictures.gameId === game.id) as GamePictures<unknown> | undefined) ?? genericPictures(game);
}
