import type { GameEvent } from '../../core/events.js';
import type { Seat } from '../../core/seat.js';
import type { Picture, PictureSetup } from '../../drawing/pictures.js';

/**
 * How the replay viewer pictures one game. `picture` reads only `seat`'s view when a seat is given
 * (the narrator, null, sees the whole state), so that a seat's file holds nothing it may not know.
 * A game without pictures of its own is drawn by the generic ones (generic.ts).
 */
export interface GamePictures<S> {
  /** The id of the game it draws. */
  readonly gameId: string;
  /** What does not change during a game: the board, the seats' pieces, the card lists. */
  setup(state: S): PictureSetup;
  picture(state: S, seat: Seat | null, names: readonly string[], action: unknown): Picture;
  /** Events the game's setup made (Clue's deal), which no step returns; none by default. */
  setupEvents?(state: S): readonly GameEvent[];
}
