import type { Seat } from '../../core/seat.js';
import { compactGrid } from '../../drawing/compact-grid.js';
import type { CluePicture, ClueSetup, CompactGrid } from '../../drawing/pictures.js';
import { CARDS } from '../../games/clue/cards.js';
import { clueGame } from '../../games/clue/game.js';
import { VARIANTS } from '../../games/clue/rules.js';
import type { ClueState } from '../../games/clue/state.js';
import type { ClueView } from '../../games/clue/view.js';
import { boardInfo } from '../../server/board-info.js';
import { seatNotebook } from '../../server/notebook-grid.js';
import type { GamePictures } from './game-pictures.js';

function notes(view: ClueView): string[] {
  return view.players.map((player) => (player.place !== undefined ? `solved: place ${player.place}` : player.departed ? 'left' : player.accusedWrongly ? 'accused wrongly' : ''));
}

/** Per game being pictured: the seat's grid and how much of its notebook it was computed from. */
const grids = new WeakMap<ClueState, { read: number; grid: CompactGrid | null }>();

/**
 * The seat's exact grid, as `parlor clue notebook` computes it, from its view alone; computed again
 * only when the seat's notebook grew, since a late-game count can take tens of milliseconds.
 */
function gridOf(state: ClueState, view: ClueView, names: readonly string[]): CompactGrid | null {
  const held = grids.get(state);
  if (held !== undefined && held.read === view.notebook.length) return held.grid;
  const grid = compactGrid(seatNotebook(view, names), CARDS[view.variant].all);
  grids.set(state, { read: view.notebook.length, grid });
  return grid;
}

/**
 * Clue from one seat's eyes (its hand, its grid, the case file once it may know it) or the
 * narrator's (every hand and the case file from the start).
 */
export const cluePictures: GamePictures<ClueState> = {
  gameId: clueGame.id,
  setup(state) {
    // The variant's cards and seating only: a game's rules are in its state, and nothing drawn here depends on them.
    const variant = VARIANTS[state.variant];
    const view = clueGame.view(state, 0);
    return {
      kind: 'clue',
      variant: state.variant,
      suspects: view.players.map((player) => player.suspect),
      seating: variant.seating,
      plan: state.variant === 'clueless' ? boardInfo() : null,
      cards: { suspects: variant.cards.suspects, weapons: variant.cards.weapons, rooms: variant.cards.rooms },
    } satisfies ClueSetup;
  },
  picture(state, seat: Seat | null, names) {
    const view = clueGame.view(state, seat ?? 0);
    const picture: CluePicture = {
      kind: 'clue',
      pawns: view.pawns,
      weapons: view.weapons,
      dice: view.dice,
      hands: view.players.map((player) => (seat === null ? state.hands[player.seat]! : player.seat === seat ? view.hand : null)),
      caseFile: seat === null ? state.caseFile : view.caseFile,
      toAct: view.toAct,
      winner: view.winner,
      notes: notes(view),
      grid: seat === null ? null : gridOf(state, view, names),
    };
    return picture;
  },
  setupEvents: (state) => state.log,
};
