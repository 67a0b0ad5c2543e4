import type { GameDefinition } from '../../core/game.js';
import { readableView } from '../../core/readable-view.js';
import type { Seat } from '../../core/seat.js';
import type { ViewPicture, ViewSetup } from '../../drawing/pictures.js';
import type { GamePictures } from './game-pictures.js';

/**
 * Any game, from the contract alone: a seat's view as a readable tree, the narrator's the whole
 * state. A seat's picture is its view and nothing else, so its file holds only what it may know.
 */
export function genericPictures(game: GameDefinition): GamePictures<unknown> {
  return {
    gameId: game.id,
    setup: (): ViewSetup => ({ kind: 'view' }),
    picture: (state, seat: Seat | null, names): ViewPicture => ({ kind: 'view', lines: readableView(seat === null ? state : game.view(state, seat), names, seat) }),
  };
}
