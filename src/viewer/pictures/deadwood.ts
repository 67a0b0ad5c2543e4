import type { Seat } from '../../core/seat.js';
import type { DeadwoodPicture, DeadwoodScene, DeadwoodSetup } from '../../drawing/pictures.js';
import { BOARD, sceneCard } from '../../games/deadwood/data.js';
import { deadwoodGame } from '../../games/deadwood/game.js';
import type { DeadwoodState } from '../../games/deadwood/state.js';
import type { GamePictures } from './game-pictures.js';

function scene(id: number): DeadwoodScene {
  const card = sceneCard(id);
  return { title: card.title, scene: card.scene, budget: card.budget, roles: card.roles.map((role) => ({ name: role.name, rank: role.rank })) };
}

/** Deadwood: everything is public but the face-down scene cards, which only the narrator sees. */
export const deadwoodPictures: GamePictures<DeadwoodState> = {
  gameId: deadwoodGame.id,
  setup(): DeadwoodSetup {
    return { kind: 'deadwood', rooms: BOARD.rooms.map((room) => ({ id: room.id, name: room.name, shots: room.shots, extras: room.extras.map((role) => ({ name: role.name, rank: role.rank })) })) };
  },
  picture(state, seat: Seat | null): DeadwoodPicture {
    const view = deadwoodGame.view(state, seat ?? 0);
    return {
      kind: 'deadwood',
      day: view.day,
      days: view.days,
      current: view.current,
      over: view.over,
      players: view.players.map((player) => ({ ...player, role: player.role === null ? null : { name: player.role.name, on: player.role.on } })),
      sets: view.sets.map((set, i) => {
        const hidden = state.sets[i]!.scene;
        return {
          room: set.room,
          scene: set.scene === null ? null : scene(set.scene.id),
          faceDown: seat === null && !set.revealed && hidden !== null ? scene(hidden) : null,
          wrapped: set.wrapped,
          shotsLeft: set.shotsLeft,
          starring: set.starring,
          extras: set.extras,
        };
      }),
      deckSize: view.deckSize,
    };
  },
};
